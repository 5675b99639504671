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
