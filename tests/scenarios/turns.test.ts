import test from 'node:test';
import assert from 'node:assert/strict';
import { play, refusals } from '../helpers/scenario.ts';

const TINY = '@map tests/fixtures/tiny.json\n@players A B C\n';

test('R2.1 R2.2 every country starts with 30 and earns territories + cities at the end of the turn', () => {
  const p = play(`${TINY}
    甲国: 【完成】
    乙国: 【完成】
    丙国: 【完成】`);
  // A owns 甲都 甲城 甲乡: 3 territories + 1 city (a capital is not a city) = 4. 30 + 4 = 34.
  assert.equal(p.score('A'), 34);
  assert.equal(p.state.turn, 2);
  assert.equal(p.state.countries.A!.committed, false, 'commits reset when the next turn opens');
});

test('R3.2 the turn resolves only when every active country has committed', () => {
  const p = play(`${TINY}
    甲国: 【完成】
    乙国: 【完成】`);
  assert.equal(p.state.turn, 1, 'C has not committed: turn 1 still open');
  assert.equal(p.score('A'), 30);
});

test('R3.2 【取消完成】 reopens orders and the turn waits again', () => {
  const p = play(`${TINY}
    甲国: 【完成】
    甲国: 【取消完成】
    乙国: 【完成】
    丙国: 【完成】`);
  assert.equal(p.state.turn, 1);
});

test('R3.3 commands.md §3: a commit at exactly 5:00 is on time, at 5:01 is late (−10); the uncommitted pay at the hard close', () => {
  const p = play(`${TINY}
    @at 5:00
    甲国: 【完成】
    @at 5:01
    乙国: 【完成】
    @at 11:00
    丙国: 【状态】`);
  // Hard close = 300 + 360 = 660 s = 11:00: the turn resolves at that instant, before the line stamped 11:00.
  assert.equal(p.state.turn, 2);
  assert.equal(p.score('A'), 34, 'on time: 30 + 4');
  assert.equal(p.score('B'), 24, 'late commit: 30 − 10 + 4');
  assert.equal(p.score('C'), 24, 'never committed by the hard close: 30 − 10 + 4');
});

test('R3.2 at 10:59 the turn is still open; at 11:00 it resolves (hard close edge)', () => {
  const p = play(`${TINY}
    @at 10:59
    甲国: 【状态】`);
  assert.equal(p.state.turn, 1);
  const q = play(`${TINY}
    @at 11:00`);
  assert.equal(q.state.turn, 2);
});

test('R3.3 a turn forced by the judge before the deadline makes nobody late', () => {
  const p = play(`${TINY}
    @at 4:59
    judge: 【结算】`);
  assert.equal(p.state.turn, 2);
  for (const c of ['A', 'B', 'C']) assert.equal(p.score(c), 34);
  assert.ok(!p.events.some((e) => e.type === 'late'));
});

test('R3.3 a turn forced after the deadline makes the uncommitted late', () => {
  const p = play(`${TINY}
    @at 4:00
    甲国: 【完成】
    @at 5:01
    judge: 【结算】`);
  assert.equal(p.score('A'), 34);
  assert.equal(p.score('B'), 24, '30 − 10 + 4');
});

test('R3.3 R8.3 Spy: own deadline is 6 minutes later, so a commit at 10:00 is on time for a Spy country only', () => {
  const p = play(`${TINY}
    @set startScore=100
    甲国: 【科技】间谍 50
    @at 10:00
    甲国: 【完成】
    乙国: 【完成】
    丙国: 【完成】`);
  // A: 100 − 50 (spy) + 4 = 54, not late (own deadline 300 + 360 = 660 s). B: 100 − 10 + 4 = 94.
  assert.equal(p.score('A'), 54);
  assert.equal(p.score('B'), 94);
  assert.equal(p.score('C'), 94);
});

