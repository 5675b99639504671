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
