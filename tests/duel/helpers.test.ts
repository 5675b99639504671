/** Europe Duel helpers (duel.md D6: normal, expand, rally, defend, sea stacks, D6.8 paint inheritance) and the brush (D6.9). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph, geography, setupBoard, type DuelGraph } from '../../src/games/duel/board.ts';
import { resolveMoves, type Board, type Move, type Side } from '../../src/games/duel/resolve.ts';
import { checkOrder, moveOf, type Order } from '../../src/games/duel/orders.ts';
import {
  checkRally, clearPaint, helperOrders, inheritPaint, landPathFrom, modeWord, paintRegion, paintTerritories, regionTerritories,
  type HelperOpts, type Mode,
} from '../../src/games/duel/helpers.ts';

const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const islands = duelGraph(loadMapFile('tests/fixtures/islands.json'));
const europe = duelGraph(loadMapFile('maps/europe.json'));

/** Seed 7's garrisons of the worked game (duel.md "A worked game"): every land territory neutral with them. */
const SEED7: Record<string, number> = { a_cap: 1, a_city: 1, a_land: 3, b_cap: 3, b_city: 2, b_land: 2, c_cap: 2, c_city: 1, c_land: 2, mid: 3, waste: 1 };

/** A board: `owned` sets owner and armies; every other land territory is neutral with `neutral[t]` (default 1). */
function board(g: DuelGraph, owned: Record<string, [Side, number]>, neutral: Record<string, number> = {}, stacks: Record<string, { A: number; B: number }> = {}): Board {
  const b: Board = { owner: new Map(), armies: new Map(), stacks: new Map(Object.entries(stacks)) };
  for (const t of g.land) {
    b.owner.set(t, owned[t]?.[0] ?? null);
    b.armies.set(t, owned[t]?.[1] ?? neutral[t] ?? 1);
  }
  return b;
}

const TINY_CAPS = { A: 'a_cap', B: 'b_cap' };
function opts(o: Partial<HelperOpts> = {}): HelperOpts {
  return { defaultMode: 'normal', paint: new Map(), rally: null, capitals: TINY_CAPS, held: new Set(), ...o };
}
const mv = (from: string, to: string, count: 'all' | 'half' = 'all'): Order => ({ kind: 'move', from, to, count });
const st = (from: string): Order => ({ kind: 'stand', from });

/** Every helper order is legal by D2.2's checkOrder, at most one per source, none on a held node (D2.3). */
function assertLegal(g: DuelGraph, b: Board, side: Side, orders: readonly Order[], held: ReadonlySet<string> = new Set()): void {
  const seen = new Set<string>();
  for (const o of orders) {
    assert.equal(checkOrder(g, b, side, o), null, `illegal helper order ${JSON.stringify(o)}`);
    assert.ok(!seen.has(o.from), `two orders from ${o.from}`);
    assert.ok(!held.has(o.from), `helper touched held ${o.from}`);
    seen.add(o.from);
  }
}

const sortOrders = (os: readonly Order[]) => [...os].sort((a, b) => (a.from < b.from ? -1 : 1));

// ——— D6.3 normal, on the worked game ———

test('D6.3 worked game turn 1: B\'s helper at 乙都 10 picks 乙城 (value 2) over 乙乡 (value 1); A\'s ordered capital is held', () => {
  const b = board(tiny, { a_cap: ['A', 10], b_cap: ['B', 10] }, SEED7);
  const B = helperOrders(tiny, b, 'B', opts());
  assert.deepEqual(B, [mv('b_cap', 'b_city')]);
  assertLegal(tiny, b, 'B', B);
  // A's 甲都 has a manual order (half → 甲城): the helper gives A nothing.
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ held: new Set(['a_cap']), claimed: ['a_city'] })), []);
});

