/** Europe Duel's turn engine (duel.md D1.5, D2, D3, D5, D7) on the tiny map, capitals given explicitly (D1.7). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { applyDuel as applyWith, newDuel, scores, NO_HELPER, type DuelEntry, type DuelState } from '../../src/games/duel/engine.ts';

/** These tests check the turn order itself: the helper is off, so a territory without an order stands. */
const applyDuel = (graph: typeof g, s: DuelState, e: DuelEntry) => applyWith(graph, s, e, NO_HELPER);

const map = loadMapFile('tests/fixtures/tiny.json');
const g = duelGraph(map);
const T0 = 1_000_000;
const start: Extract<DuelEntry, { type: 'start' }> = { type: 'start', at: T0, seed: 42, capitals: { A: 'a_cap', B: 'b_cap' } };
const order = (side: 'A' | 'B', from: string, to: string, count: 'all' | 'half' = 'all', at = T0 + 1000): DuelEntry => ({ type: 'command', at, side, command: { kind: 'order', order: { kind: 'move', from, to, count } } });
const cmd = (side: 'A' | 'B', kind: 'ready' | 'unready' | 'resign', at = T0 + 2000): DuelEntry => ({ type: 'command', at, side, command: { kind } });

test('D1.5 start: each side holds its capital with 10, every other land territory is neutral with its 1–3 garrison; turn 1 closes 30 s later', () => {
  const s = newDuel(map, start);
  assert.deepEqual([s.owner.a_cap, s.armies.a_cap, s.owner.b_cap, s.armies.b_cap], ['A', 10, 'B', 10]);
  assert.ok(g.land.filter((t) => t !== 'a_cap' && t !== 'b_cap').every((t) => s.owner[t] === null && s.armies[t]! >= 1 && s.armies[t]! <= 3));
  assert.deepEqual([s.turn, s.deadlineAt, s.fair], [1, T0 + 30_000, false]);
  assert.ok(!('a_ars' in s.owner), 'no arsenal on the board');
});

test('D2.2 a refused order changes nothing (but its D10.8 log row); a new order for the same source replaces the old one', () => {
  const s = newDuel(map, start);
  const before = JSON.stringify(s);
  assert.deepEqual(applyDuel(g, s, order('A', 'b_cap', 'b_land')), { ok: false, code: 'NOT_OWNER' });
  assert.deepEqual(applyDuel(g, s, order('A', 'a_cap', 'mid')), { ok: false, code: 'NOT_ADJACENT' });
  assert.deepEqual(s.log.map((r) => [r.command, r.ok, r.code]), [['move', false, 'NOT_OWNER'], ['move', false, 'NOT_ADJACENT']]);
  assert.equal(JSON.stringify({ ...s, log: [] }), before);
  applyDuel(g, s, order('A', 'a_cap', 'a_land'));
  applyDuel(g, s, order('A', 'a_cap', 'a_city', 'half'));
  assert.deepEqual(s.orders.A, { a_cap: { kind: 'move', from: 'a_cap', to: 'a_city', count: 'half' } });
});

test('D2.5/D2.6: both ready resolves at once; half of 10 takes the neutral city; growth; the next turn opens at that instant', () => {
  const s = newDuel(map, start);
  const city = s.armies.a_city!;
  applyDuel(g, s, order('A', 'a_cap', 'a_city', 'half'));
  applyDuel(g, s, cmd('A', 'ready'));
  assert.equal(s.turn, 1, 'one side ready: the turn stays open');
  applyDuel(g, s, cmd('B', 'ready', T0 + 5000));
  // 5 vs the city's garrison c (1–3): 5 > 1.5c always, survivors ceil(5 − 1.5c); then growth: the city +2, the capital 5 + 3 = 8.
  assert.equal(s.owner.a_city, 'A');
  assert.equal(s.armies.a_city, Math.ceil((5000 - 1500 * city) / 1000) + 2);
  assert.equal(s.armies.a_cap, 8);
  assert.equal(s.armies.b_cap, 13, 'B stood: 10 + 3');
  assert.deepEqual([s.turn, s.openedAt, s.deadlineAt, s.ready, s.orders], [2, T0 + 5000, T0 + 35_000, { A: false, B: false }, { A: {}, B: {} }]);
  assert.deepEqual(scores(g, s), { A: 3 + 2, B: 3 });
});

