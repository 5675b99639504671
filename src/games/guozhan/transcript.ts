/**
 * 国战 transcripts (X6.4): header lines `@seats @seed @set @generals @deck @hand @revealed` before the first
 * command, `@at m:ss` (the game clock since setup: every prompt whose deadline is reached times out first, in
 * deadline order) and `@timeout [n]` anywhere, `SEAT: text` a player's message, `裁判:`/`judge:` the judge's
 * 【中止】. A malformed transcript throws `FILE:LINE: reason` (exit 2 in `replay`). The forms X6 leaves open are
 * fixed in docs/guozhan.md.
 */
import { readFileSync } from 'node:fs';
import { parseClock } from '../../platform/clock/index.ts';
import { CARDS } from './cards.ts';
import { applyEntry, mergeSettings, newGame, type GzEntry, type StartEntry } from './engine.ts';
import { findGeneral, general } from './generals.ts';
import { parseCommands } from './parse.ts';
import type { Settings, State, Which } from './types.ts';

export class GuozhanTranscriptError extends Error {
  constructor(readonly file: string, readonly line: number, readonly reason: string) {
    super(`${file}:${line}: ${reason}`);
  }
}

export interface GuozhanReplay { state: State; entries: GzEntry[] }

/** `@set` keys (G0) and how their values read. */
export function settingPatch(key: string, value: string): Partial<Settings> | string {
  const bool = (v: string) => (v === 'true' || v === 'on' ? true : v === 'false' || v === 'off' ? false : null);
  switch (key) {
    case 'ruleVersion': return value === 'new' || value === 'old' ? { ruleVersion: value } : 'ruleVersion=new|old';
    case 'generalsDealt': { const n = Number(value); return Number.isInteger(n) && n >= 4 && n <= 7 ? { generalsDealt: n } : 'generalsDealt=4…7'; }
    case 'skills': return value === 'on' || value === 'off' ? { skills: value } : 'skills=on|off';
    case 'generalPacks': return value === 'standard' ? { generalPacks: 'standard' } : 'generalPacks=standard (the other packs are not specified, G0)';
    case 'strategicAdvantage': { const b = bool(value); return b === null ? 'strategicAdvantage=true|false' : { strategicAdvantage: b }; }
    case 'includeWoodenOx': { const b = bool(value); return b === false ? { includeWoodenOx: false } : 'includeWoodenOx=false (木牛流马 is not implemented, guozhan D19)'; }
    case 'aozhan': { const b = bool(value); return b === null ? 'aozhan=true|false' : { aozhan: b }; }
    case 'revealLockedInPlay': { const b = bool(value); return b === null ? 'revealLockedInPlay=true|false' : { revealLockedInPlay: b }; }
    case 'reshuffleLimit': { if (value === 'none') return { reshuffleLimit: null }; const n = Number(value); return Number.isInteger(n) && n >= 0 ? { reshuffleLimit: n } : 'reshuffleLimit=none|n'; }
    case 'blindOrder': return value === 'shuffled' || value === 'held' ? { blindOrder: value } : 'blindOrder=shuffled|held';
    case 'decoyPrompts': { const b = bool(value); return b === null ? 'decoyPrompts=true|false' : { decoyPrompts: b }; }
  }
  const t = /^timeout\.(play|response|nullify|choice|pick)$/.exec(key);
  if (t) { const n = Number(value); return Number.isInteger(n) && n >= 1 ? { timeouts: { [t[1]!]: n } as unknown as Settings['timeouts'] } : `${key}=seconds`; }
  return `unknown setting ${key} (G0: ruleVersion generalsDealt skills aozhan revealLockedInPlay reshuffleLimit blindOrder strategicAdvantage decoyPrompts timeout.play|response|nullify|choice|pick)`;
}

