/**
 * Europe Duel routes (duel.md D5) on the tiny and islands test maps: paths (D5.2, D5.3), creation (D5.2), route
 * steps (D5.4), bookkeeping (D5.5), cancelling (D5.6) and D5.7's two examples turn by turn. Every figure is worked
 * by hand in the comment beside it (defenseFactor 1.5, seaLoss 0.1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph, type DuelGraph } from '../../src/games/duel/board.ts';
import { cloneBoard, grow, resolveMoves, type Board, type Move, type Side } from '../../src/games/duel/resolve.ts';
import {
  cancelRoutes, createRoute, pathCost, routeBookkeeping, routeFlows, routePath, routeSteps, shortestLeg, type Route,
} from '../../src/games/duel/routes.ts';

const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const islands = duelGraph(loadMapFile('tests/fixtures/islands.json'));

/** A board where every land territory is neutral with 1 unless `set` says otherwise. */
function board(g: DuelGraph, set: Record<string, [Side | null, number]>, stacks: Record<string, { A: number; B: number }> = {}): Board {
  const b: Board = { owner: new Map(), armies: new Map(), stacks: new Map(Object.entries(stacks)) };
  for (const t of g.land) { b.owner.set(t, null); b.armies.set(t, 1); }
  for (const [t, [o, n]] of Object.entries(set)) { b.owner.set(t, o); b.armies.set(t, n); }
  return b;
}

const route = (id: number, side: Side, path: string[], at: number, armies: number | null, count: 'all' | 'half' = 'all'): Route =>
  ({ id, side, path, at, count, armies, waiting: false });

/**
 * One resolution as D2.6 orders it for what these tests need: route steps of both sides (step 2), the other
 * orders given as moves (standing in for manual orders and helpers, step 3), steps 4–10, bookkeeping (11), growth (12).
 */
function turn(g: DuelGraph, b: Board, routes: Route[], others: Move[]) {
  const start = cloneBoard(b);
  const sa = routeSteps(g, start, 'A', routes);
  const sb = routeSteps(g, start, 'B', sa.routes);
  const moves = [...sa.moves, ...sb.moves];
  const events = resolveMoves(g, b, [...routeFlows(moves), ...others]);
  const book = routeBookkeeping(g, start, b, sb.routes, moves, events);
  grow(g, b);
  return { stepsA: sa, stepsB: sb, moves, events, book, cancelled: [...sa.cancelled, ...sb.cancelled, ...book.cancelled] };
}

test('D5.3 islands: w_cap → isle takes w_land, z_town, outer, isle (4001) over w_port, inner, outer (4002)', () => {
  // Both are 4 steps: via w_land 1000 + 1000 + 1001 (outer) + 1000 = 4001; via w_port 1000 + 1001 + 1001 + 1000 = 4002.
  assert.deepEqual(shortestLeg(islands, 'w_cap', 'isle'), ['w_cap', 'w_land', 'z_town', 'outer', 'isle']);
  assert.equal(pathCost(islands, ['w_cap', 'w_land', 'z_town', 'outer', 'isle']), 4001);
  assert.equal(pathCost(islands, ['w_cap', 'w_port', 'inner', 'outer', 'isle']), 4002);
  assert.deepEqual(routePath(islands, 'w_cap', ['isle']), ['w_cap', 'w_land', 'z_town', 'outer', 'isle']);
});

test('D5.3 tiny: 甲都 → 乙都 is a_cap, a_land, b_land, b_cap (3000)', () => {
  // The other road, a_cap, a_city, waste, b_city, b_cap, is 4000.
  const p = routePath(tiny, 'a_cap', ['b_cap']);
  assert.deepEqual(p, ['a_cap', 'a_land', 'b_land', 'b_cap']);
  assert.equal(pathCost(tiny, ['a_cap', 'a_land', 'b_land', 'b_cap']), 3000);
});

