/** duel.md "A worked game": tests/scenarios/duel-basics.txt through the duel's transcript runner and replay's @game dispatcher. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runDuelTranscript } from '../../src/games/duel/transcript.ts';
import { replayCommand } from '../../src/replay/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';

const FILE = 'tests/scenarios/duel-basics.txt';

test('the worked game: turn 4 opens with A 6 (a_cap 3, a_city 4, a_land 2), B 7 (b_cap 3, b_city 4, waste 2), no route, idle A 1 and B 2', () => {
  const r = runDuelTranscript(FILE);
  const s = r.state;
  assert.equal(s.turn, 4);
  assert.equal(s.status, 'running');
  const own = (side: 'A' | 'B') => Object.fromEntries(Object.keys(s.owner).filter((t) => s.owner[t] === side).sort().map((t) => [t, s.armies[t]]));
  assert.deepEqual(own('A'), { a_cap: 3, a_city: 4, a_land: 2 });
  assert.deepEqual(own('B'), { b_cap: 3, b_city: 4, waste: 2 });
  assert.deepEqual([s.owner.b_land, s.armies.b_land], [null, 0], 'b_land: the melee\'s survivors failed against its 2; still neutral, at 0');
  assert.deepEqual(['c_cap', 'c_city', 'c_land', 'mid'].map((t) => s.armies[t]), [2, 1, 2, 3], 'untouched neutrals');
  assert.deepEqual(s.routes, []);
  assert.deepEqual(s.idle, { A: 1, B: 2 });
});

test('D10.7/D10.8: replay prints the duel\'s state JSON for an @game duel transcript', () => {
  let out = '';
  const code = replayCommand(FILE, { out: (x) => { out += x; }, err: (x) => { throw new Error(x); } }, [neuwar, duel]);
  assert.equal(code, 0);
  const json = JSON.parse(out) as { game: string; turn: number; sides: { A: { score: number }; B: { score: number } }; capitals: { A: string; B: string } };
  assert.deepEqual([json.game, json.turn, json.sides.A.score, json.sides.B.score, json.capitals], ['duel', 4, 6, 7, { A: 'a_cap', B: 'b_cap' }]);
});

test('npm run replay reads a duel transcript (the tools know Europe Duel before players can start one)', async () => {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'replay', FILE], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout) as { game: string; turn: number };
  assert.deepEqual([json.game, json.turn], ['duel', 4]);
});