test('D6.3 worked game turn 2: 甲城 6 → 荒城 (甲乡 claimed by the route); 乙城 9 → 荒城; 乙都 3 < need(2) = 4 stands', () => {
  // Start of turn 2: growth made 甲都 8, 甲城 6, 乙都 3, 乙城 9; 甲乡 (3), 乙乡 (2), 荒城 (1) neutral.
  const b = board(tiny, { a_cap: ['A', 8], a_city: ['A', 6], b_cap: ['B', 3], b_city: ['B', 9] }, SEED7);
  const A = helperOrders(tiny, b, 'A', opts({ held: new Set(['a_cap']), claimed: ['a_land'] }));
  assert.deepEqual(A, [mv('a_city', 'waste')]);
  const B = helperOrders(tiny, b, 'B', opts());
  // Processed by (armies desc): 乙城 9 first (荒城's value 2 beats 乙乡's 1), then 乙都 3, frontier → stand.
  assert.deepEqual(B, [mv('b_city', 'waste'), st('b_cap')]);
  assertLegal(tiny, b, 'A', A, new Set(['a_cap']));
  assertLegal(tiny, b, 'B', B);
});

test('D6.3/D6.1 worked game turn 3: 甲都 walks to 甲城 (stepToward ties → smallest id), 甲城 stands; B takes 乙乡 and hits 甲城; the arithmetic of the spec follows', () => {
  const b = board(tiny, { a_cap: ['A', 3], a_city: ['A', 2], a_land: ['A', 5], b_cap: ['B', 6], b_city: ['B', 2], waste: ['B', 4] }, SEED7);
  const A = helperOrders(tiny, b, 'A', opts({ held: new Set(['a_land']), claimed: ['b_land'] }));
  // 甲都 3 interior; frontier {甲城, 甲乡} both at distance 0 → 甲城 < 甲乡 by id ('a_city' < 'a_land'). 甲城 2: 荒城 4 needs 7 → stand.
  assert.deepEqual(A, [mv('a_cap', 'a_city'), st('a_city')]);
  const B = helperOrders(tiny, b, 'B', opts());
  // 乙都 6 ≥ need(2) = 4 → 乙乡; 荒城 4 ≥ need(2) = 4 → 甲城; 乙城 2: 乙乡 already claimed → stands.
  assert.deepEqual(B, [mv('b_cap', 'b_land'), mv('waste', 'a_city'), st('b_city')]);
  // Resolve with A's route (4 of 甲乡's 5 to 乙乡): 甲城 2 + 3 = 5 holds against 4 (4000 > 7500 false) with
  // floor(5 − 4/1.5) = 2; at 乙乡 melee A 4 vs B 6 → B 2; 2 vs 2: 2000 > 3000 false → 0 left, still neutral.
  const moves: Move[] = [{ side: 'A', from: 'a_land', to: 'b_land', n: 4 }];
  for (const o of A) { const m = moveOf(tiny, b, 'A', o); if (m) moves.push(m); }
  for (const o of B) { const m = moveOf(tiny, b, 'B', o); if (m) moves.push(m); }
  resolveMoves(tiny, b, moves);
  assert.deepEqual([b.owner.get('a_city'), b.armies.get('a_city'), b.owner.get('b_land'), b.armies.get('b_land')], ['A', 2, null, 0]);
});

test('D6.3 normal: the enemy capital first when beatable, then value, then the weakest, then id; an interior territory at 0 gets no order', () => {
  // 甲乡 10 is A's; 甲都 is A's at 0 (interior: no order). With capitals B = mid, mid is "E's capital".
  const b = board(tiny, { a_land: ['A', 10], a_cap: ['A', 0] }, { a_city: 1, mid: 5, b_land: 1, c_city: 1 });
  // mid (value 1, 5 armies, need 8 ≤ 10) is E's capital here: valueKey's first field beats 甲城's value 2.
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ capitals: { A: 'a_land', B: 'mid' } })), [mv('a_land', 'mid')]);
  // Without it: 甲城 (value 2) beats 乙乡/丙城 by value; with 甲城 claimed: 丙城 (value 2) beats the value-1 ones.
  assert.deepEqual(helperOrders(tiny, b, 'A', opts()), [mv('a_land', 'a_city')]);
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ claimed: ['a_city'] })), [mv('a_land', 'c_city')]);
  // Same value and armies → smallest id: 乙乡 vs 中原 both value 1; mid has 5 so 乙乡 (1) is the weakest.
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ claimed: ['a_city', 'c_city'] })), [mv('a_land', 'b_land')]);
  // Weakest before id: 中原 1 beats 乙乡 2 although 'b_land' < 'mid'; equal armies fall back to id.
  b.armies.set('mid', 1);
  b.armies.set('b_land', 2);
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ claimed: ['a_city', 'c_city'] })), [mv('a_land', 'mid')]);
  b.armies.set('b_land', 1);
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ claimed: ['a_city', 'c_city'] })), [mv('a_land', 'b_land')]);
});

