/**
 * H-WU-01 孙权 · 制衡 (active, once per play phase): discard 1 to X cards (X = max HP), then draw as many.
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 孙权+周泰 (4+4 → 4 HP, so X = 4) starts.
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S011 ♠5 绝影, S084 ♦2 闪; 甲 draws S041 S043; then S046 S050 S053 S048 S030.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pl, play, refusals, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=孙权+周泰 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S014 S001 S011', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048 S030',
  '甲: 【不出】'];
const codes = (s: ReturnType<typeof play>) => refusals(s).map((r) => r.split(':')[1]);

test('H-WU-01 制衡 hidden: reveals 孙权; discards S014 and the equipped 绝影, draws 2 (S046 S050); a second use this phase is refused', () => {
  const s = play([...HEAD, '甲: 【绝影】', '甲: 【技能】制衡 S014、绝影', '甲: 【技能】制衡 S001']);
  assert.deepEqual(codes(s), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S001', 'S041', 'S043', 'S046', 'S050']);
  assert.equal(pl(s, '甲').equip.defHorse, null);
  assert.ok(s.discardPile.includes('S014') && s.discardPile.includes('S011'));
  assert.deepEqual(skillRows(s), ['甲:制衡']);
});

test('H-WU-01 制衡 takes at most X = max HP (4) cards: 5 is refused (BAD_SYNTAX), 4 is fine', () => {
  const s = play([...HEAD, '甲: 【技能】制衡 S014、S001、S011、S041、S043', '甲: 【技能】制衡 S014、S001、S011、S041']);
  assert.deepEqual(codes(s), ['BAD_SYNTAX']);
  assert.deepEqual(pl(s, '甲').hand, ['S043', 'S046', 'S050', 'S053', 'S048']);
});

test('H-WU-01 制衡 refuses a card that is not the user\'s (UNKNOWN_CARD) and an empty list', () => {
  const s = play([...HEAD, '甲: 【技能】制衡 S084', '甲: 【技能】制衡']);
  assert.deepEqual(codes(s), ['UNKNOWN_CARD', 'BAD_SYNTAX']);
  assert.deepEqual([pl(s, '甲').revealed, skillRows(s)], [[false, false], []]);
});
