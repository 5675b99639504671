import test from 'node:test';
import assert from 'node:assert/strict';
import { play, refusals } from '../helpers/scenario.ts';

const TINY = '@map tests/fixtures/tiny.json\n@players A B C\n';
const WAR = `${TINY}甲国: 【宣战】甲国向乙国宣战\njudge: 【结算】\n`;
const resolve = (n: number) => 'judge: 【结算】\n'.repeat(n);

test('R8.2 industry costs 10, once a turn, and first pays at the end of the following turn', () => {
  const p = play(`${TINY}
    甲国: 【工业】
    甲国: 【工业】
    judge: 【结算】`);
  assert.deepEqual(refusals(p), ['ONCE_PER_TURN']);
  assert.equal(p.score('A'), 24, '30 − 10 + 4: not yet paid at the end of the turn it was bought');
  const q = play(`${TINY}
    甲国: 【工业】
    judge: 【结算】
    judge: 【结算】`);
  assert.equal(q.score('A'), 29, '24 + 4 + 1');
  assert.equal(q.state.countries.A!.industry, 1);
});

test('R8.3 tech investments add up; the tech is done at once when they reach the cost; only what is missing is taken', () => {
  const p = play(`${TINY}
    @set startScore=200
    甲国: 【科技】空艇 60
    甲国: 【科技】空艇 60`);
  assert.equal(p.score('A'), 100);
  assert.deepEqual(p.state.countries.A!.techDone, ['airship']);
  assert.equal(p.state.countries.A!.tech.airship, 100);
  const q = play(`${TINY}
    甲国: 【科技】间谍 31`);
  assert.deepEqual(refusals(q), ['INSUFFICIENT_SCORE']);
});

test('R8.3 airlift needs Airship, once a turn, between any two own territories', () => {
  const none = play(`${TINY}
    甲国: 【空运】甲城→甲乡 5`);
  assert.deepEqual(refusals(none), ['TECH_REQUIRED']);
  const p = play(`${TINY}
    @set startScore=200
    甲国: 【科技】空艇 100
    甲国: 【空运】甲城→甲乡 6
    甲国: 【空运】甲都→甲乡 1
    甲国: 【空运】甲城→乙乡 1
    judge: 【结算】`);
  assert.deepEqual(refusals(p), ['ONCE_PER_TURN', 'ONCE_PER_TURN'], 'the once-a-turn check comes before the territory check');
  assert.equal(p.armies('a_city'), 4);
  assert.equal(p.armies('a_land'), 11);
});

test('R8.3 【窥探】 shows the orders other countries have committed; without Spy it is TECH_REQUIRED', () => {
  const p = play(`${TINY}
    @set startScore=100
    丙国: 【调兵】丙乡→中原 5
    丙国: 【完成】
    乙国: 【调兵】乙乡→中原 5
    甲国: 【窥探】
    甲国: 【科技】间谍 50
    甲国: 【窥探】`);
  assert.deepEqual(refusals(p), ['TECH_REQUIRED']);
  const seen = p.outcomes.at(-1)!;
  assert.ok(seen.ok && seen.private);
  assert.match(seen.message, /丙国：丙乡→中原 5/);
  assert.doesNotMatch(seen.message, /乙国/, 'B has not committed: its orders stay secret');
});

test('R8.1 an enemy next to the arsenal blocks buying, and for 5 turns after the last turn that was so', () => {
  const base = `${WAR}
    judge: 【设置】甲都 归属=乙国
    甲国: 【军事】5
    judge: 【结算】
    judge: 【设置】甲都 归属=甲国
    ${resolve(1)}`;
  // Turn 2: B owns 甲都 (next to 甲库). Turn 3 too until the judge gives it back: turn 3 is the last such turn.
  const t4 = play(`${base}甲国: 【军事】5`);
  assert.equal(t4.state.turn, 4);
  assert.deepEqual(refusals(t4), ['ARSENAL_BLOCKADED', 'ARSENAL_BLOCKADED']);
  const t8 = play(`${base}${resolve(4)}甲国: 【军事】5`);
  assert.equal(t8.state.turn, 8);
  assert.deepEqual(refusals(t8), ['ARSENAL_BLOCKADED', 'ARSENAL_BLOCKADED']);
  const t9 = play(`${base}${resolve(5)}甲国: 【军事】5`);
  assert.deepEqual(refusals(t9), ['ARSENAL_BLOCKADED']);
  assert.equal(t9.state.countries.A!.buying, 5);
});

