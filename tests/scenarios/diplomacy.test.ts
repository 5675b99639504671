import test from 'node:test';
import assert from 'node:assert/strict';
import { play, refusals } from '../helpers/scenario.ts';
import { atWar } from '../../src/games/neuwar/engine/index.ts';

const TINY = '@map tests/fixtures/tiny.json\n@players A B C\n';
/** A declared war on B in turn 1 (A 30 − 10 = 20, then +4 income: A 24, B 34, C 34); turn 2 open, war active. */
const WAR = `${TINY}甲国: 【宣战】甲国向乙国宣战\njudge: 【结算】\n`;
/** As WAR, then A takes B's capital in turn 3; turn 4 is open and A must choose puppet or annex. */
const FALLEN = `${WAR}judge: 【设置】甲乡 兵力=40
judge: 【设置】乙都 兵力=10
甲国: 【调兵】甲乡→乙乡 40
judge: 【结算】
甲国: 【调兵】乙乡→乙都 全部
judge: 【结算】
`;

test('R4.1 one request per country per turn; war declarations are exempt; a refused command uses nothing', () => {
  const p = play(`${TINY}
    丙国: 【结盟】丙国向甲国请求缔结盟约。
    丙国: 【协定】丙国向乙国请求互不侵犯协定。
    甲国: 【宣战】甲国向乙国宣战
    乙国: 【结盟】乙国向甲国请求缔结盟约。
    乙国: 【结盟】乙国向丙国请求缔结盟约。`);
  // B's first alliance is refused (at war with A) and so does not use B's request.
  assert.deepEqual(refusals(p), ['ONE_REQUEST_PER_TURN', 'ALREADY_AT_WAR']);
  assert.equal(p.state.pending.length, 2);
  const q = play(`${TINY}
    丙国: 【结盟】丙国向甲国请求缔结盟约。
    judge: 【结算】
    丙国: 【协定】丙国向乙国请求互不侵犯协定。`);
  assert.deepEqual(refusals(q), [], 'a new turn gives a new request');
});

test('R4.3 a request not answered by the end of the turn lapses', () => {
  const p = play(`${TINY}
    丙国: 【结盟】丙国向甲国请求缔结盟约。
    judge: 【结算】
    甲国: 【同意】`);
  assert.deepEqual(refusals(p), ['NO_SUCH_REQUEST']);
  assert.deepEqual(p.state.alliances, []);
  assert.ok(p.events.some((e) => e.type === 'lapsed'));
});

test('R4.2 R6.1 the seed\'s full answer form ——同意。 and ——拒绝。', () => {
  const p = play(`${TINY}
    丙国: 【结盟】（丙国）向（甲国）请求缔结盟约。
    甲国: 【结盟】（丙国）向（甲国）请求缔结盟约。——同意。`);
  assert.deepEqual(p.state.alliances, [['A', 'C']]);
  const outcome = p.outcomes[1]!;
  assert.ok(outcome.ok && outcome.message.includes('结盟成立'));
  const q = play(`${TINY}
    丙国: 【结盟】丙国向甲国请求缔结盟约。
    甲国: 【结盟】丙国向甲国请求缔结盟约。——拒绝。
    乙国: 【同意】`);
  assert.deepEqual(q.state.alliances, []);
  assert.deepEqual(refusals(q), ['NO_SUCH_REQUEST'], 'B has nothing addressed to it');
});

test('R6.1 allies may not declare war on each other nor enter each other\'s land; an ally\'s ally is not an ally', () => {
  const p = play(`${TINY}
    甲国: 【结盟】甲国向乙国请求缔结盟约。
    乙国: 【同意】
    乙国: 【结盟】乙国向丙国请求缔结盟约。
    丙国: 【同意】
    甲国: 【宣战】甲国向乙国宣战
    甲国: 【宣战】甲国向丙国宣战`);
  assert.deepEqual(refusals(p), ['ALLIED']);
  assert.equal(p.state.wars.length, 1);
  assert.equal(p.state.wars[0]!.defender, 'C');
});

test('R6.2 breaking costs 10 and bars war on the former ally through the end of turn t+2', () => {
  const base = `${TINY}
    乙国: 【结盟】乙国向甲国请求缔结盟约。
    甲国: 【同意】
    甲国: 【背盟】甲国向乙国解散联盟。`;
  const p = play(base);
  assert.equal(p.score('A'), 20);
  assert.deepEqual(p.state.alliances, []);
  const t3 = play(`${base}
    judge: 【结算】
    judge: 【结算】
    甲国: 【宣战】甲国向乙国宣战`);
  assert.deepEqual(refusals(t3), ['RECENTLY_ALLIED']);
  const t4 = play(`${base}
    judge: 【结算】
    judge: 【结算】
    judge: 【结算】
    甲国: 【宣战】甲国向乙国宣战`);
  assert.deepEqual(refusals(t4), []);
});

