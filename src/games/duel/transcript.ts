/**
 * Europe Duel transcripts (duel.md D10.7) and the duel's state JSON (D10.8). The header lines `@map @seed
 * @players @capitals @set` come before the first command, `@at` or `@pass`; turn 1 opens at virtual time 0; `@at
 * m:ss` counts from the current turn's opening and reaching a deadline resolves the turn; `@pass N` lets N
 * turns time out one after another; `SIDE: text` is a side's message (its name from `@players`), `judge:` /
 * `裁判:` a judge's; `@bot SIDE greedy|lander` seats a bot (D8).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findName, loadMapFile, type GameMap } from '../europe/map/index.ts';
import { duelGraph, type DuelGraph } from './board.ts';
import { applyDuel, newDuel, scores, DUEL_DEFAULTS, type DuelEntry, type DuelSettings, type DuelState, type Planner } from './engine.ts';
import { parseDuel } from './parse.ts';
import { POLICIES } from './bots.ts';
import type { Side } from './resolve.ts';
import { parseClock } from '../../platform/clock/index.ts';

export class DuelTranscriptError extends Error {
  constructor(readonly file: string, readonly line: number, readonly reason: string) {
    super(`${file}:${line}: ${reason}`);
  }
}

export interface DuelReplay { map: GameMap; g: DuelGraph; state: DuelState; names: Record<Side, string> }

/** Plays a duel transcript; throws DuelTranscriptError naming the line of a malformed one. */
export function runDuelTranscript(file: string, text?: string, root = process.cwd(), planner: Planner = {}): DuelReplay {
  const src = text ?? readFileSync(file, 'utf8');
  const lines = src.split(/\r?\n/);
  const err = (n: number, reason: string) => new DuelTranscriptError(file, n, reason);
  let mapPath = 'maps/europe.json';
  let seed = 0;
  let names: Record<Side, string> = { A: '红方', B: '蓝方' };
  let capitalNames: [string, string, number] | null = null;
  const settings: Partial<DuelSettings> = {};
  const bots: Partial<Record<Side, string>> = {};
  let map: GameMap | null = null;
  let g: DuelGraph | null = null;
  let s: DuelState | null = null;
  // The virtual time since the current turn opened, as the last @at set it (0 once a turn has moved on).
  let offset = 0;
  let offsetTurn = 1;
  const setUp = (n: number) => {
    if (s) return;
    const fromFile = resolve(dirname(resolve(root, file)), mapPath);
    try {
      map = loadMapFile(fromFile);
    } catch {
      try { map = loadMapFile(resolve(root, mapPath)); } catch (e) { throw err(n, `the map ${mapPath} cannot be loaded: ${(e as Error).message}`); }
    }
    g = duelGraph(map);
    let capitals: Record<Side, string> | undefined;
    if (capitalNames) {
      const ids = capitalNames.slice(0, 2).map((x) => findName(map!.territoryByName, String(x)));
      if (ids.some((x) => !x || g!.kind.get(x) !== 'land') || ids[0] === ids[1]) throw err(capitalNames[2], '@capitals names two different land territories of the map');
      capitals = { A: ids[0]!, B: ids[1]! };
    }
    const start: Extract<DuelEntry, { type: 'start' }> = { type: 'start', at: 0, seed, settings, bots, ...(capitals ? { capitals } : {}) };
    s = newDuel(map, start);
  };
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    const [head, ...args] = line.split(/\s+/);
    if (head!.startsWith('@')) {
      const headerOnly = ['@map', '@seed', '@players', '@capitals', '@bot'].includes(head!);
      if (headerOnly && s) throw err(n, `${head} belongs to the header, before the first command, @at or @pass`);
      switch (head) {
        case '@game':
          if (args[0] !== 'duel' || s) throw err(n, '@game duel comes first, once');
          continue;
        case '@map': mapPath = args.join(' '); continue;
        case '@seed': {
          const v = Number(args[0]);
          if (!Number.isInteger(v) || v < 0 || v > 4294967295) throw err(n, '@seed is an integer 0…4294967295');
          seed = v;
          continue;
        }
        case '@players': {
          if (args.length !== 2 || args[0] === args[1] || args.some((a) => /^(a|b|judge|裁判)$/i.test(a) || a.includes(':') || a.includes('：'))) throw err(n, '@players names the two sides: two different names, not A, B, judge or 裁判, without colons');
          names = { A: args[0]!, B: args[1]! };
          continue;
        }
        case '@capitals': {
          if (args.length !== 2) throw err(n, '@capitals names A\'s capital and B\'s');
          capitalNames = [args[0]!, args[1]!, n];
          continue;
        }
        case '@bot': {
          const side = args[0] === 'A' || args[0] === names.A ? 'A' : args[0] === 'B' || args[0] === names.B ? 'B' : null;
          if (!side || !args[1] || !(args[1] in POLICIES)) throw err(n, `@bot SIDE POLICY (policies: ${Object.keys(POLICIES).join(', ')}; the agent comes with its weights)`);
          bots[side] = args[1];
          continue;
        }
        case '@set': {
          for (const kv of args) {
            const m = /^(\w+)=(.+)$/.exec(kv);
            if (!m || !(m[1]! in DUEL_DEFAULTS) || !Number.isFinite(Number(m[2]))) throw err(n, `@set ${kv}: not a duel setting (key=number)`);
            (settings as Record<string, number>)[m[1]!] = Number(m[2]);
            const cur = s as DuelState | null;
            if (cur) (cur.settings as unknown as Record<string, number>)[m[1]!] = Number(m[2]);
          }
          continue;
        }
        case '@at': {
          setUp(n);
          const ms = parseClock(args[0] ?? '');
          if (ms === null) throw err(n, '@at m:ss');
          const st = s!;
          // Reaching a deadline resolves that turn there, before any line stamped at that instant (and the next, if
          // the same time passes its deadline too).
          const target = st.openedAt + ms;
          while (st.status === 'running' && target >= st.deadlineAt) applyDuel(g!, st, { type: 'tick', at: st.deadlineAt }, planner);
          offset = target - st.openedAt;
          offsetTurn = st.turn;
          continue;
        }
        case '@pass': {
          setUp(n);
          const k = Number(args[0] ?? '1');
          if (!Number.isInteger(k) || k < 1) throw err(n, '@pass N: a number of turns');
          for (let t = 0; t < k && s!.status === 'running'; t++) applyDuel(g!, s!, { type: 'tick', at: s!.deadlineAt }, planner);
          continue;
        }
        default: throw err(n, `unknown header ${head}`);
      }
    }
    const m = /^([^:：]+)[:：]\s*(.*)$/.exec(line);
    if (!m) throw err(n, 'a line is SIDE: text, a comment or an @ line');
    setUp(n);
    const who = m[1]!.trim();
    const side: Side | null = who === names.A ? 'A' : who === names.B ? 'B' : null;
    if (!side && !/^(judge|裁判)$/i.test(who)) throw err(n, `unknown speaker "${who}" (the sides: ${names.A}, ${names.B}; or judge)`);
    const st = s!;
    for (const p of parseDuel(g!, m[2]!, 'zh')) {
      if (!p.ok || p.command.kind === 'query' || !side) continue;
      applyDuel(g!, st, { type: 'command', at: st.openedAt + (st.turn === offsetTurn ? offset : 0), side, command: p.command }, planner);
    }
  }
  setUp(lines.length);
  return { map: map!, g: g!, state: s!, names };
}

