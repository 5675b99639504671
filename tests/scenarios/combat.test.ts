import test from 'node:test';
import assert from 'node:assert/strict';
import { play, refusals } from '../helpers/scenario.ts';
import { assault } from '../../src/games/neuwar/engine/index.ts';

const TINY = '@map tests/fixtures/tiny.json\n@players A B C\n';
/** A and B at war, active from turn 2; turn 2 is open when the body starts. */
const WAR = `${TINY}甲国: 【宣战】甲国向乙国宣战\njudge: 【结算】\n`;

test('R10.5 to take 4 you need 7: 7 wins with 1 left, 6 fails and leaves 0', () => {
  assert.deepEqual(assault(7, 4, 1.5), { won: true, left: 1 });
  assert.deepEqual(assault(6, 4, 1.5), { won: false, left: 0 });
  // d = 15, a = 20: 20 > 22.5 fails; the defender keeps floor(15 − 20/1.5) = floor(1.67) = 1.
  assert.deepEqual(assault(20, 15, 1.5), { won: false, left: 1 });
  // a = 23 against 15: 23 > 22.5 wins with ceil(0.5) = 1.
  assert.deepEqual(assault(23, 15, 1.5), { won: true, left: 1 });
  assert.deepEqual(assault(1, 0, 1.5), { won: true, left: 1 });
});

test('R10.5 R10.6 R2.3 taking a neutral city: 7 against 4 takes it with 1 and +5', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲城→荒城 7
    judge: 【结算】`);
  assert.equal(p.owner('waste'), 'A');
  assert.equal(p.armies('waste'), 1);
  assert.equal(p.armies('a_city'), 3);
  // 30 + 5 (city captured) + income 4 territories + 2 cities = 41.
  assert.equal(p.score('A'), 41);
});

test('R10.5 6 against 4 fails: the neutral keeps floor(4 − 6/1.5) = 0 and stays neutral', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲城→荒城 6
    judge: 【结算】`);
  assert.equal(p.owner('waste'), null);
  assert.equal(p.armies('waste'), 0);
  assert.equal(p.armies('a_city'), 4);
  assert.equal(p.score('A'), 34);
  const battle = p.events.find((e) => e.type === 'battle');
  assert.ok(battle && battle.type === 'battle' && !battle.won && battle.attackers === 6 && battle.defenders === 4);
});

