/**
 * H-SHU-02 关羽 · 武圣 (conversion): you may use or play a red card (hand or equipment) as 杀. Your ♦ 杀 have no
 * distance limit. Six seats 甲…己 (0–5): from 甲, 乙 and 己 are at distance 1, 丙 and 戊 at 2, 丁 at 3; 甲 = 关羽+刘备
 * (5+4 → 4 HP) starts; attack range 1. Cards (A1): S041 ♥7 无中生有 (red), S089 ♦4 以逸待劳 (♦), S100 ♦10 杀, S014 ♠7
 * 杀 (black), S037 ♥5 赤兔 (red equipment, −1 horse).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const SIX = ['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held',
  '@generals 甲=关羽+刘备 乙=孙权+周泰 丙=吕布+貂蝉 丁=甘宁+吕蒙 戊=诸葛亮+黄月英 己=华佗+张角',
  '@hand 甲=S041 S089 S100 S014 S037', '@hand 乙=S043', '@hand 丙=S050', '@hand 丁=S053', '@hand 戊=S086', '@hand 己=S092',
  '@deck S046 S048 S030 S035', '甲: 【不出】'];

test('H-SHU-02 武圣 hidden: ♥7 无中生有 as 杀 on 乙 (distance 1) — reveals 关羽 (G13.4), 乙 takes 1', () => {
  const s = play([...SIX, '甲: 【杀】S041（武圣）→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:武圣']);
  const u = rows(s, 'use')[0]!;
  assert.deepEqual([u.name, u.cards, u.targets], ['杀', ['S041'], [1]]);
  assert.equal(pl(s, '乙').hp, 3);
});

test('H-SHU-02 武圣 ♦ clause: a ♦ card as 杀 reaches 丁 at distance 3 (range 1); a ♠ 杀 on 丁 is refused', () => {
  const s = play([...SIX, '甲: 【杀】S014→丁', '甲: 【杀】S089→丁', '丁: 【不出】']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET']);
  assert.deepEqual(rows(s, 'use').map((r) => [r.cards, r.targets]), [[['S089'], [3]]]);
  // One activation row: the conversion's (the ♦ rule's reveal does not log 武圣 twice).
  assert.deepEqual(skillRows(s), ['甲:武圣']);
});

test('H-SHU-02 武圣 ♦ clause for a ♦ 杀 card: hidden 关羽\'s S100 on 丁 (distance 3) is legal only with it — reveals 关羽 (G13.4)', () => {
  const s = play([...SIX, '甲: 【杀】S100→丁', '丁: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:武圣']);
  assert.equal(pl(s, '丁').hp, 3);
});

test('H-SHU-02 武圣 limits: a black card is refused; the converted 杀 counts toward G5.1 (a second one refused); an equipped red card converts', () => {
  const s = play([...SIX, '甲: 【杀】S014（武圣）→乙', '甲: 【赤兔】', '甲: 【杀】S037（武圣）→丙', '丙: 【不出】', '甲: 【杀】S041（武圣）→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD', 'LIMIT_EXCEEDED']);
  // 赤兔 (−1) was on when 丙 (distance 2 − 1 = 1) was chosen; then it left as the 杀's card.
  assert.deepEqual(rows(s, 'use').filter((r) => r.name === '杀').map((r) => [r.cards, r.targets]), [[['S037'], [2]]]);
  assert.equal(pl(s, '甲').equip.offHorse, null);
});

test('H-SHU-02 武圣 played in answer to 决斗: 乙 duels 关羽 (revealed); 关羽 plays ♥7 as 杀, 乙 has none and takes 1', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=孙权+周泰 乙=关羽+张飞 丙=吕布+貂蝉 丁=甘宁+吕蒙',
    '@revealed 乙=主将', '@hand 甲=S001', '@hand 乙=S041', '@hand 丙=S050', '@hand 丁=S053', '@deck S046 S048 S030 S035', '甲: 【不出】',
    '甲: 【决斗】S001→乙', '@timeout', '乙: 【杀】S041', '@timeout']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'play').map((r) => [r.seat, r.name, r.cards]), [[1, '杀', ['S041']]]);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [3, 4]);
});
