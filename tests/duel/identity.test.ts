/**
 * Behaviour identity of the duel engine's speed work (duel.md D11 B3): the helpers (D6), routes (D5), bots (D8)
 * and board (D1) were made faster with the rule that not one decision may change. These seeded games — bot games
 * on Europe (D8.2/D8.3), and fuzz games where both sides change helper modes, paint, rally points, routes and
 * manual orders at random (D5, D6.2–D6.9) on Europe and the two fixture maps — were hashed with the code as it was
 * BEFORE the speed work (a clean export of commit 51bf362); the hashes below are those values and must never change with an
 * optimisation. A fuzz game hashes the state JSON after every resolution plus every turn's helper preview
 * (helperOrders, D6/D10.5) and lander decision (D8.3) for both sides.
 *
 * `PRINT_EXPECTED=1 node --import tsx --test tests/duel/identity.test.ts` prints the table (only to regenerate
 * it after a deliberate rule change, reviewed as such).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import { makeRng } from '../../src/games/europe/rng.ts';
import { duelGraph, type DuelGraph } from '../../src/games/duel/board.ts';
import { applyDuel, newDuel, toBoard, type DuelCommand, type DuelState } from '../../src/games/duel/engine.ts';
import { helperOrders, MODES, type Mode } from '../../src/games/duel/helpers.ts';
import { lander } from '../../src/games/duel/bots.ts';
import type { Side } from '../../src/games/duel/resolve.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** What the rules decide (not the state's presentation fields, which other work may extend): hashed. */
const played = (s: DuelState) => JSON.stringify([
  s.turn, s.status, s.outcome, s.capitals, s.owner, s.armies, s.stacks, s.routes, s.nextRoute, s.helper, s.orders, s.idle,
]);

interface Result { turn: number; how: string | null; winner: string; hash: string }
const summary = (s: DuelState, hash: string): Result => ({ turn: s.turn, how: s.outcome?.how ?? null, winner: s.outcome?.winner.join('') ?? '-', hash });

function botGame(map: GameMap, seed: number, a: string, b: string): Result {
  const s = newDuel(map, { type: 'start', at: 0, seed, bots: { A: a, B: b } });
  return summary(s, sha(played(s)));
}