test('R5.1 moving into an enemy before the war is active is WAR_NOT_ACTIVE; without a war NOT_AT_WAR', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲乡→乙乡 5
    甲国: 【宣战】甲国向乙国宣战
    甲国: 【调兵】甲乡→乙乡 5`);
  assert.deepEqual(refusals(p), ['NOT_AT_WAR', 'WAR_NOT_ACTIVE']);
  assert.equal(p.score('A'), 20, 'war costs 10');
  assert.equal(p.state.wars[0]!.active, false);
});

test('R5.1 the war is active the next turn: an 8-army attack takes 乙乡 (5) with ceil(8 − 7.5) = 1', () => {
  const p = play(`${WAR}
    judge: 【设置】甲乡 兵力=8
    甲国: 【调兵】甲乡→乙乡 8
    judge: 【结算】`);
  assert.equal(p.owner('b_land'), 'A');
  assert.equal(p.armies('b_land'), 1);
  assert.equal(p.owner('a_land'), 'A', 'a territory left with 0 armies stays owned (R1.3)');
  assert.equal(p.armies('a_land'), 0);
});

test('R10.3 head-on: 20 against 12 meet midway; 8 go on and take the emptied territory', () => {
  const p = play(`${WAR}
    judge: 【设置】甲乡 兵力=20
    judge: 【设置】乙乡 兵力=12
    甲国: 【调兵】甲乡→乙乡 20
    乙国: 【调兵】乙乡→甲乡 12
    judge: 【结算】`);
  const h = p.events.find((e) => e.type === 'headOn');
  assert.ok(h && h.type === 'headOn' && h.survivor === 'A' && h.left === 8);
  assert.equal(p.owner('b_land'), 'A');
  assert.equal(p.armies('b_land'), 8, '8 against an empty 乙乡');
  assert.equal(p.owner('a_land'), 'A');
  assert.equal(p.armies('a_land'), 0);
});

test('R10.3 head-on tie destroys both', () => {
  const p = play(`${WAR}
    judge: 【设置】甲乡 兵力=10
    judge: 【设置】乙乡 兵力=10
    甲国: 【调兵】甲乡→乙乡 全部
    乙国: 【调兵】乙乡→甲乡 全部
    judge: 【结算】`);
  assert.equal(p.owner('b_land'), 'B');
  assert.equal(p.armies('b_land'), 0);
  assert.equal(p.armies('a_land'), 0);
});

test('R10.2 reinforcements join the defence: 9 attackers against 5 + 5 fail, 4 remain', () => {
  const p = play(`${WAR}
    judge: 【设置】乙乡 兵力=9
    乙国: 【调兵】乙乡→甲乡 9
    甲国: 【调兵】甲都→甲乡 5
    judge: 【结算】`);
  // Defence 5 + 5 = 10; 9 > 15 fails; floor(10 − 9/1.5) = 4.
  assert.equal(p.owner('a_land'), 'A');
  assert.equal(p.armies('a_land'), 4);
});

test('R10.4 melee: A 10 and B 7 at war fight first, then C 6 (at war with nobody) is larger than A 3 and proceeds', () => {
  const p = play(`${WAR}
    judge: 【设置】甲乡 兵力=10
    judge: 【设置】乙乡 兵力=7
    judge: 【设置】丙乡 兵力=6
    甲国: 【调兵】甲乡→中原 10
    乙国: 【调兵】乙乡→中原 7
    丙国: 【调兵】丙乡→中原 6
    judge: 【结算】`);
  // Melee: A keeps 10 − 7 = 3, B destroyed. Then A 3 vs C 6: C proceeds, A's 3 stay home.
  // C attacks 3 neutral with 6: 6 > 4.5 wins with ceil(1.5) = 2.
  assert.equal(p.owner('mid'), 'C');
  assert.equal(p.armies('mid'), 2);
  assert.equal(p.armies('a_land'), 3, 'the melee survivor that does not proceed goes home');
  assert.equal(p.armies('b_land'), 0);
  assert.equal(p.armies('c_land'), 0);
});

test('R10.4 entrants not at war: only the largest proceeds; a tie means none proceeds and all stay home', () => {
  const p = play(`${TINY}
    judge: 【设置】甲乡 兵力=10
    judge: 【设置】丙乡 兵力=8
    甲国: 【调兵】甲乡→中原 10
    丙国: 【调兵】丙乡→中原 8
    judge: 【结算】`);
  assert.equal(p.owner('mid'), 'A');
  assert.equal(p.armies('mid'), 6, 'ceil(10 − 4.5) = 6');
  assert.equal(p.armies('c_land'), 8, 'C stays home');
  const tie = play(`${TINY}
    judge: 【设置】甲乡 兵力=10
    judge: 【设置】丙乡 兵力=10
    甲国: 【调兵】甲乡→中原 10
    丙国: 【调兵】丙乡→中原 10
    judge: 【结算】`);
  assert.equal(tie.owner('mid'), null);
  assert.equal(tie.armies('mid'), 3);
  assert.equal(tie.armies('a_land'), 10);
  assert.equal(tie.armies('c_land'), 10);
});

test('R10.1 orders from one territory shrink in the order given; 一半 rounds down', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲乡→甲城 4
    甲国: 【调兵】甲乡→甲都 4
    judge: 【结算】`);
  // 甲乡 has 5: the first order takes 4, the second shrinks to 1.
  assert.equal(p.armies('a_city'), 14);
  assert.equal(p.armies('a_cap'), 21);
  assert.equal(p.armies('a_land'), 0);
  assert.ok(p.events.some((e) => e.type === 'orderShrunk' && e.wanted === 4 && e.n === 1));
  const half = play(`${TINY}
    甲国: 【调兵】甲乡→甲城 一半
    judge: 【结算】`);
  assert.equal(half.armies('a_city'), 12, 'half of 5 is 2');
  assert.equal(half.armies('a_land'), 3);
});