test('R6.3 a pact is paid at request (kept if rejected) and bars war for 5 turns', () => {
  const rejected = play(`${TINY}
    甲国: 【协定】甲国向乙国请求互不侵犯协定。
    乙国: 【拒绝】`);
  assert.equal(rejected.score('A'), 20);
  const base = `${TINY}
    甲国: 【协定】甲国向乙国请求互不侵犯协定。
    乙国: 【同意】`;
  const p = play(base);
  assert.deepEqual(p.state.pacts, [{ between: ['A', 'B'], untilTurn: 6 }]);
  const t6 = play(`${base}\n${'judge: 【结算】\n'.repeat(5)}乙国: 【宣战】乙国向甲国宣战`);
  assert.equal(t6.state.turn, 6);
  assert.deepEqual(refusals(t6), ['PACT_ACTIVE']);
  const t7 = play(`${base}\n${'judge: 【结算】\n'.repeat(6)}乙国: 【宣战】乙国向甲国宣战`);
  assert.deepEqual(refusals(t7), []);
  assert.deepEqual(t7.state.pacts, []);
  const atWarPact = play(`${WAR}
    甲国: 【协定】甲国向乙国请求互不侵犯协定。`);
  assert.deepEqual(refusals(atWarPact), ['ALREADY_AT_WAR']);
});

test('R5.3 unconditional ceasefire accepted: the war ends, the attacker wins, no ±30; truce binds the winner only', () => {
  const p = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，无条件
    乙国: 【同意】
    甲国: 【宣战】甲国向乙国宣战
    乙国: 【宣战】乙国向甲国宣战`);
  assert.equal(p.score('A'), 24);
  assert.deepEqual(refusals(p), ['TRUCE_ACTIVE']);
  assert.equal(p.state.wars.length, 1);
  assert.equal(p.state.wars[0]!.attacker, 'B', 'the loser may declare again');
  assert.equal(p.score('B'), 24, 'B paid 10 for its own declaration');
  assert.deepEqual(p.state.truces, [{ winner: 'A', loser: 'B', untilTurn: 4 }]);
});

test('R5.6 R3.6 the truce of a war ended in turn 2 lasts through turn 4', () => {
  const base = `${WAR}
    甲国: 【求和】甲国向乙国请求停战，无条件
    乙国: 【同意】`;
  const t4 = play(`${base}\njudge: 【结算】\njudge: 【结算】\n甲国: 【宣战】甲国向乙国宣战`);
  assert.equal(t4.state.turn, 4);
  assert.deepEqual(refusals(t4), ['TRUCE_ACTIVE']);
  assert.ok(!t4.outcomes.at(-1)!.ok && /第4回合结束/.test((t4.outcomes.at(-1) as { message: string }).message));
  const t5 = play(`${base}\njudge: 【结算】\njudge: 【结算】\njudge: 【结算】\n甲国: 【宣战】甲国向乙国宣战`);
  assert.deepEqual(refusals(t5), []);
});

test('R5.3 refusing an unconditional ceasefire makes the defender the attacker; it pays 10 and the war goes on', () => {
  const p = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，无条件
    乙国: 【拒绝】`);
  assert.equal(p.score('B'), 24);
  assert.deepEqual(p.state.wars.map((w) => [w.attacker, w.defender, w.declaredTurn, w.active]), [['B', 'A', 1, true]]);
  const counter = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，无条件
    乙国: 【协商】赔款5分`);
  assert.deepEqual(refusals(counter), ['NOT_ALLOWED']);
  const defender = play(`${WAR}
    乙国: 【求和】乙国向甲国请求停战，无条件`);
  assert.deepEqual(refusals(defender), ['NOT_ATTACKER']);
});

test('R5.3 conditional ceasefire with a counter-offer: the reparations change hands at acceptance', () => {
  const p = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，有条件。停战要求：割让乙乡，赔款5分
    乙国: 【协商】停战要求：赔款10分
    甲国: 【同意】`);
  assert.equal(p.score('A'), 34, '24 + 10');
  assert.equal(p.score('B'), 24, '34 − 10');
  assert.equal(p.owner('b_land'), 'B', 'the counter-offer dropped the territory');
  assert.equal(p.state.wars.length, 0);
  const cap = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，有条件。停战要求：割让乙都`);
  assert.deepEqual(refusals(cap), ['CAPITAL_NOT_TRADEABLE']);
  const territory = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，有条件。停战要求：割让乙乡
    乙国: 【同意】`);
  assert.equal(territory.owner('b_land'), 'A');
  assert.equal(territory.armies('b_land'), 5, 'ceded with its armies');
});