test('R9 partial mobilization: +100 on the capital at resolution, half income for 6 payments starting this turn', () => {
  const p = play(`${TINY}
    甲国: 【动员】部分
    judge: 【结算】`);
  // 甲都 20 + 100 = 120, over the capital cap of 100 by 20: penalty 2. Income 4 halved = 2. 30 + 2 − 2 = 30.
  assert.equal(p.armies('a_cap'), 120);
  assert.equal(p.score('A'), 30);
  assert.equal(p.state.countries.A!.mobilization.halfIncomeLeft, 5);
  const split = play(`${TINY}
    甲国: 【动员】部分 甲都60 甲城40
    ${resolve(6)}`);
  // Six halved payments: 6 × 2 = 12; then the 7th turn pays the full 4.
  assert.equal(split.armies('a_cap'), 80);
  assert.equal(split.armies('a_city'), 50);
  assert.equal(split.score('A'), 42);
  const seven = play(`${TINY}
    甲国: 【动员】部分 甲都60 甲城40
    ${resolve(7)}`);
  assert.equal(seven.score('A'), 46);
});

test('R9 placement must add up to exactly 100; each kind once per game; one per turn', () => {
  const p = play(`${TINY}
    甲国: 【动员】部分 甲都60 甲城30
    甲国: 【动员】部分
    甲国: 【动员】部分`);
  assert.deepEqual(refusals(p), ['BAD_SYNTAX', 'ALREADY_USED']);
});

test('R9 national mobilization only with an enemy beside the capital; periods add up; partial only 7 turns after national', () => {
  const none = play(`${WAR}
    甲国: 【动员】全国`);
  assert.deepEqual(refusals(none), ['NATIONAL_NOT_ALLOWED']);
  const both = play(`${WAR}
    judge: 【设置】甲乡 归属=乙国
    甲国: 【动员】部分
    甲国: 【动员】全国
    judge: 【结算】
    甲国: 【动员】全国`);
  // Partial in turn 2, national refused the same turn (one per turn), then national in turn 3: 6 + 9 = 15 payments,
  // one already paid at the end of turn 2.
  assert.deepEqual(refusals(both), ['ONCE_PER_TURN']);
  assert.equal(both.state.countries.A!.mobilization.halfIncomeLeft, 14);
  // Enough score that 甲城's stacking penalties (110 armies, 50 over its cap: 16 a turn) do not bankrupt A.
  const after = `${WAR}
    judge: 【设置】甲国 分数=500
    judge: 【设置】甲乡 归属=乙国
    甲国: 【动员】全国 甲都100 甲城100
    judge: 【结算】`;
  const early = play(`${after}\n${resolve(5)}甲国: 【动员】部分`);
  assert.equal(early.state.turn, 8);
  assert.deepEqual(refusals(early), ['NOT_ALLOWED']);
  const ok = play(`${after}\n${resolve(6)}甲国: 【动员】部分`);
  assert.equal(ok.state.turn, 9);
  assert.deepEqual(refusals(ok), []);
});

test('R2.2 R9 R6.4 mobilization halves a puppet\'s income before tribute', () => {
  const p = play(`${TINY}
    judge: 【设置】乙国 分数=-10
    judge: 【结算】
    乙国: 【效忠】乙国向丙国效忠
    丙国: 【同意】
    乙国: 【动员】部分 乙都80 乙城20
    judge: 【结算】`);
  // 乙都 100 and 乙城 30 stay within their caps. B income 4, halved 2, tribute floor(2 × 0.7) = 1: B 30 + 1 = 31.
  assert.equal(p.score('B'), 31);
});
