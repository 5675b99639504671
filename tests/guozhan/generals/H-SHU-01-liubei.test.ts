/**
 * H-SHU-01 刘备 · 仁德 (active): in your play phase, once per other character per phase, give any number of hand cards
 * to it; when the cards given this phase reach 2 (first time only), you may be treated as using one basic card (a legal
 * use, counted toward its limits). Seats 甲 乙 丙 丁 (0–3); 甲 = 刘备+关羽 ((4+5)/2 → 4 HP; not 张飞, whose 咆哮 would lift the one-杀 limit these tests count) starts; 乙 and 丁 in range 1.
 * Cards (A1): S084 ♦2 闪, S030 ♥2 闪, S086 ♦3 闪, S014 ♠7 杀; draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S084 S030 S086 S014', '@hand 乙=S094', '@hand 丙=S095', '@hand 丁=S096', '@deck S041 S043 S046', '甲: 【不出】'];
const codes = (s: ReturnType<typeof play>) => refusals(s).map((r) => r.split(':')[1]);

test('H-SHU-01 仁德 hidden: reveals 刘备; 2 cards to 乙 → treated as using a 杀 on 丁 (counted: the real 杀 after it is refused)', () => {
  const s = play([...HEAD, '甲: 【技能】仁德 S084、S030→乙', '甲: 【选择】杀', '甲: 【选择】丁', '丁: 【不出】', '甲: 【杀】S014→乙']);
  assert.deepEqual(codes(s), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '乙').hand, ['S094', 'S084', 'S030']);
  assert.deepEqual(rows(s, 'use').map((r) => [r.seat, r.name, r.targets, r.cards]), [[0, '杀', [3], []]]);
  assert.equal(pl(s, '丁').hp, 3);
  // The gift: a public count, the cards private to the two (X1, X1.1).
  assert.deepEqual(rows(s, 'gift').map((r) => r.n), [2]);
  assert.deepEqual(rows(s, 'given').map((r) => r.to), [[0, 1]]);
});

test('H-SHU-01 仁德 once per character per phase; the basic card only the first time 2 is reached (1 + 1 to two characters)', () => {
  const s = play([...HEAD, '甲: 【技能】仁德 S084→乙', '甲: 【技能】仁德 S030→乙', '甲: 【技能】仁德 S030→丙', '@timeout', '甲: 【技能】仁德 S086→丁']);
  assert.deepEqual(codes(s), ['LIMIT_EXCEEDED']);
  // The second gift (to 丙) brought the count to 2: one option prompt, timed out = none (X3.2); the third asks nothing.
  assert.deepEqual(rows(s, 'use'), []);
  assert.deepEqual([pl(s, '乙').hand.length, pl(s, '丙').hand.length, pl(s, '丁').hand.length], [2, 2, 2]);
  assert.equal(s.ask?.kind, 'play');
  assert.deepEqual(skillRows(s), ['甲:仁德', '甲:仁德', '甲:仁德']);
});

test('H-SHU-01 仁德\'s basic card: 杀 not offered once the 杀 is used; unwounded, no 桃; 酒 is', () => {
  const s = play([...HEAD, '甲: 【杀】S014→乙', '乙: 【不出】', '@timeout', '甲: 【技能】仁德 S084、S030→丙']);
  noRefusals(s);
  assert.deepEqual(s.ask?.options, ['不使用', '酒']);
});