// ——— D6.4 expand ———

test('D6.4 expand: half where half is enough, else all, else stand and wait for a joint attack', () => {
  const exp = opts({ defaultMode: 'expand' });
  // 甲乡 9: h = 4 ≥ need(2) = 4 for 甲都 (value 3) → half.
  const b1 = board(tiny, { a_land: ['A', 9] }, { a_cap: 2, a_city: 2, mid: 1, b_land: 5, c_city: 5 });
  assert.deepEqual(helperOrders(tiny, b1, 'A', exp), [mv('a_land', 'a_cap', 'half')]);
  // The same board in normal mode attacks with all (D6.3): the mode makes the difference.
  assert.deepEqual(helperOrders(tiny, b1, 'A', opts()), [mv('a_land', 'a_cap')]);
  // 甲乡 5: h = 2 beats nothing (all neighbours ≥ 2, need ≥ 4); all 5 ≥ need(3) = 5 → all into the 3.
  const b2 = board(tiny, { a_land: ['A', 5] }, { a_cap: 4, a_city: 4, mid: 3, b_land: 4, c_city: 4 });
  assert.deepEqual(helperOrders(tiny, b2, 'A', exp), [mv('a_land', 'mid')]);
});

test('D6.4 JOINT: two idle frontier territories strike together when their sum ≥ need; otherwise both keep standing', () => {
  const exp = opts({ defaultMode: 'expand', capitals: { A: 'a_city', B: 'b_cap' } });
  // 甲城 3 and 甲乡 4 each face only garrisons of 3 (need 5): alone neither can. Their common neighbour 甲都 (3,
  // value 3) comes first by valueKey: 3 + 4 = 7 ≥ need(3) = 5 → both attack it with all.
  const b = board(tiny, { a_city: ['A', 3], a_land: ['A', 4] }, { a_cap: 3, waste: 3, b_land: 3, c_city: 3, mid: 3 });
  const o = helperOrders(tiny, b, 'A', exp);
  assert.deepEqual(sortOrders(o), [mv('a_city', 'a_cap'), mv('a_land', 'a_cap')]);
  assertLegal(tiny, b, 'A', o);
  // 甲都 at 5 needs 8 > 7; every other target touches only one of them → nobody moves.
  b.armies.set('a_cap', 5);
  assert.deepEqual(sortOrders(helperOrders(tiny, b, 'A', exp)), [st('a_city'), st('a_land')]);
  // A claimed target is not joined (its claim came from a manual order or a route).
  b.armies.set('a_cap', 3);
  assert.deepEqual(sortOrders(helperOrders(tiny, b, 'A', { ...exp, claimed: ['a_cap'] })), [st('a_city'), st('a_land')]);
});

// ——— D6.5 rally ———

test('D6.5 strike example: staging 6 + 5 + 4 = 15 beside P holding 9, need(9) = 14 ≤ 15 → all three attack and take P with ceil(15 − 13.5) = 2', () => {
  const b = board(tiny, { a_land: ['A', 6], c_city: ['A', 5], c_land: ['A', 4] }, { mid: 9 });
  const o = helperOrders(tiny, b, 'A', opts({ defaultMode: 'rally', rally: 'mid' }));
  assert.deepEqual(sortOrders(o), [mv('a_land', 'mid'), mv('c_city', 'mid'), mv('c_land', 'mid')]);
  assertLegal(tiny, b, 'A', o);
  resolveMoves(tiny, b, o.map((x) => moveOf(tiny, b, 'A', x)!));
  assert.deepEqual([b.owner.get('mid'), b.armies.get('mid')], ['A', 2]);
  // P at 10: need(10) = 16 > 15 → the staging territories stand beside it.
  const b2 = board(tiny, { a_land: ['A', 6], c_city: ['A', 5], c_land: ['A', 4] }, { mid: 10 });
  assert.deepEqual(sortOrders(helperOrders(tiny, b2, 'A', opts({ defaultMode: 'rally', rally: 'mid' }))), [st('a_land'), st('c_city'), st('c_land')]);
});

