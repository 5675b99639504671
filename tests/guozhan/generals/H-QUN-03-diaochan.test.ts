/**
 * H-QUN-03 貂蝉 · 离间 (active, once per play phase: discard a card, choose two other male characters A then B: B is
 * treated as using 决斗 on A) and 闭月: at your finish phase you may draw 1. Hidden, it asks privately and accepting reveals 貂蝉
 * (G13.2 item 2); X3.2 default: no.
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts. 甲 = 貂蝉+吕布 (3+5 half-fish → 4 HP), 乙 = 乐进+曹仁 revealed (骁果 at 甲's
 * finish phase). Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S084 ♦2 闪, S041/S043 ♥7/♥8 无中生有, S046 ♥10 杀.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=貂蝉+吕布 乙=乐进+曹仁 丙=孙权+周泰 丁=刘备+关羽', '@revealed 乙=全部',
  '@hand 甲=S014 S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050',
  '甲: 【不出】',   // no turn-start reveal
  '甲: 【结束】'];  // hand 2 + 2 drawn = 4 ≤ limit 4: no discard; the finish phase begins

test('H-QUN-03 闭月 hidden: accepting reveals 貂蝉 (main) and draws the next card, S046', () => {
  const s = play([...HEAD, '甲: 【技能】闭月']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S001', 'S041', 'S043', 'S046']);
  assert.deepEqual([pl(s, '甲').revealed, pl(s, '甲').kingdom], [[true, false], 'qun']);
  // Once per finish phase: the next prompt is 乙's 骁果, not 闭月 again.
  assert.deepEqual([s.ask?.about?.skill, s.ask?.seats], ['骁果', [1]]);
});

test('H-QUN-03 闭月 declined or timed out (X3.2: no): no draw, 貂蝉 stays hidden', () => {
  for (const no of ['甲: 【不出】', '@timeout']) {
    const s = play([...HEAD, no]);
    noRefusals(s);
    assert.deepEqual(pl(s, '甲').hand, ['S014', 'S001', 'S041', 'S043']);
    assert.deepEqual(pl(s, '甲').revealed, [false, false]);
    assert.equal(s.ask?.about?.skill, '骁果');
  }
});

test('H-QUN-03 闭月 vs 骁果 at the same finish phase (G21.1): the current player 甲 first, then 乙', () => {
  const s = play([...HEAD, '甲: 【技能】闭月', '乙: 【技能】骁果', '乙: 【弃牌】S084']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:闭月', '乙:骁果']);
  // 骁果: 甲 holds no equipment card, so it is not asked to pay: 1 damage from 乙, 4 → 3.
  assert.equal(pl(s, '甲').hp, 3);
});

test('H-QUN-03 闭月 is the owner\'s own: at 乙\'s finish phase 貂蝉 is not asked', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=貂蝉+吕布 丙=孙权+周泰 丁=曹操+许褚', '@revealed 乙=主将',
    '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S010 S012',
    '甲: 【不出】', '甲: 【结束】']);
  noRefusals(s);
  // 甲's finish phase passed with no prompt for 乙; the table went on to 乙's turn (its turn-start reveal prompt).
  assert.deepEqual(skillRows(s), []);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['turnStart', [1]]);
  assert.deepEqual(pl(s, '乙').hand, ['S084']);
});

// 离间: 乙 = 刘备+关羽 and 丙 = 曹操+许褚 revealed (male); 丁 = 孙权+周泰 hidden (no sex, G13.1).
const LJ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=貂蝉+吕布 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+周泰', '@revealed 乙=主将', '@revealed 丙=主将',
  '@hand 甲=S014 S001', '@hand 乙=S084', '@hand 丙=S050', '@hand 丁=S095', '@deck S041 S043 S046 S053',
  '甲: 【不出】'];

test('H-QUN-03 离间 hidden: reveals 貂蝉, discards S014; 丙 is treated as using 决斗 on 乙 — 乙 plays no 杀 and takes 1 from 丙', () => {
  const s = play([...LJ, '甲: 【技能】离间 S014→乙、丙', '@timeout', '乙: 【不出】', '@timeout']);   // the nullify window; 乙's 杀; 丙's 奸雄 declined
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.ok(s.discardPile.includes('S014'));
  assert.deepEqual(rows(s, 'use').map((r) => [r.seat, r.name, r.targets, r.cards]), [[2, '决斗', [1], []]]);
  assert.deepEqual(rows(s, 'damage').map((r) => [r.seat, r.source]), [[1, 2]]);
  assert.equal(pl(s, '乙').hp, 3);
});

test('H-QUN-03 离间: 乙 answers with a 杀, then 丙 (S050) — alternately, A first; once per play phase', () => {
  const s = play([...LJ.map((l) => (l === '@hand 乙=S084' ? '@hand 乙=S010' : l)), '甲: 【技能】离间 S014→乙、丙', '@timeout', '乙: 【杀】S010', '丙: 【杀】S050', '甲: 【技能】离间 S001→丙、乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  // 乙 has no 杀 left: it takes 1 from 丙 (4 → 3).
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 4]);
});

test('H-QUN-03 离间 needs two other male characters: hidden 丁 (no sex) and 甲 itself are refused', () => {
  const s = play([...LJ, '甲: 【技能】离间 S014→乙、丁', '甲: 【技能】离间 S014→甲、乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET']);
  assert.deepEqual(pl(s, '甲').revealed, [false, false]);
});
