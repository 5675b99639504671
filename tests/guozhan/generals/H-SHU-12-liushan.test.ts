/**
 * H-SHU-12 刘禅 · 放权: you may skip your play phase; if you do, at the end of this turn you may discard a hand card and
 * choose another character: it takes an extra turn after this one (G4.9). Seats 甲 乙 丙 丁 (0–3); 甲 = 刘禅+关羽
 * (3+5 → 4 HP) starts. Cards (A1): S014 ♠7 杀, S001 ♠A 决斗; draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘禅+关羽 乙=刘备+张飞 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S014 S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048', '甲: 【不出】'];

test('H-SHU-12 放权 hidden: reveals 刘禅, skips the play phase; at the turn\'s end discards S001 and 丙 takes an extra turn next', () => {
  const s = play([...HEAD, '甲: 【技能】放权', '甲: 【确定】', '甲: 【弃牌】S001', '甲: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'skip').map((r) => r.phase), ['play']);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S041', 'S043']);
  assert.deepEqual([s.turn.seat, s.turn.extra], [2, true]);
  assert.deepEqual(skillRows(s), ['甲:放权', '甲:放权']);
});

test('H-SHU-12 放权 without the end part (declined): no extra turn — 乙 is next', () => {
  const s = play([...HEAD, '甲: 【技能】放权', '@timeout']);
  noRefusals(s);
  assert.deepEqual([s.turn.seat, s.turn.extra], [1, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S001', 'S041', 'S043']);
});

test('H-SHU-12 放权 declined (timeout, X3.2): the play phase happens, and nothing is asked at the end', () => {
  const s = play([...HEAD, '@timeout', '甲: 【结束】']);
  noRefusals(s);
  assert.deepEqual([rows(s, 'skip'), skillRows(s), s.turn.seat], [[], [], 1]);
});
