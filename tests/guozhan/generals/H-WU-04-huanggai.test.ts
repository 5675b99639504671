/**
 * H-WU-04 黄盖 · 苦肉 (active, once per play phase): discard a card; then lose 1 HP and draw 3; your 杀 limit is +1 for
 * this phase. Seats 甲 乙 丙 丁 (0–3); 甲 = 黄盖+孙权 (4+4 → 4 HP) starts. 乙 = 刘备+关羽 (4 HP) holds S041 (no 闪).
 * Cards (A1): S014 ♠7, S010 ♠5 杀, S084 ♦2 闪 (discarded); draws S043 S050 (drawPhase), S053 S048 S030 (苦肉).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=黄盖+孙权 乙=刘备+关羽 丙=吕布+貂蝉 丁=甘宁+吕蒙',
  '@hand 甲=S014 S010 S084', '@hand 乙=S041', '@hand 丙=S094', '@hand 丁=S095', '@deck S043 S050 S053 S048 S030 S035', '甲: 【不出】'];

test('H-WU-04 苦肉 hidden: reveals 黄盖; discards ♦2, loses 1 HP (4 → 3), draws 3 (S053 S048 S030)', () => {
  const s = play([...HEAD, '甲: 【技能】苦肉 S084']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:苦肉']);
  assert.equal(pl(s, '甲').hp, 3);
  assert.ok(s.discardPile.includes('S084'));
  // 3 − 1 + 2 (drawPhase) + 3 = 7 cards.
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S010', 'S043', 'S050', 'S053', 'S048', 'S030']);
  assert.deepEqual(rows(s, 'draw').map((r) => [r.why, r.n]), [['drawPhase', 2], ['苦肉', 3]]);
});

test('H-WU-04 苦肉 once per play phase; then the 杀 limit is 1 + 1 = 2: two 杀 hit, the third and a second 苦肉 are refused', () => {
  const s = play([...HEAD, '甲: 【技能】苦肉 S084', '甲: 【技能】苦肉 S043', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【杀】S010→乙', '乙: 【不出】', '甲: 【杀】S050→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED', 'LIMIT_EXCEEDED']);
  // 乙: 4 − 2 = 2; 甲: 4 − 1 = 3 (one 苦肉 only).
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [3, 2]);
});

test('H-WU-04 苦肉 without a card named: refused before anything happens (BAD_SYNTAX); no 苦肉, no second 杀', () => {
  const s = play([...HEAD, '甲: 【技能】苦肉', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【杀】S010→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['BAD_SYNTAX', 'LIMIT_EXCEEDED']);
  assert.equal(pl(s, '甲').hp, 4);
});