test('R5.3 R6.5 reparations the loser cannot pay at acceptance fail whole: nothing moves, the war goes on', () => {
  const p = play(`${WAR}
    甲国: 【求和】甲国向乙国请求停战，有条件。停战要求：割让乙乡，赔款50分
    乙国: 【同意】`);
  assert.deepEqual(refusals(p), ['TRADE_INVALID']);
  assert.equal(p.score('B'), 34);
  assert.equal(p.owner('b_land'), 'B');
  assert.equal(p.state.wars.length, 1);
});

test('R5.4 suing for peace: accepted as asked, the winner +30 and the loser −30', () => {
  const p = play(`${WAR}
    乙国: 【求和】乙国向甲国请求投降
    甲国: 【同意】`);
  assert.equal(p.score('A'), 54);
  assert.equal(p.score('B'), 4);
  assert.deepEqual(p.state.truces, [{ winner: 'A', loser: 'B', untilTurn: 4 }]);
});

test('R5.4 the winner answers a surrender with terms; the loser accepts: ±30 plus the reparations', () => {
  const p = play(`${WAR}
    乙国: 【求和】乙国向甲国请求投降
    甲国: 【协商】停战要求：割让乙乡，赔款4分
    乙国: 【同意】`);
  // A: 24 + 30 + 4 = 58; B: 34 − 30 − 4 = 0.
  assert.equal(p.score('A'), 58);
  assert.equal(p.score('B'), 0);
  assert.equal(p.owner('b_land'), 'A');
});

test('R5.4 a defender rejecting the attacker\'s surrender outright becomes the attacker and pays 10', () => {
  const p = play(`${WAR}
    甲国: 【求和】甲国向乙国请求投降
    乙国: 【拒绝】`);
  assert.equal(p.score('B'), 24);
  assert.equal(p.state.wars[0]!.attacker, 'B');
  const q = play(`${WAR}
    乙国: 【求和】乙国向甲国请求投降
    甲国: 【拒绝】`);
  assert.equal(q.score('A'), 24, 'the attacker rejecting the defender\'s surrender pays nothing');
  assert.equal(q.state.wars[0]!.attacker, 'A');
});

test('R2.4 at war end each side pays 5 per city the other captured from it and it does not own', () => {
  const p = play(`${WAR}
    judge: 【设置】乙乡 归属=甲国
    judge: 【设置】乙乡 兵力=30
    甲国: 【调兵】乙乡→乙城 30
    judge: 【结算】
    甲国: 【求和】甲国向乙国请求停战，无条件
    乙国: 【同意】`);
  // Turn 2: 30 against 10 takes 乙城 with ceil(30 − 15) = 15; A +5.
  // A after turn 2: 24 + 5 + income (甲都 甲城 甲乡 乙乡 乙城: 5 + 2 cities = 7) = 36. B: 34 + (乙都: 1) = 35.
  // Peace: B pays 5 for 乙城 (a city captured in this war, not owned by B at the end): 30. 乙乡 was given by the judge: not a capture.
  assert.equal(p.score('A'), 36);
  assert.equal(p.score('B'), 30);
});

test('R5.8 intervention: war on the attacker of an active war against one\'s ally is free; its R5.4 peace is ±30 only', () => {
  const base = `${TINY}
    甲国: 【结盟】甲国向丙国请求缔结盟约。
    丙国: 【同意】
    乙国: 【宣战】乙国向甲国宣战
    judge: 【结算】
    丙国: 【宣战】丙国向乙国宣战`;
  const p = play(base);
  assert.equal(p.score('C'), 34, 'no war cost');
  assert.ok(p.state.wars.some((w) => w.attacker === 'C' && w.defender === 'B' && w.intervention));
  const q = play(`${base}
    judge: 【结算】
    乙国: 【求和】乙国向丙国请求投降
    丙国: 【协商】停战要求：赔款5分`);
  assert.deepEqual(refusals(q), ['NOT_ALLOWED']);
});

