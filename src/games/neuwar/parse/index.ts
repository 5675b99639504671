/**
 * The text-command parser (commands.md §1): chat text → typed Commands, one per 【…】 command, with stable
 * error codes (§5) and messages that show the correct form or the closest names.
 */
import type { Command, CommandKind, ErrorCode } from '../engine/index.ts';
import { isPrivateKind } from '../engine/index.ts';
import type { GameMap } from '../../europe/map/index.ts';
import { commandByKey, commandKey, KIND_OF, MAX_NAME_LEN, mayBeCommand, QUERY_OF, suggestCommand, type CmdName } from './commands.ts';
import { Fail, parseBody, type Ctx } from './grammar.ts';
import { entityOf, lexicon, suggest, type Suggestion } from './lexicon.ts';
import { msg, type Lang } from './messages.ts';
import { normalizeBody } from './normalize.ts';

export { formatCommand } from './format.ts';
export { suggest, type Suggestion, type EntityKind } from './lexicon.ts';
export { COMMAND_NAMES, type CmdName } from './commands.ts';
export { BOT_STYLE_NAMES } from './grammar.ts';
export { toSimplified } from './convert.ts';

/**
 * A refusal's `kind` is the command its bracket head named however spelled (【调 兵】, 【調兵】, ［调兵］), so its
 * answer is as private as that command's; a whole-message refusal takes the kind of its first private command.
 */
export type Parsed =
  | { ok: true; command: Command; text: string }
  | { ok: false; code: ErrorCode; message: string; text: string; kind?: CommandKind };

export interface ParseOptions {
  lang?: Lang;
  /** R9 sums a mobilization split must reach (defaults 100 and 200); the most commands one message may hold (100). */
  settings?: { partialArmies?: number; nationalArmies?: number; maxCommandsPerMessage?: number };
}

export const MAX_COMMANDS_PER_MESSAGE = 100;

export const MAX_MESSAGE_LENGTH = 4000;

// By code point: these run once per character of every message.
/** 【 [ 〖 ［ 〔 */
const isOpen = (c: number) => c === 0x3010 || c === 0x5b || c === 0x3016 || c === 0xff3b || c === 0x3014;
/** 】 ] 〗 ］ 〕 */
const isClose = (c: number) => c === 0x3011 || c === 0x5d || c === 0x3017 || c === 0xff3d || c === 0x3015;
/** New line, ; ； ﹔ and the Unicode line separators split commands. */
const isBreak = (c: number) => c === 0x0a || c === 0x0d || c === 0x3b || c === 0xff1b || c === 0xfe54 || c === 0x2028 || c === 0x2029 || c === 0x85;
/** How far a closing bracket is looked for: command names are short. */
const NAME_WINDOW = 16;

interface Start { start: number; bodyStart: number; name?: CmdName; rawName: string }

/**
 * Every command in a chat message, in order. [] for ordinary chat. Never throws.
 * Commands are split by new lines, `；`/`;`, and a new command bracket.
 */
export function parseMessage(text: string, map: GameMap, opts: ParseOptions = {}): Parsed[] {
  try {
    return parseMessageUnsafe(text, map, opts);
  } catch (e) {
    const raw = typeof text === 'string' ? text : '';
    const lang = opts?.lang === 'en' ? 'en' : 'zh';
    return [{ ok: false, code: 'BAD_SYNTAX', message: lang === 'zh' ? `无法解析这条消息（${(e as Error)?.message ?? e}）` : `Could not parse this message (${(e as Error)?.message ?? e})`, text: raw.trim().slice(0, MAX_MESSAGE_LENGTH) }];
  }
}

/** parseMessage without the safety net: the fuzz tests call this to see real exceptions. */
export function parseMessageUnsafe(text: string, map: GameMap, opts: ParseOptions = {}): Parsed[] {
  const lang: Lang = opts.lang === 'en' ? 'en' : 'zh';
  const raw = typeof text === 'string' ? text : String(text ?? '');
  let any = false;
  for (let i = 0; i < raw.length && !any; i++) any = isOpen(raw.charCodeAt(i));
  const tooLong = raw.length > MAX_MESSAGE_LENGTH;
  if (tooLong && !any) return [{ ok: false, code: 'MESSAGE_TOO_LONG', message: msg.tooLong(raw.length, lang), text: raw.trim() }];
  if (!any) return [];
  const lex = lexicon(map);
  const base = {
    lex, lang,
    partialArmies: opts.settings?.partialArmies ?? 100,
    nationalArmies: opts.settings?.nationalArmies ?? 200,
  };
  const limit = opts.settings?.maxCommandsPerMessage ?? MAX_COMMANDS_PER_MESSAGE;
  // Commands are found first (cheap) and counted, so a flood is refused before any of it is parsed.
  const lines: { starts: Start[]; end: number }[] = [];
  let count = 0;
  let lineStart = 0;
  for (let i = 0; i <= raw.length; i++) {
    if (i < raw.length && !isBreak(raw.charCodeAt(i))) continue;
    const starts = findStarts(raw, lineStart, i, lex);
    if (starts.length) {
      lines.push({ starts, end: i });
      count += starts.length;
    }
    lineStart = i + 1;
  }
  if (tooLong) return whole(lines, raw, 'MESSAGE_TOO_LONG', msg.tooLong(raw.length, lang));
  if (count > limit) return whole(lines, raw, 'TOO_MANY_COMMANDS', msg.tooMany(count, limit, lang));
  const out: Parsed[] = [];
  for (let l = 0; l < lines.length; l++) {
    const { starts, end: lineEnd } = lines[l]!;
    for (let k = 0; k < starts.length; k++) {
      const end = k + 1 < starts.length ? starts[k + 1]!.start : lineEnd;
      parseOne(raw, starts[k]!, end, base, out);
    }
  }
  // 【规则】a=1 b=2 is one command but several log entries: the limit is on entries.
  return out.length > limit ? whole(lines, raw, 'TOO_MANY_COMMANDS', msg.tooMany(out.length, limit, lang)) : out;
}

