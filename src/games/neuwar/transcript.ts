import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findName, loadMapFile, MapError, normalizeName, type GameMap } from '../europe/map/index.ts';
import { applyEntry, newGame, defaultSettings, mergeSettings, coerceSettingValue, type Game, type Speaker, type LogEntry, type Step } from './engine/index.ts';
import { parseMessage, toSimplified } from './parse/index.ts';
import { parseClock } from '../../platform/clock/index.ts';

/** A malformed transcript or map: `replay` exits 2 with file:line:reason (commands.md §3). */
export class TranscriptError extends Error {
  constructor(public file: string, public line: number, public reason: string) {
    super(`${file}:${line}: ${reason}`);
  }
}

export interface ReplayResult {
  game: Game;
  /** Per input line: what the bot answered, and the turns it resolved. */
  answers: { line: number; speaker: string; text: string; steps: Step[] }[];
}

const JUDGE_NAMES = new Set(['judge', '裁判']);

/** A country by name, alias or id, read like a command's names: Traditional as Simplified (德國 is 德国). */
function countryNamed(map: GameMap, name: string): string | undefined {
  const t = name.trim();
  return findName(map.countryByName, t) ?? findName(map.countryByName, toSimplified(t));
}

export function speakerFor(map: GameMap, name: string): Speaker | null {
  if (JUDGE_NAMES.has(normalizeName(toSimplified(name)))) return { kind: 'judge' };
  const id = countryNamed(map, name);
  return id ? { kind: 'country', id } : null;
}

/** The log entries of one chat message: each command parsed, or refused with its code. */
export function entriesFromText(map: GameMap, text: string, speaker: Speaker, at: number, lang: 'zh' | 'en', line?: number,
  settings?: { partialArmies?: number; nationalArmies?: number; maxCommandsPerMessage?: number }): LogEntry[] {
  return parseMessage(text, map, settings ? { lang, settings } : { lang }).map((p) => {
    const base = { at, speaker, text: p.text, ...(line !== undefined ? { line } : {}) };
    if (p.ok) return { type: 'command' as const, command: p.command, ...base };
    return { type: 'refused' as const, code: p.code, message: p.message, ...(p.kind ? { kind: p.kind } : {}), ...base };
  });
}

/**
 * Plays a transcript (commands.md §3) through the parser and engine with a virtual clock. Throws
 * TranscriptError for a malformed transcript or map.
 */
export function runTranscript(file: string, text?: string, root = process.cwd()): ReplayResult {
  const src = text ?? readFileSync(file, 'utf8');
  const lines = src.split(/\r?\n/);
  let mapPath: string | null = null;
  let map: GameMap | null = null;
  let players: string[] | null = null;
  let settings = defaultSettings();
  let game: Game | null = null;
  let now = 0;
  const answers: ReplayResult['answers'] = [];
  const err = (n: number, reason: string) => new TranscriptError(file, n, reason);

  const ensureMap = (n: number): GameMap => {
    if (map) return map;
    const p = mapPath ?? resolve(root, 'maps/europe.json');
    try {
      map = loadMapFile(p);
    } catch (e) {
      if (e instanceof MapError) throw err(n, `map ${e.message}`);
      throw e;
    }
    return map;
  };
  const ensureGame = (n: number): Game => {
    if (game) return game;
    const m = ensureMap(n);
    const ids = players ?? m.countries.filter((c) => c.playable !== false).map((c) => c.id);
    game = newGame(m, { players: ids, settings, at: 0 });
    return game;
  };

  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('@')) {
      const body = trimmed.replace(/\s+#.*$/, '');
      const [dir, ...args] = body.split(/\s+/);
      switch (dir) {
        case '@map': {
          if (game || map) throw err(n, '@map must come before the first command and only once');
          if (args.length !== 1) throw err(n, '@map takes one path');
          const rel = resolve(dirname(file), args[0]!);
          mapPath = existsSync(rel) ? rel : resolve(root, args[0]!);
          if (!existsSync(mapPath)) throw err(n, `map file not found: ${args[0]}`);
          ensureMap(n);
          break;
        }
        case '@players': {
          if (game) throw err(n, '@players must come before the first command');
          const m = ensureMap(n);
          if (args.length < 1) throw err(n, '@players lists at least one country');
          players = args.map((a) => {
            const id = countryNamed(m, a);
            if (!id) throw err(n, `unknown country "${a}"`);
            if (m.country.get(id)!.playable === false) throw err(n, `"${a}" is a minor state and cannot be played`);
            return id;
          });
          break;
        }
        case '@set': {
          if (args.length === 0) throw err(n, '@set takes key=value pairs');
          const patch: Record<string, unknown> = {};
          for (const a of args) {
            const eq = a.indexOf('=');
            if (eq < 1) throw err(n, `@set expects key=value, got "${a}"`);
            const k = a.slice(0, eq);
            patch[k] = coerceSettingValue(k, a.slice(eq + 1));
          }
          const cur = game ? (game as Game).state.settings : settings;
          const r = mergeSettings(cur, patch);
          if (!r.ok) throw err(n, `bad setting ${r.key}: ${r.reason}`);
          if (game) (game as Game).state.settings = r.settings;
          else settings = r.settings;
          break;
        }
        case '@at': {
          if (args.length !== 1) throw err(n, '@at takes a time m:ss since the current turn opened');
          const ms = parseClock(args[0]!);
          if (ms === null) throw err(n, `bad time "${args[0]}" (use m:ss)`);
          const g = ensureGame(n);
          const target = g.state.clock.openedAt + ms;
          if (target < now) throw err(n, `@at ${args[0]} goes back in time (time only moves forward)`);
          now = target;
          const step = applyEntry(g, { type: 'tick', at: now });
          if (step.resolved.length) answers.push({ line: n, speaker: 'clock', text: raw, steps: [step] });
          break;
        }
        default:
          throw err(n, `unknown directive ${dir} (known: @map @players @set @at)`);
      }
      continue;
    }
    const colon = raw.search(/[:：]/);
    if (colon < 1) throw err(n, 'a command line is "speaker: text" (speaker: a country or judge)');
    const who = raw.slice(0, colon).trim();
    const body = raw.slice(colon + 1).trim();
    const g = ensureGame(n);
    const sp = speakerFor(g.map, who);
    if (!sp) throw err(n, `unknown speaker "${who}" (a country of the map, or judge)`);
    const steps: Step[] = [];
    for (const e of entriesFromText(g.map, body, sp, now, g.state.settings.language, n, g.state.settings)) {
      steps.push(applyEntry(g, e));
      // Resolutions by commit happen at `now`; the next turn opens then (commands.md §3).
    }
    answers.push({ line: n, speaker: who, text: body, steps });
  }
  return { game: ensureGame(lines.length), answers };
}
