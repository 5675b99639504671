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

// 空城's 琴: 甲 = 刘备+关羽 gives 乙 = 诸葛亮+黄月英 two cards by 仁德, outside 乙's turn, once 乙 has no hand cards
// (a seat starts with 4 cards: 乙 starts with one 闪 and spends it on 甲's 杀). Cards (A1): S084 ♦2 闪, S030 ♥2 闪,
// S086 ♦3 闪, S014 ♠7 杀, S092 闪, S061 ♣3 知己知彼; the deck S041 S043 (甲's draw), S046 S050 (乙's).
const QIN = (revealed: boolean, hand2 = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=诸葛亮+黄月英 丙=孙权+周泰 丁=曹操+许褚', ...(revealed ? ['@revealed 乙=主将'] : []),
  '@hand 甲=S084 S030 S086 S014', `@hand 乙=S092${hand2}`, '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053',
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【闪】S092'];

test('H-SHU-04 空城 琴: cards given outside 诸葛亮\'s turn while he has no hand cards lie face up on him; his draw phase takes them', () => {
  const given = play([...QIN(true), '甲: 【技能】仁德 S084、S030→乙', '甲: 【选择】不使用']);   // 仁德's basic card: none
  noRefusals(given);
  assert.deepEqual(pl(given, '乙').hand, []);
  assert.deepEqual(pl(given, '乙').pile, { 琴: ['S084', 'S030'] });
  // X1: 琴 are face up — public rows name them; the 仁德 count of 2 was still reached (the gift counts: the option was asked).
  assert.deepEqual(rows(given, 'pileAdd').map((r) => r.card), ['S084', 'S030']);
  assert.deepEqual(skillRows(given), ['甲:仁德', '乙:空城']);
  // On to 乙's turn: 甲 ends its play phase (4 + 2 drawn − 杀 − 2 given = 3 cards ≤ 4 HP: no discard); 乙 declines the turn-start
  // reveal and 观星; at its draw phase start 空城 takes both 琴 into its hand, then it draws S046 S050.
  const s = play([...QIN(true), '甲: 【技能】仁德 S084、S030→乙', '甲: 【选择】不使用', '甲: 【结束】', '乙: 【不出】', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual([s.turn.seat, s.ask?.kind], [1, 'play']);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S030', 'S046', 'S050']);
  assert.equal(pl(s, '乙').pile, undefined);
  assert.deepEqual(skillRows(s), ['甲:仁德', '乙:空城', '乙:空城']);
});

test('H-SHU-04 空城 琴 hidden: 诸葛亮 is asked whether to reveal (G13.2 item 2); accepting reveals him and the cards lie on him, declining puts them in his hand', () => {
  const yes = play([...QIN(false), '甲: 【技能】仁德 S084、S030→乙', '乙: 【技能】空城', '甲: 【选择】不使用']);
  noRefusals(yes);
  assert.deepEqual(pl(yes, '乙').revealed, [true, false]);
  assert.deepEqual(pl(yes, '乙').pile, { 琴: ['S084', 'S030'] });
  const no = play([...QIN(false), '甲: 【技能】仁德 S084、S030→乙', '@timeout', '甲: 【选择】不使用']);
  noRefusals(no);
  assert.deepEqual(pl(no, '乙').revealed, [false, false]);
  assert.deepEqual(pl(no, '乙').hand, ['S084', 'S030']);
  assert.equal(pl(no, '乙').pile, undefined);
});

test('H-SHU-04 空城 琴 needs an empty hand: 诸葛亮 holding a card gets the gift in his hand', () => {
  const s = play([...QIN(true, ' S061'), '甲: 【技能】仁德 S084、S030→乙', '甲: 【选择】不使用']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').hand.length, 3);
  assert.equal(pl(s, '乙').pile, undefined);
});
