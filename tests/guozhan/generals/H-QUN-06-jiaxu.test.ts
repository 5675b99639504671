/**
 * H-QUN-06 贾诩 · 乱武 (limited, play phase): every other character, in seat order from your next, must use a 杀 on a
 * character at the smallest distance from it, or lose 1 HP. Seats 甲 乙 丙 丁 (0–3), all at distance 1 from their
 * neighbours; 甲 = 贾诩+华佗 (3+3 → 3 HP) starts. HP: 乙 刘备+关羽 4, 丙 孙权+周泰 4, 丁 吕布+貂蝉 4.
 * Cards (A1): S010 ♠5 杀 (乙's), S094 ♦7 闪 (丙's), S095 ♦7 闪 (丁's), S014 ♠7 杀; draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { State } from '../../../src/games/guozhan/types.ts';
import { noRefusals, pl, play, refusals, rows, skillRows, until } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=贾诩+华佗 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014', '@hand 乙=S010', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043', '甲: 【不出】'];

test('H-QUN-06 乱武 hidden: reveals 贾诩; 乙 uses S010 on 丙 (nearest), 丙 takes it and then loses 1 (no 杀), 丁 loses 1', () => {
  const s = play([...HEAD, '甲: 【技能】乱武', '乙: 【杀】S010→丙', '丙: 【不出】', '丙: 【不出】', '丁: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  // 丙: 4 − 1 (乙's 杀) − 1 (HP loss) = 2; 丁: 4 − 1 = 3; 乙 used its 杀: no loss.
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '丁').hp, pl(s, '甲').hp], [4, 2, 3, 3]);
  assert.deepEqual(rows(s, 'loseHp').map((r) => r.seat), [2, 3]);
  assert.deepEqual(rows(s, 'use').map((r) => [r.seat, r.name, r.targets]), [[1, '杀', [2]]]);
  assert.deepEqual(skillRows(s), ['甲:乱武']);
});

test('H-QUN-06 乱武: a target not at the smallest distance is refused (丁 is 2 from 乙); the timeout loses the HP (X3.2)', () => {
  const s = play([...HEAD, '甲: 【技能】乱武', '乙: 【杀】S010→丁', '@timeout 3']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET']);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '丁').hp], [3, 3, 3]);
});

test('H-QUN-06 乱武 once a game: the second use is refused', () => {
  const s = play([...HEAD, '甲: 【技能】乱武', '@timeout 3', '甲: 【技能】乱武']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
});

// 帷幕 (locked): when you become a target of a black trick, cancel yourself as a target (G6.2 step 3); a cancelled
// black delayed trick goes to the discard pile. 乙 = 贾诩+貂蝉; 甲 (distance 1) holds S007 ♠3 过河拆桥, S021 ♠10 兵粮寸断,
// S052 ♥Q 过河拆桥; 乙 holds S084.
const WM = (rev: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=贾诩+貂蝉 丙=曹操+许褚 丁=孙权+周泰', '@hand 甲=S007 S021 S052', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043 S046 S050', ...rev, '甲: 【不出】'];

test('H-QUN-06 帷幕 hidden: a black 过河拆桥 — 贾诩 reveals and is cancelled; no window, 乙 keeps S084', () => {
  const s = play([...WM(), '甲: 【过河拆桥】S007→乙', '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').revealed, pl(s, '乙').hand], [[true, false], ['S084']]);
  assert.deepEqual(rows(s, 'cancelled').map((r) => `${r.seat}:${r.skill}`), ['1:帷幕']);
});

test('H-QUN-06 帷幕 revealed: a black 兵粮寸断 is cancelled and goes to the discard pile', () => {
  const s = play([...WM(['@revealed 乙=主将']), '甲: 【兵粮寸断】S021→乙']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').judge, s.discardPile.includes('S021'), skillRows(s)], [[], true, ['乙:帷幕']]);
});

test('H-QUN-06 帷幕: a red 过河拆桥 (S052 ♥Q) is not cancelled — its window, then 乙 loses S084', () => {
  const s = play([...WM(['@revealed 乙=主将']), '甲: 【过河拆桥】S052→乙', '@timeout', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hand, skillRows(s)], [[], []]);
});

// 完杀 (locked): during your turn, characters other than you and the dying character cannot use 桃. 甲 = 贾诩+华佗 brings
// 乙 = 甘夫人+刘备 (3 HP) to 0: a 酒杀 (1 + 1 = 2: 3 → 1), then a 决斗 (1 → 0). 丙 and 丁 each hold a 桃 (S035, S038),
// 甲 holds S040 (桃); 乙's only card is a 闪 (S084). Cards: S019 ♠9 酒, S014 ♠7 杀, S001 ♠A 决斗.
const WS = (revealed: string[]) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=贾诩+华佗 乙=甘夫人+刘备 丙=关羽+张飞 丁=曹操+许褚', ...revealed,
  '@hand 甲=S019 S014 S001 S040', '@hand 乙=S084', '@hand 丙=S035', '@hand 丁=S038', '@deck S041 S043 S046 S050 S053 S048',
  ...(revealed.length ? [] : ['甲: 【不出】']), '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【决斗】S001→乙', '@timeout', '乙: 【不出】'];

test('H-QUN-06 完杀: in 贾诩\'s turn the rescue asks only 甲 and the dying 乙 — 丙 and 丁 keep their 桃 and 乙 dies', () => {
  const s = play([...WS(['@revealed 甲=全部']), '甲: 【不出】', '乙: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.equal(pl(s, '乙').alive, false);
  assert.deepEqual([pl(s, '丙').hand, pl(s, '丁').hand], [['S035'], ['S038']]);
  assert.ok(skillRows(s).includes('甲:完杀'));
  // The peach asks went to 甲 and 乙 only.
  assert.deepEqual(s.log.filter((r) => r.t === 'death').length, 1);
});

test('H-QUN-06 完杀 leaves 贾诩 its own 桃: 甲 saves 乙 with S040 (0 → 1)', () => {
  const s = play([...WS(['@revealed 甲=全部']), '甲: 【桃】S040']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual([pl(s, '乙').alive, pl(s, '乙').hp], [true, 1]);
});

test('H-QUN-06 完杀 hidden does not apply (G13.3): 甲 passes, 乙 passes, 丙 is asked and saves 乙 with S035', () => {
  const s = play([...WS([]), '甲: 【不出】', '乙: 【不出】', '丙: 【桃】S035']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual([pl(s, '乙').alive, pl(s, '乙').hp], [true, 1]);
  assert.ok(!skillRows(s).includes('甲:完杀'));
});

// 帷幕's second clause: 甲 = 刘备+关羽 puts 闪电 S002 (♠A) on itself; a round later (every prompt timed out) its judge
// phase judges S053 ♥K — no hit — and 闪电 moves on to the next character, 乙 = 贾诩+华佗. Draws: 甲 S041 S043, 乙 S062
// S070, 丙 S072 S074, 丁 S076 S077; then the judgement S053.
const LIGHTNING = (revealed: boolean) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=贾诩+华佗 丙=孙权+周泰 丁=吕布+貂蝉', ...(revealed ? ['@revealed 乙=主将'] : []),
  '@hand 甲=S002', '@hand 乙=S094', '@hand 丙=S095', '@hand 丁=S096',
  '@deck S041 S043 S062 S070 S072 S074 S076 S077 S053 S060 S064', '甲: 【不出】', '甲: 【闪电】', '甲: 【结束】'];
const judged = (s: State) => rows(s, 'judge').some((r) => r.card === 'S053');

test('H-QUN-06 帷幕: a 闪电 moving on does not skip 贾诩 — it would land in his judgement area, and goes to the discard pile instead (C-LIGHTNING)', () => {
  const { s } = until(LIGHTNING(true), judged);
  noRefusals(s);
  assert.deepEqual(rows(s, 'lightningMoves').map((r) => [r.from, r.seat, r.card]), [[0, 1, 'S002']]);
  assert.deepEqual([pl(s, '甲').judge, pl(s, '乙').judge, pl(s, '丙').judge], [[], [], []]);
  assert.ok(s.discardPile.includes('S002'), '闪电 is in the discard pile');
  assert.ok(skillRows(s).includes('乙:帷幕'));
});

test('H-QUN-06 帷幕 hidden: 贾诩 is asked whether to reveal for it (G13.2 item 2); the timeout declines (X3.2) and 闪电 lands on him', () => {
  const { s, lines } = until(LIGHTNING(false), (x) => x.ask?.about?.skill === '帷幕');
  assert.deepEqual(s.ask!.seats, [1]);
  const no = play([...lines, '@timeout']);
  noRefusals(no);
  assert.deepEqual([pl(no, '乙').judge, pl(no, '乙').revealed], [['S002'], [false, false]]);
  const yes = play([...lines, '乙: 【技能】帷幕']);
  noRefusals(yes);
  assert.deepEqual([pl(yes, '乙').judge, pl(yes, '乙').revealed], [[], [true, false]]);
  assert.ok(yes.discardPile.includes('S002'));
});
