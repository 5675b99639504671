/**
 * H-SHU-10 庞统 · 涅槃 (limited): when dying, at your own place in the rescue round, you may discard every card in your
 * area, become unchained and face-up, draw 3 and set your HP to 3 (not above max HP).
 * Seats 甲 乙 丙 丁 (0–3); 甲 (刘备+关羽) starts with 诸葛连弩 and several 杀; 乙 = 庞统+黄月英 (3+3 → 3 HP).
 * Cards (A1): S082 ♦A 诸葛连弩, S019 ♠9 酒, S014 S010 S016 S017 S018 杀, S024 ♠Q 铁索连环, S084 ♦2 闪 (乙's);
 * draws: 甲 S041 S043; 涅槃 S046 S050 S053.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=庞统+黄月英 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S082 S019 S014 S010 S016 S017 S018 S024', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053',
  '甲: 【不出】', '甲: 【诸葛连弩】', '甲: 【铁索连环】S024→乙', '@timeout',   // 乙 chained
  '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】',                            // 3 − 2 = 1
  '甲: 【杀】S010→乙', '乙: 【不出】',                                          // 1 − 1 = 0: dying
  '甲: 【不出】'];                                                              // the rescue round: 甲 passes; 乙's place

test('H-SHU-10 涅槃 hidden: reveals 庞统 at its place in the rescue round; discards S084, unchained, draws 3, HP 0 → 3', () => {
  const s = play([...HEAD, '乙: 【技能】涅槃']);
  noRefusals(s);
  const b = pl(s, '乙');
  assert.deepEqual([b.hp, b.chained, b.revealed, b.hand], [3, false, [true, false], ['S046', 'S050', 'S053']]);
  assert.ok(s.discardPile.includes('S084'));
  assert.deepEqual(rows(s, 'saved').map((r) => r.seat), [1]);
  // The rescue round ended at 乙's place: 甲's play prompt is back.
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['play', [0]]);
});

test('H-SHU-10 涅槃 declined (timeout): 乙 is then asked for 桃/酒 as usual (G11.1), holds none of use — and dies', () => {
  const s = play([...HEAD, '@timeout', '乙: 【不出】', '@timeout 2']);
  noRefusals(s);
  assert.equal(pl(s, '乙').alive, false);
  assert.deepEqual(skillRows(s), []);
});

test('H-SHU-10 涅槃 once a game: a second dying (three more 杀: 3 → 0) is not offered it', () => {
  const s = play([...HEAD, '乙: 【技能】涅槃',
    '甲: 【杀】S016→乙', '乙: 【不出】', '甲: 【杀】S017→乙', '乙: 【不出】', '甲: 【杀】S018→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 0);
  // The rescue round asks 甲 first, then comes to 乙 with the 桃/酒 request — no 涅槃 prompt.
  const t = play([...HEAD, '乙: 【技能】涅槃',
    '甲: 【杀】S016→乙', '乙: 【不出】', '甲: 【杀】S017→乙', '乙: 【不出】', '甲: 【杀】S018→乙', '乙: 【不出】', '甲: 【不出】']);
  noRefusals(t);
  assert.deepEqual([t.ask?.kind, t.ask?.seats], ['peach', [1]]);
  assert.deepEqual(skillRows(t), ['乙:涅槃']);
});

// 连环 (conversion): a ♣ hand card as 铁索连环, or recast a ♣ hand card (G5.4: to the discard pile, draw 1).
// 甲 = 庞统+黄月英 (hidden). Cards: S065 ♣5 +1马, S058 ♣2 仁王盾, S014 ♠7 杀; 甲 draws S041 S043, then S046 S050.
const LH = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=庞统+黄月英 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+甘宁',
  '@hand 甲=S065 S058 S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048', '甲: 【不出】'];

test('H-SHU-10 连环 recast: 【重铸】S065（连环） reveals 庞统, S065 to the discard pile, draws S046; a ♠ card is refused; （连环） may be left out', () => {
  const s = play([...LH, '甲: 【重铸】S065（连环）', '甲: 【重铸】S014（连环）', '甲: 【重铸】S058']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(s.discardPile, ['S065', 'S058']);
  // 4 + 2 drawn − 2 recast + 2 drawn (S046, S050).
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S041', 'S043', 'S046', 'S050']);
  assert.deepEqual(rows(s, 'recast').map((r) => r.card), ['S065', 'S058']);
});

test('H-SHU-10 连环 as 铁索连环: S058 (♣2) chains 乙 — a converted use (no draw); a ♠ card cannot be converted', () => {
  const s = play([...LH, '甲: 【铁索连环】S014（连环）→乙', '甲: 【铁索连环】S058（连环）→乙', '@timeout']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]).slice(0, 1), ['ILLEGAL_CARD']);
  assert.equal(pl(s, '乙').chained, true);
  assert.ok(skillRows(s).includes('甲:连环'));
});
