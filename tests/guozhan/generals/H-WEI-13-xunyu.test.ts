/**
 * H-WEI-13 荀彧 · 节命: after you take damage you may choose a character: it draws until it holds as many hand cards
 * as its max HP (at most 5); once per damage instance. Seats 甲 乙 丙 丁; 乙 = 荀彧+郭嘉 (3+3 → 3 HP, 1 card);
 * 丙 = 孙权+周泰 (4 HP, 1 card). (驱虎 waits for active skills and the point fight.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=荀彧+郭嘉 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S019', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S062 S070'];

test('节命 hidden: reveals 荀彧; 丙 (max HP 4, 1 card) draws 3', () => {
  const s = play([...HEAD, '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】节命', '乙: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046', 'S050', 'S062']);
  assert.equal(pl(s, '乙').hand.length, 1);
});

test('节命: the pick times out to 荀彧 itself (X3.2: the first legal from the chooser): 2 − 1 HP … draws to max HP 3', () => {
  const s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '@timeout']);
  noRefusals(s);
  // Max HP 3 (not the current 2): 1 card → draws 2.
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S046', 'S050']);
});

test('节命 once per damage instance (G8.2): a 2-point hit (酒 + 杀) asks once; a character already at its max HP draws nothing', () => {
  const s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【选择】甲']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 1);
  // 甲 holds S041 S043 (2) < max HP 4: draws 2. Only one 节命 row for the one instance, and the play prompt is back.
  assert.deepEqual(pl(s, '甲').hand, ['S041', 'S043', 'S046', 'S050']);
  assert.deepEqual(skillRows(s), ['乙:节命']);
  assert.equal(s.ask?.kind, 'play');
  assert.equal(rows(s, 'draw').filter((r) => r.why === '节命').length, 1);
});