test('R3.4 orders not committed still execute when the turn resolves', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲乡→中原 5
    @at 11:00`);
  // 5 against 3 neutral: 5 > 4.5, occupies ceil(5 − 4.5) = 1.
  assert.equal(p.owner('mid'), 'A');
  assert.equal(p.armies('mid'), 1);
});

test('commands.md §3: an @at past several hard closes resolves each turn in turn', () => {
  const p = play(`${TINY}
    @at 25:00`);
  // Turn 1 closes at 11:00, turn 2 opens then and closes at 22:00; 25:00 is inside turn 3.
  assert.equal(p.state.turn, 3);
  // Each turn everyone is late: (30 − 10 + 4) − 10 + 4 = 18.
  assert.equal(p.score('A'), 18);
});

test('R13 pause stops the clock; resume moves the deadline by the pause', () => {
  const p = play(`${TINY}
    @at 1:00
    judge: 【暂停】
    @at 20:00
    judge: 【继续】
    甲国: 【状态】`);
  assert.equal(p.state.turn, 1, 'no resolution while paused');
  // Paused 19 minutes: deadline 5:00 + 19:00 = 24:00, hard close 30:00.
  assert.equal(p.state.clock.deadlineAt, 24 * 60 * 1000);
  const q = play(`${TINY}
    @at 1:00
    judge: 【暂停】
    @at 20:00
    judge: 【继续】
    @at 29:59`);
  assert.equal(q.state.turn, 1);
  const r = play(`${TINY}
    @at 1:00
    judge: 【暂停】
    @at 20:00
    judge: 【继续】
    @at 30:00`);
  assert.equal(r.state.turn, 2);
});

test('R13 【延时】 moves the deadline; the total is capped by maxExtendSeconds', () => {
  const p = play(`${TINY}
    @set maxExtendSeconds=600
    judge: 【延时】5分钟
    @at 10:00
    甲国: 【完成】
    judge: 【延时】6分钟`);
  // Deadline 5:00 + 5:00 = 10:00; A commits at exactly 10:00: on time.
  assert.equal(p.state.clock.deadlineAt, 600_000);
  assert.deepEqual(refusals(p), ['LIMIT_EXCEEDED'], '5 + 6 minutes is more than 600 s');
  assert.equal(p.state.countries.A!.lateCommit, false);
});

test('R13 judge commands are refused to players with NOT_JUDGE', () => {
  const p = play(`${TINY}
    甲国: 【结算】
    甲国: 【设置】甲国 分数=100`);
  assert.deepEqual(refusals(p), ['NOT_JUDGE', 'NOT_JUDGE']);
  assert.equal(p.state.turn, 1);
  assert.equal(p.score('A'), 30);
});

test('R13 【设置】 sets armies, owner and score; 【规则】 changes a setting at once', () => {
  const p = play(`${TINY}
    judge: 【设置】中原 兵力=9
    judge: 【设置】荒城 归属=乙国
    judge: 【设置】丙国 分数=7
    judge: 【规则】latePenalty=3
    @at 11:00`);
  assert.equal(p.armies('mid'), 9);
  assert.equal(p.owner('waste'), 'B');
  // C: 7 − 3 (late, the new penalty) + 4 = 8. B now owns a second city: 4 territories + 2 cities = 6; 30 − 3 + 6 = 33.
  assert.equal(p.score('C'), 8);
  assert.equal(p.score('B'), 33);
});

test('R13 【撤回】 restores the state before the last resolution and marks the undone commands', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲乡→中原 5
    judge: 【结算】
    judge: 【撤回】`);
  assert.equal(p.state.turn, 1);
  assert.equal(p.owner('mid'), null);
  assert.equal(p.armies('a_land'), 5);
  assert.equal(p.score('A'), 30);
  assert.ok(p.state.log.filter((l) => l.command === 'move').every((l) => l.undone), 'the undone turn stays in the log, marked');
  assert.deepEqual(p.state.scoreHistory, [], 'the undone turn leaves the score history too');
  assert.deepEqual(p.state.lastEvents, []);
  const two = play(`${TINY}
    judge: 【结算】
    judge: 【结算】
    judge: 【撤回】`);
  assert.equal(two.state.turn, 2);
  assert.deepEqual(two.state.scoreHistory, [{ turn: 1, scores: { A: 34, B: 34, C: 34 } }]);
  const q = play(`${TINY}
    judge: 【撤回】`);
  assert.deepEqual(refusals(q), ['NOT_ALLOWED']);
});

test('R11 at the turn limit the highest score wins; equal scores share the win', () => {
  const p = play(`${TINY}
    @set turnLimit=1
    judge: 【设置】甲国 分数=50
    judge: 【结算】`);
  assert.equal(p.state.status, 'ended');
  assert.deepEqual(p.state.winner, ['A']);
  const q = play(`${TINY}
    @set turnLimit=1
    judge: 【结算】`);
  assert.deepEqual(q.state.winner, ['A', 'B', 'C']);
  const r = play(`${TINY}
    @set turnLimit=1
    judge: 【结算】
    甲国: 【完成】`);
  assert.deepEqual(refusals(r), ['GAME_NOT_RUNNING']);
});