/** D10.8: the duel's state JSON, what `replay` prints and `/export` gives. */
export function duelStateJson(map: GameMap, g: DuelGraph, s: DuelState, names: Record<Side, string> = { A: '红方', B: '蓝方' }): Record<string, unknown> {
  const sc = scores(g, s);
  const side = (x: Side) => {
    const own = g.land.filter((t) => s.owner[t] === x);
    const armies = own.reduce((a, t) => a + (s.armies[t] ?? 0), 0) + Object.values(s.stacks).reduce((a, st) => a + st[x], 0);
    return { name: names[x], bot: s.bots[x] ? 'bot' : null, score: sc[x], territories: own.length, armies, ready: s.ready[x], idle: s.idle[x], helper: 'normal', rally: null };
  };
  const territories: Record<string, unknown> = {};
  for (const t of g.land) territories[t] = { owner: s.owner[t] ?? null, armies: s.armies[t] ?? 0 };
  for (const [z, st] of Object.entries(s.stacks)) territories[z] = { stacks: Object.fromEntries(Object.entries(st).filter(([, v]) => v > 0)) };
  const orders = (x: Side) => Object.values(s.orders[x]).map((o) => (o.kind === 'stand' ? { from: o.from, stand: true } : { from: o.from, to: o.to, count: o.count }));
  return {
    game: 'duel', map: map.id, seed: s.seed, turn: s.turn, status: s.status,
    winner: s.outcome ? s.outcome.winner : null, result: s.outcome ? s.outcome.how : null, fair: s.fair, rated: false,
    capitals: s.capitals, sides: { A: side('A'), B: side('B') }, territories,
    orders: { A: orders('A'), B: orders('B') }, routes: s.routes, paint: { A: {}, B: {} }, lastEvents: s.lastEvents,
  };
}
