/**
 * H-WEI-05 许褚 · 裸衣: at the end of your draw phase you may discard one card; then, for the rest of this turn, damage
 * dealt by the effect of your 杀 or 决斗 (not chained damage) is +1. Seats 甲 乙 丙 丁 (0–3); 甲 = 许褚+徐晃 starts
 * (4+4 half-fish → 4 HP); 乙 = 刘备+关羽 (4 HP), 丙 = 孙权+周泰 (4), 丁 = 吕布+貂蝉 (4) — no skills of theirs fire.
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S026 ♠K 南蛮入侵, S024 ♠Q 铁索连环, S088 ♦4 火杀; 甲 draws S041 ♥7 S043 ♥8.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (hand: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=许褚+徐晃 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  `@hand 甲=${hand}`, '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043'];

test('裸衣 (hidden, revealed by accepting): the 杀 and the 决斗 deal 2; 南蛮入侵 still deals 1', () => {
  const s = play([...head('S014 S001 S026'),
    '甲: 【不出】',                  // turn-start reveal: no
    '甲: 【技能】裸衣', '甲: 【弃牌】S043', // draw phase ends: reveal 许褚, discard ♥8
    '甲: 【杀】S014→乙', '乙: 【不出】',   // 乙 4 − 2 = 2
    '甲: 【决斗】→丙', '@timeout', '丙: 【不出】', // 丙 4 − 2 = 2
    '甲: 【南蛮入侵】', '@timeout 6']);   // each other: window, then its 杀 request — 1 each: 乙 1, 丙 1, 丁 3
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '丁').hp], [1, 1, 3]);
  assert.deepEqual(rows(s, 'damage').map((r) => r.n), [2, 2, 1, 1, 1]);
  assert.ok(s.discardPile.includes('S043'));
  assert.deepEqual(skillRows(s), ['甲:裸衣', '甲:裸衣', '甲:裸衣']);
});

test('裸衣 declined (or timed out, X3.2): no discard and the 杀 deals 1; accepted with a timed-out pick: the lowest card goes', () => {
  for (const no of ['甲: 【不出】', '@timeout']) {
    const s = play([...head('S014 S001 S026'), '甲: 【不出】', no, '甲: 【杀】S014→乙', '乙: 【不出】']);
    noRefusals(s);
    assert.equal(pl(s, '乙').hp, 3);
    assert.equal(pl(s, '甲').hand.length, 4);
  }
  // Hand S014 ♠7, S001 ♠A, S026 ♠K, S041 ♥7, S043 ♥8: the lowest rank (G19.1) is ♠A S001.
  const s = play([...head('S014 S001 S026'), '甲: 【不出】', '甲: 【确定】', '@timeout', '甲: 【杀】S014→乙', '乙: 【不出】']);
  assert.ok(s.discardPile.includes('S001'));
  assert.equal(pl(s, '乙').hp, 2);
});

test('裸衣 and the chain (G10.2): the first target takes 1 + 1 fire; the chained one takes that same 2, not 3', () => {
  const s = play([...head('S024 S088'), '@revealed 甲=主将',
    '甲: 【不出】', '甲: 【确定】', '甲: 【弃牌】S041',
    '甲: 【铁索连环】→乙、丁', '@timeout 2',
    '甲: 【火杀】S088→乙', '乙: 【不出】']);
  noRefusals(s);
  // 乙 4 − 2 = 2; 丁 (chained) 4 − 2 = 2: the chained damage carries the final amount, 裸衣 is not added again.
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丁').hp], [2, 2]);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}:${r.n}${r.chained ? 'c' : ''}`), ['1:2', '3:2c']);
});

test('裸衣 lasts only this turn: in 乙\'s next turn 许褚 wins 乙\'s 决斗 and deals 1, not 2', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=许褚+徐晃 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=主将',
    '@hand 甲=S014 S001', '@hand 乙=S084 S055', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S010 S016',
    '甲: 【不出】', '甲: 【确定】', '甲: 【弃牌】S043', // turn 1: 裸衣 used (hand S014 S001 S041: 3 ≤ 4, no discard)
    '甲: 【结束】',
    '乙: 【不出】',                                  // turn 2, 乙 draws S010 S016
    '乙: 【决斗】S055→甲', '@timeout',
    '甲: 【杀】S014', '乙: 【不出】']);               // 乙 plays no 杀: 1 damage from 甲
  noRefusals(s);
  assert.equal(s.turn.n, 2);
  assert.equal(pl(s, '乙').hp, 3);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}:${r.n}`), ['1<-0:1']);
});
