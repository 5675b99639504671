/**
 * H-WU-07 陆逊 · 度势: at the start of your play phase you may be treated as using 以逸待劳 (no source card): you and
 * every other present character of your kingdom each draw 2 then discard 2 (C-AWAIT-EXHAUSTED, guozhan D23), each
 * after its nullify window (G21.4).
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 陆逊+孙权 (3+4 → 3 HP) starts. 丙 = 甘宁+黄盖 revealed (Wu); 丁 = 周泰+太史慈 hidden
 * (Wu generals, but no kingdom yet, G14.1). Cards (A1): 甲's draw S041 S043; 度势: 甲 draws S046 S050, 丙 S053 S048.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=陆逊+孙权 乙=刘备+关羽 丙=甘宁+黄盖 丁=周泰+太史慈', '@revealed 丙=主将',
  '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048',
  '甲: 【不出】'];   // no turn-start reveal; the draw phase gives S041 S043; the play phase starts

test('H-WU-07 度势 hidden: reveals 陆逊 (Wu); 以逸待劳 targets 甲 and 丙 (revealed Wu) — not hidden 丁 — each draws 2 and discards 2', () => {
  const s = play([...HEAD, '甲: 【技能】度势',
    '@timeout', '甲: 【弃牌】S014、S041',     // 甲's window passes; 甲 draws S046 S050, discards two
    '@timeout', '丙: 【弃牌】S094、S053']);   // 丙's window; 丙 draws S053 S048, discards two
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').revealed, pl(s, '甲').kingdom], [[true, false], 'wu']);
  const use = rows(s, 'use')[0]!;
  assert.deepEqual([use.name, use.targets, use.cards], ['以逸待劳', [0, 2], []]);
  assert.deepEqual(pl(s, '甲').hand, ['S043', 'S046', 'S050']);
  assert.deepEqual(pl(s, '丙').hand, ['S048']);
  assert.deepEqual(pl(s, '丁').hand, ['S095']);
  // Then 甲's play prompt: the phase's start is over, 度势 is not asked again.
  assert.deepEqual([s.ask?.kind, skillRows(s)], ['play', ['甲:度势']]);
});

test('H-WU-07 度势: a 无懈可击 in 丙\'s window cancels it for 丙 only (G21.4)', () => {
  const s2 = play([...HEAD.map((l) => (l === '@hand 乙=S084' ? '@hand 乙=S023' : l)), '甲: 【技能】度势',
    '@timeout', '甲: 【弃牌】S014、S041',
    '乙: 【无懈可击】', '@timeout']);          // 乙 (S023 ♠J 无懈可击) nullifies for 丙; nobody counters
  noRefusals(s2);
  assert.deepEqual(pl(s2, '甲').hand, ['S043', 'S046', 'S050']);
  assert.deepEqual(pl(s2, '丙').hand, ['S094']);
  assert.deepEqual(rows(s2, 'nullified').map((r) => r.seat), [2]);
  assert.equal(s2.ask?.kind, 'play');
});

test('H-WU-07 度势 declined (timeout, X3.2): no 以逸待劳; the play prompt opens', () => {
  const s = play([...HEAD, '@timeout']);
  noRefusals(s);
  assert.deepEqual([rows(s, 'use'), pl(s, '甲').hand, pl(s, '甲').revealed, s.ask?.kind], [[], ['S014', 'S041', 'S043'], [false, false], 'play']);
});

test('H-WU-07 度势 is the owner\'s: at 乙\'s play phase 陆逊 is not asked', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=陆逊+孙权 丙=甘宁+黄盖 丁=周泰+太史慈', '@revealed 乙=全部',
    '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048',
    '甲: 【不出】']);
  noRefusals(s);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['play', [0]]);
  assert.deepEqual(skillRows(s), []);
});