test('D5.3 ties go to the predecessor popped first: a_cap → c_land goes by b_land (popped before c_city and mid at 2000)', () => {
  // a_city → b_land: a_city, a_land, b_land (2000) is the only 2-step road; a_cap → c_land has two 3-step roads,
  // via a_land then b_land / mid / c_city: a_land is popped first (1000), then its neighbours at 2000 are popped
  // by id: b_land < c_city < mid, so c_land's predecessor is b_land (set first, equal costs later do not replace it).
  assert.deepEqual(shortestLeg(tiny, 'a_city', 'b_land'), ['a_city', 'a_land', 'b_land']);
  assert.deepEqual(shortestLeg(tiny, 'a_cap', 'c_land'), ['a_cap', 'a_land', 'b_land', 'c_land']);
});

test('D5.2 path building: repeated points dropped, at least one point differs from X, legs concatenated, NO_PATH', () => {
  assert.equal(routePath(tiny, 'a_cap', []), 'BAD_SYNTAX');
  assert.equal(routePath(tiny, 'a_cap', ['a_cap', 'a_cap']), 'BAD_SYNTAX', 'every point is X');
  // 甲都→甲都→中原→中原→乙都: the repeats drop to X→mid→b_cap: legs a_cap, a_land, mid (2000) and mid, b_land, b_cap.
  assert.deepEqual(routePath(tiny, 'a_cap', ['a_cap', 'mid', 'mid', 'b_cap']), ['a_cap', 'a_land', 'mid', 'b_land', 'b_cap']);
  // A waypoint that doubles back is allowed: a_land → waste → a_land.
  assert.deepEqual(routePath(tiny, 'a_land', ['waste', 'a_land']), ['a_land', 'a_city', 'waste', 'a_city', 'a_land']);
  assert.equal(routePath(tiny, 'a_cap', ['a_ars']), 'UNKNOWN_TERRITORY', 'arsenals are not on the duel graph (D1.1)');
  // Cut waste off the graph: no leg reaches it.
  const nbrs = new Map([...tiny.nbrs].map(([k, v]) => [k, k === 'waste' ? [] : v.filter((n) => n !== 'waste')]));
  const cut: DuelGraph = { ...tiny, nbrs };
  assert.equal(routePath(cut, 'a_cap', ['b_cap', 'waste']), 'NO_PATH');
});

test('D5.2 creating: fields, NOT_OWNER, NOT_ENOUGH_ARMIES with G of D5.4, LIMIT_EXCEEDED at 50', () => {
  const b = board(tiny, { a_cap: ['A', 8], a_land: ['A', 5], a_city: ['A', 1], b_cap: ['B', 3] });
  assert.deepEqual(createRoute(tiny, b, 'A', [], 'a_cap', ['b_cap'], 'all', 1),
    { id: 1, side: 'A', path: ['a_cap', 'a_land', 'b_land', 'b_cap'], at: 0, count: 'all', armies: null, waiting: false });
  assert.equal(createRoute(tiny, b, 'A', [], 'b_cap', ['a_cap'], 'all', 1), 'NOT_OWNER');
  assert.equal(createRoute(tiny, b, 'A', [], 'mid', ['a_cap'], 'all', 1), 'NOT_OWNER', 'a neutral is nobody\'s');
  assert.equal(createRoute(tiny, b, 'A', [], 'a_city', ['waste'], 'half', 1), 'NOT_ENOUGH_ARMIES', '一半 of 1 is 0');
  assert.notEqual(typeof createRoute(tiny, b, 'A', [], 'a_city', ['waste'], 'all', 1), 'string', 'all of 1 is 1');
  // a_land holds 5 of which a departed route carries 4: G = 1 → all is fine, half needs 2.
  const walking = [route(7, 'A', ['a_cap', 'a_land', 'b_land'], 1, 4)];
  assert.notEqual(typeof createRoute(tiny, b, 'A', walking, 'a_land', ['mid'], 'all', 8), 'string');
  assert.equal(createRoute(tiny, b, 'A', walking, 'a_land', ['mid'], 'half', 8), 'NOT_ENOUGH_ARMIES');
  // A route carrying all 5: G = 0.
  assert.equal(createRoute(tiny, b, 'A', [route(7, 'A', ['a_cap', 'a_land', 'b_land'], 1, 5)], 'a_land', ['mid'], 'all', 8), 'NOT_ENOUGH_ARMIES');
  // The syntax comes before the rules (commands.md §5): X→X from a foreign X is BAD_SYNTAX.
  assert.equal(createRoute(tiny, b, 'A', [], 'b_cap', ['b_cap'], 'all', 1), 'BAD_SYNTAX');
  const fifty = Array.from({ length: 50 }, (_, i) => route(i + 1, 'A', ['a_cap', 'a_land'], 0, null));
  assert.equal(createRoute(tiny, b, 'A', fifty, 'a_cap', ['mid'], 'all', 51), 'LIMIT_EXCEEDED');
  assert.notEqual(typeof createRoute(tiny, b, 'A', fifty.slice(1), 'a_cap', ['mid'], 'all', 51), 'string', '49 leave room for one');
  assert.notEqual(typeof createRoute(tiny, b, 'B', fifty, 'b_cap', ['mid'], 'all', 51), 'string', 'the limit is per side');
  // At sea: an own stack is a source.
  const s = board(islands, { w_port: ['A', 1] }, { inner: { A: 3, B: 0 } });
  assert.deepEqual((createRoute(islands, s, 'A', [], 'inner', ['isle'], 'all', 1) as Route).path, ['inner', 'outer', 'isle']);
  assert.equal(createRoute(islands, s, 'B', [], 'inner', ['isle'], 'all', 1), 'NOT_OWNER', 'B has no stack there');
});