test('R10.1 refusals: NOT_OWNER, NOT_ADJACENT naming the neighbours, NOT_ENOUGH_ARMIES', () => {
  const p = play(`${TINY}
    甲国: 【调兵】乙乡→中原 1
    甲国: 【调兵】甲都→中原 1
    甲国: 【调兵】甲乡→中原 6`);
  assert.deepEqual(refusals(p), ['NOT_OWNER', 'NOT_ADJACENT', 'NOT_ENOUGH_ARMIES']);
  const adj = p.outcomes[1]!;
  assert.ok(!adj.ok && /甲城/.test(adj.message) && /甲乡/.test(adj.message), adj.ok ? '' : adj.message);
});

test('R10.1 an order that became illegal before resolution is dropped with a notice', () => {
  const p = play(`${TINY}
    甲国: 【调兵】甲乡→中原 5
    judge: 【设置】甲乡 归属=乙国
    judge: 【结算】`);
  assert.equal(p.owner('mid'), null);
  assert.ok(p.events.some((e) => e.type === 'orderDropped' && e.code === 'NOT_OWNER'));
});

test('R8.1 bought armies are in the arsenal after resolution and leave it only into own adjacent territory', () => {
  const p = play(`${TINY}
    甲国: 【军事】10
    甲国: 【调兵】甲库→甲都 10
    judge: 【结算】`);
  // The order may use armies that arrive at step 2 of the same resolution.
  assert.equal(p.armies('a_cap'), 30);
  assert.equal(p.state.arsenals.A, 0);
  assert.equal(p.score('A'), 24, '30 − 10 + 4');
  const q = play(`${TINY}
    甲国: 【军事】30
    甲国: 【军事】1
    judge: 【结算】
    甲国: 【调兵】甲库→甲乡 5`);
  assert.deepEqual(refusals(q), ['LIMIT_EXCEEDED', 'NOT_ADJACENT']);
  assert.equal(q.state.arsenals.A, 30);
});

test('R8.1 buying needs the score (INSUFFICIENT_SCORE) and a refused buy costs nothing', () => {
  const p = play(`${TINY}
    甲国: 【工业】
    甲国: 【军事】21
    甲国: 【军事】20`);
  // 30 − 10 (industry) = 20: 21 armies are 1 point short; 20 is exactly affordable.
  assert.deepEqual(refusals(p), ['INSUFFICIENT_SCORE']);
  const refused = p.outcomes[1]!;
  assert.ok(!refused.ok && /还差1分/.test(refused.message));
  assert.equal(p.score('A'), 0);
  assert.equal(p.state.countries.A!.buying, 20);
});

test('R10.7 sea: a stack loses 10% each turn (rounded down), also the turn it arrives; islands are taken from the sea', () => {
  const p = play(`@map tests/fixtures/islands.json
    @players W E
    西国: 【调兵】西港→内海 10
    judge: 【结算】
    西国: 【调兵】内海→外海 全部
    judge: 【结算】
    西国: 【调兵】外海→孤岛 全部
    judge: 【结算】`);
  // 10 → floor(9) = 9 → floor(8.1) = 8; 8 against 2: 8 > 3, occupies ceil(8 − 3) = 5.
  assert.equal(p.owner('isle'), 'W');
  assert.equal(p.armies('isle'), 5);
  assert.deepEqual(p.state.territories.outer, { stacks: {} });
});

