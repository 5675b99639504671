/**
 * H-WU-15 丁奉 · 短兵: when you choose the targets of a 杀, you may add one more target at distance 1 from you.
 * 奋迅 (active, once per play phase): discard a card and choose another character: your distance to it is 1 until end
 * of turn. Six seats 甲…己 (0–5): from 甲, 乙 and 己 at distance 1, 丙 and 戊 at 2, 丁 at 3. 甲 = 丁奉+孙权 (4 HP),
 * range 1. Cards (A1): S014 ♠7 杀, S010 ♠5 杀 (discarded), S093 ♦6 吴六剑 (range 2), S041; the others hold no 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const SIX = ['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held',
  '@generals 甲=丁奉+孙权 乙=刘备+关羽 丙=吕布+貂蝉 丁=甘宁+吕蒙 戊=诸葛亮+黄月英 己=华佗+张角',
  '@hand 甲=S014 S010 S093 S041', '@hand 乙=S043', '@hand 丙=S050', '@hand 丁=S053', '@hand 戊=S046', '@hand 己=S048',
  '@deck S030 S035 S038 S040', '甲: 【不出】'];

test('H-WU-15 短兵 hidden: 【杀】→乙、己 (both at distance 1) — legal only with 短兵: reveals 丁奉 (G13.4), both take 1', () => {
  const s = play([...SIX, '甲: 【杀】S014→乙、己', '乙: 【不出】', '己: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:短兵']);
  assert.deepEqual(rows(s, 'use')[0]!.targets, [1, 5]);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '己').hp], [3, 2]);
});

test('H-WU-15 短兵\'s extra target must be at distance 1: with 吴六剑 (range 2) 丙+乙 is legal (乙 the extra), 丙+戊 (both at 2) is refused; three targets are too many', () => {
  const s = play([...SIX.slice(0, -1), '@revealed 甲=主将', '甲: 【不出】', '甲: 【吴六剑】', '甲: 【杀】S014→丙、戊', '甲: 【杀】S014→乙、丙、己', '甲: 【杀】S014→丙、乙', '乙: 【不出】', '丙: 【不出】']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'BAD_SYNTAX']);
  assert.deepEqual(rows(s, 'use').filter((r) => r.name === '杀').map((r) => r.targets), [[1, 2]]);
  assert.deepEqual(skillRows(s), ['甲:短兵']);
});

test('H-WU-15 奋迅: discard ♠5, 丁 (distance 3) is at distance 1 for the rest of the turn — a 杀 reaches it; a second 奋迅 is refused', () => {
  const s = play([...SIX, '甲: 【杀】S014→丁', '甲: 【技能】奋迅 S010→丁', '甲: 【技能】奋迅 S041→丙', '甲: 【杀】S014→丁', '丁: 【不出】']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'LIMIT_EXCEEDED']);
  assert.deepEqual(skillRows(s), ['甲:奋迅']);
  assert.ok(s.discardPile.includes('S010'));
  // 丁 = 甘宁+吕蒙 (4+4 → 4): 4 − 1 = 3.
  assert.equal(pl(s, '丁').hp, 3);
});