test('D5.7 (worked game, turns 2–3): the capture with 4, then the melee that cancels the route `repelled`', () => {
  // Opening of turn 2 (worked game): 甲都 8, 甲城 6 (A); 乙都 3, 乙城 9 (B); 甲乡 neutral 3, 乙乡 2, 荒城 1.
  const b = board(tiny, {
    a_cap: ['A', 8], a_city: ['A', 6], a_land: [null, 3], b_cap: ['B', 3], b_city: ['B', 9], b_land: [null, 2],
    waste: [null, 1], c_cap: [null, 2], c_city: [null, 1], c_land: [null, 2], mid: [null, 3],
  });
  let routes = [createRoute(tiny, b, 'A', [], 'a_cap', ['b_cap'], 'all', 1) as Route];
  // Turn 2. Route: a_land neutral 3, need 5 ≤ 8 → all 8 go. Helpers: 甲城 6 → 荒城, 乙城 9 → 荒城.
  const t2 = turn(tiny, b, routes, [{ side: 'A', from: 'a_city', to: 'waste', n: 6 }, { side: 'B', from: 'b_city', to: 'waste', n: 9 }]);
  assert.deepEqual(t2.moves, [{ side: 'A', from: 'a_cap', to: 'a_land', n: 8, route: 1 }]);
  assert.deepEqual([...t2.stepsA.held], ['a_cap'], 'the helper leaves the route\'s node alone');
  // 8 vs 3: 8000 > 4500 → ceil(3.5) = 4 occupy; the route carries 4 at index 1; growth makes a_land 5.
  routes = t2.book.routes;
  assert.deepEqual(routes.map((r) => [r.at, r.armies, r.waiting]), [[1, 4, false]]);
  assert.deepEqual(t2.cancelled, []);
  assert.deepEqual(['a_cap', 'a_city', 'a_land', 'b_cap', 'b_city', 'waste'].map((t) => [b.owner.get(t), b.armies.get(t)]),
    [['A', 3], ['A', 2], ['A', 5], ['B', 6], ['B', 2], ['B', 4]], 'melee 6 vs 9 → B 3; 3 vs 1 → 2; then growth');
  // Turn 3. Route at a_land (5: its 4 and 1 of the node's own): b_land neutral 2, need 4 ≤ 4 → 4 go, 1 stays.
  // A's helper: 甲都 3 → 甲城. B's helper: 乙都 6 → 乙乡; 荒城 4 → 甲城.
  const t3 = turn(tiny, b, routes, [
    { side: 'A', from: 'a_cap', to: 'a_city', n: 3 }, { side: 'B', from: 'b_cap', to: 'b_land', n: 6 }, { side: 'B', from: 'waste', to: 'a_city', n: 4 },
  ]);
  assert.deepEqual(t3.moves, [{ side: 'A', from: 'a_land', to: 'b_land', n: 4, route: 1 }]);
  // Melee at b_land 4 vs 6 → B 2; 2 vs 2: 2000 > 3000 fails, 0 left, still neutral → A lost its melee: repelled.
  assert.deepEqual(t3.cancelled, [{ route: 1, side: 'A', reason: 'repelled' }]);
  assert.deepEqual(t3.book.routes, []);
  // Expected state of the worked game after growth: a_cap 3, a_city 4, a_land 2 (1 stayed + 1); b_cap 3, b_city 4, waste 2; b_land neutral 0.
  assert.deepEqual(['a_cap', 'a_city', 'a_land', 'b_cap', 'b_city', 'waste', 'b_land'].map((t) => [b.owner.get(t), b.armies.get(t)]),
    [['A', 3], ['A', 4], ['A', 2], ['B', 3], ['B', 4], ['B', 2], [null, 0]]);
});