test('D6.5 an enemy rally point: the staging strikes it when the sum beats the garrison; non-rally territories are not staging', () => {
  // 乙乡 is B's with 3 (need 5); 甲乡 6 rally beside it strikes; 中原 (also beside it) is normal-painted and plays NORMAL.
  const b = board(tiny, { a_land: ['A', 6], mid: ['A', 2], b_land: ['B', 3], b_cap: ['B', 1] }, { c_land: 1 });
  const o = helperOrders(tiny, b, 'A', opts({ defaultMode: 'rally', rally: 'b_land', paint: new Map<string, Mode>([['mid', 'normal']]) }));
  // mid 2 ≥ need(1) = 2 → 丙城 (value 2 beats 丙乡's 1; 乙乡 is claimed by the strike).
  assert.deepEqual(sortOrders(o), [mv('a_land', 'b_land'), mv('mid', 'c_city')]);
});

test('D6.5 an own rally point: it stands (any mode), the rally territories walk toward it through own land', () => {
  // A owns 甲都 2 (the point, painted normal), 甲乡 5, 中原 4; 中原 is two steps away: → 甲乡.
  const b = board(tiny, { a_cap: ['A', 2], a_land: ['A', 5], mid: ['A', 4] }, {});
  const o = helperOrders(tiny, b, 'A', opts({ defaultMode: 'rally', rally: 'a_cap', paint: new Map<string, Mode>([['a_cap', 'normal']]) }));
  assert.deepEqual(sortOrders(o), [st('a_cap'), mv('a_land', 'a_cap'), mv('mid', 'a_land')]);
  // Normal mode alone would have 甲都 2 attack 甲城 (1, need 2): the rally plan's stand overrides its mode.
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ rally: 'a_cap' }))[0], mv('a_land', 'a_city'));
});

test('D6.5 fist (no rally point → the enemy capital): the nearest rally territory (ties: id) cuts the D5.3 road; the others follow it', () => {
  // 甲都 and 甲城 are both 3 land steps from 乙都; 'a_cap' < 'a_city' → G = 甲都; n = 甲乡 (D5.3: a_cap, a_land, b_land, b_cap).
  assert.deepEqual(landPathFrom(tiny, 'a_cap', 'b_cap'), { steps: 3, next: 'a_land' });
  const b = board(tiny, { a_cap: ['A', 10], a_city: ['A', 4] }, { a_land: 3 });
  const o = helperOrders(tiny, b, 'A', opts({ defaultMode: 'rally' }));
  // 10 ≥ need(3) = 5 → 甲都 → 甲乡; 甲城 walks toward G = 甲都.
  assert.deepEqual(o, [mv('a_cap', 'a_land'), mv('a_city', 'a_cap')]);
  // 甲乡 at 7 needs 11 > 10: G stands and gathers.
  b.armies.set('a_land', 7);
  assert.deepEqual(helperOrders(tiny, b, 'A', opts({ defaultMode: 'rally' })), [st('a_cap'), mv('a_city', 'a_cap')]);
});

test('D6.5 unreachable rally point: the rally territory behaves as normal', () => {
  // On islands, 孤岛 has no land road to the enemy capital 东都: NORMAL(isle) — no land neighbour → stands.
  const b = board(islands, { isle: ['A', 5], w_cap: ['B', 9] }, {});
  const caps = { A: 'isle', B: 'e_cap' };
  const rally = helperOrders(islands, b, 'A', opts({ defaultMode: 'rally', capitals: caps }));
  assert.deepEqual(rally, helperOrders(islands, b, 'A', opts({ capitals: caps })));
  assert.deepEqual(rally, [st('isle')]);
});

// ——— D6.6 defend ———

