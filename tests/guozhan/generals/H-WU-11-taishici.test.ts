/**
 * H-WU-11 太史慈 · 天义 (active, once per play phase): point fight a character. Win: until end of turn your 杀 limit is
 * +1, your 杀 have no distance limit and may take one extra target. Otherwise: you cannot use 杀 this turn.
 * Seats 甲 乙 丙 丁 (0–3): from 甲, 乙 and 丁 at distance 1, 丙 at 2. 甲 = 太史慈+孙权 (4+4 → 4 HP) starts, range 1.
 * Cards (A1): S104 ♦Q 杀 (12), S010 ♠5 杀 (5), S014 ♠7, S016 ♠8 杀; 乙 holds S084 ♦2 闪 (2) and S041; 丙 S094 ♦7 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=太史慈+孙权 乙=刘备+关羽 丙=吕布+貂蝉 丁=甘宁+吕蒙',
  '@hand 甲=S104 S010 S014 S016', '@hand 乙=S084 S041', '@hand 丙=S094 S043', '@hand 丁=S095', '@deck S050 S053 S048 S030', '甲: 【不出】'];

test('H-WU-11 天义 won (Q 12 > 2): a 杀 on 丙 (distance 2) and 乙 at once, then a second 杀 (limit 2); a third is refused', () => {
  const s = play([...HEAD, '甲: 【技能】天义→乙', '甲: 【拼点】S104', '乙: 【拼点】S084',
    '甲: 【杀】S014→丙、乙', '乙: 【不出】', '丙: 【不出】', '甲: 【杀】S010→丙', '丙: 【不出】', '甲: 【杀】S016→丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:天义']);
  assert.deepEqual(rows(s, 'pindian').map((r) => r.win), [true]);
  // Target order is seat order from the user (G6.3): 乙 then 丙. 丙 (5+3 → 4): 4 − 2 = 2; 乙 4 − 1 = 3.
  assert.deepEqual(rows(s, 'use').filter((r) => r.name === '杀').map((r) => r.targets), [[1, 2], [2]]);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 2]);
});

test('H-WU-11 天义 lost (5 < 7): no 杀 this turn (LIMIT_EXCEEDED); once per phase (a second 天义 refused)', () => {
  const s = play([...HEAD, '甲: 【技能】天义→丙', '甲: 【拼点】S010', '丙: 【拼点】S094', '甲: 【杀】S014→乙', '甲: 【技能】天义→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED', 'LIMIT_EXCEEDED']);
  assert.deepEqual(rows(s, 'pindian').map((r) => r.win), [false]);
  assert.equal(pl(s, '乙').hp, 4);
});

test('H-WU-11 天义 needs another character with a hand card; without the win a 杀 keeps its range and one target', () => {
  const s = play([...HEAD, '甲: 【技能】天义→甲', '甲: 【杀】S014→丙', '甲: 【杀】S014→乙、丁']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET', 'BAD_SYNTAX']);
  noRefusals(play([...HEAD, '甲: 【杀】S014→乙', '乙: 【不出】']));
});