test('D2.1 the deadline: a tick before it changes nothing, a tick at it resolves with the orders given', () => {
  const s = newDuel(map, start);
  applyDuel(g, s, order('B', 'b_cap', 'b_land'));
  applyDuel(g, s, { type: 'tick', at: T0 + 29_999 });
  assert.equal(s.turn, 1);
  applyDuel(g, s, { type: 'tick', at: T0 + 30_000 });
  assert.equal(s.turn, 2);
  assert.equal(s.owner.b_land, 'B');
});

test('D2.8/D7.4: three turns without an action lose by technical defeat; both idle: abandoned', () => {
  const s = newDuel(map, start);
  for (let t = 1; t <= 3; t++) {
    applyDuel(g, s, cmd('A', 'ready', s.openedAt + 1));
    applyDuel(g, s, { type: 'tick', at: s.deadlineAt });
  }
  assert.deepEqual([s.status, s.outcome, s.idle], ['ended', { winner: ['A'], how: 'technical' }, { A: 0, B: 3 }]);
  const both = newDuel(map, start);
  for (let t = 1; t <= 3; t++) applyDuel(g, both, { type: 'tick', at: both.deadlineAt });
  assert.deepEqual(both.outcome, { winner: [], how: 'abandoned' });
  assert.deepEqual(applyDuel(g, both, cmd('A', 'ready')), { ok: false, code: 'GAME_NOT_RUNNING' });
});

test('D7.1 taking the enemy capital wins at once; D7.5 resign', () => {
  const s: DuelState = newDuel(map, { ...start, capitals: { A: 'a_land', B: 'b_land' } });
  // 20 against the capital's 10: 20000 > 15000, the capital falls with ceil(5) = 5.
  s.armies.a_land = 20;
  applyDuel(g, s, order('A', 'a_land', 'b_land'));
  applyDuel(g, s, cmd('A', 'ready'));
  applyDuel(g, s, cmd('B', 'ready'));
  assert.deepEqual([s.status, s.outcome, s.owner.b_land], ['ended', { winner: ['A'], how: 'capital' }, 'A']);
  const r = newDuel(map, start);
  applyDuel(g, r, cmd('B', 'resign'));
  assert.deepEqual(r.outcome, { winner: ['A'], how: 'resign' });
});

test('D1.8 a game is its log: the same entries give the same state, and the state is plain JSON', () => {
  const log: DuelEntry[] = [order('A', 'a_cap', 'a_land'), cmd('A', 'ready'), order('B', 'b_cap', 'b_city', 'half'), cmd('B', 'ready'), { type: 'tick', at: T0 + 40_000 }];
  const fold = () => { const s = newDuel(map, start); for (const e of log) applyDuel(g, s, e); return s; };
  const a = fold();
  assert.deepEqual(a, fold());
  assert.deepEqual(JSON.parse(JSON.stringify(a)), a);
});

test('D5 through the engine: 【路线】甲都→乙都 with 8 takes the neutral 3 with 4 and walks on (D5.7); a manual order at its node cancels it (D2.3)', () => {
  const s = newDuel(map, start);
  s.armies.a_cap = 8;
  s.armies.a_land = 3;
  assert.deepEqual(applyDuel(g, s, { type: 'command', at: T0 + 1000, side: 'A', command: { kind: 'route', from: 'a_cap', points: ['b_cap'], count: 'all' } }), { ok: true });
  assert.deepEqual(s.routes.map((r) => r.path), [['a_cap', 'a_land', 'b_land', 'b_cap']], 'the D5.3 path');
  applyDuel(g, s, cmd('A', 'ready'));
  applyDuel(g, s, cmd('B', 'ready'));
  // need(3) = 5 ≤ 8: all 8 move; 8 vs 3 wins with ceil(8 − 4.5) = 4; growth makes a_land 5 but the route carries 4.
  assert.deepEqual([s.owner.a_land, s.armies.a_land], ['A', 5]);
  assert.deepEqual(s.routes.map((r) => [r.at, r.armies]), [[1, 4]]);
  const r = applyDuel(g, s, order('A', 'a_land', 'a_city', 'all', s.openedAt + 1));
  assert.deepEqual(r, { ok: true, cancelledRoutes: [1] });
  assert.deepEqual(s.routes, []);
  assert.deepEqual(applyDuel(g, s, { type: 'command', at: s.openedAt + 2, side: 'A', command: { kind: 'cancelRoute', target: { id: 1 } } }), { ok: false, code: 'NO_SUCH_ROUTE' });
});