/** A refusal of the whole message, filed under its first private command's kind so that it is as private. */
function whole(lines: { starts: Start[] }[], raw: string, code: ErrorCode, message: string): Parsed[] {
  const kind = privateKindOf(lines);
  return [{ ok: false, code, message, text: raw.trim(), ...(kind ? { kind } : {}) }];
}

/** The kind of the first private command among a message's commands, if any. */
function privateKindOf(lines: { starts: Start[] }[]): CommandKind | undefined {
  for (const { starts } of lines) {
    for (const s of starts) if (s.name && isPrivateKind(KIND_OF[s.name], QUERY_OF[s.name])) return KIND_OF[s.name];
  }
  return undefined;
}

function findStarts(raw: string, a: number, b: number, lex: ReturnType<typeof lexicon>): Start[] {
  const starts: Start[] = [];
  for (let i = a; i < b; i++) {
    if (!isOpen(raw.charCodeAt(i))) continue;
    const c = raw[i]!;
    let close = -1;
    for (let j = i + 1; j < b && j <= i + NAME_WINDOW; j++) {
      if (isClose(raw.charCodeAt(j))) {
        close = j;
        break;
      }
      if (isOpen(raw.charCodeAt(j))) break;
    }
    if (close >= 0) {
      const inner = raw.slice(i + 1, close);
      const name = mayBeCommand(inner) ? commandByKey(commandKey(inner)) : undefined;
      if (name) {
        starts.push({ start: i, bodyStart: close + 1, name, rawName: inner });
        i = close;
      } else if (c === '【') {
        // 【乙国】 inside a command is a bracketed name, not a command (brackets around names are optional).
        if (!entityOf(lex, inner)) starts.push({ start: i, bodyStart: close + 1, rawName: inner });
        i = close;
      }
      continue;
    }
    if (c === '【' && i + 1 < b && mayBeCommand(raw[i + 1]!)) {
      // An unclosed 【 followed by a command name: 【宣战 甲国向乙国宣战
      let room = 0;
      while (room < MAX_NAME_LEN && i + 1 + room < b && /[\u3400-\u9fff\uf900-\ufaff]/.test(raw[i + 1 + room]!)) room++;
      for (let len = room; len >= 1; len--) {
        const inner = raw.slice(i + 1, i + 1 + len);
        const name = commandByKey(commandKey(inner));
        if (name) {
          starts.push({ start: i, bodyStart: i + 1 + len, name, rawName: inner });
          i += len;
          break;
        }
      }
    }
  }
  return starts;
}

/** One command's results: usually one; 【规则】a=1 b=2 and 【设置】 with several fields give one per setting. */
function parseOne(raw: string, s: Start, end: number, base: Omit<Ctx, 'name'>, out: Parsed[]): void {
  const text = raw.slice(s.start, end).trim();
  if (!s.name) {
    const key = commandKey(s.rawName);
    out.push({ ok: false, code: 'UNKNOWN_COMMAND', message: msg.unknownCommand(key || s.rawName.trim(), suggestCommand(key), base.lang), text });
    return;
  }
  const ctx: Ctx = { lex: base.lex, lang: base.lang, partialArmies: base.partialArmies, nationalArmies: base.nationalArmies, name: s.name };
  let commands: Command[];
  try {
    commands = parseBody(ctx, normalizeBody(raw.slice(s.bodyStart, end)))();
  } catch (e) {
    if (e instanceof Fail) {
      out.push({ ok: false, code: e.code, message: e.message, text, kind: KIND_OF[s.name] });
      return;
    }
    throw e;
  }
  for (const command of commands) out.push({ ok: true, command, text });
}

export type LookupResult = { ok: true; id: string } | { ok: false; code: ErrorCode; message: string; suggestions: Suggestion[] };

function lookup(name: string, map: GameMap, want: 'country' | 'territory', lang: Lang): LookupResult {
  const lex = lexicon(map);
  const n = String(name ?? '').trim();
  const ent = n ? entityOf(lex, n) : undefined;
  const code: ErrorCode = want === 'country' ? 'UNKNOWN_COUNTRY' : 'UNKNOWN_TERRITORY';
  if (ent?.kind === want) return { ok: true, id: ent.id };
  if (ent) return { ok: false, code, message: msg.wrongKind(n, ent.kind, want, lang), suggestions: [] };
  const suggestions = suggest(n, map, { kind: want });
  return { ok: false, code, message: msg.unknownName(n, want, suggestions.map((s) => s.name), lang), suggestions };
}

/** A country by Chinese/English name, id or alias (case-insensitive, Traditional accepted). */
export function lookupCountry(name: string, map: GameMap, lang: Lang = 'zh'): LookupResult {
  return lookup(name, map, 'country', lang);
}

/** A territory by Chinese/English name, id or alias (case-insensitive, Traditional accepted). */
export function lookupTerritory(name: string, map: GameMap, lang: Lang = 'zh'): LookupResult {
  return lookup(name, map, 'territory', lang);
}
