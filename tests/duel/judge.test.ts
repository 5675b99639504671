/**
 * duel.md D2.7 (pause, resume, a restart's fresh deadline), D7.6 (【结束】), D10.1's judge commands (【结算】 【规则】)
 * and their limits in a rated game (D10.10), on the tiny map with the helper off (a territory without an order stands).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { applyDuel as applyWith, newDuel, NO_HELPER, type DuelEntry, type DuelState, type JudgeCommand } from '../../src/games/duel/engine.ts';
import { runDuelTranscript } from '../../src/games/duel/transcript.ts';

const applyDuel = (s: DuelState, e: DuelEntry) => applyWith(g, s, e, NO_HELPER);
const map = loadMapFile('tests/fixtures/tiny.json');
const g = duelGraph(map);
const T0 = 1_000_000;
/** D9.2: explicit capitals are never rated (newDuel), so a rated game's judge limits are checked by marking the state rated. */
const start = (rated = false): DuelState => {
  const s = newDuel(map, { type: 'start', at: T0, seed: 42, capitals: { A: 'a_cap', B: 'b_cap' } });
  s.rated = rated;
  return s;
};
const judge = (command: JudgeCommand, at: number): DuelEntry => ({ type: 'judge', at, command });
const side = (s: 'A' | 'B', kind: 'ready' | 'unready', at: number): DuelEntry => ({ type: 'command', at, side: s, command: { kind } });

test('D2.7 pause: the clock stops, both ready do not resolve, commands are taken; 【继续】 moves the deadline by the pause', () => {
  const s = start();
  // Turn 1 opens at T0 with the deadline T0 + 30 s. Paused at +5 s, resumed at +65 s: the deadline moves by 60 s to T0 + 90 s.
  assert.deepEqual(applyDuel(s, judge({ kind: 'pause' }, T0 + 5000)), { ok: true });
  assert.equal(s.pausedAt, T0 + 5000);
  assert.deepEqual(applyDuel(s, { type: 'command', at: T0 + 6000, side: 'A', command: { kind: 'order', order: { kind: 'move', from: 'a_cap', to: 'a_land', count: 'half' } } }), { ok: true }, 'commands are still taken');
  applyDuel(s, side('A', 'ready', T0 + 7000));
  applyDuel(s, side('B', 'ready', T0 + 8000));
  assert.equal(s.turn, 1, 'both ready, but paused: no resolution');
  applyDuel(s, { type: 'tick', at: T0 + 40_000 });
  assert.equal(s.turn, 1, 'the deadline passed while paused: no resolution');
  assert.deepEqual(applyDuel(s, judge({ kind: 'pause' }, T0 + 50_000)).ok, false, 'already paused: NOT_ALLOWED');
  assert.deepEqual(applyDuel(s, judge({ kind: 'resume' }, T0 + 65_000)), { ok: true });
  // Both sides were ready: the turn resolves at the resumption; turn 2 opens at T0 + 65 s, closing 30 s later.
  assert.deepEqual([s.turn, s.pausedAt, s.openedAt, s.deadlineAt], [2, null, T0 + 65_000, T0 + 95_000]);
  assert.deepEqual(applyDuel(s, judge({ kind: 'resume' }, T0 + 66_000)), { ok: false, code: 'NOT_ALLOWED', message: { zh: '对决没有暂停', en: 'the duel is not paused' } });
});

test('D2.7 a resumed turn keeps the time it had left: paused with 25 s to go, resumed, it closes 25 s later', () => {
  const s = start();
  applyDuel(s, judge({ kind: 'pause' }, T0 + 5000));
  applyDuel(s, judge({ kind: 'resume' }, T0 + 100_000));
  // Deadline T0 + 30 s + 95 s pause = T0 + 125 s = resume + 25 s.
  assert.equal(s.deadlineAt, T0 + 125_000);
  applyDuel(s, { type: 'tick', at: T0 + 124_999 });
  assert.equal(s.turn, 1);
  applyDuel(s, { type: 'tick', at: T0 + 125_000 });
  assert.equal(s.turn, 2);
});