test('D6.6 defend: the capital and the enemy border stand (never attack), the rear moves up to the enemy border', () => {
  const b = board(tiny, { a_cap: ['A', 5], a_city: ['A', 4], a_land: ['A', 3], mid: ['A', 6], b_land: ['B', 2] }, { waste: 1 });
  const o = helperOrders(tiny, b, 'A', opts({ defaultMode: 'defend' }));
  // enemyFront = {甲乡, 中原} (beside B's 乙乡). 甲城 faces only a neutral (荒城): not on F → steps to 甲乡.
  // 中原 6 ≥ need(2) = 4 yet stands: defence never attacks.
  assert.deepEqual(sortOrders(o), [st('a_cap'), mv('a_city', 'a_land'), st('a_land'), st('mid')]);
  // No enemy border: F = the frontier. With 甲城 as the capital, 甲都 (interior) moves to the frontier {甲城, 甲乡} → 甲城.
  const b2 = board(tiny, { a_cap: ['A', 5], a_city: ['A', 4], a_land: ['A', 3] }, {});
  assert.deepEqual(sortOrders(helperOrders(tiny, b2, 'A', opts({ defaultMode: 'defend', capitals: { A: 'a_city', B: 'b_cap' } }))),
    [mv('a_cap', 'a_city'), st('a_city'), st('a_land')]);
});

// ——— D6.7 sea stacks ———

test('D6.7 sea: a stack lands on a beatable foreign coast, else on an own coast, else sails toward one, else stands', () => {
  const caps = { A: 'w_port', B: 'e_cap' };
  // inner 5: 东港 neutral 3, need 5 ≤ 5 → lands there.
  let b = board(islands, { w_port: ['A', 0] }, { e_port: 3 }, { inner: { A: 5, B: 0 } });
  assert.deepEqual(helperOrders(islands, b, 'A', opts({ capitals: caps })), [mv('inner', 'e_port')]);
  // 东港 at 4 (need 7): home to 西港.
  b = board(islands, { w_port: ['A', 0] }, { e_port: 4 }, { inner: { A: 5, B: 0 } });
  assert.deepEqual(helperOrders(islands, b, 'A', opts({ capitals: caps })), [mv('inner', 'w_port')]);
  // A claimed coast is skipped the same way.
  b = board(islands, { w_port: ['A', 0] }, { e_port: 3 }, { inner: { A: 5, B: 0 } });
  assert.deepEqual(helperOrders(islands, b, 'A', opts({ capitals: caps, claimed: ['e_port'] })), [mv('inner', 'w_port')]);
  // outer 4 beside 孤岛 3 and 小镇 4 (need 5, 7): no own coast there → BFS to inner (touches own 西港).
  b = board(islands, { w_port: ['A', 0] }, { isle: 3, z_town: 4 }, { outer: { A: 4, B: 0 } });
  assert.deepEqual(helperOrders(islands, b, 'A', opts({ capitals: caps })), [mv('outer', 'inner')]);
  // Without any own coast anywhere: stands.
  b = board(islands, { w_cap: ['A', 0] }, { isle: 3, z_town: 4 }, { outer: { A: 4, B: 0 } });
  assert.deepEqual(helperOrders(islands, b, 'A', opts({ capitals: { A: 'w_cap', B: 'e_cap' } })), [st('outer')]);
  // B's stack in the same zone is not A's: A gives it nothing.
  b = board(islands, { w_port: ['A', 0] }, { isle: 3, z_town: 4 }, { outer: { A: 0, B: 4 } });
  assert.deepEqual(helperOrders(islands, b, 'A', opts({ capitals: caps })), []);
});

test('D6.3/D6.7 normal never moves into the sea, and the stacks go by (size desc, id asc) sharing claimed', () => {
  // 西港 9 has only the sea and own land around: it is not frontier… 西乡 is beside 小镇; normal 西港 steps toward it.
  const b = board(islands, { w_port: ['A', 9], w_land: ['A', 1], w_cap: ['A', 1] }, { e_land: 9, z_town: 9, e_port: 1, isle: 3 }, { inner: { A: 2, B: 0 }, outer: { A: 2, B: 0 } });
  const o = helperOrders(islands, b, 'A', opts({ capitals: { A: 'w_cap', B: 'e_cap' } }));
  for (const x of o) if (x.kind === 'move' && islands.kind.get(x.from) === 'land') assert.notEqual(islands.kind.get(x.to), 'sea', 'normal moved into the sea');
  // inner 2 ≥ need(1) = 2 → 东港; outer (same size, later id): 孤岛 3 needs 5, 小镇 9 → no own coast → sails to inner.
  assert.deepEqual(o.filter((x) => islands.kind.get(x.from) === 'sea'), [mv('inner', 'e_port'), mv('outer', 'inner')]);
});

