/**
 * H-WU-06 大乔 · 国色 (conversion): a ♦ card (hand or equipment) as 乐不思蜀; it lies in the target's judgement area as
 * 乐不思蜀 and is judged there. Seats 甲 乙 丙 丁 (0–3); 甲 = 大乔+小乔 (3+3 → 3 HP) starts.
 * Cards (A1): S084 ♦2 闪, S108 ♦K 紫骍 (−1 horse), S014 ♠7 杀, S039 ♥6 乐不思蜀; 甲 draws S041 S043; 乙 judges S050 (♥Q:
 * no effect) or S030 … (see each test).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (deck: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=大乔+小乔 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S084 S108 S014', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S095', `@deck S041 S043 ${deck}`, '甲: 【不出】'];

test('H-WU-06 国色 hidden: S084 (♦2) as 乐不思蜀 on 乙 reveals 大乔; at 乙\'s judge phase a ♠ judgement skips its play phase', () => {
  const s = play([...head('S010 S046 S050'), '甲: 【乐不思蜀】S084→乙', '甲: 【结束】', '@timeout', '乙: 【不出】', '@timeout']);   // 甲 discards 1 (4 cards > 3 HP)
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:国色']);
  // 乙's judge phase: the nullify window timed out, S010 (♠5) judged: not ♥ → skip play.
  assert.deepEqual(rows(s, 'effect').map((r) => [r.seat, r.name, r.result]), [[1, '乐不思蜀', 'skipPlay']]);
  assert.ok(s.discardPile.includes('S084'));
});

test('H-WU-06 国色 from the equipment area: the equipped 紫骍 (♦K)', () => {
  const s = play([...head('S010 S046 S050'), '甲: 【紫骍】', '甲: 【乐不思蜀】紫骍（国色）→乙']);
  noRefusals(s);
  assert.equal(pl(s, '甲').equip.offHorse, null);
  assert.deepEqual(pl(s, '乙').judge, ['S108']);
});

test('H-WU-06 国色 refuses a card that is not ♦ (ILLEGAL_CARD)', () => {
  const s = play([...head('S010 S046 S050'), '甲: 【乐不思蜀】S014（国色）→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.deepEqual(pl(s, '乙').judge, []);
});

// 流离 (trigger): when you become a target of a 杀, you may discard a card and choose another character in your attack
// range, other than the 杀's user, that could legally be targeted by it: it becomes the target instead of you.
// 乙 = 大乔+小乔: (3+3)/2 = 3 HP; 丙 = 孙权+周泰 4 HP. Distances in 4 seats: 乙→丙 1, 乙→丁 2; 乙's range 1 (no weapon).
const LIULI = (c = '孙权+周泰', h丙 = 'S094') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=刘备+关羽 乙=大乔+小乔 丙=${c} 丁=吕布+貂蝉`,
  '@hand 甲=S014 S001', '@hand 乙=S084 S010', `@hand 丙=${h丙}`, '@hand 丁=S095', '@deck S041 S043 S046 S050',
  '甲: 【不出】', '甲: 【杀】S014→乙'];

test('H-WU-06 流离 hidden: reveals 大乔, discards S010 and passes the 杀 to 丙, who takes it (4 → 3); 乙 unhurt', () => {
  const s = play([...LIULI(), '乙: 【技能】流离', '乙: 【选择】丙', '乙: 【弃牌】S010', '丙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand, pl(s, '丙').hp], [3, ['S084'], 3]);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`), ['2<-0']);
  assert.ok(s.discardPile.includes('S010'));
});

test('H-WU-06 流离 refuses the 杀\'s user (甲) and 丁 out of range (distance 2 > 1)', () => {
  const s = play([...LIULI(), '乙: 【技能】流离', '乙: 【选择】甲', '乙: 【选择】丁', '乙: 【选择】丙', '乙: 【弃牌】S010', '丙: 【闪】S094']);
  assert.deepEqual(refusals(s), ['13:ILLEGAL_TARGET', '14:ILLEGAL_TARGET']);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 4]);
});

test('H-WU-06 流离 declined (timeout): 乙 stays the target and is asked for 闪', () => {
  const s = play([...LIULI(), '@timeout', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand, skillRows(s)], [3, ['S010'], []]);
});

test('H-WU-06 流离 → 空城 (G6.2 step 3 for the new target): passed to 诸葛亮 with no hand card, who cancels itself — nobody is hit', () => {
  // 甲 first dismantles 丙's only hand card (S094) with 过河拆桥 S007, so 丙 has none.
  const s = play([...LIULI('诸葛亮+黄月英').slice(0, -1).map((l) => (l === '@hand 甲=S014 S001' ? '@hand 甲=S014 S007' : l)),
    '甲: 【过河拆桥】S007→丙', '@timeout', '甲: 【选择】手牌1', '甲: 【杀】S014→乙',
    '乙: 【技能】流离', '乙: 【选择】丙', '乙: 【弃牌】S010', '丙: 【确定】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['乙:流离', '丙:空城']);
  assert.deepEqual(rows(s, 'damage'), []);
  assert.ok(s.discardPile.includes('S014'));
});