test('D5.7 waiting: a route of 4 on a land of 9 facing an enemy 6 absorbs 5, then 1, then attacks with 10 and takes it with 1', () => {
  const b = board(tiny, { a_cap: ['A', 0], a_land: ['A', 9], b_land: ['B', 6], b_cap: ['B', 0] });
  let routes = [route(1, 'A', ['a_cap', 'a_land', 'b_land', 'b_cap'], 1, 4)];
  // Turn 1: base 4 < need(6) = 10 → waits; G = avail = 9 − 4 = 5 join: armies 9. a_land grows to 10.
  let t = turn(tiny, b, routes, []);
  assert.deepEqual(t.moves, []);
  assert.deepEqual(t.stepsA.waits, [{ route: 1, side: 'A', at: 'a_land', armies: 9 }]);
  assert.deepEqual([...t.stepsA.held], ['a_land']);
  routes = t.book.routes;
  assert.deepEqual(routes.map((r) => [r.at, r.armies, r.waiting]), [[1, 9, true]]);
  assert.equal(b.armies.get('a_land'), 10);
  b.armies.set('b_land', 6); // "if the enemy still holds 6": undo B's growth there.
  // Turn 2: base 9 < 10 → waits; G = 10 − 9 = 1 joins: armies 10. a_land grows to 11.
  t = turn(tiny, b, routes, []);
  routes = t.book.routes;
  assert.deepEqual(routes.map((r) => [r.at, r.armies, r.waiting]), [[1, 10, true]]);
  assert.equal(b.armies.get('a_land'), 11);
  b.armies.set('b_land', 6);
  // Turn 3: base 10 ≥ 10 → 10 attack, 1 stays; 10000 > 9000 → taken with ceil(1) = 1; the route carries 1 at b_land.
  t = turn(tiny, b, routes, []);
  assert.deepEqual(t.moves, [{ side: 'A', from: 'a_land', to: 'b_land', n: 10, route: 1 }]);
  routes = t.book.routes;
  assert.deepEqual(routes.map((r) => [r.at, r.armies, r.waiting]), [[2, 1, false]]);
  assert.deepEqual([b.owner.get('b_land'), b.owner.get('a_land')], ['A', 'A']);
  assert.equal(b.armies.get('a_land'), 2, '1 stayed + growth 1');
});