test('D2.7 a restart gives the open turn a fresh full deadline from the restart (downtime never resolves a turn); paused: nothing', () => {
  const s = start();
  // The bot was down from T0 + 10 s to T0 + 50 s, past the deadline T0 + 30 s: the restart entry at T0 + 50 s sets T0 + 80 s.
  applyDuel(s, { type: 'restart', at: T0 + 50_000 });
  assert.deepEqual([s.turn, s.deadlineAt], [1, T0 + 80_000]);
  assert.deepEqual(s.log, [], 'a restart is no command: no log row');
  const p = start();
  applyDuel(p, judge({ kind: 'pause' }, T0 + 1000));
  applyDuel(p, { type: 'restart', at: T0 + 50_000 });
  assert.equal(p.deadlineAt, T0 + 30_000, 'a paused clock is moved by 【继续】, not by the restart');
});

test('D2.1/D10.1 【结算】 forces the turn now, nobody ready; while paused the next turn opens paused', () => {
  const s = start();
  applyDuel(s, judge({ kind: 'resolve' }, T0 + 2000));
  assert.deepEqual([s.turn, s.openedAt, s.deadlineAt], [2, T0 + 2000, T0 + 32_000]);
  // Nobody acted in turn 1: idle 1 each; capitals grew 10 + 3.
  assert.deepEqual([s.idle, s.armies.a_cap, s.armies.b_cap], [{ A: 1, B: 1 }, 13, 13]);
  applyDuel(s, judge({ kind: 'pause' }, T0 + 3000));
  applyDuel(s, judge({ kind: 'resolve' }, T0 + 4000));
  assert.deepEqual([s.turn, s.pausedAt], [3, T0 + 4000], 'turn 3 opens paused at the forced resolution');
  applyDuel(s, judge({ kind: 'resume' }, T0 + 14_000));
  assert.equal(s.deadlineAt, T0 + 44_000, 'its 30 s start at 【继续】: T0 + 4 s + 30 s + 10 s pause');
});

test('D10.9 【规则】 in force at once; turnSeconds from the next opening; setup settings no longer act; a turnLimit below the open turn is NOT_ALLOWED', () => {
  const s = start();
  assert.deepEqual(applyDuel(s, judge({ kind: 'rule', patch: { turnSeconds: '60', startArmies: '20' } }, T0 + 1000)), { ok: true });
  assert.deepEqual([s.settings.turnSeconds, s.deadlineAt, s.armies.a_cap], [60, T0 + 30_000, 10], 'the open deadline stays; startArmies acts no more');
  applyDuel(s, { type: 'tick', at: T0 + 30_000 });
  assert.equal(s.deadlineAt, T0 + 30_000 + 60_000, 'turn 2 gets 60 s');
  const bad = applyDuel(s, judge({ kind: 'rule', patch: { turnLimit: '1' } }, T0 + 31_000));
  assert.deepEqual([bad.ok, !bad.ok && bad.code], [false, 'NOT_ALLOWED']);
  assert.match(!bad.ok ? bad.message!.zh : '', /turnLimit 不能小于当前回合（第2回合）/);
  const range = applyDuel(s, judge({ kind: 'rule', patch: { seaLoss: '2' } }, T0 + 31_000));
  assert.deepEqual([range.ok, !range.ok && range.code], [false, 'BAD_SYNTAX']);
  // turnLimit = the open turn: this turn's resolution is the last (D7.3): 13 vs 13 armies stood, scores 3 : 3 → a draw by score.
  assert.deepEqual(applyDuel(s, judge({ kind: 'rule', patch: { turnLimit: '2' } }, T0 + 32_000)), { ok: true });
  applyDuel(s, { type: 'tick', at: s.deadlineAt });
  assert.deepEqual([s.status, s.outcome], ['ended', { winner: [], how: 'score' }]);
  assert.deepEqual(s.log.map((r) => [r.speaker, r.command, r.ok, r.code ?? null]), [
    ['judge', 'rule', true, null], ['judge', 'rule', false, 'NOT_ALLOWED'], ['judge', 'rule', false, 'BAD_SYNTAX'], ['judge', 'rule', true, null],
  ]);
});

