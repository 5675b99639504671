/**
 * Europe Duel's movement and combat (duel.md D2.6 steps 4–10, D3, D4) on the tiny and islands test maps. Every
 * figure is worked by hand in the comment beside it (defenseFactor 1.5, seaLoss 0.1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { assault, atSea, need } from '../../src/games/europe/combat.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { grow, resolveMoves, type Board, type Side } from '../../src/games/duel/resolve.ts';

const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const islands = duelGraph(loadMapFile('tests/fixtures/islands.json'));

/** A board where every land territory is neutral with 1 unless `set` says otherwise. */
function board(g: typeof tiny, set: Record<string, [Side | null, number]>): Board {
  const b: Board = { owner: new Map(), armies: new Map(), stacks: new Map() };
  for (const t of g.land) { b.owner.set(t, null); b.armies.set(t, 1); }
  for (const [t, [o, n]] of Object.entries(set)) { b.owner.set(t, o); b.armies.set(t, n); }
  return b;
}

test('D4.1 need(d): the smallest a with a > 1.5·d — 0→1, 1→2, 2→4, 3→5, 4→7, 5→8, 6→10, 10→16', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 10].map((d) => need(d, 1.5)), [1, 2, 4, 5, 7, 8, 10, 16]);
});

test('D4.2 assault: the attacker rounds up, the defender down (7v4 win 1; 6v4 held 0; 5v4 held 0; 3v4 held 2; 8v3 win 4; 10v3 win 6; 3v1 win 2)', () => {
  const cases: [number, number, boolean, number][] = [[7, 4, true, 1], [6, 4, false, 0], [5, 4, false, 0], [3, 4, false, 2], [8, 3, true, 4], [10, 3, true, 6], [3, 1, true, 2]];
  for (const [a, d, won, left] of cases) assert.deepEqual(assault(a, d, 1.5), { won, left }, `${a} vs ${d}`);
});

test('D4.3 head-on: 9 against 5 on a land edge, 4 go on and take the emptied source; 6 against 6 destroys both', () => {
  // A: a_land 9 → b_land; B: b_land 5 (all) → a_land. Midway 9 − 5 = 4 go on; b_land stands at 0: 4 vs 0 takes it with 4.
  const b = board(tiny, { a_land: ['A', 9], b_land: ['B', 5] });
  const ev = resolveMoves(tiny, b, [{ side: 'A', from: 'a_land', to: 'b_land', n: 9 }, { side: 'B', from: 'b_land', to: 'a_land', n: 5 }]);
  assert.deepEqual(ev.filter((e) => e.type === 'headOn').map((e) => [e.survivor, e.left]), [['A', 4]]);
  // D10.8: `headOn.a` is the flow from the smaller source id (a_land < b_land), each flow {side, from, n}.
  assert.deepEqual(ev.find((e) => e.type === 'headOn'), { type: 'headOn', a: { side: 'A', from: 'a_land', n: 9 }, b: { side: 'B', from: 'b_land', n: 5 }, survivor: 'A', left: 4 });
  assert.deepEqual([b.owner.get('b_land'), b.armies.get('b_land')], ['A', 4]);
  assert.deepEqual([b.owner.get('a_land'), b.armies.get('a_land')], ['A', 0], 'nothing of B arrived: a_land stays A\'s at 0');
  const t = board(tiny, { a_land: ['A', 6], b_land: ['B', 6] });
  resolveMoves(tiny, t, [{ side: 'A', from: 'a_land', to: 'b_land', n: 6 }, { side: 'B', from: 'b_land', to: 'a_land', n: 6 }]);
  assert.deepEqual([t.armies.get('a_land'), t.armies.get('b_land'), t.owner.get('a_land'), t.owner.get('b_land')], [0, 0, 'A', 'B']);
});

test('D4.4 melee: A sends 6 and B sends 9 into a neutral holding 1 — B keeps 3, and 3 vs 1 takes it with 2', () => {
  const b = board(tiny, { a_land: ['A', 6], b_land: ['B', 9], mid: [null, 1] });
  const ev = resolveMoves(tiny, b, [{ side: 'A', from: 'a_land', to: 'mid', n: 6 }, { side: 'B', from: 'b_land', to: 'mid', n: 9 }]);
  assert.deepEqual(ev.filter((e) => e.type === 'melee').map((e) => [e.survivor, e.left]), [['B', 3]]);
  // D10.8: melee entrants by n descending; then B's 3 battle the neutral 1 (`battle`) and take it (`capture`).
  assert.deepEqual(ev.filter((e) => e.type !== 'reinforce'), [
    { type: 'melee', territory: 'mid', entrants: [{ side: 'B', n: 9 }, { side: 'A', n: 6 }], survivor: 'B', left: 3 },
    { type: 'battle', territory: 'mid', attacker: 'B', defender: null, attackers: 3, defenders: 1, won: true, left: 2 },
    { type: 'capture', territory: 'mid', from: null, to: 'B', armies: 2 },
  ]);
  assert.deepEqual([b.owner.get('mid'), b.armies.get('mid')], ['B', 2]);
});