test('R1.1 R10.7 a strait is walked like land; sea zones are never owned', () => {
  const p = play(`@map tests/fixtures/islands.json
    @players W E
    西国: 【宣战】西国向东国宣战
    judge: 【结算】
    西国: 【调兵】西都→西乡 20
    judge: 【结算】
    西国: 【调兵】西乡→东乡 25
    judge: 【结算】`);
  // 25 against 5 across the strait: occupies ceil(25 − 7.5) = 18.
  assert.equal(p.owner('e_land'), 'W');
  assert.equal(p.armies('e_land'), 18);
  assert.ok(!('owner' in p.state.territories.inner!));
});

test('R7 stacking: over the land cap by 1–10 costs 1, by 11 costs 2, by 21 costs 4; exactly the cap costs nothing', () => {
  const cases: [number, number][] = [[20, 0], [21, 1], [30, 1], [31, 2], [41, 4]];
  for (const [armies, penalty] of cases) {
    const p = play(`${TINY}
      judge: 【设置】甲乡 兵力=${armies}
      judge: 【结算】`);
    assert.equal(p.score('A'), 30 + 4 - penalty, `${armies} armies in 甲乡 (cap 20) cost ${penalty}`);
  }
});

test('R7 R8.3 Communications doubles the caps', () => {
  const p = play(`${TINY}
    @set startScore=300
    甲国: 【科技】通讯 200
    judge: 【设置】甲乡 兵力=40
    judge: 【结算】`);
  assert.equal(p.score('A'), 300 - 200 + 4);
});

test('R2.3 R5.5 R2.4 taking a capital: +10, the owner surrenders, and pays the loss deduction at war end', () => {
  const p = play(`${WAR}
    judge: 【设置】甲乡 兵力=40
    judge: 【设置】乙都 兵力=10
    甲国: 【调兵】甲乡→乙乡 40
    judge: 【结算】
    甲国: 【调兵】乙乡→乙都 全部
    judge: 【结算】`);
  // Turn 2: 40 against 5 → ceil(40 − 7.5) = 33 in 乙乡. Turn 3: 33 against 10 → ceil(33 − 15) = 18 in 乙都.
  assert.equal(p.owner('b_cap'), 'A');
  assert.equal(p.armies('b_cap'), 18);
  assert.equal(p.state.wars.length, 0, 'every war of the loser ends');
  assert.ok(p.events.some((e) => e.type === 'capitalFell' && e.loser === 'B' && e.capturer === 'A'));
  // B lost its capital in the war: −10 at war end (R2.4); 乙乡 is not a city, no deduction for it.
  assert.ok(p.events.some((e) => e.type === 'score' && e.country === 'B' && e.reason === 'lossDeduction' && e.delta === -10));
  assert.deepEqual(p.state.truces, [{ winner: 'A', loser: 'B', untilTurn: 5 }]);
  assert.deepEqual(p.state.capitalFalls, [{ loser: 'B', capturer: 'A', turn: 4 }]);
});

test('R5.2 war upkeep: declared in turn 1, active from turn 2, the attacker pays 3 at the end of turns 5, 6, … only', () => {
  const four = play(`${TINY}
    甲国: 【宣战】甲国向乙国宣战
    ${'judge: 【结算】\n'.repeat(4)}`);
  // 30 − 10 + 4 turns × 4 income = 36: no upkeep through turn 4.
  assert.equal(four.score('A'), 36);
  const five = play(`${TINY}
    甲国: 【宣战】甲国向乙国宣战
    ${'judge: 【结算】\n'.repeat(5)}`);
  assert.equal(five.score('A'), 37, '36 + 4 − 3');
  assert.equal(five.score('B'), 50, 'the defender never pays upkeep: 30 + 5 × 4');
  const six = play(`${TINY}
    甲国: 【宣战】甲国向乙国宣战
    ${'judge: 【结算】\n'.repeat(6)}`);
  assert.equal(six.score('A'), 38);
});