// ——— held, legality, determinism ———

test('D2.3/D5.4 held nodes (manual order or route) get no helper order, and still count as own land for distances and frontier', () => {
  const b = board(tiny, { a_cap: ['A', 8], a_city: ['A', 2], a_land: ['A', 7] }, SEED7);
  const free = helperOrders(tiny, b, 'A', opts());
  assert.ok(free.some((o) => o.from === 'a_land'), 'unheld 甲乡 gets an order');
  const held = new Set(['a_land', 'a_city']);
  const o = helperOrders(tiny, b, 'A', opts({ held }));
  assertLegal(tiny, b, 'A', o, held);
  // 甲都 8: its neighbours are both own (held) — interior; it still walks to the frontier through them: → 甲城 (smaller id).
  assert.deepEqual(o, [mv('a_cap', 'a_city')]);
  // A held sea stack is left alone as well.
  const bi = board(islands, { w_port: ['A', 0] }, { e_port: 1 }, { inner: { A: 5, B: 0 } });
  assert.deepEqual(helperOrders(islands, bi, 'A', opts({ capitals: { A: 'w_port', B: 'e_cap' }, held: new Set(['inner']) })), []);
});

/** A mid-game Europe board: seed 42's garrisons, A owns every 3rd land territory, B the next, stacks in a few zones. */
function europeBoard(reverse = false): Board {
  const setup = setupBoard(europe, 42);
  const entries: [string, Side | null, number][] = europe.land.map((t, i) => [t, i % 3 === 0 ? 'A' : i % 3 === 1 ? 'B' : null, (setup.garrison.get(t)! * (i % 7)) % 13]);
  const stacks: [string, { A: number; B: number }][] = europe.sea.filter((_, i) => i % 4 === 0).map((z, i) => [z, { A: 3 + i, B: i % 2 }]);
  if (reverse) { entries.reverse(); stacks.reverse(); }
  return {
    owner: new Map(entries.map(([t, o]) => [t, o])), armies: new Map(entries.map(([t, , n]) => [t, n])), stacks: new Map(stacks),
  };
}

test('D6 on Europe: every helper order in every mode (painted mix, rally points) is legal by checkOrder and touches no held node', () => {
  const b = europeBoard();
  const caps = { A: europe.land[0]!, B: europe.land[1]! };
  const held = new Set(europe.land.filter((_, i) => i % 11 === 0));
  const paint = new Map<string, Mode>(europe.land.map((t, i) => [t, (['normal', 'expand', 'rally', 'defend'] as const)[i % 4]!]));
  for (const side of ['A', 'B'] as const) {
    for (const defaultMode of ['normal', 'expand', 'rally', 'defend'] as const) {
      for (const rally of [null, 'paris', 'berlin', europe.land[7]!]) {
        for (const p of [new Map<string, Mode>(), paint]) {
          const o = helperOrders(europe, b, side, opts({ defaultMode, paint: p, rally, held, capitals: caps }));
          assert.ok(o.length > 0);
          assertLegal(europe, b, side, o, held);
        }
      }
    }
  }
});

test('D1.8/D6 determinism: the same input gives the same orders, whatever the insertion order of the board\'s maps and the paint', () => {
  const caps = { A: europe.land[0]!, B: europe.land[1]! };
  const paint = europe.land.map((t, i): [string, Mode] => [t, (['expand', 'rally', 'defend', 'normal'] as const)[i % 4]!]);
  const run = (b: Board, p: [string, Mode][]) => helperOrders(europe, b, 'A', opts({ paint: new Map(p), rally: 'vienna', capitals: caps, claimed: ['paris'] }));
  const first = run(europeBoard(), paint);
  assert.deepEqual(run(europeBoard(), paint), first);
  assert.deepEqual(run(europeBoard(true), [...paint].reverse()), first);
  assert.ok(first.some((o) => o.kind === 'move'), 'a non-trivial turn');
});

