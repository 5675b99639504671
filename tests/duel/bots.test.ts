/** Europe Duel's scripted opponents (duel.md D8.1–D8.3). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { atSea, need } from '../../src/games/europe/combat.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { lander, type DuelView } from '../../src/games/duel/bots.ts';
import { applyDuel, newDuel } from '../../src/games/duel/engine.ts';
import type { Board, Side } from '../../src/games/duel/resolve.ts';
import { runDuelTranscript } from '../../src/games/duel/transcript.ts';

const tinyMap = loadMapFile('tests/fixtures/tiny.json');
const islands = duelGraph(loadMapFile('tests/fixtures/islands.json'));

function view(owned: Record<string, [Side | null, number]>): DuelView {
  const board: Board = { owner: new Map(), armies: new Map(), stacks: new Map() };
  for (const t of islands.land) { board.owner.set(t, owned[t]?.[0] ?? null); board.armies.set(t, owned[t]?.[1] ?? 1); }
  return { graph: islands, board, side: 'A', capitals: { A: 'w_cap', B: 'e_cap' }, routes: [], maxRoutes: 50, defenseFactor: 1.5, seaLoss: 0.1, landerMinTerritories: 2 };
}

test('D8.3 the launch rule\'s arithmetic: port 30, k = 2, capital (2) holding 4 → arrive 24, dL = 4 + 2×2 = 8, need(8) = 13 ≤ 24', () => {
  assert.equal(atSea(atSea(30, 0.1), 0.1), 24);
  assert.equal(need(4 + 2 * 2, 1.5), 13);
});

test('D8.3 lander on the islands: 30 in the port launch a route through the inner zone to e_port and on to the capital; 5 gather', () => {
  // e_cap is inland, so L = the coastal territory nearest it: e_port (landDist 1). w_port's zones: inner touches e_port, k = 1.
  // e_port neutral 4: dL = 4, need 7; arrive(30, 1) = 27 ≥ 7 → route w_port → inner → e_port → e_cap, all.
  const strike = lander.decide(view({ w_cap: ['A', 5], w_port: ['A', 30], w_land: ['A', 1], e_cap: ['B', 5], e_port: [null, 4] }));
  assert.deepEqual(strike, { orders: [], routes: [{ points: ['w_port', 'inner', 'e_port', 'e_cap'], count: 'all' }] });
  // arrive(5, 1) = 4 < 7: the port stands and the interior (w_cap; w_land borders the neutral e_land over the strait) walks to it.
  const gather = lander.decide(view({ w_cap: ['A', 5], w_port: ['A', 5], w_land: ['A', 1], e_cap: ['B', 5], e_port: [null, 4] }));
  assert.deepEqual(gather, { orders: [{ from: 'w_port', to: 'w_port', count: 'stand' }, { from: 'w_cap', to: 'w_port', count: 'all' }], routes: [] });
  // Below landerMinTerritories it plays greedy: no orders at all.
  assert.deepEqual(lander.decide({ ...view({ w_cap: ['A', 5], w_port: ['A', 30], e_cap: ['B', 5] }), landerMinTerritories: 8 }), { orders: [], routes: [] });
});

test('D8.1/D8.2 two greedy bots play a whole game at once, the same game every time; bots never idle', () => {
  const play = () => newDuel(tinyMap, { type: 'start', at: 0, seed: 3, capitals: { A: 'a_cap', B: 'b_cap' }, bots: { A: 'greedy', B: 'greedy' }, settings: { turnLimit: 40 } });
  const a = play();
  assert.equal(a.status, 'ended');
  assert.ok(a.turn <= 40);
  assert.deepEqual(a.idle, { A: 0, B: 0 });
  assert.deepEqual(play(), a);
});

test('D10.7 @bot: against a bot a person\'s 【准备】 resolves at once; a lander and a greedy bot play a transcript', () => {
  const r = runDuelTranscript('t.txt', '@game duel\n@map tests/fixtures/tiny.json\n@seed 7\n@players 红方 蓝方\n@bot 蓝方 greedy\n@capitals 甲都 乙都\n红方: 【准备】\n', process.cwd());
  assert.equal(r.state.turn, 2, 'B was ready at the opening');
  assert.equal(r.state.bots.B, 'greedy');
  const g = duelGraph(tinyMap);
  const s = newDuel(tinyMap, { type: 'start', at: 0, seed: 1, capitals: { A: 'a_cap', B: 'b_cap' }, bots: { B: 'lander' } });
  applyDuel(g, s, { type: 'command', at: 1, side: 'A', command: { kind: 'ready' } });
  assert.equal(s.turn, 2);
  assert.throws(() => runDuelTranscript('t.txt', '@game duel\n@map tests/fixtures/tiny.json\n@bot 蓝方 agent\n', process.cwd()), /@bot SIDE POLICY/);
});