test('D5.4 at the origin nothing joins a waiting route, and an origin route never takes a walking route\'s army', () => {
  // a_land (A) holds 7: 3 carried by departed route #1 (waiting, at index 1), 4 its own. b_land is B's with 6 (need 10).
  const b = board(tiny, { a_land: ['A', 7], b_land: ['B', 6] });
  const routes = [
    route(1, 'A', ['a_cap', 'a_land', 'b_land'], 1, 3),
    route(2, 'A', ['a_land', 'b_land'], 0, null, 'half'),
    route(3, 'A', ['a_land', 'b_land'], 0, null, 'all'),
  ];
  // G = 7 − 3 = 4. #1 (en route) base 3 < 10 waits and absorbs avail 4 → 7. #2, #3 then find avail 0 → empty.
  const s = routeSteps(tiny, b, 'A', routes);
  assert.deepEqual(s.waits.map((w) => [w.route, w.armies]), [[1, 7]]);
  assert.deepEqual(s.cancelled, [{ route: 2, side: 'A', reason: 'empty' }, { route: 3, side: 'A', reason: 'empty' }]);
  // Without #1 absorbing (ids reversed: the walking route is #9): #2 half: min(4, floor(4/2)) = 2 < 10 waits, armies
  // stay null; #3 all: avail 4 − 2 = 2 < 10 waits; #9 then absorbs what is left, 0, and carries 3.
  const s2 = routeSteps(tiny, b, 'A', [{ ...routes[0]!, id: 9 }, routes[1]!, routes[2]!]);
  assert.deepEqual(s2.waits.map((w) => [w.route, w.armies]), [[2, null], [3, null], [9, 3]]);
  assert.deepEqual(s2.cancelled, []);
  // Facing a weak neutral (1, need 2) instead: #2 moves 2, #3 moves the other 2, #9 its own 3; the 7 leave in one flow.
  const weak = board(tiny, { a_land: ['A', 7], b_land: [null, 1] });
  const s3 = routeSteps(tiny, weak, 'A', [{ ...routes[0]!, id: 9 }, routes[1]!, routes[2]!]);
  assert.deepEqual(s3.moves.map((m) => [m.route, m.n]), [[2, 2], [3, 2], [9, 3]]);
  assert.deepEqual(routeFlows(s3.moves), [{ side: 'A', from: 'a_land', to: 'b_land', n: 7 }]);
});

test('D5.4 embarkation test on islands: arrive(base, j) against need(landing); a route at sea never waits', () => {
  // w_port → isle is w_port, inner, outer, isle (3002: fewer steps than by land). isle neutral 2, need 4.
  const path = routePath(islands, 'w_port', ['isle']) as string[];
  assert.deepEqual(path, ['w_port', 'inner', 'outer', 'isle']);
  // base 5: two zones, 5 → 4 → 3 < 4 → waits. base 6: 6 → 5 → 4 ≥ 4 → embarks.
  const five = routeSteps(islands, board(islands, { w_port: ['A', 5], isle: [null, 2] }), 'A', [route(1, 'A', path, 0, null)]);
  assert.deepEqual([five.moves.length, five.waits.length], [0, 1]);
  const six = routeSteps(islands, board(islands, { w_port: ['A', 6], isle: [null, 2] }), 'A', [route(1, 'A', path, 0, null)]);
  assert.deepEqual(six.moves, [{ side: 'A', from: 'w_port', to: 'inner', n: 6, route: 1 }]);
  // An own landing is no test: 1 embarks toward an isle A owns.
  const own = routeSteps(islands, board(islands, { w_port: ['A', 1], isle: ['A', 2] }), 'A', [route(1, 'A', path, 0, null)]);
  assert.equal(own.moves.length, 1);
  // At sea with 1 against the isle's 2: it lands and fights anyway.
  const sea = routeSteps(islands, board(islands, { isle: [null, 2] }, { outer: { A: 1, B: 0 } }), 'A', [route(1, 'A', path, 2, 1)]);
  assert.deepEqual(sea.moves, [{ side: 'A', from: 'outer', to: 'isle', n: 1, route: 1 }]);
});

