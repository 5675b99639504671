/**
 * Europe Duel's simulator (duel.md D10.7, D11): bot-vs-bot games on a map, a summary, and transcripts that replay
 * the same game (`npm run simulate -- --game duel`). A bot game is pure (D8.1): the transcript is its header
 * (`@game duel`, `@map`, `@seed`, `@players`, one `@bot` line per side, `@capitals` when pinned, `@set` for
 * non-default settings), and `npm run replay` of it prints the state JSON the simulator exports (D11 P5).
 *
 * Also the step-by-step driver of the long proofs (D11 P3 "expansion-everywhere", P6 invariants after every
 * resolution): the sides are seated as people and each turn the policies' decisions are typed for them.
 */
import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { loadMapFile, type GameMap } from '../europe/map/index.ts';
import { duelGraph, type DuelGraph } from './board.ts';
import { applyDuel, botFailures, newDuel, scores, toBoard, DUEL_DEFAULTS, type DuelCommand, type DuelSettings, type DuelState } from './engine.ts';
import { POLICIES, type DuelDecision, type DuelPolicy, type DuelView } from './bots.ts';
import { helperOrders } from './helpers.ts';
import type { Side } from './resolve.ts';
import { duelStateJson } from './transcript.ts';
import { parseFlags } from '../../platform/cli/index.ts';

/** D10.7's default side names. */
export const SIDE_NAMES: Record<Side, string> = { A: '红方', B: '蓝方' };

export interface DuelGameSpec {
  seed: number;
  /** Policy ids of side A and side B (D8.1). */
  bots: Record<Side, string>;
  /** Explicit capitals (D10.7 `@capitals`, skips the draw: unfair). */
  capitals?: Record<Side, string>;
  settings?: Partial<DuelSettings>;
}

export interface DuelGameResult {
  spec: DuelGameSpec;
  state: DuelState;
  /** Engine time of the whole game (setup, every bot decision, every resolution), ms. */
  ms: number;
  /** Resolved turns. */
  turns: number;
  winner: Side[];
  how: string;
  scores: Record<Side, number>;
}

/** Resolved turns of an ended game: the turn it ended in (D10.8), unless it ended before resolving it (resign, judge). */
export function resolvedTurns(s: DuelState): number {
  if (s.status !== 'ended') return s.turn - 1;
  const how = s.outcome?.how;
  return how === 'resign' || how === 'judge' ? s.turn - 1 : s.turn;
}

/** One bot game (D8.1: both sides' policies decide at every opening; the game plays to its end at once). */
export function playDuel(map: GameMap, spec: DuelGameSpec): DuelGameResult {
  const g = duelGraph(map);
  const t0 = performance.now();
  const s = newDuel(map, {
    type: 'start', at: 0, seed: spec.seed, bots: { A: spec.bots.A, B: spec.bots.B },
    ...(spec.capitals ? { capitals: spec.capitals } : {}), ...(spec.settings ? { settings: spec.settings } : {}),
  });
  const ms = performance.now() - t0;
  // D9.4 abandons a live game whose bot fails to answer; in a bot game it is a bug, reported as one.
  const failed = botFailures.get(s);
  if (failed) throw new Error(`duel seed ${spec.seed}: bot ${failed.bot} (side ${failed.side}) failed on turn ${s.turn}: ${failed.error}`);
  if (s.status !== 'ended') throw new Error(`duel seed ${spec.seed}: the bot game did not end (turn ${s.turn})`);
  return { spec, state: s, ms, turns: resolvedTurns(s), winner: s.outcome!.winner, how: s.outcome!.how, scores: scores(g, s) };
}

