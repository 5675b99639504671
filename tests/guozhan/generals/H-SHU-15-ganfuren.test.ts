/**
 * H-SHU-15 甘夫人 · 神智: at your start phase you may discard all your hand cards; if their number is ≥ your HP,
 * recover 1. Seats 甲 乙 丙 丁 (0–3). 乙 = 甘夫人+刘备 (3+4 → 3 HP); 甲 hits it with a 酒杀 in turn 1 (3 − 2 = 1).
 * Cards (A1): S019 ♠9 酒, S014 ♠7 杀, S030 ♥2 闪, S084 ♦2 闪; draws S041 S043 (甲), S046 S050 (乙).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (yi: string, hit = true) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=关羽+张飞 乙=甘夫人+刘备 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S019 S014', `@hand 乙=${yi}`, '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050',
  '甲: 【不出】', ...(hit ? ['甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】'] : []), '甲: 【结束】', '乙: 【不出】'];

test('H-SHU-15 神智 hidden: reveals 甘夫人; discards S030 (1 card ≥ HP 1): recovers 1 (1 → 2); then draws S046 S050', () => {
  // The recovery offers 淑慎 (declined here: 【不出】).
  const s = play([...head('S030'), '乙: 【技能】神智', '乙: 【不出】']);
  noRefusals(s);
  const b = pl(s, '乙');
  assert.deepEqual([b.hp, b.revealed, b.hand], [2, [true, false], ['S046', 'S050']]);
  assert.deepEqual(rows(s, 'discard').filter((r) => r.why === '神智').map((r) => r.cards), [['S030']]);
});

test('H-SHU-15 神智 with fewer cards than HP: discards, no recovery (unhurt 乙: 2 cards < 3 HP)', () => {
  const s = play([...head('S030 S084', false), '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, ['S046', 'S050']]);
  assert.deepEqual(rows(s, 'recover'), []);
});

test('H-SHU-15 神智 declined (timeout, X3.2): the hand is kept', () => {
  const s = play([...head('S030'), '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand, skillRows(s)], [1, ['S030', 'S046', 'S050'], []]);
});

// 淑慎 (trigger): after you recover HP, for each point you may choose another character: it draws 1, or 2 if it has
// no hand cards. Same table; 甲 draws two horses (S011 +1马, S027 -1马) and equips both, so it ends with no hand
// card (丙 = 孙权+甘宁: no 奋激 to ask at 甲's finish phase); 乙 (1 HP after the 酒杀) uses 神智 on its one card S030 (1 ≥ 1: recovers 1).
const SS = (deck: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=关羽+张飞 乙=甘夫人+刘备 丙=孙权+甘宁 丁=曹操+许褚',
  '@hand 甲=S019 S014', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S095', `@deck ${deck}`,
  '甲: 【不出】', '甲: 【+1马】S011', '甲: 【-1马】S027', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】', '乙: 【不出】', '乙: 【技能】神智'];

test('H-SHU-15 淑慎 after 神智\'s recovery (1 → 2, one point): 甲 has no hand cards — draws 2 (S046 S050); the recovery row comes first', () => {
  const s = play([...SS('S011 S027 S046 S050 S053 S048'), '乙: 【技能】淑慎', '乙: 【选择】甲']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:神智', '乙:淑慎']);
  assert.deepEqual(pl(s, '甲').hand, ['S046', 'S050']);
  // 乙 then draws S053 S048 in its draw phase.
  assert.deepEqual(pl(s, '乙').hand, ['S053', 'S048']);
  const at = (t: string, why: string) => s.log.findIndex((r) => r.t === t && r.why === why);
  assert.ok(at('recover', '神智') < at('draw', '淑慎'));
});

test('H-SHU-15 淑慎 on 丙 with a hand card: draws 1 (S046); declining (【不出】) draws nothing', () => {
  const s = play([...SS('S011 S027 S046 S050 S053 S048'), '乙: 【技能】淑慎', '乙: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046']);
  const d = play([...SS('S011 S027 S046 S050 S053 S048'), '乙: 【不出】']);
  noRefusals(d);
  assert.deepEqual(skillRows(d), ['乙:神智']);
  assert.deepEqual(rows(d, 'draw').filter((r) => r.why === '淑慎'), []);
});