test('D4.4 the owner\'s arrivals join the defence first: 2 + 3 = 5 hold against 7 (need(5) = 8), at 0', () => {
  // Without the reinforcement 7 vs 2 would win with ceil(4) = 4; with it 7 vs 5: floor((7500 − 7000)/1500) = 0, held.
  const b = board(tiny, { a_land: ['A', 3], mid: ['A', 2], b_land: ['B', 7] });
  resolveMoves(tiny, b, [{ side: 'A', from: 'a_land', to: 'mid', n: 3 }, { side: 'B', from: 'b_land', to: 'mid', n: 7 }]);
  assert.deepEqual([b.owner.get('mid'), b.armies.get('mid')], ['A', 0]);
});

test('D2.6: armies leave at take-off even when their source falls in the same resolution', () => {
  // A empties a_land (9) into mid (neutral 1): 9 vs 1 wins with ceil(7.5) = 8. B's 3 find a_land at 0: 3 vs 0 wins with 3.
  const b = board(tiny, { a_land: ['A', 9], b_land: ['B', 3], mid: [null, 1] });
  resolveMoves(tiny, b, [{ side: 'A', from: 'a_land', to: 'mid', n: 9 }, { side: 'B', from: 'b_land', to: 'a_land', n: 3 }]);
  assert.deepEqual([b.owner.get('mid'), b.armies.get('mid'), b.owner.get('a_land'), b.armies.get('a_land'), b.armies.get('b_land')], ['A', 8, 'B', 3, 0]);
});

test('D4.6 sea loss: floor(90%) a turn — 10 → 9 → 8 → 7 → 6, 5 → 4, 1 → 0; arrive(20, 2) = 16, arrive(30, 2) = 24', () => {
  const chain = [10];
  for (let i = 0; i < 4; i++) chain.push(atSea(chain.at(-1)!, 0.1));
  assert.deepEqual(chain, [10, 9, 8, 7, 6]);
  assert.deepEqual([atSea(5, 0.1), atSea(1, 0.1), atSea(atSea(20, 0.1), 0.1), atSea(atSea(30, 0.1), 0.1)], [4, 0, 16, 24]);
});

test('D4.5/D4.6 a crossing on the islands map: 10 embark (9 at sea), cross to the outer zone (8), land on the isle and take it', () => {
  // Turn 1: w_port → inner: the stack keeps floor(9.0) = 9. Turn 2: inner → outer: 8. Turn 3: outer → isle (neutral 1): 8 vs 1 wins with ceil(6.5) = 7.
  const b = board(islands, { w_port: ['A', 10], isle: [null, 1] });
  resolveMoves(islands, b, [{ side: 'A', from: 'w_port', to: 'inner', n: 10 }]);
  assert.deepEqual(b.stacks.get('inner'), { A: 9, B: 0 });
  resolveMoves(islands, b, [{ side: 'A', from: 'inner', to: 'outer', n: 9 }]);
  assert.deepEqual([b.stacks.get('inner'), b.stacks.get('outer')], [{ A: 0, B: 0 }, { A: 8, B: 0 }]);
  const ev = resolveMoves(islands, b, [{ side: 'A', from: 'outer', to: 'isle', n: 8 }]);
  assert.deepEqual([b.owner.get('isle'), b.armies.get('isle')], ['A', 7]);
  assert.equal(ev.filter((e) => e.type === 'seaLoss').length, 0, 'landing costs nothing; an emptied stack pays nothing');
  // Two sides in one zone never fight (D4.5).
  const c = board(islands, { w_port: ['A', 5], e_port: ['B', 5] });
  resolveMoves(islands, c, [{ side: 'A', from: 'w_port', to: 'inner', n: 5 }, { side: 'B', from: 'e_port', to: 'inner', n: 5 }]);
  assert.deepEqual(c.stacks.get('inner'), { A: 4, B: 4 });
});

test('D3 growth: capital (a city, 2) + three land + one city = 7; a city taken this turn with 1 survivor stands at 3', () => {
  const b = board(tiny, { a_city: ['A', 10], a_land: ['A', 0], mid: ['A', 2], b_land: ['A', 1], waste: [null, 1], b_cap: ['B', 5] });
  // A attacks waste (a city, neutral 1) with 2 from a_city: 2 vs 1 wins with ceil(2 − 1.5) = 1 survivor.
  resolveMoves(tiny, b, [{ side: 'A', from: 'a_city', to: 'waste', n: 2 }]);
  assert.deepEqual([b.owner.get('waste'), b.armies.get('waste')], ['A', 1]);
  const before = b.armies.get('a_land');
  const ev = grow(tiny, b);
  // A owns a_city 2, a_land 1, mid 1, b_land 1 (= 2 + 3×1) and waste 2: 7 over 5 territories. B owns b_cap 3.
  // D10.8 `growth {side, territories, armies}`.
  assert.deepEqual(ev, [{ type: 'growth', side: 'A', territories: 5, armies: 7 }, { type: 'growth', side: 'B', territories: 1, armies: 3 }]);
  assert.equal(b.armies.get('waste'), 3, '1 survivor + its value 2');
  assert.equal(b.armies.get('a_land'), before! + 1, 'a territory at 0 grows too');
  assert.equal(b.armies.get('c_land'), 1, 'neutrals never grow');
});