/** D10.7: the transcript of a bot game — its header, which replays the same game (policies are pure, D8.1). */
export function duelTranscript(mapPath: string, spec: DuelGameSpec, comments: readonly string[] = [], names: Record<Side, string> = SIDE_NAMES): string {
  const lines = [...comments.map((c) => `# ${c}`), '@game duel', `@map ${mapPath}`, `@seed ${spec.seed}`, `@players ${names.A} ${names.B}`];
  lines.push(`@bot ${names.A} ${spec.bots.A}`, `@bot ${names.B} ${spec.bots.B}`);
  if (spec.capitals) lines.push(`@capitals ${spec.capitals.A} ${spec.capitals.B}`); // ids are names too (D10.1)
  const set = Object.entries(spec.settings ?? {}).filter(([k, v]) => (DUEL_DEFAULTS as unknown as Record<string, unknown>)[k] !== v);
  if (set.length) lines.push(`@set ${set.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

/** D10.8: the state JSON the simulator exports at a game's end (what `replay` of its transcript prints, D11 P5). */
export function exportState(map: GameMap, s: DuelState, names: Record<Side, string> = SIDE_NAMES): string {
  return JSON.stringify(duelStateJson(map, duelGraph(map), s, names), null, 2);
}

// ——— the step-by-step driver (D11 P3's test-only policy, P6) ———

/**
 * D11 P3 "expansion-everywhere": the D6 helper with default mode `expand`, its orders returned as the decision
 * (test-only, not offered to players; so not in POLICIES).
 */
export const expandEverywhere: DuelPolicy = {
  id: 'expand',
  decide(v: DuelView): DuelDecision {
    const held = new Set(v.routes.map((r) => r.path[r.at]!));
    const orders = helperOrders(v.graph, v.board, v.side, {
      defaultMode: 'expand', paint: new Map(), rally: null, capitals: v.capitals, held, defenseFactor: v.defenseFactor,
    });
    return {
      orders: orders.map((o) => (o.kind === 'stand' ? { from: o.from, to: o.from, count: 'stand' as const } : { from: o.from, to: o.to, count: o.count })),
      routes: [],
    };
  },
};

export function policy(id: string): DuelPolicy {
  const p = id === 'expand' ? expandEverywhere : POLICIES[id];
  if (!p) throw new Error(`unknown duel policy "${id}" (known: ${[...Object.keys(POLICIES), 'expand'].join(', ')})`);
  return p;
}

/**
 * Plays a game with both sides seated as people whose policies' decisions are typed for them every turn (orders
 * as 【调兵】/【驻守】, routes as 【路线】, then 【准备】), calling `after` after every resolution with the board
 * before and the state after. A refused decision is a bug (D8.1) and throws. For the scripted bots this is the same
 * game as `playDuel` (checked by the P6 proof). The expansion-everywhere side sets its helper's default mode to
 * expand once instead of typing the helper's own orders back every turn (the same game: the decision is exactly
 * what that helper would order, and with the default mode expand no paint follows, D6.8); `typedExpand` types them.
 */
export function playStepwise(map: GameMap, spec: DuelGameSpec, after?: (before: DuelState, s: DuelState) => void, typedExpand = false): DuelState {
  const g: DuelGraph = duelGraph(map);
  const s = newDuel(map, {
    type: 'start', at: 0, seed: spec.seed,
    ...(spec.capitals ? { capitals: spec.capitals } : {}), ...(spec.settings ? { settings: spec.settings } : {}),
  });
  const pol = { A: policy(spec.bots.A), B: policy(spec.bots.B) };
  while (s.status === 'running') {
    const before = after ? structuredClone(s) : s;
    const at = s.openedAt;
    for (const side of ['A', 'B'] as const) {
      const view: DuelView = {
        graph: g, board: toBoard(s), side, capitals: s.capitals, routes: s.routes.filter((r) => r.side === side),
        maxRoutes: s.settings.maxRoutes ?? 50, defenseFactor: s.settings.defenseFactor, seaLoss: s.settings.seaLoss,
      };
      if (pol[side] === expandEverywhere && !typedExpand) {
        if (s.turn === 1) applyDuel(g, s, { type: 'command', at, side, command: { kind: 'helper', mode: 'expand' } });
        continue;
      }
      const d = pol[side].decide(view);
      const cmds: DuelCommand[] = [
        ...d.orders.map((o): DuelCommand => ({ kind: 'order', order: o.count === 'stand' || o.from === o.to ? { kind: 'stand', from: o.from } : { kind: 'move', from: o.from, to: o.to, count: o.count } })),
        ...d.routes.map((r): DuelCommand => ({ kind: 'route', from: r.points[0]!, points: r.points.slice(1), count: r.count })),
      ];
      for (const command of cmds) {
        const r = applyDuel(g, s, { type: 'command', at, side, command });
        if (!r.ok) throw new Error(`duel seed ${spec.seed}: ${pol[side].id} (${side}) gave a refused command (${r.code}): ${JSON.stringify(command)}`);
      }
    }
    const turn = s.turn;
    applyDuel(g, s, { type: 'command', at, side: 'A', command: { kind: 'ready' } });
    applyDuel(g, s, { type: 'command', at, side: 'B', command: { kind: 'ready' } });
    if (s.turn === turn && s.status === 'running') throw new Error(`duel seed ${spec.seed}: turn ${turn} did not resolve`);
    after?.(before, s);
  }
  return s;
}

// ——— summaries ———

export interface DuelSummary {
  games: number;
  /** Wins of side A, of side B, draws (abandoned games count as draws here; bots never idle). */
  A: number;
  B: number;
  draws: number;
  /** Side A's share of the decisive games (D11 P2), %. */
  shareA: number;
  turns: { mean: number; median: number; p90: number; max: number };
  how: Record<string, number>;
  ms: { total: number; maxGame: number; perTurn: number };
}

const pct = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

export function summarize(results: readonly DuelGameResult[]): DuelSummary {
  const A = results.filter((r) => r.winner.length === 1 && r.winner[0] === 'A').length;
  const B = results.filter((r) => r.winner.length === 1 && r.winner[0] === 'B').length;
  const turns = results.map((r) => r.turns);
  const how: Record<string, number> = {};
  for (const r of results) how[r.how] = (how[r.how] ?? 0) + 1;
  const total = results.reduce((a, r) => a + r.ms, 0);
  const allTurns = turns.reduce((a, t) => a + t, 0);
  return {
    games: results.length, A, B, draws: results.length - A - B, shareA: A + B ? (100 * A) / (A + B) : NaN,
    turns: { mean: allTurns / Math.max(1, results.length), median: pct(turns, 0.5), p90: pct(turns, 0.9), max: Math.max(0, ...turns) },
    how, ms: { total, maxGame: Math.max(0, ...results.map((r) => r.ms)), perTurn: total / Math.max(1, allTurns) },
  };
}

// ——— the command line: npm run simulate -- --game duel ———

export const DUEL_SIM_USAGE = 'usage: npm run simulate -- --game duel [--map maps/europe.json] [--seed S] [--games N] [--bots greedy,lander | --a greedy --b lander] [--capitals X,Y] [--set key=value,…] [--out transcript.txt] [--json]\n'
  + '  plays N bot games on seeds S, S+1, … (side A first), prints a summary; --out writes the transcript of each game (with N > 1: NAME-SEED.txt), which `npm run replay` plays again to the same state';

/** `npm run simulate -- --game duel …` (argv without `--game duel`). Returns the exit code. */
export function duelSimMain(argv: readonly string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): number {
  let a: Record<string, string>;
  try {
    a = parseFlags(argv);
  } catch (e) {
    err(`${(e as Error).message}\n${DUEL_SIM_USAGE}\n`);
    return 2;
  }
  if (a.help) {
    out(`${DUEL_SIM_USAGE}\n`);
    return 0;
  }
  const mapPath = a.map ?? 'maps/europe.json';
  const seed = Number(a.seed ?? 1);
  const n = Number(a.games ?? 1);
  const bots = a.bots ? a.bots.split(',').map((x) => x.trim()) : [a.a ?? 'greedy', a.b ?? 'greedy'];
  if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295 || !Number.isInteger(n) || n < 1 || bots.length !== 2) {
    err(`--seed is an integer 0…4294967295, --games a positive integer, --bots two policies\n${DUEL_SIM_USAGE}\n`);
    return 2;
  }
  for (const b of bots) {
    if (!(b in POLICIES)) {
      err(`unknown bot "${b}" (bots: ${Object.keys(POLICIES).join(', ')})\n`);
      return 2;
    }
  }
  const settings: Partial<DuelSettings> = {};
  for (const kv of (a.set ?? '').split(',').filter(Boolean)) {
    const m = /^(\w+)=(.+)$/.exec(kv.trim());
    if (!m || !(m[1]! in DUEL_DEFAULTS) || !Number.isFinite(Number(m[2]))) {
      err(`--set ${kv}: not a duel setting (key=number)\n`);
      return 2;
    }
    (settings as Record<string, number>)[m[1]!] = Number(m[2]);
  }
  let map: GameMap;
  try {
    map = loadMapFile(mapPath);
  } catch (e) {
    err(`the map ${mapPath} cannot be loaded: ${(e as Error).message}\n`);
    return 2;
  }
  let capitals: Record<Side, string> | undefined;
  if (a.capitals) {
    const ids = a.capitals.split(',').map((x) => x.trim());
    const g = duelGraph(map);
    if (ids.length !== 2 || ids.some((x) => g.kind.get(x) !== 'land') || ids[0] === ids[1]) {
      err('--capitals names two different land territories by id (X,Y)\n');
      return 2;
    }
    capitals = { A: ids[0]!, B: ids[1]! };
  }
  const results: DuelGameResult[] = [];
  for (let i = 0; i < n; i++) {
    const spec: DuelGameSpec = { seed: seed + i, bots: { A: bots[0]!, B: bots[1]! }, ...(capitals ? { capitals } : {}), ...(Object.keys(settings).length ? { settings } : {}) };
    const r = playDuel(map, spec);
    results.push(r);
    if (a.out) {
      const file = resolve(n === 1 ? a.out : a.out.replace(/(\.[^./]*)?$/, (ext) => `-${spec.seed}${ext || '.txt'}`));
      const rel = relative(dirname(file), resolve(mapPath)) || mapPath;
      writeFileSync(file, duelTranscript(rel, spec, [`simulated: npm run simulate -- --game duel --seed ${spec.seed} --bots ${bots.join(',')}`, `result: ${r.winner.join('') || 'draw'} by ${r.how} after ${r.turns} turns, scores ${r.scores.A}:${r.scores.B}`]));
    }
  }
  const sum = summarize(results);
  if (a.json) {
    out(`${JSON.stringify({ summary: sum, games: results.map((r) => ({ seed: r.spec.seed, capitals: r.state.capitals, winner: r.winner, how: r.how, turns: r.turns, scores: r.scores, ms: +r.ms.toFixed(1) })) }, null, 2)}\n`);
    return 0;
  }
  out(`Europe Duel on ${map.id}: ${bots[0]} (A) vs ${bots[1]} (B), seeds ${seed}…${seed + n - 1}\n`);
  if (n <= 20) {
    for (const r of results) {
      const w = r.winner.length ? `${r.winner[0]} (${r.spec.bots[r.winner[0]!]})` : 'draw';
      out(`  seed ${r.spec.seed}: ${r.state.capitals.A} vs ${r.state.capitals.B} → ${w} by ${r.how}, turn ${r.turns}, scores ${r.scores.A}:${r.scores.B}, ${r.ms.toFixed(0)} ms\n`);
    }
  }
  out(`games ${sum.games}: A ${sum.A}, B ${sum.B}, draws ${sum.draws}; A's share of decisive games ${Number.isNaN(sum.shareA) ? '—' : `${sum.shareA.toFixed(1)}%`}\n`);
  out(`turns: mean ${sum.turns.mean.toFixed(1)}, median ${sum.turns.median}, p90 ${sum.turns.p90}, max ${sum.turns.max}; endings ${Object.entries(sum.how).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
  out(`engine time ${sum.ms.total.toFixed(0)} ms (${sum.ms.perTurn.toFixed(2)} ms per resolved turn, longest game ${sum.ms.maxGame.toFixed(0)} ms)\n`);
  if (a.out) out(`transcript${n > 1 ? 's' : ''}: ${a.out}${n > 1 ? ' (one per seed)' : ''}\n`);
  return 0;
}
