/**
 * H-QUN-01 华佗 · 急救 (conversion): outside your turn, a red card (hand or equipment) as 桃.
 * Seats 甲 乙 丙 丁 (0–3); 甲 (刘备+关羽) brings 乙 (黄月英+诸葛亮, 3 HP) to 0 with a 酒杀 (2) and a 决斗 (1).
 * 丙 = 华佗+貂蝉 (3+3 → 3 HP). Cards (A1): S019 ♠9 酒, S014 ♠7 杀, S001 ♠A 决斗, S046 ♥10 杀 (red), S010 ♠5 杀 (black).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const DYING = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=黄月英+诸葛亮 丙=华佗+貂蝉 丁=孙权+周泰',
  '@hand 甲=S019 S014 S001', '@hand 乙=S084', '@hand 丙=S046 S010', '@hand 丁=S095', '@deck S041 S043 S050 S053',
  '甲: 【不出】', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【决斗】→乙', '@timeout', '乙: 【不出】',
  '甲: 【不出】', '乙: 【不出】'];   // the rescue round from 甲: 甲, then 乙 pass; now 丙

test('H-QUN-01 急救 hidden: in 甲\'s turn 丙 uses S046 (♥10 杀) as 桃 on dying 乙 — reveals 华佗; 乙 0 → 1', () => {
  const s = play([...DYING, '丙: 【桃】S046（急救）']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').revealed, [true, false]);
  assert.equal(pl(s, '乙').hp, 1);
  assert.deepEqual(rows(s, 'use').filter((r) => r.name === '桃').map((r) => [r.seat, r.cards]), [[2, ['S046']]]);
  assert.deepEqual(skillRows(s), ['丙:急救']);
});

test('H-QUN-01 急救 refuses a black card (ILLEGAL_CARD); the rescue prompt stays with 丙', () => {
  const s = play([...DYING, '丙: 【桃】S010（急救）']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['peach', [2]]);
});

test('H-QUN-01 急救 is for outside one\'s own turn: 华佗 in its own play phase cannot make a 桃 with it', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=华佗+貂蝉 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+周泰', '@revealed 甲=主将',
    '@hand 甲=S046', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
    '甲: 【不出】', '甲: 【桃】S046（急救）']);
  assert.equal(refusals(s).length, 1);
  assert.deepEqual(pl(s, '甲').hand, ['S046', 'S041', 'S043']);
});

// 除疠: 甲 = 华佗+貂蝉 starts; 乙 (刘备+关羽) and 丙 (曹操+许褚) revealed, 丁 (孙权+周泰) revealed Wu.
const CL = (extra: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=华佗+貂蝉 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+周泰', '@revealed 乙=主将', '@revealed 丙=主将', ...extra,
  '@hand 甲=S014 S046', '@hand 乙=S010 S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050 S053',
  '甲: 【不出】'];

test('H-QUN-01 除疠 hidden: reveals 华佗; discards its S014 (♠) and 乙\'s S010 (♠), 丙\'s S094 (♦); 甲 and 乙 draw 1; once per phase', () => {
  const s = play([...CL(), '甲: 【技能】除疠 S014→丙、乙', '甲: 【选择】手牌1', '甲: 【选择】手牌1', '甲: 【技能】除疠 S046→丁']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'discardOther').map((r) => [r.target, r.card]), [[1, 'S010'], [2, 'S094']]);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '除疠').map((r) => r.seat), [0, 1]);
  assert.deepEqual([pl(s, '乙').hand, pl(s, '丙').hand], [['S084', 'S053'], []]);
});

test('H-QUN-01 除疠 refuses two characters of one kingdom (乙, 丁 both Shu) and the user itself', () => {
  const s = play([...CL(['@revealed 丁=主将']).map((l) => (l === '@generals 甲=华佗+貂蝉 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+周泰' ? '@generals 甲=华佗+貂蝉 乙=刘备+关羽 丙=曹操+许褚 丁=张飞+赵云' : l)),
    '甲: 【技能】除疠 S014→乙、丁', '甲: 【技能】除疠 S014→甲']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET']);
  assert.deepEqual(pl(s, '甲').revealed, [false, false]);
});