/** Random commands of both sides every turn (the rng drawn in a fixed order), then both ready. */
function fuzzGame(map: GameMap, g: DuelGraph, seed: number, turnLimit: number, capitals?: Record<Side, string>): Result {
  const s = newDuel(map, { type: 'start', at: 0, seed, settings: { turnLimit }, ...(capitals ? { capitals } : {}) });
  const rng = makeRng(seed * 7919 + 13);
  const h = createHash('sha256');
  const nodes = [...g.land, ...g.sea];
  const pickMode = (): Mode => rng.pick(MODES);
  let at = 0;
  while (s.status === 'running') {
    for (const side of ['A', 'B'] as const) {
      const own = g.land.filter((t) => s.owner[t] === side);
      const cmds: DuelCommand[] = [];
      if (rng.chance(0.3)) cmds.push({ kind: 'helper', mode: pickMode() });
      if (rng.chance(0.3)) cmds.push({ kind: 'helper', mode: pickMode(), paint: Array.from({ length: rng.int(1, 12) }, () => rng.pick(g.land)) });
      if (rng.chance(0.1)) cmds.push({ kind: 'clearPaint', ids: rng.chance(0.3) ? 'all' : Array.from({ length: rng.int(1, 6) }, () => rng.pick(g.land)) });
      if (rng.chance(0.2)) cmds.push({ kind: 'rally', at: rng.chance(0.25) ? null : rng.pick(g.land) });
      if (own.length && rng.chance(0.25)) cmds.push({ kind: 'route', from: rng.pick(own), points: Array.from({ length: rng.int(1, 2) }, () => rng.pick(nodes)), count: rng.chance(0.5) ? 'all' : 'half' });
      if (own.length && rng.chance(0.15)) {
        const from = rng.pick(own);
        const to = rng.pick(g.nbrs.get(from) ?? [from]);
        cmds.push({ kind: 'order', order: rng.chance(0.2) ? { kind: 'stand', from } : { kind: 'move', from, to, count: rng.chance(0.5) ? 'all' : 'half' } });
      }
      if (rng.chance(0.05)) cmds.push({ kind: 'cancelRoute', target: 'all' });
      for (const c of cmds) {
        const r = applyDuel(g, s, { type: 'command', at, side, command: c });
        h.update(r.ok ? 'ok' : r.code);
      }
      // The preview (D10.5) the page would draw, and what a lander would decide here (D8.3).
      const hp = s.helper[side];
      const manual = Object.values(s.orders[side]);
      const preview = helperOrders(g, toBoard(s), side, {
        defaultMode: hp.mode, paint: new Map(Object.entries(hp.paint)), rally: hp.rally, capitals: s.capitals,
        held: new Set([...manual.map((o) => o.from), ...s.routes.filter((r) => r.side === side).map((r) => r.path[r.at]!)]),
        claimed: manual.flatMap((o) => (o.kind === 'move' ? [o.to] : [])), defenseFactor: s.settings.defenseFactor,
      });
      h.update(JSON.stringify(preview));
      h.update(JSON.stringify(lander.decide({
        graph: g, board: toBoard(s), side, capitals: s.capitals, routes: s.routes.filter((r) => r.side === side),
        maxRoutes: 50, defenseFactor: s.settings.defenseFactor, seaLoss: s.settings.seaLoss, landerMinTerritories: 2,
      })));
    }
    applyDuel(g, s, { type: 'command', at, side: 'A', command: { kind: 'ready' } });
    if (s.status === 'running') applyDuel(g, s, { type: 'command', at, side: 'B', command: { kind: 'ready' } });
    h.update(played(s));
    at += 1000;
  }
  return summary(s, h.digest('hex').slice(0, 16));
}

const europeMap = loadMapFile('maps/europe.json');
const tinyMap = loadMapFile('tests/fixtures/tiny.json');
const islandsMap = loadMapFile('tests/fixtures/islands.json');
const europe = duelGraph(europeMap);
const tiny = duelGraph(tinyMap);
const islands = duelGraph(islandsMap);

const CASES: Record<string, () => Result> = {};
for (const [a, b, seeds] of [['greedy', 'greedy', [1, 2, 3, 4, 5, 6]], ['lander', 'greedy', [1, 2, 3, 4, 5, 6]], ['greedy', 'lander', [7, 8]], ['lander', 'lander', [1, 2, 3]]] as const) {
  for (const seed of seeds) CASES[`europe ${a}/${b} seed ${seed}`] = () => botGame(europeMap, seed, a, b);
}
for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) CASES[`europe fuzz seed ${seed}`] = () => fuzzGame(europeMap, europe, seed, 60);
for (const seed of [1, 2, 3, 4]) CASES[`islands fuzz seed ${seed}`] = () => fuzzGame(islandsMap, islands, seed, 30, { A: 'w_cap', B: 'e_cap' });
for (const seed of [1, 2, 3]) CASES[`tiny fuzz seed ${seed}`] = () => fuzzGame(tinyMap, tiny, seed, 30, { A: 'a_cap', B: 'b_cap' });