// ——— D6.8 paint inheritance ———

test('D6.8 paint follows a helper\'s conquest: largest non-default flow (tie: smallest source id); painted, manual or not-captured targets unchanged', () => {
  const before = board(tiny, { a_land: ['A', 8], a_city: ['A', 8], a_cap: ['A', 8] }, {});
  const after = board(tiny, { a_land: ['A', 1], a_city: ['A', 1], a_cap: ['A', 1], mid: ['A', 3], waste: ['A', 2], b_land: ['A', 1] }, {});
  const paint = new Map<string, Mode>([['a_land', 'expand'], ['a_city', 'rally'], ['a_cap', 'defend'], ['b_land', 'normal']]);
  const moves: Move[] = [
    { side: 'A', from: 'a_land', to: 'mid', n: 4 }, // expand, 4
    { side: 'A', from: 'c_city', to: 'mid', n: 9 }, // not A's source: its mode is the default → paints nothing
    { side: 'A', from: 'a_city', to: 'waste', n: 5 }, // rally
    { side: 'A', from: 'a_land', to: 'b_land', n: 4 }, // b_land already painted → unchanged
    { side: 'A', from: 'a_cap', to: 'c_city', n: 4 }, // c_city not captured → nothing
  ];
  const out = inheritPaint(tiny, 'A', paint, 'normal', moves, before, after);
  assert.equal(out.get('mid'), 'expand');
  assert.equal(out.get('waste'), 'rally');
  assert.equal(out.get('b_land'), 'normal');
  assert.equal(out.has('c_city'), false);
  assert.equal(paint.has('mid'), false, 'the input paint is not changed');
  // Tie 4 vs 4 into mid from a_cap (defend) and a_land (expand): 'a_cap' < 'a_land' → defend.
  const tie = inheritPaint(tiny, 'A', paint, 'normal', [{ side: 'A', from: 'a_land', to: 'mid', n: 4 }, { side: 'A', from: 'a_cap', to: 'mid', n: 4 }], before, after);
  assert.equal(tie.get('mid'), 'defend');
  // A flow whose source mode equals the default paints nothing: default expand makes a_land's paint not differ.
  assert.equal(inheritPaint(tiny, 'A', paint, 'expand', [moves[0]!], before, after).has('mid'), false);
});

// ——— D6.9 the brush ———

test('D6.9 brush: mode words and synonyms; paint any land territory (default mode stored explicitly); regions by pos in bbox; sea NOT_ALLOWED', () => {
  assert.deepEqual(['普通', '正常', '默认', '扩张', '扩展', '集结', '集合', '防守', '防御', '进攻'].map(modeWord),
    ['normal', 'normal', 'normal', 'expand', 'expand', 'rally', 'rally', 'defend', 'defend', null]);
  const p = paintTerritories(islands, new Map(), 'normal', ['e_cap', 'isle']);
  assert.ok(p.ok);
  assert.deepEqual([...p.paint], [['e_cap', 'normal'], ['isle', 'normal']], 'enemy or neutral land can be painted; the default mode is stored');
  assert.deepEqual(paintTerritories(islands, p.paint, 'defend', ['w_cap', 'inner']), { ok: false, code: 'NOT_ALLOWED', at: 'inner' });
  // islands "south" bbox [150, 300, 450, 560]: 小镇 (200, 380) and 孤岛 (300, 520); 外海 (300, 440) is a sea zone.
  assert.deepEqual(regionTerritories(islands, 'south'), ['isle', 'z_town']);
  const r = paintRegion(islands, p.paint, 'expand', 'south');
  assert.ok(r.ok);
  assert.equal(r.paint.get('isle'), 'expand');
  assert.equal(r.paint.get('z_town'), 'expand');
  assert.equal(r.paint.get('e_cap'), 'normal');
  // D10.10: an unknown region is UNKNOWN_TERRITORY (the code of an unknown territory, "also an unknown region").
  assert.deepEqual(paintRegion(islands, p.paint, 'expand', 'north'), { ok: false, code: 'UNKNOWN_TERRITORY', at: 'north' });
  assert.deepEqual(clearPaint(islands, r.paint, { region: 'north' }), { ok: false, code: 'UNKNOWN_TERRITORY', at: 'north' });
  const c = clearPaint(islands, r.paint, { region: 'south' });
  assert.ok(c.ok);
  assert.deepEqual([...c.paint], [['e_cap', 'normal']]);
  const all = clearPaint(islands, r.paint, 'all');
  assert.ok(all.ok);
  assert.equal(all.paint.size, 0);
  assert.equal(checkRally(islands, 'outer'), 'NOT_ALLOWED');
  assert.equal(checkRally(islands, 'isle'), null);
  assert.equal(checkRally(islands, 'w_ars'), 'UNKNOWN_TERRITORY', 'an arsenal is not on the duel graph');
});

