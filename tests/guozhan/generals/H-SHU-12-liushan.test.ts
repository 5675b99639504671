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

// 享乐 (locked): after you become the target of a 杀, its user must discard a basic card, or the 杀 has no effect on you
// (G6.2 step 4). 乙 = 刘禅+赵云: (3+4)/2 = 3 HP. 甲 holds S014 ♠7 杀 and S050 ♥Q 杀 (basic) — or S041 (a trick) only.
const XL = (hand甲 = 'S014 S050', rev = '乙=主将') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=刘禅+赵云 丙=曹操+许褚 丁=孙权+周泰', `@hand 甲=${hand甲}`, '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043 S046 S030', `@revealed ${rev}`, '甲: 【不出】', '甲: 【杀】S014→乙'];

test('H-SHU-12 享乐: 甲 does not pay (timeout) — the 杀 has no effect on 刘禅: no 闪 request, 3 HP kept', () => {
  const s = play([...XL(), '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand, pl(s, '甲').hand], [3, ['S084'], ['S050', 'S041', 'S043']]);
  assert.equal(rows(s, 'noEffect').length, 1);
  assert.deepEqual(skillRows(s), ['乙:享乐']);
});

test('H-SHU-12 享乐: 甲 discards S050 (basic) — the 杀 goes on; 乙 takes it (3 → 2)', () => {
  const s = play([...XL(), '甲: 【弃牌】S050', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, s.discardPile.includes('S050')], [2, true]);
});

test('H-SHU-12 享乐: a non-basic card cannot pay (ILLEGAL_CARD)', () => {
  const s = play([...XL(), '甲: 【弃牌】S041']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
});

test('H-SHU-12 享乐 hidden: 刘禅 is asked whether to reveal; declining — the 闪 request as usual', () => {
  const s = play([...XL('S014 S050', '丙=主将'), '乙: 【不出】', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').revealed, pl(s, '乙').hp, skillRows(s)], [[false, false], 3, []]);
});
