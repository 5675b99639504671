/**
 * H-SHU-07 黄月英 · 集智: when you use a non-converted ordinary trick, you may draw 1 (at G6.2 step 2, before the
 * trick takes effect). Seats 甲 乙 丙 丁 (0–3); 甲 = 黄月英+卧龙 (3+3 → 3 HP) starts.
 * Cards (A1): S041 ♥7 无中生有, S039 ♥6 乐不思蜀, S014 ♠7 杀, S046 ♥10 杀 (red: 火计's 火攻); draws S043 S050, then
 * S053 S048 S030 S035.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=黄月英+卧龙诸葛亮 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S041 S039 S014 S046', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S043 S050 S053 S048 S030 S035',
  '甲: 【不出】'];

test('H-SHU-07 集智 hidden: 无中生有 — reveals 黄月英, draws S053 when used, then 无中生有 draws S048 S030', () => {
  const s = play([...HEAD, '甲: 【无中生有】', '甲: 【技能】集智', '@timeout']);   // the nullify window
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S039', 'S014', 'S046', 'S043', 'S050', 'S053', 'S048', 'S030']);
  assert.deepEqual(rows(s, 'draw').map((r) => r.why), ['drawPhase', '集智', '无中生有']);
});

test('H-SHU-07 集智 declined (timeout, X3.2: no): only 无中生有\'s two cards', () => {
  const s = play([...HEAD, '甲: 【无中生有】', '@timeout', '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand.slice(-2), ['S053', 'S048']);
  assert.deepEqual(skillRows(s), []);
});

test('H-SHU-07 集智 is for ordinary tricks only: a delayed trick (乐不思蜀) and a 杀 ask nothing', () => {
  const s = play([...HEAD, '甲: 【乐不思蜀】→乙', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.ask?.kind, 'play');
});

test('H-SHU-07 集智 is for non-converted tricks: 卧龙\'s 火计 (S046 as 火攻) asks nothing of 黄月英', () => {
  const s = play([...HEAD, '甲: 【火攻】S046（火计）→乙', '@timeout', '乙: 【选择】S084']);   // 乙 shows ♦2; 甲 holds no ♦ card: no payment asked
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:火计']);
  assert.deepEqual(pl(s, '甲').revealed, [false, true]);
});

// 奇才 (locked): your tricks have no distance limit. Six seats 甲…己: from 甲, 丙 at 2, 丁 at 3. 甲 = 黄月英+卧龙诸葛亮.
// Cards (A1): S021 ♠10 兵粮寸断, S075 ♣10 兵粮寸断, S006 ♠3 顺手牵羊; 丁 holds S053.
const QC = (g = '黄月英+卧龙诸葛亮') => ['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held',
  `@generals 甲=${g} 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚 戊=吕布+貂蝉 己=甘宁+吕蒙`,
  '@hand 甲=S021 S075 S006', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S053', '@hand 戊=S095', '@hand 己=S092', '@deck S043 S050 S048 S030', '甲: 【不出】'];

test('H-SHU-07 奇才 hidden: 兵粮寸断 on 丁 at distance 3 is legal only with 奇才 — reveals 黄月英 (G13.4); then 顺手牵羊 on 丙 (2) needs no reveal', () => {
  const s = play([...QC(), '甲: 【兵粮寸断】S021→丁', '甲: 【顺手牵羊】S006→丙', '@timeout', '@timeout', '@timeout']);   // 集智 declined; the nullify window; the card taken (default)
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:奇才']);
  assert.deepEqual(pl(s, '丁').judge, ['S021']);
  assert.ok(pl(s, '甲').hand.includes('S094'));
});

test('H-SHU-07 without 奇才 the distance-1 limit stands (黄忠+魏延: ILLEGAL_TARGET for both); 奇才 does not lift a 杀\'s range', () => {
  const s = play([...QC('黄忠+魏延'), '甲: 【兵粮寸断】S021→丁', '甲: 【顺手牵羊】S006→丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET']);
  const k = play(['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held', '@generals 甲=黄月英+卧龙诸葛亮 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚 戊=吕布+貂蝉 己=甘宁+吕蒙',
    '@revealed 甲=主将', '@hand 甲=S014', '@hand 丙=S094', '@deck S043 S050', '甲: 【不出】', '甲: 【杀】S014→丙']);
  assert.deepEqual(refusals(k).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET']);
});
