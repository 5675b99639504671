/**
 * H-SHU-11 卧龙诸葛亮 · 火计 (a red hand card as 火攻) and 看破 (a black hand card as 无懈可击) — the engine's conversions;
 * a hidden 卧龙 is revealed when the converted card is used (G13.4). Seats 甲 乙 丙 丁 (0–3); 甲 starts.
 * Cards (A1): S046 ♥10 杀 (red), S050 ♥Q 杀, S010 ♠5 杀 (black), S009 ♠4 过河拆桥, S084 ♦2 闪, S094 ♦7 闪; draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

test('H-SHU-11 火计 hidden: S046 (♥10) as 火攻 on 乙 reveals 卧龙; 乙 shows ♥ — 甲 discards ♥Q for 1 fire damage', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=卧龙诸葛亮+庞统 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚',
    '@hand 甲=S046 S050', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
    '甲: 【不出】', '甲: 【火攻】S046→乙', '@timeout', '乙: 【选择】S030', '甲: 【弃牌】S050']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  const use = rows(s, 'use')[0]!;
  assert.deepEqual([use.name, use.cards], ['火攻', ['S046']]);
  assert.deepEqual(rows(s, 'damage').map((r) => [r.seat, r.nature, r.n]), [[1, 'fire', 1]]);
  assert.equal(pl(s, '乙').hp, 3);
  assert.deepEqual(skillRows(s), ['甲:火计']);
});

test('H-SHU-11 火计 takes a red hand card only: a black one is refused (ILLEGAL_CARD)', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=卧龙诸葛亮+庞统 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚', '@revealed 甲=主将',
    '@hand 甲=S010', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
    '甲: 【不出】', '甲: 【火攻】S010（火计）→乙']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  assert.deepEqual(pl(s, '甲').hand, ['S010', 'S041', 'S043']);
});

const KANPO = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=卧龙诸葛亮+庞统 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S009', '@hand 乙=S010 S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
  '甲: 【不出】', '甲: 【过河拆桥】→乙'];

test('H-SHU-11 看破 hidden: in the nullify window 乙 plays S010 (♠5) as 无懈可击 — reveals 卧龙; the 拆 is cancelled', () => {
  const s = play([...KANPO, '乙: 【无懈可击】S010', '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '乙').hand, ['S084']);
  assert.deepEqual(rows(s, 'nullified').map((r) => r.seat), [1]);
  assert.deepEqual(skillRows(s), ['乙:看破']);
});

test('H-SHU-11 看破 takes a black hand card only: ♦2 is refused; the window stays open', () => {
  const s = play([...KANPO, '乙: 【无懈可击】S084（看破）']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  assert.equal(s.ask?.kind, 'nullify');
  assert.deepEqual(pl(s, '乙').revealed, [false, false]);
});

// 八阵 (locked): while your armor slot is empty, you count as equipped with 八卦阵 (at each 闪 request: the engine's
// jinkAsk point). 乙 = 卧龙诸葛亮+黄月英 (3 HP), no hand card but S096; 甲's 杀 S014; judgement cards: S046 ♥10 (red: a 闪)
// or S016 ♠8 (black: no 闪).
const BZ = (judge: string, rev = '乙=主将') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=卧龙诸葛亮+黄月英 丙=孙权+周泰 丁=曹操+许褚', '@hand 甲=S014', '@hand 乙=S096', '@hand 丙=S094', '@hand 丁=S095',
  `@deck S041 S043 ${judge} S050`, `@revealed ${rev}`, '甲: 【不出】', '甲: 【杀】S014→乙'];

test('H-SHU-11 八阵: 乙 judges as with 八卦阵 (`【技能】八阵`), red S046 → a 闪: no damage, S096 kept', () => {
  const s = play([...BZ('S046'), '乙: 【技能】八阵']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, ['S096']]);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S046']);
  assert.deepEqual(skillRows(s), ['乙:八阵']);
});

test('H-SHU-11 八阵: black S016 → no 闪 from it; the request stays open once (no second try) — 乙 uses S096', () => {
  const s = play([...BZ('S016'), '乙: 【技能】八卦阵', '乙: 【技能】八卦阵', '乙: 【闪】S096']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, []]);
});

test('H-SHU-11 八阵 hidden, declined: no 八卦阵 on offer (ILLEGAL_CARD); passing — 3 → 2', () => {
  const s = play([...BZ('S046', '丙=主将'), '乙: 【不出】', '乙: 【技能】八卦阵', '乙: 【不出】']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  assert.deepEqual([pl(s, '乙').revealed[0], pl(s, '乙').hp], [false, 2]);
});