test('D5.5 at sea: the share goes on board, then the stack\'s loss caps it (10 embark → 9), and done on arrival', () => {
  const b = board(islands, { w_port: ['A', 10], isle: [null, 1] });
  let routes = [route(1, 'A', ['w_port', 'inner', 'outer', 'isle'], 0, null)];
  // Turn 1: 10 embark (arrive(10, 2) = 8 ≥ need(1) = 2); the stack keeps floor(9) = 9: armies = min(10, 9) = 9.
  let t = turn(islands, b, routes, []);
  routes = t.book.routes;
  assert.deepEqual(routes.map((r) => [r.at, r.armies]), [[1, 9]]);
  // Turn 2: inner → outer, 8. Turn 3: 8 vs 1 → ceil(6.5) = 7, at the last node: done (plain garrison).
  t = turn(islands, b, routes, []);
  routes = t.book.routes;
  assert.deepEqual(routes.map((r) => [r.at, r.armies]), [[2, 8]]);
  t = turn(islands, b, routes, []);
  assert.deepEqual(t.book.done, [{ route: 1, side: 'A', at: 'isle' }]);
  assert.deepEqual(t.book.routes, []);
  assert.deepEqual([b.owner.get('isle'), b.armies.get('isle')], ['A', 8], '7 + growth 1');
});

test('D5.5 flow shares in id order after head-on, and the occupiers shared in id order', () => {
  // #1 carries 5 and #2 carries 5 at a_land (10, all carried) toward b_land (B, 3, need 5): both go, one flow of 10.
  // B empties b_land (3) the other way: head-on 10 vs 3 → 7 go on: #1 takes min(5, 7) = 5, #2 the other 2.
  // 7 vs b_land at 0 → taken with ceil(7) = 7: #1 takes 5 of them, #2 min(2, 2) = 2; both stand at b_land (index 2).
  const b = board(tiny, { a_land: ['A', 10], b_land: ['B', 3] });
  const routes = [route(1, 'A', ['a_cap', 'a_land', 'b_land', 'b_cap'], 1, 5), route(2, 'A', ['a_cap', 'a_land', 'b_land', 'b_city'], 1, 5)];
  const t = turn(tiny, b, routes, [{ side: 'B', from: 'b_land', to: 'a_land', n: 3 }]);
  assert.deepEqual(t.events.filter((e) => e.type === 'headOn').map((e) => [e.survivor, e.left]), [['A', 7]]);
  assert.deepEqual(t.book.routes.map((r) => [r.id, r.at, r.armies]), [[1, 2, 5], [2, 2, 2]]);
  assert.deepEqual(t.cancelled, []);
});

test('D5.5 a route whose share is 0 is repelled whatever else happened there (its flow died head-on, the node fell anyway)', () => {
  // Synthetic resolution: A's route flow a_land → b_land (4) lost head-on to B's 6 (2 went on), yet b_land became A's
  // (another flow took it): the route is still cancelled `repelled` and carries nothing into b_land.
  const start = board(tiny, { a_land: ['A', 4], b_land: ['B', 6] });
  const after = board(tiny, { a_land: ['A', 0], b_land: ['A', 3] });
  const r = route(1, 'A', ['a_cap', 'a_land', 'b_land', 'b_cap'], 1, 4);
  const m = { side: 'A' as const, from: 'a_land', to: 'b_land', n: 4 };
  const book = routeBookkeeping(tiny, start, after, [r], [{ ...m, route: 1 }],
    [{ type: 'headOn', a: { side: 'A', from: 'a_land', n: 4 }, b: { side: 'B', from: 'b_land', n: 6 }, survivor: 'B', left: 2 }]);
  assert.deepEqual(book.cancelled, [{ route: 1, side: 'A', reason: 'repelled' }]);
  assert.deepEqual(book.routes, []);
});