test('D7.6 【结束】: D7.3\'s comparison on the current scores (how "judge"), or the named winner; the open turn is the end turn', () => {
  const s = start();
  s.owner.a_land = 'A';
  s.owner.a_city = 'A';
  // A: a_cap 3 + a_city 2 + a_land 1 = 6 vs B 3: (6 − 3) × 1000 = 3000 < 100 × 6 = 600 is false → A wins.
  assert.deepEqual(applyDuel(s, judge({ kind: 'end' }, T0 + 1000)), { ok: true });
  assert.deepEqual([s.status, s.outcome, s.endTurn], ['ended', { winner: ['A'], how: 'judge' }, 1]);
  const d = start();
  // 3 vs 3: a draw.
  applyDuel(d, judge({ kind: 'end' }, T0 + 1000));
  assert.deepEqual(d.outcome, { winner: [], how: 'judge' });
  const n = start();
  applyDuel(n, judge({ kind: 'end', winner: 'B' }, T0 + 1000));
  assert.deepEqual(n.outcome, { winner: ['B'], how: 'judge' });
  assert.deepEqual(applyDuel(n, side('A', 'ready', T0 + 2000)), { ok: false, code: 'GAME_NOT_RUNNING' });
});

test('D10.10 in a rated game 【结算】【暂停】【继续】 are NOT_ALLOWED, 【规则】 RATED_LOCKED, and 【结束】 only aborts (abandoned)', () => {
  const s = start(true);
  for (const kind of ['resolve', 'pause', 'resume'] as const) {
    const r = applyDuel(s, judge({ kind }, T0 + 1000));
    assert.deepEqual([r.ok, !r.ok && r.code], [false, 'NOT_ALLOWED'], kind);
  }
  const rule = applyDuel(s, judge({ kind: 'rule', patch: { turnSeconds: '60' } }, T0 + 1000));
  assert.deepEqual([rule.ok, !rule.ok && rule.code], [false, 'RATED_LOCKED']);
  assert.equal(s.turn, 1);
  applyDuel(s, judge({ kind: 'end', winner: 'A' }, T0 + 2000));
  assert.deepEqual(s.outcome, { winner: [], how: 'abandoned' });
});

test('D10.7 transcripts: judge: 【暂停】 stops @at and @pass is malformed while paused; a side\'s 【结算】 is NOT_JUDGE, the judge\'s 【调兵】 NOT_YOUR_COUNTRY', () => {
  const head = '@game duel\n@map tests/fixtures/tiny.json\n@seed 7\n@capitals 甲都 乙都\n';
  const r = runDuelTranscript('t.txt', `${head}judge: 【暂停】\n@at 5:00\n红方: 【结算】\njudge: 【调兵】甲都→甲城\n裁判: 【继续】\n@at 0:30\n`);
  // Paused at 0:00; @at 5:00 passes nothing; resumed at 5:00 → the deadline 0:30 + 5:00 = 5:30; @at 0:30 from the opening (0:00) is 0:30 —
  // before 5:30, so turn 1 is still open.
  assert.deepEqual([r.state.turn, r.state.deadlineAt], [1, 330_000]);
  assert.deepEqual(r.state.log.map((x) => [x.line, x.speaker, x.command, x.ok, x.code ?? null]), [
    [5, 'judge', 'pause', true, null], [7, 'A', 'resolve', false, 'NOT_JUDGE'], [8, 'judge', 'move', false, 'NOT_YOUR_COUNTRY'], [9, 'judge', 'resume', true, null],
  ]);
  assert.throws(() => runDuelTranscript('t.txt', `${head}judge: 【暂停】\n@pass 1\n`), /t\.txt:6: @pass while the game is paused/);
  const forced = runDuelTranscript('t.txt', `${head}judge: 【结算】\njudge: 【结束】红方\n红方: 【准备】\n`);
  assert.deepEqual([forced.state.turn, forced.state.outcome], [2, { winner: ['A'], how: 'judge' }]);
  assert.deepEqual(forced.state.log.at(-1), { line: 7, turn: 2, speaker: 'A', command: 'ready', ok: false, code: 'GAME_NOT_RUNNING', message: '对决已经结束，不再接受命令' });
});
