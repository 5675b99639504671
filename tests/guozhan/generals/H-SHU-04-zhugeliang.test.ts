/**
 * H-SHU-04 诸葛亮 · 观星: at your start phase you may look at the top X cards (X = alive characters, at most 5), put
 * any back on top in any order and the rest at the bottom in any order (`【排列】上 C、… 下 C、…`; X3.2: all on top).
 * Seats 甲 乙 丙 丁 (0–3), so X = 4; 甲 = 诸葛亮+甘夫人 (3+3 → 3 HP) starts.
 * Cards (A1): the deck's top S041 S043 S046 S050 (♥7 ♥8 ♥10 ♥Q), then S053; hands S014 ♠7 杀, S084/S094/S095 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=诸葛亮+甘夫人 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053',
  '甲: 【不出】'];

test('H-SHU-04 观星 hidden: reveals 诸葛亮; S050 S041 on top, S043 S046 at the bottom — the draw phase then takes S050 S041', () => {
  const s = play([...HEAD, '甲: 【技能】观星', '甲: 【排列】上 S050、S041 下 S043、S046', '甲: 【不出】']);   // the last line: 神智 (deputy) declined
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S050', 'S041']);
  assert.deepEqual(s.drawPile.slice(-2), ['S043', 'S046']);
  assert.equal(s.drawPile[0], 'S053');
  // X1: the counts are public; X1.1: the cards were seen by 甲 only.
  assert.deepEqual(rows(s, 'guanxing').map((r) => [r.top, r.bottom]), [[2, 2]]);
  assert.deepEqual(rows(s, 'seen').map((r) => [r.to, r.cards]), [[[0], ['S041', 'S043', 'S046', 'S050']]]);
});

test('H-SHU-04 观星 answered 【确定】 or timed out (X3.2): all four back on top in their order', () => {
  for (const a of ['甲: 【确定】', '@timeout']) {
    const s = play([...HEAD, '甲: 【技能】观星', a, '甲: 【不出】']);
    noRefusals(s);
    assert.deepEqual(pl(s, '甲').hand, ['S014', 'S041', 'S043']);
    assert.deepEqual(s.drawPile.slice(0, 3), ['S046', 'S050', 'S053']);
  }
});

test('H-SHU-04 观星 refuses a card not looked at (UNKNOWN_CARD) and an arrangement missing one (BAD_SYNTAX); the prompt stays', () => {
  const s = play([...HEAD, '甲: 【技能】观星', '甲: 【排列】上 S053', '甲: 【排列】上 S041 下 S043', '甲: 【排列】下 S041、S043、S046、S050', '甲: 【不出】']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['UNKNOWN_CARD', 'BAD_SYNTAX']);
  // All four to the bottom: the draw phase takes S053 and the next card.
  assert.deepEqual(s.drawPile.slice(-4), ['S041', 'S043', 'S046', 'S050']);
  assert.equal(pl(s, '甲').hand[1], 'S053');
});

test('H-SHU-04 观星 then 神智 at one start phase (G21.1: main general\'s skill first); each once', () => {
  const s = play([...HEAD, '甲: 【确定】', '甲: 【确定】', '甲: 【确定】']);   // 观星, keep the order, then 神智
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:观星', '甲:神智']);
  // 神智 discarded S014 (1 < HP 3: no recovery), then the draw phase: S041 S043.
  assert.deepEqual([pl(s, '甲').hand, pl(s, '甲').hp], [['S041', 'S043'], 3]);
  assert.equal(s.ask?.kind, 'play');
});

test('H-SHU-04 观星 with 3 alive looks at 3 cards (X = alive characters)', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙', '@set blindOrder=held',
    '@generals 甲=诸葛亮+甘夫人 乙=刘备+关羽 丙=孙权+周泰',
    '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@deck S041 S043 S046 S050 S053',
    '甲: 【不出】', '甲: 【技能】观星', '甲: 【排列】下 S046、S043、S041', '甲: 【不出】']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'seen')[0]!.cards, ['S041', 'S043', 'S046']);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S050', 'S053']);
});

// 空城 (locked), its targeting part: while you have no hand cards, when you become a target of 杀 or 决斗, cancel
// yourself as a target (G6.2 step 3). 乙 = 诸葛亮+黄月英: (3+3)/2 = 3 HP; its one card S084 is taken first by 甲's
// 过河拆桥 S007 (distance 1), so it holds none. 甲 also holds S014 ♠7 杀 and S001 ♠A 决斗.
const KC = (rev: string[] = [], empty = true) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=诸葛亮+黄月英 丙=曹操+许褚 丁=孙权+周泰', '@hand 甲=S014 S001 S007', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043 S046 S050', ...rev, '甲: 【不出】', ...(empty ? ['甲: 【过河拆桥】S007→乙', '@timeout', '甲: 【选择】手牌1'] : [])];

test('H-SHU-04 空城 hidden: no hand card, 杀 on 乙 — asked, reveals, cancelled; no 闪 request, 乙 stays at 3', () => {
  const s = play([...KC(), '甲: 【杀】S014→乙', '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').revealed, pl(s, '乙').hp], [[true, false], 3]);
  assert.deepEqual(rows(s, 'cancelled').map((r) => `${r.seat}:${r.skill}`), ['1:空城']);
  assert.ok(s.discardPile.includes('S014'));
});

test('H-SHU-04 空城 revealed: 决斗 is cancelled too (no window, no 杀 asked)', () => {
  const s = play([...KC(['@revealed 乙=主将']), '甲: 【决斗】S001→乙']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, skillRows(s), s.ask?.kind], [3, ['乙:空城'], 'play']);
});

test('H-SHU-04 空城 needs an empty hand: holding S084, 乙 is asked for 闪 instead', () => {
  const s = play([...KC(['@revealed 乙=主将'], false), '甲: 【杀】S014→乙', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, skillRows(s)], [3, []]);
});