test('R6.5 trade: points for a territory, with a counter-offer; capitals never traded', () => {
  const p = play(`${TINY}
    丙国: 【交易】丙国向乙国提出交易申请，以（20分）交换（乙乡）。
    乙国: 【交易】丙国向乙国提出交易申请，以（20分）交换（乙乡）。——协商。以乙乡交换25分
    丙国: 【同意】`);
  assert.equal(p.owner('b_land'), 'C');
  assert.equal(p.score('C'), 5);
  assert.equal(p.score('B'), 55);
  const cap = play(`${TINY}
    丙国: 【交易】丙国向乙国提出交易申请，以（20分）交换（乙都）。`);
  assert.deepEqual(refusals(cap), ['CAPITAL_NOT_TRADEABLE']);
});

test('R6.5 arms move from the seller\'s territory into the adjacent territory the buyer names', () => {
  const p = play(`${TINY}
    甲国: 【交易】甲国向乙国提出交易申请，以（4军（甲乡→乙乡））交换（10分）。
    乙国: 【同意】`);
  assert.equal(p.armies('a_land'), 1);
  assert.equal(p.armies('b_land'), 9);
  assert.equal(p.score('A'), 40);
  assert.equal(p.score('B'), 20);
});

test('R6.5 goods missing at acceptance: TRADE_INVALID and nothing moves', () => {
  const p = play(`${TINY}
    甲国: 【交易】甲国向乙国提出交易申请，以（40分）交换（乙乡）。
    乙国: 【同意】`);
  assert.deepEqual(refusals(p), ['TRADE_INVALID']);
  assert.equal(p.score('A'), 30);
  assert.equal(p.owner('b_land'), 'B');
});

test('R5.5 without a choice the loser becomes a puppet before income: score 30, its capital back, 70% tribute', () => {
  const p = play(`${FALLEN}
    judge: 【结算】`);
  // Start of turn 4's resolution: B is reset to 30 and gets 乙都 back with the 18 armies in it.
  // B owns 乙都 乙城 (乙乡 is A's): 2 + 1 city = 3; tribute floor(3 × 0.7) = 2 → B 30 + 1 = 31.
  assert.equal(p.state.countries.B!.overlord, 'A');
  assert.equal(p.owner('b_cap'), 'B');
  assert.equal(p.armies('b_cap'), 18);
  assert.equal(p.score('B'), 31);
  assert.ok(p.events.some((e) => e.type === 'score' && e.country === 'A' && e.reason === 'tribute' && e.delta === 2));
});

test('R5.5 annexation costs 60 and takes every territory with its armies; only the capturer may choose', () => {
  const p = play(`${FALLEN}
    丙国: 【灭国】丙国吞并乙国
    judge: 【设置】甲国 分数=100
    甲国: 【灭国】甲国吞并乙国`);
  assert.deepEqual(refusals(p), ['NOT_ALLOWED']);
  assert.equal(p.score('A'), 40);
  assert.equal(p.state.countries.B!.alive, false);
  assert.equal(p.owner('b_city'), 'A');
  assert.equal(p.armies('b_city'), 10);
  const poor = play(`${FALLEN}
    judge: 【设置】甲国 分数=59
    甲国: 【灭国】甲国吞并乙国`);
  assert.deepEqual(refusals(poor), ['INSUFFICIENT_SCORE']);
});

test('R5.5 R6.4 an explicit puppet; the overlord demands up to 3 non-capital territories and orders the puppet\'s armies', () => {
  const p = play(`${FALLEN}
    甲国: 【傀儡】甲国对乙国建立傀儡政权
    甲国: 【调兵】乙都→乙城 5
    甲国: 【领土要求】甲国向乙国要求乙都
    甲国: 【领土要求】甲国向乙国要求乙城
    乙国: 【宣战】乙国向丙国宣战
    乙国: 【结盟】乙国向丙国请求缔结盟约。`);
  assert.deepEqual(refusals(p), ['CAPITAL_NOT_TRADEABLE', 'PUPPET_RESTRICTED', 'PUPPET_RESTRICTED']);
  assert.equal(p.state.countries.B!.overlord, 'A');
  assert.equal(p.owner('b_city'), 'A');
  assert.equal(p.score('B'), 30);
  assert.equal(p.state.orders.B?.[0]?.by, 'A', 'the order moves B\'s armies, given by A');
  const limit = play(`${FALLEN}
    甲国: 【傀儡】甲国对乙国建立傀儡政权
    judge: 【设置】中原 归属=乙国
    judge: 【设置】荒城 归属=乙国
    judge: 【设置】丙乡 归属=乙国
    甲国: 【领土要求】甲国向乙国要求乙城、中原
    甲国: 【领土要求】甲国向乙国要求荒城、丙乡`);
  assert.deepEqual(refusals(limit), ['LIMIT_EXCEEDED']);
  assert.equal(limit.owner('waste'), 'B');
});

