/**
 * H-WEI-06 郭嘉 · 天妒: after one of your judgement cards takes effect, you may take it. 甲 (刘备+关羽) puts 乐不思蜀
 * S039 ♥6 on 乙 and ends; in 乙's judge phase (a nullify window, then the judgement S014 ♠7) — 乙 = 郭嘉+… .
 * 遗计: after you take damage, you may look at the top 2 cards of the draw pile and hand any of them to other
 * characters (`【给出】C、…→P` per receiver), the rest to your hand; once per damage instance (G8.2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const LE = (b: string, revealed = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=刘备+关羽 乙=${b} 丙=孙权+周泰 丁=吕布+貂蝉`, ...(revealed ? [`@revealed ${revealed}`] : []),
  '@hand 甲=S039 S001', '@hand 乙=S084 S053', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S014 S046 S050',
  '甲: 【不出】', '甲: 【乐不思蜀】→乙', '甲: 【结束】', '乙: 【不出】', '@timeout'];

test('天妒 hidden (reveals 郭嘉): the ♠7 takes effect (play phase skipped), then 郭嘉 takes it', () => {
  const s = play([...LE('郭嘉+荀彧'), '乙: 【技能】天妒']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.ok(rows(s, 'skip').some((r) => r.phase === 'play'));
  // 乙: S084 S053, S014 taken, then the draw phase's S046 S050.
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S053', 'S014', 'S046', 'S050']);
  assert.ok(!s.discardPile.includes('S014'));
});

test('天妒 declined (timeout, X3.2): the judgement card goes to the discard pile', () => {
  const s = play([...LE('郭嘉+荀彧', '乙=主将'), '@timeout']);
  noRefusals(s);
  assert.ok(s.discardPile.includes('S014'));
  assert.deepEqual(skillRows(s), []);
});

test('鬼才 then 天妒 on one character (司马懿+郭嘉): the ♥K replaces the ♠7, 乐不思蜀 fails, and 天妒 takes the ♥K back', () => {
  const s = play([...LE('司马懿+郭嘉', '乙=全部'), '乙: 【确定】', '乙: 【选择】S053', '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:鬼才', '乙:天妒']);
  assert.ok(!rows(s, 'skip').some((r) => r.phase === 'play'));
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S053', 'S046', 'S050']);
  assert.ok(s.discardPile.includes('S014'));
});

test('天妒 only for its owner\'s judgements: 甄姬\'s 洛神 judgement is not offered to 郭嘉', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=甄姬+曹丕 乙=郭嘉+荀彧 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=主将 乙=主将',
    '@hand 甲=S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S062 S014',
    '甲: 【不出】', '甲: 【确定】']); // 洛神: S046 ♥10, red — discarded, no ask to 乙; 甲 draws S062 S014
  noRefusals(s);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['play', [0]]);
  assert.ok(s.discardPile.includes('S046'));
});

// 遗计: 甲 (刘备+关羽) hits 乙 (郭嘉+荀彧, 3 HP) with S014 ♠7 杀; 甲 drew S041 S043, so the top 2 are S046 ♥10 杀 and
// S050 ♥12 杀, then S062. After 遗计, 荀彧's 节命 (the deputy's skill, G21.1) is asked: declined.
const YJ0 = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=郭嘉+荀彧 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S019', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S062 S070'];
const YJ = [...YJ0, '甲: 【不出】'];
const YJR = [...YJ0, '@revealed 乙=主将', '甲: 【不出】'];

test('H-WEI-06 遗计 hidden: reveals 郭嘉, looks at S046 S050 privately, gives S046 to 丙, keeps S050; then 节命 (G21.1: main before deputy)', () => {
  const s = play([...YJ, '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】遗计', '乙: 【给出】S046→丙', '乙: 【不出】', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046']);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S050']);
  assert.equal(s.drawPile[0], 'S062');
  // X1 / X1.1: the look is 乙's alone; the gift is public by count, its identity for 乙 and 丙 only.
  const look = rows(s, 'seen').find((r) => r.what === '遗计')!;
  assert.deepEqual([look.cards, look.to], [['S046', 'S050'], [1]]);
  assert.deepEqual(rows(s, 'gift').map((r) => [r.receiver, r.n, r.to]), [[2, 1, undefined]]);
  assert.deepEqual(rows(s, 'given').map((r) => r.to), [[1, 2]]);
  assert.deepEqual(skillRows(s), ['乙:遗计']);
  assert.equal(s.ask?.kind, 'play');
});

test('H-WEI-06 遗计: both cards to 丁 in one gift ends the distribution; X3.2: a timeout gives nothing more (both to 郭嘉)', () => {
  let s = play([...YJR, '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【给出】S046、S050→丁', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丁').hand, ['S095', 'S046', 'S050']);
  assert.deepEqual(pl(s, '乙').hand, ['S084']);
  s = play([...YJR, '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '@timeout', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S046', 'S050']);
});

test('H-WEI-06 遗计 refusals: a gift to 郭嘉 himself, a card not among the two, no receiver', () => {
  const s = play([...YJR, '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】',
    '乙: 【给出】S046→乙', '乙: 【给出】S084→丙', '乙: 【给出】S046', '乙: 【给出】S050→甲']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'UNKNOWN_CARD', 'BAD_SYNTAX']);
  assert.deepEqual(pl(s, '甲').hand.slice(-1), ['S050']);
  assert.equal(s.ask?.kind, 'give');
});

test('H-WEI-06 遗计 once per damage instance (G8.2): a 2-point hit (酒 + 杀) asks once', () => {
  const s = play([...YJR, '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '@timeout', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 1);
  assert.deepEqual(skillRows(s), ['乙:遗计']);
  assert.equal(s.ask?.kind, 'play');
});