test('R11 more than 50% of Europe\'s territories with its puppets wins at the limit (6 of 11 wins, 5 does not)', () => {
  // tiny has 11 land territories: more than 5.5 needs 6. A owns 3 and gets 中原, 荒城 (5), then 乙乡 (6).
  const five = play(`${TINY}
    @set turnLimit=1
    judge: 【设置】中原 归属=甲国
    judge: 【设置】荒城 归属=甲国
    judge: 【设置】乙国 分数=90
    judge: 【结算】`);
  assert.deepEqual(five.state.winner, ['B'], '5 of 11 is not a majority: the highest score wins');
  const six = play(`${TINY}
    @set turnLimit=1
    judge: 【设置】中原 归属=甲国
    judge: 【设置】荒城 归属=甲国
    judge: 【设置】乙乡 归属=甲国
    judge: 【设置】乙国 分数=90
    judge: 【结算】`);
  assert.deepEqual(six.state.winner, ['A']);
});

test('R11 R12 the last independent country wins early', () => {
  const p = play(`@map tests/fixtures/tiny.json
    @players A B
    乙国: 【退出】
    judge: 【结算】`);
  assert.equal(p.state.status, 'ended');
  assert.deepEqual(p.state.winner, ['A']);
  // R12: its territories become neutral with their armies.
  assert.equal(p.owner('b_cap'), null);
  assert.equal(p.armies('b_cap'), 20);
});

test('R12 a country at 0 after resolution is bankrupt; doing nothing the next turn, it leaves', () => {
  const p = play(`${TINY}
    judge: 【设置】乙国 分数=-4
    judge: 【结算】`);
  // −4 + 4 income = 0 ≤ 0: bankrupt.
  assert.equal(p.state.countries.B!.bankrupt, true);
  assert.equal(p.state.countries.B!.alive, true);
  const q = play(`${TINY}
    judge: 【设置】乙国 分数=-4
    judge: 【结算】
    judge: 【结算】`);
  assert.equal(q.state.countries.B!.alive, false);
  assert.equal(q.owner('b_city'), null);
  const r = play(`${TINY}
    judge: 【设置】乙国 分数=-3
    judge: 【结算】`);
  assert.equal(r.state.countries.B!.bankrupt, false, '−3 + 4 = 1 is not bankrupt');
});

test('R3.2 R12 when the only country that had not committed leaves, the turn resolves at once', () => {
  const p = play(`${TINY}
    甲国: 【完成】
    乙国: 【完成】
    丙国: 【退出】`);
  assert.equal(p.state.turn, 2);
  assert.equal(p.state.countries.C!.alive, false);
  assert.equal(p.owner('c_cap'), null);
});

test('R3.2 R13 a country without a player (【托管】) counts as committed and is never late; 【接管】 gives it back', () => {
  const p = play(`${TINY}
    judge: 【托管】丙国
    甲国: 【完成】
    乙国: 【完成】`);
  assert.equal(p.state.turn, 2, 'C counts as committed');
  assert.equal(p.state.countries.C!.alive, true, 'it stays in the game');
  const q = play(`${TINY}
    judge: 【托管】丙国
    @at 11:00`);
  assert.equal(q.score('C'), 34, 'never late: 30 + 4');
  assert.equal(q.score('A'), 24);
  const r = play(`${TINY}
    judge: 【托管】丙国
    judge: 【接管】丙国
    甲国: 【完成】
    乙国: 【完成】
    甲国: 【托管】乙国`);
  assert.equal(r.state.turn, 1, 'C has a player again and must commit');
  assert.deepEqual(refusals(r), ['NOT_JUDGE']);
});

test('R13 the judge ends the game: the highest score wins unless the judge names the winners', () => {
  const p = play(`${TINY}
    judge: 【设置】乙国 分数=40
    judge: 【结束】
    甲国: 【完成】`);
  assert.equal(p.state.status, 'ended');
  assert.deepEqual(p.state.winner, ['B']);
  assert.deepEqual(refusals(p), ['GAME_NOT_RUNNING']);
  const q = play(`${TINY}
    judge: 【结束】丙国、甲国`);
  assert.deepEqual(q.state.winner, ['A', 'C']);
});
