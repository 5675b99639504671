/**
 * H-WEI-04 张辽 · 突袭: in your draw phase you may draw up to N fewer cards (N = the cards you would draw, 2) and take
 * one hand card each from that many other characters that have hand cards (the engine's `drawPhase` point).
 * Seats 甲 乙 丙 丁; 甲 = 张辽+徐晃 (4+4 → 4 HP), 甲 starts. blindOrder=held: 手牌N is the N-th card in hand order.
 * Cards (A1): S014 ♠7 杀; S084 ♦2 闪, S086 ♦3 闪, S094/S095 ♦7 闪; deck S041 ♥7 无中生有, S043 ♥8 无中生有.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=张辽+徐晃 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014', '@hand 乙=S084 S086', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050'];
const drawn = (s: ReturnType<typeof play>) => rows(s, 'draw').filter((r) => r.why === 'drawPhase').map((r) => r.n);

test('H-WEI-04 突袭 hidden: the private ask reveals 张辽; two characters chosen → draws 2 − 2 = 0, takes 乙\'s 手牌2 and 丙\'s 手牌1', () => {
  const s = play([...HEAD, '甲: 【不出】', '甲: 【技能】突袭', '甲: 【选择】乙、丙', '甲: 【选择】手牌2', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  // 甲: S014 + S086 (乙's second) + S094 (丙's only); nothing drawn: the deck's top is still S041.
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S086', 'S094']);
  assert.deepEqual([pl(s, '乙').hand, pl(s, '丙').hand], [['S084'], []]);
  assert.deepEqual(drawn(s), []);
  assert.equal(s.drawPile[0], 'S041');
  assert.deepEqual(skillRows(s), ['甲:突袭']);
  assert.equal(s.ask?.kind, 'play');
});

test('H-WEI-04 突袭 on one character draws 2 − 1 = 1, after the take (the draw comes after the skills)', () => {
  const s = play([...HEAD, '@revealed 甲=主将', '甲: 【不出】', '甲: 【确定】', '甲: 【选择】丁', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S095', 'S041']);
  assert.deepEqual(drawn(s), [1]);
});

test('H-WEI-04 突袭 X3.2: the ask times out as no (2 drawn, 张辽 stays hidden); the pick of characters times out to the first legal from 张辽 (乙): 1 drawn', () => {
  let s = play([...HEAD, '甲: 【不出】', '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S041', 'S043']);
  assert.deepEqual(pl(s, '甲').revealed, [false, false]);
  s = play([...HEAD, '@revealed 甲=主将', '甲: 【不出】', '甲: 【确定】', '@timeout', '@timeout']);
  noRefusals(s);
  // 乙's first hand position (S084), then 1 card drawn (S041).
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S084', 'S041']);
});

test('H-WEI-04 突袭 limit: at most N = 2 other characters — three, the same one twice, or 张辽 himself is refused', () => {
  const s = play([...HEAD, '@revealed 甲=主将', '甲: 【不出】', '甲: 【确定】', '甲: 【选择】乙、丙、丁', '甲: 【选择】乙、乙', '甲: 【选择】甲', '甲: 【选择】乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['BAD_SYNTAX', 'ILLEGAL_TARGET', 'ILLEGAL_TARGET']);
  assert.equal(s.ask?.kind, 'pickCard');
});

test('H-WEI-04 突袭 timing (G21.1, G4.5): in the draw phase\'s body, before 许褚\'s 裸衣 at its end', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=张辽+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
    '@hand 甲=S014', '@hand 乙=S084 S086', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050', '@revealed 甲=全部',
    '甲: 【技能】突袭', '甲: 【选择】乙', '甲: 【选择】手牌1', '甲: 【技能】裸衣', '甲: 【弃牌】S041']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:突袭', '甲:裸衣']);
  // 突袭 took S084 and 1 card was drawn (S041) before 裸衣 discarded it.
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S084']);
  assert.ok(s.discardPile.includes('S041'));
});