test('D6 paint over default: a territory painted normal attacks while the default defend keeps the rest standing', () => {
  const b = board(tiny, { a_cap: ['A', 5], a_land: ['A', 6], a_city: ['A', 4] }, { mid: 1, b_land: 1, c_city: 1, waste: 1 });
  const o = helperOrders(tiny, b, 'A', opts({ defaultMode: 'defend', paint: new Map<string, Mode>([['a_land', 'normal']]) }));
  // 甲乡 (normal) 6 → 丙城 (value 2, 1 army): first value-2 by id among {c_city}; 甲城 (defend, on the frontier) stands; 甲都 capital stands.
  assert.deepEqual(sortOrders(o), [st('a_cap'), st('a_city'), mv('a_land', 'c_city')]);
});

test('D6.5/D5.3 the fist\'s land path: its length is D1.6 landDist, its first step a neighbour one step nearer', () => {
  const geo = geography(europe);
  for (const [x, y] of [['barcelona', 'oslo'], ['lyon', 'skopje'], ['paris', 'berlin'], ['london', 'paris']] as const) {
    const p = landPathFrom(europe, x, y);
    const d = geo.landDist(x, y);
    if (d === Infinity) { assert.equal(p, null, `${x}→${y} has no land road`); continue; }
    assert.ok(p, `${x}→${y}`);
    assert.equal(p.steps, d);
    assert.ok(europe.landNbrs.get(x)!.includes(p.next));
    assert.equal(geo.landDist(p.next, y), d - 1);
  }
});

test('D6.8 with the resolution\'s events: a painted helper flow destroyed head-on paints nothing; the surviving one paints', () => {
  // A takes neutral 乙乡 (1) with 中原's 4 (rally-painted): 4000 > 1500 → captured. 甲乡's 6 (expand-painted) also
  // headed there but lost a head-on fight to 7 of B (the event is built by hand: on this board 乙乡 is neutral).
  // By take-off count 6 > 4 would paint expand; the head-on exclusion makes it rally.
  const before = board(tiny, { a_land: ['A', 6], mid: ['A', 4] }, { b_land: 1 });
  const b = board(tiny, { a_land: ['A', 6], mid: ['A', 4] }, { b_land: 1 });
  const fromLand: Move = { side: 'A', from: 'a_land', to: 'b_land', n: 6 };
  const fromMid: Move = { side: 'A', from: 'mid', to: 'b_land', n: 4 };
  const events = resolveMoves(tiny, b, [fromMid]);
  events.push({ type: 'headOn', a: { side: 'A', from: 'a_land', n: 6 }, b: { side: 'B', from: 'b_land', n: 7 }, survivor: 'B', left: 1 });
  const paint = new Map<string, Mode>([['a_land', 'expand'], ['mid', 'rally']]);
  assert.equal(b.owner.get('b_land'), 'A');
  assert.equal(inheritPaint(tiny, 'A', paint, 'normal', [fromLand, fromMid], before, b).get('b_land'), 'expand', 'without events the larger flow (6) paints');
  assert.equal(inheritPaint(tiny, 'A', paint, 'normal', [fromLand, fromMid], before, b, events).get('b_land'), 'rally', 'its flow died head-on: 中原\'s 4 paints');
});
