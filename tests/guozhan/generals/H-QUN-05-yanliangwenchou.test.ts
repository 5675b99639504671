/**
 * H-QUN-05 颜良文丑 · 双雄: in your draw phase you may draw nothing and judge instead; take the judgement card; this turn
 * you may use any hand card of the other colour as 决斗. Seats 甲 乙 丙 丁 (0–3); 甲 = 颜良文丑+袁绍 starts.
 * Cards (A1): the judgement S041 ♥7 (red); hand S014 ♠7 杀 (black), S046 ♥10 杀 (red), S084 ♦2 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=颜良文丑+袁绍 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S014 S046', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050', '甲: 【不出】'];

test('H-QUN-05 双雄 hidden: reveals 颜良文丑; no draw, judges S041 (red) and takes it; the black S014 as 决斗 on 乙', () => {
  const s = play([...HEAD, '甲: 【技能】双雄', '甲: 【决斗】S014（双雄）→乙', '@timeout', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S041']);
  assert.deepEqual(pl(s, '甲').hand, ['S046', 'S041']);
  assert.equal(s.drawPile[0], 'S043');
  assert.deepEqual(rows(s, 'use').map((r) => [r.name, r.cards]), [['决斗', ['S014']]]);
  assert.equal(pl(s, '乙').hp, 3);
  assert.deepEqual(skillRows(s), ['甲:双雄', '甲:双雄']);
});

test('H-QUN-05 双雄: a card of the judgement\'s colour (red S046) cannot be a 决斗', () => {
  const s = play([...HEAD, '甲: 【技能】双雄', '甲: 【决斗】S046（双雄）→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
});

test('H-QUN-05 双雄 declined (timeout, X3.2): the normal draw, and no 决斗 conversion this turn', () => {
  const s = play([...HEAD, '@timeout', '甲: 【决斗】S014（双雄）→乙']);
  assert.deepEqual(pl(s, '甲').hand.slice(0, 4), ['S014', 'S046', 'S041', 'S043']);
  assert.equal(refusals(s).length, 1);
});
