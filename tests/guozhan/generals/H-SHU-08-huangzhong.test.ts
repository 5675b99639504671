/**
 * H-SHU-08 黄忠 · 烈弓: in your play phase, after your 杀 targets a character whose hand count is ≥ your HP or ≤ your
 * attack range, you may make it unable to use 闪 against this 杀. Seats 甲 乙 丙 丁 (0–3), 甲 starts; blindOrder=held.
 * 甲 = 黄忠+魏延: (4+4)/2 = 4 HP, attack range 1 (no weapon). Cards (A1): S014 ♠7 杀; 甲 draws S041 S043; 乙's 闪: S084
 * S094 S095 S096 (♦). 乙 = 孙权+周泰: 4 HP.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (hand乙: string, gens = '黄忠+魏延', rev = '甲=主将') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${gens} 乙=孙权+周泰 丙=曹操+许褚 丁=吕布+貂蝉`,
  '@hand 甲=S014', `@hand 乙=${hand乙}`, '@hand 丙=S097', '@hand 丁=S098', '@deck S041 S043 S046 S050', `@revealed ${rev}`, ...(rev.includes('甲=全部') ? [] : ['甲: 【不出】'])];   // the turn-start reveal prompt (none with nothing hidden)

test('H-SHU-08 烈弓: 乙 holds 1 card ≤ range 1 — accepted, no 闪 request, 4 − 1 = 3', () => {
  const s = play([...head('S084'), '甲: 【杀】S014→乙', '甲: 【技能】烈弓']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, ['S084']]);
  assert.deepEqual(skillRows(s), ['甲:烈弓']);
});

test('H-SHU-08 烈弓: 乙 holds 4 cards ≥ HP 4 — it applies too (a hidden 黄忠 is revealed by accepting)', () => {
  const s = play([...head('S084 S094 S095 S096', '黄忠+魏延', '丙=主将'), '甲: 【杀】S014→乙', '甲: 【确定】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand.length], [3, 4]);
});

test('H-SHU-08 烈弓 not offered: 乙 holds 2 cards (2 < HP 4 and 2 > range 1) — the 闪 request comes', () => {
  const s = play([...head('S084 S094'), '甲: 【杀】S014→乙', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, skillRows(s)], [4, []]);
});

test('H-SHU-08 烈弓 declined (timeout, X3.2): 乙 may still use 闪', () => {
  const s = play([...head('S084'), '甲: 【杀】S014→乙', '@timeout', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, skillRows(s)], [4, []]);
});

test('H-SHU-08 G21.1: 马超 (main) + 黄忠 — 铁骑 first; once it forbids 闪, 烈弓 no longer applies and is not asked', () => {
  // Judgement S046 ♥: 乙 holds only ♦ → cannot pay → no 闪.
  const s = play([...head('S084', '马超+黄忠', '甲=全部'), '甲: 【杀】S014→乙', '甲: 【技能】铁骑']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:铁骑']);
  assert.equal(pl(s, '乙').hp, 3);
  assert.equal(s.ask?.kind, 'play');
  assert.equal(rows(s, 'noJink').length, 1);
});

test('H-SHU-08 G21.1: 铁骑 declined — 烈弓 is asked next at the same moment', () => {
  const s = play([...head('S084', '马超+黄忠', '甲=全部'), '甲: 【杀】S014→乙', '甲: 【不出】', '甲: 【技能】烈弓']);
  noRefusals(s);
  assert.deepEqual([skillRows(s), pl(s, '乙').hp], [['甲:烈弓'], 3]);
});
