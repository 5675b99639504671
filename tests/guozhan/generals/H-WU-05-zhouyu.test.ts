/**
 * H-WU-05 周瑜 · 反间 (active, once per play phase): show a hand card and give it to another character; it chooses:
 * show all its hand cards and discard all its cards of that suit, or lose 1 HP.
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 周瑜+小乔 starts. Cards (A1): S046 ♥10 杀 (shown and given), S014 ♠7 杀; 乙 holds
 * S084 ♦2 闪 and S030 ♥2 闪 and wears nothing; draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=周瑜+小乔 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S046 S014', '@hand 乙=S084 S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043', '甲: 【不出】'];

test('H-WU-05 反间 hidden, option 1: reveals 周瑜; 乙 gets ♥10, shows its hand and discards every ♥ (S030, S046)', () => {
  const s = play([...HEAD, '甲: 【技能】反间 S046→乙', '乙: 【选择】1']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').hand, pl(s, '乙').hp], [['S084'], 4]);
  assert.deepEqual(rows(s, 'show').map((r) => r.card), ['S046', 'S084', 'S030', 'S046']);
  assert.deepEqual(skillRows(s), ['甲:反间']);
});

test('H-WU-05 反间 option 2: 乙 loses 1 HP and keeps the card; the option list defaults to the first (X3.2)', () => {
  const two = play([...HEAD, '甲: 【技能】反间 S046→乙', '乙: 【选择】2']);
  noRefusals(two);
  assert.deepEqual([pl(two, '乙').hand, pl(two, '乙').hp], [['S084', 'S030', 'S046'], 3]);
  const dflt = play([...HEAD, '甲: 【技能】反间 S046→乙', '@timeout']);
  assert.deepEqual([pl(dflt, '乙').hand, pl(dflt, '乙').hp], [['S084'], 4]);
});

test('H-WU-05 反间 once per play phase; it takes a hand card of the user\'s and another character', () => {
  const s = play([...HEAD, '甲: 【技能】反间 S084→乙', '甲: 【技能】反间 S046→甲', '甲: 【技能】反间 S046→乙', '乙: 【选择】2', '甲: 【技能】反间 S014→丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['UNKNOWN_CARD', 'ILLEGAL_TARGET', 'LIMIT_EXCEEDED']);
});
