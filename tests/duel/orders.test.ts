/** Europe Duel orders (duel.md D2.2) and the idle counter (D2.8), on the tiny and islands test maps. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import type { Board } from '../../src/games/duel/resolve.ts';
import { checkOrder, countOf, moveOf, nextIdle } from '../../src/games/duel/orders.ts';

const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const islands = duelGraph(loadMapFile('tests/fixtures/islands.json'));

function board(g: typeof tiny, owned: Record<string, ['A' | 'B', number]>, stacks: Record<string, { A: number; B: number }> = {}): Board {
  const b: Board = { owner: new Map(), armies: new Map(), stacks: new Map(Object.entries(stacks)) };
  for (const t of g.land) { b.owner.set(t, owned[t]?.[0] ?? null); b.armies.set(t, owned[t]?.[1] ?? 1); }
  return b;
}

test('D2.2 counts: 7 armies, half → 3 move and 4 stay; all → 7; half of 1 is 0', () => {
  assert.deepEqual([countOf('half', 7), countOf('all', 7), countOf('half', 1)], [3, 7, 0]);
});

test('D2.2 legality: the speaker\'s source, a neighbour, at least one army; stand at 0 is accepted', () => {
  const b = board(tiny, { a_land: ['A', 7], a_city: ['A', 1], a_cap: ['A', 0], b_land: ['B', 4] });
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'move', from: 'a_land', to: 'mid', count: 'half' }), null);
  assert.deepEqual(moveOf(tiny, b, 'A', { kind: 'move', from: 'a_land', to: 'mid', count: 'half' }), { side: 'A', from: 'a_land', to: 'mid', n: 3 });
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'move', from: 'b_land', to: 'mid', count: 'all' }), 'NOT_OWNER');
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'move', from: 'mid', to: 'a_land', count: 'all' }), 'NOT_OWNER', 'a neutral is nobody\'s');
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'move', from: 'a_land', to: 'c_cap', count: 'all' }), 'NOT_ADJACENT');
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'move', from: 'a_city', to: 'a_cap', count: 'half' }), 'NOT_ENOUGH_ARMIES', 'half of 1 is 0');
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'stand', from: 'a_cap' }), null, 'stand at 0');
  assert.equal(checkOrder(tiny, b, 'A', { kind: 'move', from: 'a_cap', to: 'a_ars', count: 'all' }), 'UNKNOWN_TERRITORY', 'an arsenal is not on the duel graph (D1.1)');
  assert.equal(moveOf(tiny, b, 'A', { kind: 'stand', from: 'a_cap' }), null);
});

test('D2.2/D4.5 a sea stack is ordered like a territory; a zone without one\'s stack is not one\'s own', () => {
  const b = board(islands, { w_port: ['A', 6] }, { inner: { A: 5, B: 2 } });
  assert.equal(checkOrder(islands, b, 'A', { kind: 'move', from: 'inner', to: 'outer', count: 'all' }), null);
  assert.equal(checkOrder(islands, b, 'B', { kind: 'move', from: 'inner', to: 'e_port', count: 'half' }), null, 'B\'s 2: half is 1');
  assert.equal(checkOrder(islands, b, 'A', { kind: 'move', from: 'outer', to: 'isle', count: 'all' }), 'NOT_OWNER');
  assert.equal(checkOrder(islands, b, 'A', { kind: 'move', from: 'w_port', to: 'inner', count: 'all' }), null, 'embarking from a port');
});

test('D2.8 idle: acting resets to 0, a turn without an action counts one more, bots never idle', () => {
  assert.deepEqual([nextIdle(2, true, false), nextIdle(2, false, false), nextIdle(0, false, false), nextIdle(5, false, true)], [0, 3, 1, 0]);
});
