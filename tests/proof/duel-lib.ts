/**
 * Shared by the long Europe Duel proofs (duel.md D11 P1–P6), run by `npm run proof -- duel` and not by `npm test`
 * (their files end in `.proof.ts`). Seeds 1…N of the fair D1 draw on today's Europe unless a proof says otherwise.
 */
import { existsSync, readdirSync } from 'node:fs';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import { makeRng, type Rng } from '../../src/games/europe/rng.ts';
import { duelGraph, type DuelGraph } from '../../src/games/duel/board.ts';
import { applyDuel, newDuel, type DuelCommand, type DuelSettings, type DuelState } from '../../src/games/duel/engine.ts';
import { MODES } from '../../src/games/duel/helpers.ts';
import { playDuel, type DuelGameResult } from '../../src/games/duel/sim.ts';
import type { Side } from '../../src/games/duel/resolve.ts';

export const SEEDS = Number(process.env.DUEL_PROOF_SEEDS ?? 400);
export const europeMap: GameMap = loadMapFile('maps/europe.json');
export const europe: DuelGraph = duelGraph(europeMap);

export const flip = (x: Side): Side => (x === 'A' ? 'B' : 'A');

/** P1: the exchanged game — same seed (same garrisons), capitals swapped by `@capitals`, bots swapped. */
export function exchanged(one: DuelGameResult): DuelGameResult {
  return playDuel(europeMap, { seed: one.spec.seed, bots: { A: one.spec.bots.B, B: one.spec.bots.A }, capitals: { A: one.state.capitals.B, B: one.state.capitals.A } });
}

/** The territory table with A↔B (P1's mirror). */
export function mirrorTable(s: DuelState): Record<string, [Side | null, number]> {
  return Object.fromEntries(Object.keys(s.owner).sort().map((t) => [t, [s.owner[t] ? flip(s.owner[t]!) : null, s.armies[t]!]]));
}
export function table(s: DuelState): Record<string, [Side | null, number]> {
  return Object.fromEntries(Object.keys(s.owner).sort().map((t) => [t, [s.owner[t] ?? null, s.armies[t]!]]));
}

/** Wins–draws–losses of side A and its score share (wins + ½ draws) and A's share of the decisive games, %. */
export function record(rs: readonly DuelGameResult[]): { w: number; d: number; l: number; score: number; decisiveA: number; meanTurns: number } {
  const w = rs.filter((r) => r.winner.length === 1 && r.winner[0] === 'A').length;
  const l = rs.filter((r) => r.winner.length === 1 && r.winner[0] === 'B').length;
  const d = rs.length - w - l;
  return { w, d, l, score: (100 * (w + d / 2)) / rs.length, decisiveA: w + l ? (100 * w) / (w + l) : NaN, meanTurns: rs.reduce((a, r) => a + r.turns, 0) / rs.length };
}

export const fmt = (x: number) => x.toFixed(1);

/** D8.4: the agent rows of P3 need a weights file in models/duel-agent (v<N>.json + v<N>.bin). */
export function agentWeights(): string | null {
  const dir = 'models/duel-agent';
  if (!existsSync(dir)) return null;
  const v = readdirSync(dir).filter((f) => /^v\d+\.json$/.test(f)).sort();
  return v.length ? `${dir}/${v.at(-1)}` : null;
}

/**
 * D11 P6's fuzz: both sides give random commands every turn (orders, routes, helper modes, paint, rally points,
 * cancellations; refused ones change nothing), then Ready; `after` sees the state before and after each resolution.
 */
export function fuzzGame(map: GameMap, seed: number, after: (before: DuelState, s: DuelState) => void, settings: Partial<DuelSettings> = {}): DuelState {
  const g = duelGraph(map);
  const s = newDuel(map, { type: 'start', at: 0, seed, settings });
  const rng: Rng = makeRng(seed * 104729 + 17);
  const nodes = [...g.land, ...g.sea];
  while (s.status === 'running') {
    const before = structuredClone(s);
    const at = s.openedAt;
    for (const side of ['A', 'B'] as const) {
      const own = g.land.filter((t) => s.owner[t] === side);
      const stacks = g.sea.filter((z) => (s.stacks[z]?.[side] ?? 0) > 0);
      const cmds: DuelCommand[] = [];
      if (rng.chance(0.2)) cmds.push({ kind: 'helper', mode: rng.pick(MODES) });
      if (rng.chance(0.3)) cmds.push({ kind: 'helper', mode: rng.pick(MODES), paint: Array.from({ length: rng.int(1, 12) }, () => rng.pick(g.land)) });
      if (rng.chance(0.05)) cmds.push({ kind: 'clearPaint', ids: 'all' });
      if (rng.chance(0.15)) cmds.push({ kind: 'rally', at: rng.chance(0.25) ? null : rng.pick(g.land) });
      if (own.length && rng.chance(0.3)) cmds.push({ kind: 'route', from: rng.pick(own), points: Array.from({ length: rng.int(1, 3) }, () => rng.pick(nodes)), count: rng.chance(0.5) ? 'all' : 'half' });
      for (let k = rng.int(0, 4); k > 0 && own.length + stacks.length; k--) {
        const from = rng.pick([...own, ...stacks]);
        const to = rng.pick(g.nbrs.get(from) ?? [from]);
        cmds.push({ kind: 'order', order: rng.chance(0.15) ? { kind: 'stand', from } : { kind: 'move', from, to, count: rng.chance(0.5) ? 'all' : 'half' } });
      }
      if (rng.chance(0.05)) cmds.push({ kind: 'cancelRoute', target: 'all' });
      if (rng.chance(0.05)) cmds.push({ kind: 'cancel', from: 'all' });
      for (const command of cmds) applyDuel(g, s, { type: 'command', at, side, command });
    }
    const turn = s.turn;
    applyDuel(g, s, { type: 'command', at, side: 'A', command: { kind: 'ready' } });
    if (s.status === 'running') applyDuel(g, s, { type: 'command', at, side: 'B', command: { kind: 'ready' } });
    if (s.status === 'running' && s.turn === turn) throw new Error(`fuzz seed ${seed}: turn ${turn} did not resolve`);
    after(before, s);
  }
  return s;
}