/** Plays a transcript; throws GuozhanTranscriptError naming the line of a malformed one. */
export function runGuozhanTranscript(file: string, text?: string): GuozhanReplay {
  const src = text ?? readFileSync(file, 'utf8');
  const lines = src.split(/\r?\n/);
  const err = (n: number, reason: string) => new GuozhanTranscriptError(file, n, reason);
  let seats: string[] | null = null;
  let seed = 1;
  let settings: Partial<Settings> = {};
  const generals: Record<string, [string, string]> = {};
  const genLine: Record<string, number> = {};
  let deck: string[] = [];
  const hands: Record<string, string[]> = {};
  const revealed: Record<string, Which> = {};
  let s: State | null = null;
  let now = 0;
  const entries: GzEntry[] = [];
  const apply = (e: Exclude<GzEntry, StartEntry>) => { entries.push(e); s = applyEntry(s!, e).state; };
  const cardId = (n: number, id: string) => { const u = id.toUpperCase(); if (!CARDS[u] || (u.startsWith('SA') && !settings.strategicAdvantage)) throw err(n, `unknown card id ${id} (S001–S108${settings.strategicAdvantage ? ', SA01–SA51' : '; SA01–SA51 need @set strategicAdvantage=true first'})`); return u; };
  const seatNamed = (n: number, name: string) => { if (!seats!.includes(name)) throw err(n, `unknown seat ${name} (seats: ${seats!.join(' ')})`); return name; };
  const setUp = (n: number) => {
    if (s) return;
    if (!seats) throw err(n, '@seats must come before the first command');
    const used = [...deck, ...Object.values(hands).flat()];
    if (new Set(used).size !== used.length) throw err(n, 'a card is listed twice in @deck/@hand');
    for (const name of Object.keys(revealed)) if (!generals[name]) throw err(n, `@revealed ${name} needs that seat in @generals`);
    const start: StartEntry = { type: 'start', at: 0, seed, seats, settings, generals, deck, hands, revealed };
    entries.push(start);
    s = newGame(start);
  };
  /** X6.4 clock: every prompt whose deadline is ≤ t times out first (a prompt a timeout opens counts from then). */
  const clockTo = (t: number) => {
    while (s && s.status !== 'ended' && s.ask && s.ask.deadline <= t) apply({ type: 'timeout', at: s.ask.deadline, ask: s.ask.id });
    now = Math.max(now, t);
  };
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('@')) {
      const [head, ...args] = line.split(/\s+/);
      const headerOnly = ['@seats', '@seed', '@set', '@generals', '@deck', '@hand', '@revealed'];
      if (headerOnly.includes(head!) && s) throw err(n, `${head} must come before the first command, @at or @timeout`);
      switch (head) {
        case '@game':
          // The dispatcher (src/replay) reads it; a file run directly has it as its first line.
          if (args[0] !== 'guozhan' || args.length !== 1 || entries.length || seats) throw err(n, '@game guozhan, first line only');
          continue;
        case '@seats': {
          if (args.length < 3 || args.length > 10 || new Set(args).size !== args.length || args.some((a) => /[:：]/.test(a) || a === '裁判' || a === 'judge' || a === '自己' || a === '我')) throw err(n, '@seats names 3–10 different seats (not 裁判, judge, 自己 or 我; no colons)');
          seats = args;
          continue;
        }
        case '@seed': {
          const v = Number(args[0]);
          if (args.length !== 1 || !Number.isInteger(v) || v < 0 || v > 4294967295) throw err(n, '@seed is an integer 0…4294967295');
          seed = v;
          continue;
        }
        case '@set': {
          for (const kv of args) {
            const m = /^([\w.]+)=(.+)$/.exec(kv);
            if (!m) throw err(n, `@set ${kv}: key=value`);
            const p = settingPatch(m[1]!, m[2]!);
            if (typeof p === 'string') throw err(n, `@set ${p}`);
            settings = { ...settings, ...p, timeouts: { ...mergeSettings(settings).timeouts, ...(p.timeouts ?? {}) } };
          }
          continue;
        }
        case '@generals': {
          if (!seats) throw err(n, '@generals needs @seats first');
          for (const a of args) {
            const m = /^([^=]+)=([^+]+)\+(.+)$/.exec(a);
            if (!m) throw err(n, `@generals ${a}: SEAT=MAIN+DEPUTY`);
            const seat = seatNamed(n, m[1]!);
            const g1 = findGeneral(m[2]!), g2 = findGeneral(m[3]!);
            if (!g1 || !g2) throw err(n, `unknown general ${!g1 ? m[2] : m[3]}`);
            if (g1 === g2 || general(g1).kingdom !== general(g2).kingdom) throw err(n, `@generals ${a}: two different generals of one kingdom (G2.3)`);
            const taken = Object.entries(generals).find(([k, v]) => k !== seat && (v.includes(g1) || v.includes(g2)));
            if (taken) throw err(n, `@generals ${a}: a general is already ${taken[0]}'s`);
            generals[seat] = [g1, g2];
            genLine[seat] = n;
          }
          continue;
        }
        case '@deck': deck = args.map((x) => cardId(n, x)); continue;
        case '@hand': {
          if (!seats) throw err(n, '@hand needs @seats first');
          const m = /^([^=]+)=(.+)$/.exec(args[0] ?? '');
          if (!m) throw err(n, '@hand SEAT=ID ID …');
          hands[seatNamed(n, m[1]!)] = [m[2]!, ...args.slice(1)].map((x) => cardId(n, x));
          continue;
        }
        case '@revealed': {
          if (!seats) throw err(n, '@revealed needs @seats first');
          for (const a of args) {
            const m = /^([^=]+)=(主将|副将|全部|main|deputy|both)$/.exec(a);
            if (!m) throw err(n, `@revealed ${a}: SEAT=主将|副将|全部`);
            revealed[seatNamed(n, m[1]!)] = ({ 主将: 'main', 副将: 'deputy', 全部: 'both' } as Record<string, Which>)[m[2]!] ?? (m[2] as Which);
          }
          continue;
        }
        case '@at': {
          setUp(n);
          const t = parseClock(args[0] ?? '');
          if (t === null || args.length !== 1) throw err(n, '@at m:ss (since setup)');
          if (t < now) throw err(n, `@at ${args[0]} is earlier than the clock (the clock only moves forward)`);
          clockTo(t);
          continue;
        }
        case '@timeout': {
          setUp(n);
          const k = args.length ? Number(args[0]) : 1;
          if (!Number.isInteger(k) || k < 1) throw err(n, '@timeout [n]');
          for (let j = 0; j < k && s!.status !== 'ended' && s!.ask; j++) {
            const a = s!.ask;
            now = Math.max(now, a.deadline);
            apply({ type: 'timeout', at: a.deadline, ask: a.id });
          }
          continue;
        }
        default: throw err(n, `unknown header ${head}`);
      }
    }
    const m = /^([^:：]+)[:：]\s*(.*)$/.exec(line);
    if (!m) throw err(n, 'a line is SEAT: text, a comment or an @ line');
    setUp(n);
    const who = m[1]!.trim();
    const judge = who === '裁判' || who.toLowerCase() === 'judge';
    const seat = seats!.indexOf(who);
    if (seat < 0 && !judge) throw err(n, `unknown speaker "${who}" (seats: ${seats!.join(' ')}; or 裁判)`);
    for (const p of parseCommands(m[2]!)) {
      if (!p.ok) { apply({ type: 'refused', at: now, seat: seat < 0 ? null : seat, code: p.code, message: p.message, kind: p.kind, line: n, text: p.raw }); continue; }
      if ('judge' in p) {
        if (!judge) { apply({ type: 'refused', at: now, seat, code: 'NOT_ALLOWED', message: '只有裁判可以【中止】', kind: 'abort', line: n, text: p.raw }); continue; }
        apply({ type: 'abort', at: now });
        continue;
      }
      if (judge) { apply({ type: 'refused', at: now, seat: null, code: 'NOT_ALLOWED', message: '裁判没有座位，只能【中止】', kind: p.cmd.k, line: n, text: p.raw }); continue; }
      apply({ type: 'cmd', at: now, seat, cmd: p.cmd, line: n, text: p.raw });
    }
  }
  setUp(lines.length);
  void genLine;
  return { state: s!, entries };
}
