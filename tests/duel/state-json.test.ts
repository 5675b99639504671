/** duel.md D10.8: the duel's state JSON — its fields, the open turn's orders in the order given, sorted paint, the log. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duelStateJson, runDuelTranscript } from '../../src/games/duel/transcript.ts';

const play = (body: string) => {
  const r = runDuelTranscript('t.txt', `@game duel\n@map tests/fixtures/tiny.json\n@seed 7\n@players 北军 南军\n${body}`);
  return JSON.parse(JSON.stringify(duelStateJson(r.map, r.g, r.state, r.names))) as Record<string, any>;
};

test('D10.8 the fields, in the spec\'s order; sides with name, bot, helper mode and rally point; every land territory listed', () => {
  const j = play('@bot 南军 greedy\n@capitals 甲都 乙都\n北军: 【助手】扩张\n北军: 【集结点】中原\n北军: 【助手】防守 甲乡、甲城\n北军: 【调兵】甲都→甲城 一半\n北军: 【驻守】甲都\n北军: 【调兵】甲都→甲乡\n');
  assert.deepEqual(Object.keys(j), ['game', 'map', 'seed', 'turn', 'status', 'winner', 'result', 'fair', 'rated', 'paused', 'capitals', 'sides', 'territories', 'orders', 'routes', 'paint', 'log', 'lastEvents']);
  assert.deepEqual([j.game, j.map, j.seed, j.turn, j.status, j.winner, j.result, j.fair, j.rated], ['duel', 'tiny', 7, 1, 'running', null, null, false, false]);
  assert.deepEqual(j.sides.A, { name: '北军', bot: null, score: 3, territories: 1, armies: 10, ready: false, idle: 0, helper: 'expand', rally: 'mid' });
  assert.deepEqual(j.sides.B, { name: '南军', bot: 'greedy', score: 3, territories: 1, armies: 10, ready: true, idle: 0, helper: 'normal', rally: null });
  assert.equal(Object.keys(j.territories).length, 11, 'the 11 land territories of tiny.json (arsenals dropped, no sea)');
  assert.deepEqual(j.territories.a_land, { owner: null, armies: 3 });
  // 甲都's order was given three times: the replacing one counts as given when it replaced (the last), a stand replaced in between.
  assert.deepEqual(j.orders, { A: [{ from: 'a_cap', to: 'a_land', count: 'all' }], B: [] });
  assert.deepEqual(j.paint, { A: { a_city: 'defend', a_land: 'defend' }, B: {} });
  assert.deepEqual(j.log.map((r: any) => [r.line, r.turn, r.speaker, r.command, r.ok]), [
    [7, 1, 'A', 'helper', true], [8, 1, 'A', 'rally', true], [9, 1, 'A', 'paint', true], [10, 1, 'A', 'move', true], [11, 1, 'A', 'stand', true], [12, 1, 'A', 'move', true],
  ]);
});

test('D10.8 a stand is {from: X, to: X, count: "stand"}; orders keep the order given across sources', () => {
  const j = play('@capitals 甲都 乙都\n@set garrisonMin=1 garrisonMax=1\n北军: 【调兵】甲都→甲城 一半\n北军: 【准备】\n南军: 【准备】\n北军: 【驻守】甲城\n北军: 【调兵】甲都→甲乡\n');
  assert.deepEqual(j.orders.A, [{ from: 'a_city', to: 'a_city', count: 'stand' }, { from: 'a_cap', to: 'a_land', count: 'all' }]);
});

test('D10.8 once ended: `turn` is the turn the game ended in, `result` {how, turn, scores}, `winner` a list; resign ends in the open turn', () => {
  const j = play('@capitals 甲都 乙都\n北军: 【准备】\n南军: 【准备】\n南军: 【认输】\n');
  assert.deepEqual([j.status, j.turn, j.winner, j.result], ['ended', 2, ['A'], { how: 'resign', turn: 2, scores: { A: j.sides.A.score, B: j.sides.B.score } }]);
  assert.deepEqual(j.log.at(-1), { line: 8, turn: 2, speaker: 'B', command: 'resign', ok: true });
});