/** Computed with the code before the speed work (a clean `git archive` of 51bf362, run in its own folder). */
const EXPECTED: Record<string, Result> = {
  'europe greedy/greedy seed 1': { turn: 37, how: 'capital', winner: 'B', hash: '6949529dab60e78c' },
  'europe greedy/greedy seed 2': { turn: 54, how: 'capital', winner: 'A', hash: 'ffc754f4d5aa0607' },
  'europe greedy/greedy seed 3': { turn: 33, how: 'capital', winner: 'A', hash: '33499873b501cd3c' },
  'europe greedy/greedy seed 4': { turn: 43, how: 'capital', winner: 'B', hash: '06970ac193c0fc1c' },
  'europe greedy/greedy seed 5': { turn: 53, how: 'capital', winner: 'B', hash: '988c98f03d4b628e' },
  'europe greedy/greedy seed 6': { turn: 26, how: 'capital', winner: 'B', hash: '34d8975ed610a264' },
  'europe lander/greedy seed 1': { turn: 13, how: 'capital', winner: 'A', hash: '3864e48186b6ac0e' },
  'europe lander/greedy seed 2': { turn: 15, how: 'capital', winner: 'A', hash: '7ebd7bbe987b5fb5' },
  'europe lander/greedy seed 3': { turn: 25, how: 'capital', winner: 'A', hash: 'a5df05caa3ee67fe' },
  'europe lander/greedy seed 4': { turn: 18, how: 'capital', winner: 'A', hash: 'f152c6e0dfdae5cc' },
  'europe lander/greedy seed 5': { turn: 15, how: 'capital', winner: 'A', hash: 'b79385bc7b0bcab3' },
  'europe lander/greedy seed 6': { turn: 14, how: 'capital', winner: 'A', hash: 'ee1a7cba058721b1' },
  'europe greedy/lander seed 7': { turn: 18, how: 'capital', winner: 'B', hash: 'ac36b4db9d316516' },
  'europe greedy/lander seed 8': { turn: 21, how: 'capital', winner: 'B', hash: 'ee91e638cbe26287' },
  'europe lander/lander seed 1': { turn: 14, how: 'capital', winner: 'A', hash: '3e45b11902d14bb7' },
  'europe lander/lander seed 2': { turn: 14, how: 'capital', winner: 'A', hash: '7486b201e25f2a62' },
  'europe lander/lander seed 3': { turn: 20, how: 'capital', winner: 'B', hash: '9d7c733db3f4bbeb' },
  'europe fuzz seed 1': { turn: 24, how: 'capital', winner: 'A', hash: '365dbb253c57da20' },
  'europe fuzz seed 2': { turn: 60, how: 'score', winner: 'B', hash: '049b584dc8b1c949' },
  'europe fuzz seed 3': { turn: 60, how: 'score', winner: 'B', hash: 'f85ea8340f3b553a' },
  'europe fuzz seed 4': { turn: 60, how: 'score', winner: 'B', hash: '9c818c06f15ba82c' },
  'europe fuzz seed 5': { turn: 58, how: 'capital', winner: 'A', hash: '6a8df6b39a4ab575' },
  'europe fuzz seed 6': { turn: 13, how: 'capital', winner: 'A', hash: '68f7c4039ed89677' },
  'europe fuzz seed 7': { turn: 60, how: 'score', winner: 'A', hash: '39e09f447a2fabc2' },
  'europe fuzz seed 8': { turn: 60, how: 'score', winner: 'B', hash: '2ce460f8879753a0' },
  'islands fuzz seed 1': { turn: 14, how: 'capital', winner: 'A', hash: '2f297639c071698b' },
  'islands fuzz seed 2': { turn: 18, how: 'capital', winner: 'B', hash: '960088e2cc106fe9' },
  'islands fuzz seed 3': { turn: 16, how: 'capital', winner: 'B', hash: 'b0d856411f5bd240' },
  'islands fuzz seed 4': { turn: 13, how: 'capital', winner: 'B', hash: 'b464ecfb5b4aa219' },
  'tiny fuzz seed 1': { turn: 14, how: 'capital', winner: 'B', hash: '39f0923625e73f97' },
  'tiny fuzz seed 2': { turn: 7, how: 'capital', winner: 'A', hash: 'ad1ec3d1bdf71994' },
  'tiny fuzz seed 3': { turn: 17, how: 'capital', winner: 'B', hash: '4f662bd16f412807' },
};

if (process.env.PRINT_EXPECTED) {
  const out: Record<string, Result> = {};
  for (const [name, run] of Object.entries(CASES)) out[name] = run();
  console.log(JSON.stringify(out, null, 2));
}

for (const [name, run] of Object.entries(CASES)) {
  test(`D11 B3 speed work changes nothing: ${name} plays exactly as before (turn, outcome, state hash)`, () => {
    assert.deepEqual(run(), EXPECTED[name]);
  });
}
