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

// 谦逊 (locked): when you become a target of 顺手牵羊 or 乐不思蜀, cancel yourself as a target (G6.2 step 3); a 乐不思蜀
// that would go into your judgement area goes to the discard pile. 乙 = 陆逊+孙权; 甲 (distance 1) holds S006 ♠3
// 顺手牵羊, S039 ♥6 乐不思蜀, S007 ♠3 过河拆桥; 乙 holds S084.
const QX = (rev: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=陆逊+孙权 丙=曹操+许褚 丁=吕布+貂蝉', '@hand 甲=S006 S039 S007', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043 S046 S050', ...rev, '甲: 【不出】'];

test('H-WU-07 谦逊 hidden: 陆逊 is asked, reveals and cancels itself as 顺手牵羊\'s target — no window, 乙 keeps S084', () => {
  const s = play([...QX(), '甲: 【顺手牵羊】S006→乙', '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').revealed, pl(s, '乙').hand], [[true, false], ['S084']]);
  assert.deepEqual(rows(s, 'cancelled').map((r) => `${r.seat}:${r.skill}`), ['1:谦逊']);
  assert.ok(s.discardPile.includes('S006'));
  assert.equal(s.ask?.kind, 'play');
});

test('H-WU-07 谦逊 hidden and declined: 顺手牵羊 goes on (its window, then 甲 takes S084)', () => {
  const s = play([...QX(), '甲: 【顺手牵羊】S006→乙', '乙: 【不出】', '@timeout', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').revealed, pl(s, '乙').hand], [[false, false], []]);
  assert.ok(pl(s, '甲').hand.includes('S084'));
});

test('H-WU-07 谦逊 revealed: 乐不思蜀 is cancelled without asking and goes to the discard pile, not the judgement area', () => {
  const s = play([...QX(['@revealed 乙=主将']), '甲: 【乐不思蜀】S039→乙']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').judge, s.discardPile.includes('S039'), skillRows(s)], [[], true, ['乙:谦逊']]);
});

test('H-WU-07 谦逊 does not cover 过河拆桥: its window opens and 乙 loses S084', () => {
  const s = play([...QX(['@revealed 乙=主将']), '甲: 【过河拆桥】S007→乙', '@timeout', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hand, skillRows(s)], [[], []]);
});
