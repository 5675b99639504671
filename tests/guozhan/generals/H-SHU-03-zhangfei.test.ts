/**
 * H-SHU-03 张飞 · 咆哮 (locked): no limit on the number of 杀 you use; when you use your second 杀 in a turn, draw 1.
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 张飞+关羽 (4+5 half-fish → 4 HP) starts. 乙 = 孙权+周泰 (4 HP) holds S041 (no 闪) and
 * is asked for a 闪 each time. Cards (A1): S014 ♠7, S010 ♠5, S016 ♠8 杀; draws S043 S050 (drawPhase), then S053.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = (g = '张飞+关羽') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${g} 乙=孙权+周泰 丙=吕布+貂蝉 丁=甘宁+吕蒙`,
  '@hand 甲=S014 S010 S016', '@hand 乙=S041', '@hand 丙=S094', '@hand 丁=S095', '@deck S043 S050 S053 S048', '甲: 【不出】'];
const SLASH = (c: string) => [`甲: 【杀】${c}→乙`, '乙: 【不出】'];

test('H-SHU-03 咆哮 hidden: the second 杀 is legal only with 咆哮 — declaring it reveals 张飞 (G13.4); it draws 1; the third draws nothing', () => {
  const s = play([...HEAD(), ...SLASH('S014'), ...SLASH('S010'), ...SLASH('S016')]);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  // One row for the reveal by the second 杀's declaration, one for the draw when it is used (the 2nd 杀 of the turn).
  assert.deepEqual(skillRows(s), ['甲:咆哮', '甲:咆哮']);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '咆哮').map((r) => r.n), [1]);
  // 3 hits: 乙 4 − 3 = 1. Hand: 3 + 2 (drawPhase) − 3 杀 + 1 (咆哮: S053) = 3.
  assert.equal(pl(s, '乙').hp, 1);
  assert.deepEqual(pl(s, '甲').hand, ['S043', 'S050', 'S053']);
  // The reveal comes before the second 杀's use row.
  const order = s.log.filter((r) => r.seat === 0 && ['reveal', 'use'].includes(r.t)).map((r) => r.t);
  assert.deepEqual(order, ['use', 'reveal', 'use', 'use']);
});

test('H-SHU-03 without 咆哮 the limit stands: 刘备+关羽\'s second 杀 is refused (LIMIT_EXCEEDED, G5.1); with skills=off too', () => {
  const s = play([...HEAD('刘备+关羽'), ...SLASH('S014'), '甲: 【杀】S010→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  const off = play([...HEAD().map((l) => (l.startsWith('@set') ? `${l} skills=off` : l)), ...SLASH('S014'), '甲: 【杀】S010→乙']);
  assert.deepEqual(refusals(off).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(off, '甲').revealed, [false, false]);
});

test('H-SHU-03 咆哮 revealed: the draw is locked (no ask) and counts the turn\'s 杀 — the first 杀 draws nothing', () => {
  const s = play([...HEAD().slice(0, -1), '@revealed 甲=主将', '甲: 【不出】', ...SLASH('S014')]);
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.ask?.kind, 'play');
  const two = play([...HEAD().slice(0, -1), '@revealed 甲=主将', '甲: 【不出】', ...SLASH('S014'), ...SLASH('S010')]);
  assert.deepEqual(skillRows(two), ['甲:咆哮']);
  assert.deepEqual(pl(two, '甲').hand, ['S016', 'S043', 'S050', 'S053']);
});
