/**
 * H-QUN-07 庞德 · 马术 (locked: distance to others −1) and 鞬出 (after your 杀 targets a character with cards, you may
 * discard one of its cards: equipment → it cannot use 闪 against this 杀; otherwise it takes this 杀's card(s) into
 * its hand, and the 杀 still resolves). Seats 甲 乙 丙 丁 (0–3), 甲 starts; blindOrder=held (hand positions in held order).
 * Cards (A1): S014 ♠7 杀, S084/S094 ♦ 闪, S005 ♠2 八卦阵; draws S041 S043 then S046 S050. 刘备+关羽: 4 HP; 孙权+周泰: 4 HP.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (b: string, rev = '甲=主将') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=庞德+贾诩 乙=孙权+周泰 丙=曹操+许褚 丁=刘备+关羽', '@hand 甲=S014', `@hand 乙=${b}`, '@hand 丙=S095', '@hand 丁=S096',
  '@deck S041 S043 S046 S050', `@revealed ${rev}`, '甲: 【不出】'];

test('H-QUN-07 鞬出 on a hand card: S084 discarded, 乙 takes the 杀 (S014) into its hand, the 杀 resolves — 乙 uses S094', () => {
  const s = play([...head('S084 S094'), '甲: 【杀】S014→乙', '甲: 【技能】鞬出', '甲: 【选择】手牌1', '乙: 【闪】S094']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [4, ['S014']]);
  assert.ok(s.discardPile.includes('S084') && !s.discardPile.includes('S014'));
  assert.deepEqual(skillRows(s), ['甲:鞬出']);
});

test('H-QUN-07 鞬出 on equipment (庞德 = 乙): 甲\'s 八卦阵 discarded → no 闪 (nor 八卦阵) — 4 − 1 = 3', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=庞德+贾诩 丙=孙权+周泰 丁=曹操+许褚', '@hand 甲=S005 S084', '@hand 乙=S014', '@hand 丙=S095', '@hand 丁=S096',
    '@deck S041 S043 S046 S050', '@revealed 乙=主将',
    '甲: 【不出】', '甲: 【八卦阵】', '甲: 【结束】', '乙: 【不出】',
    '乙: 【杀】S014→甲', '乙: 【技能】鞬出', '乙: 【选择】防具']);
  noRefusals(s);
  assert.equal(pl(s, '甲').equip.armor, null);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '甲').hand], [3, ['S084', 'S041', 'S043']]);
  assert.ok(s.discardPile.includes('S005') && s.discardPile.includes('S014'));
  assert.equal(rows(s, 'noJink').length, 1);
});

test('H-QUN-07 鞬出 hidden, declined (timeout): nothing discarded, the 闪 request as usual', () => {
  const s = play([...head('S084 S094', '丙=主将'), '甲: 【杀】S014→乙', '@timeout', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').revealed, pl(s, '乙').hand, skillRows(s)], [[false, false], ['S094'], []]);
});
