/**
 * H-QUN-12 纪灵 · 双刃 (trigger): at the start of your play phase you may point fight another character. Win: you are
 * treated as using a 杀 (not counted) on a character of the same kingdom as it (it or another; only it if it has no
 * kingdom) that is a legal 杀 target for you. Otherwise: other characters are not legal targets of your cards this
 * turn. Seats 甲 乙 丙 丁 (0–3): from 甲, 乙 and 丁 at distance 1, 丙 at 2. 甲 = 纪灵+华佗 (4+3 → 3 HP) starts.
 * Cards (A1): S104 ♦Q 杀 (12), S010 ♠5 杀 (5), S014 ♠7 杀, S041 ♥7 无中生有, S026 ♠K 南蛮入侵; 乙 holds S084 ♦2 闪 (2)
 * and S043, 丁 S094 ♦7 闪 (7) and S046.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = (hand: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=纪灵+华佗 乙=刘备+关羽 丙=吕布+貂蝉 丁=甘宁+吕蒙',
  `@hand 甲=${hand}`, '@hand 乙=S084 S043', '@hand 丙=S095', '@hand 丁=S094 S046', '@deck S050 S053 S048 S030 S035', '甲: 【不出】'];

test('H-QUN-12 双刃 hidden, won (Q 12 > 2): reveals 纪灵; a 杀 on 乙 (hidden: only it) not counted — 甲 still has its own 杀', () => {
  const s = play([...HEAD('S104 S014 S041'), '甲: 【技能】双刃', '甲: 【选择】乙', '甲: 【拼点】S104', '乙: 【拼点】S084', '甲: 【选择】乙', '乙: 【不出】',
    '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:双刃']);
  assert.deepEqual(rows(s, 'pindian').map((r) => [r.cards, r.win]), [[['S104', 'S084'], true]]);
  // Two 杀 hit 乙 (4 − 2 = 2): the virtual one (no card, 双刃) and S014, which the first did not use up (G5.1).
  assert.deepEqual(rows(s, 'use').filter((r) => r.name === '杀').map((r) => r.cards), [[], ['S014']]);
  assert.equal(pl(s, '乙').hp, 2);
});

test('H-QUN-12 双刃 lost (5 < 7): no other character can be a target of 纪灵\'s cards this turn — a 杀 and 南蛮入侵 are refused, 无中生有 (self) is not', () => {
  const s = play([...HEAD('S010 S014 S041 S026'), '甲: 【技能】双刃', '甲: 【选择】丁', '甲: 【拼点】S010', '丁: 【拼点】S094',
    '甲: 【杀】S014→乙', '甲: 【南蛮入侵】', '甲: 【无中生有】', '@timeout']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET']);
  assert.deepEqual(rows(s, 'pindian').map((r) => r.win), [false]);
  assert.deepEqual(rows(s, 'use').map((r) => r.name), ['无中生有']);
});

test('H-QUN-12 双刃 declined (timeout, X3.2: no): no 拼点, 纪灵 stays hidden; the prohibition is only the loss\'s — a 杀 on 乙 is fine', () => {
  const s = play([...HEAD('S010 S014'), '@timeout', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual([skillRows(s), rows(s, 'pindian').length, pl(s, '甲').revealed], [[], 0, [false, false]]);
  assert.equal(pl(s, '乙').hp, 3);
});