test('R6.4 a puppet is at war with whoever its overlord is at war with; independence costs 100', () => {
  const p = play(`${FALLEN}
    甲国: 【傀儡】甲国对乙国建立傀儡政权
    judge: 【设置】甲国 分数=100
    甲国: 【宣战】甲国向丙国宣战
    乙国: 【独立】乙国脱离甲国独立
    judge: 【设置】乙国 分数=150
    乙国: 【独立】乙国脱离甲国独立`);
  assert.deepEqual(refusals(p), ['INSUFFICIENT_SCORE']);
  assert.equal(p.state.countries.B!.overlord, null);
  assert.equal(p.score('B'), 50);
  const q = play(`${FALLEN}
    甲国: 【傀儡】甲国对乙国建立傀儡政权
    judge: 【设置】甲国 分数=100
    甲国: 【宣战】甲国向丙国宣战`);
  assert.equal(atWar(q.state, 'B', 'C'), true);
  assert.equal(q.state.wars.filter((w) => w.attacker === 'B' || w.defender === 'B').length, 0, 'not listed as its own');
});

test('R6.4 R12 when the overlord leaves the game its puppet becomes independent', () => {
  const p = play(`${FALLEN}
    甲国: 【傀儡】甲国对乙国建立傀儡政权
    甲国: 【退出】`);
  assert.equal(p.state.countries.B!.overlord, null);
  assert.equal(p.state.countries.A!.alive, false);
  assert.equal(p.owner('a_cap'), null);
});

test('R12 a bankrupt country pledges to another (needs acceptance) and becomes its puppet with 30', () => {
  const p = play(`${TINY}
    judge: 【设置】乙国 分数=-10
    judge: 【结算】
    乙国: 【效忠】乙国向丙国效忠
    丙国: 【同意】
    judge: 【结算】`);
  // −10 + 4 = −6: bankrupt. Pledge accepted: 30. Turn 2 income 4, tribute floor(2.8) = 2: 30 + 2 = 32.
  assert.equal(p.state.countries.B!.alive, true, 'a pledged country does not leave');
  assert.equal(p.state.countries.B!.overlord, 'C');
  assert.equal(p.score('B'), 32);
  assert.equal(p.state.countries.B!.bankrupt, true, 'bankruptcy is final');
  const q = play(`${TINY}
    乙国: 【效忠】乙国向丙国效忠`);
  assert.deepEqual(refusals(q), ['NOT_ALLOWED']);
});

test('R10.6 an ally\'s or a pact partner\'s territory may not be entered; a neutral one may without a war', () => {
  const p = play(`${TINY}
    乙国: 【结盟】乙国向甲国请求缔结盟约。
    甲国: 【同意】
    丙国: 【协定】丙国向甲国请求互不侵犯协定。
    甲国: 【同意】
    甲国: 【调兵】甲乡→乙乡 1
    甲国: 【调兵】甲乡→丙城 1
    甲国: 【调兵】甲乡→中原 1`);
  assert.deepEqual(refusals(p), ['ALLIED', 'PACT_ACTIVE']);
});

test('R6.1 a country allied with both sides of a war may not intervene (nor declare on either)', () => {
  const p = play(`${TINY}
    丙国: 【结盟】丙国向甲国请求缔结盟约。
    甲国: 【同意】
    judge: 【结算】
    丙国: 【结盟】丙国向乙国请求缔结盟约。
    乙国: 【同意】
    乙国: 【宣战】乙国向甲国宣战
    judge: 【结算】
    丙国: 【宣战】丙国向乙国宣战`);
  assert.deepEqual(refusals(p), ['ALLIED']);
  assert.equal(p.state.wars.length, 1);
});

test('R2.2 R6.4 tribute is 70% rounded down, exactly: 90 income pays 63 (floating point gives 62.999…)', async () => {
  const { tributeOf, defaultSettings } = await import('../../src/games/neuwar/engine/index.ts');
  const s = { settings: defaultSettings() } as Parameters<typeof tributeOf>[0];
  assert.equal(0.7 * 90 < 63, true, 'the trap this guards against');
  assert.equal(tributeOf(s, 90), 63);
  assert.equal(tributeOf(s, 70), 49);
  assert.equal(tributeOf(s, 3), 2);
  assert.equal(tributeOf(s, 1), 0);
});