test('D5.5 caps: losses come off the node\'s own armies first, then off the highest ids; lost and destroyed', () => {
  // a_land (A) 10: own 2, #1 4, #2 4, both waiting (nothing moved). B's 6 assault: 6000 vs 15000 → held with
  // floor((15000 − 6000)/1500) = 6. Cap: left 6 → #1 min(4, 6) = 4, left 2 → #2 min(4, 2) = 2.
  const start = board(tiny, { a_land: ['A', 10], b_land: ['B', 6] });
  const after = cloneBoard(start);
  resolveMoves(tiny, after, [{ side: 'B', from: 'b_land', to: 'a_land', n: 6 }]);
  assert.equal(after.armies.get('a_land'), 6);
  const rs = [route(1, 'A', ['a_cap', 'a_land', 'b_land'], 1, 4), route(2, 'A', ['a_cap', 'a_land', 'mid'], 1, 4)];
  assert.deepEqual(routeBookkeeping(tiny, start, after, rs, [], []).routes.map((r) => [r.id, r.armies]), [[1, 4], [2, 2]]);
  // Down to 3: #1 3, #2 0 → destroyed.
  after.armies.set('a_land', 3);
  const d = routeBookkeeping(tiny, start, after, rs, [], []);
  assert.deepEqual(d.routes.map((r) => [r.id, r.armies]), [[1, 3]]);
  assert.deepEqual(d.cancelled, [{ route: 2, side: 'A', reason: 'destroyed' }]);
  // The node falls to B: both lost, and a route still at its origin there too.
  after.owner.set('a_land', 'B');
  const l = routeBookkeeping(tiny, start, after, [...rs, route(3, 'A', ['a_land', 'mid'], 0, null)], [], []);
  assert.deepEqual(l.cancelled.map((c) => [c.route, c.reason]), [[1, 'lost'], [2, 'lost'], [3, 'lost']]);
  // A sea zone is never lost: a stack cut to 0 there is destroyed instead.
  const sea = routeBookkeeping(islands, board(islands, {}, { outer: { A: 1, B: 0 } }), board(islands, {}, { outer: { A: 0, B: 0 } }),
    [route(4, 'A', ['w_port', 'inner', 'outer', 'isle'], 2, 1)], [], []);
  assert.deepEqual(sea.cancelled, [{ route: 4, side: 'A', reason: 'destroyed' }]);
});

test('D5.4 a route with nothing to take is cancelled `empty`', () => {
  // a_cap at 0 (A): an all route at its origin has base 0.
  const s = routeSteps(tiny, board(tiny, { a_cap: ['A', 0] }), 'A', [route(1, 'A', ['a_cap', 'a_land'], 0, null)]);
  assert.deepEqual([s.cancelled, s.routes, [...s.held]], [[{ route: 1, side: 'A', reason: 'empty' }], [], []]);
});

test('D5.6 cancelling by node, by id and all; NO_SUCH_ROUTE for none of the speaker\'s (another side\'s id included)', () => {
  const rs = [
    route(1, 'A', ['a_cap', 'a_land', 'b_land'], 1, 4),
    route(2, 'A', ['a_land', 'mid'], 0, null),
    route(3, 'A', ['a_cap', 'a_land'], 0, null),
    route(4, 'B', ['b_cap', 'b_land', 'a_land'], 2, 3),
  ];
  // 【撤销】路线 甲乡: #1 stands there, #2 starts there and has not left; #4 (B's) is not A's to cancel.
  const byNode = cancelRoutes(rs, 'A', { node: 'a_land' });
  assert.notEqual(byNode, 'NO_SUCH_ROUTE');
  if (byNode === 'NO_SUCH_ROUTE') return;
  assert.deepEqual(byNode.cancelled.map((r) => r.id), [1, 2]);
  assert.deepEqual(byNode.routes.map((r) => r.id), [3, 4]);
  const byId = cancelRoutes(rs, 'A', { id: 3 });
  assert.deepEqual(byId === 'NO_SUCH_ROUTE' ? byId : byId.routes.map((r) => r.id), [1, 2, 4]);
  assert.equal(cancelRoutes(rs, 'A', { id: 4 }), 'NO_SUCH_ROUTE', 'B\'s route');
  assert.equal(cancelRoutes(rs, 'A', { node: 'mid' }), 'NO_SUCH_ROUTE', 'a route passing through later does not stand there');
  const all = cancelRoutes(rs, 'A', 'all');
  assert.deepEqual(all === 'NO_SUCH_ROUTE' ? all : all.routes.map((r) => r.id), [4]);
  const none = cancelRoutes([], 'B', 'all');
  assert.deepEqual(none, { routes: [], cancelled: [] }, '全部 is always accepted');
});
