/**
 * H-WU-12 周泰 · 奋激: at any character's finish phase, if it has no hand cards, you may make it draw 2; then you lose
 * 1 HP. Seats 甲 乙 丙 丁 (0–3); 甲 starts and empties its hand by equipping four cards. 丙 = 周泰+孙权 (4+4 → 4 HP).
 * Cards (A1): S011 ♠5 绝影 (+1), S037 ♥5 赤兔 (−1), S005 ♠2 八卦阵, S036 ♥5 麒麟弓 (甲's draw); S046 S050 S053 later.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (jia: string, extra: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${jia} 乙=刘备+关羽 丙=周泰+孙权 丁=曹操+许褚`, ...extra,
  '@hand 甲=S011 S037', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S005 S036 S046 S050 S053',
  '甲: 【不出】', '甲: 【绝影】', '甲: 【赤兔】', '甲: 【八卦阵】', '甲: 【麒麟弓】', '甲: 【结束】'];

test('H-WU-12 奋激 hidden: 甲 ends with no hand cards; 丙 reveals 周泰, 甲 draws 2 (S046 S050), 丙 loses 1 (4 → 3)', () => {
  const s = play([...head('黄盖+甘宁'), '丙: 【技能】奋激']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S046', 'S050']);
  assert.deepEqual([pl(s, '丙').hp, pl(s, '丙').revealed], [3, [true, false]]);
  assert.deepEqual(rows(s, 'loseHp').map((r) => [r.seat, r.n]), [[2, 1]]);
  assert.deepEqual(skillRows(s), ['丙:奋激']);
});

test('H-WU-12 奋激 declined (timeout, X3.2): 甲 keeps an empty hand, 丙 its HP', () => {
  const s = play([...head('黄盖+甘宁'), '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hand, pl(s, '丙').hp, skillRows(s)], [[], 4, []]);
});

test('H-WU-12 奋激 after 闭月 at the same finish phase (G21.1, the current player first): 甲 draws 1 — 奋激\'s condition fails, 丙 is not asked', () => {
  const s = play([...head('貂蝉+吕布', ['@revealed 甲=主将']), '甲: 【确定】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S046']);
  assert.equal(pl(s, '丙').hp, 4);
  assert.deepEqual(skillRows(s), ['甲:闭月']);
});

test('H-WU-12 奋激 once per finish phase; a character holding cards is not offered it (乙\'s finish phase: 乙 holds S084 and its draw)', () => {
  const s = play([...head('黄盖+甘宁'), '丙: 【技能】奋激', '乙: 【不出】', '乙: 【结束】']);
  noRefusals(s);
  // One 奋激 for 甲's finish phase; at 乙's, no prompt — the table is at 丙's turn start.
  assert.deepEqual(skillRows(s), ['丙:奋激']);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['turnStart', [2]]);
});

// 不屈 (locked): when dying, at your own place in the rescue round, put the top card of the draw pile face up on your
// general as a 创; a new rank sets HP to 1, a repeated rank is discarded and you are asked for 桃/酒 as usual.
// 甲 = 关羽+张飞 (revealed; 咆哮: any number of 杀) brings 乙 = 周泰+小乔 (4+3 half-fish → 3 HP) to 0: a 酒杀 (2: 3 → 1)
// and a 决斗 (1 → 0). 甲 draws S041 S043, so the first scar is S046 (♥10); 咆哮's draw for a second 杀 takes S053, and
// the next top is S047 (♥10 桃, the same rank as the 创).
const BQ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=关羽+张飞 乙=周泰+小乔 丙=曹操+许褚 丁=孙权+甘宁', '@revealed 甲=全部',
  '@hand 甲=S019 S014 S001 S050', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S053 S047 S048 S035 S038',
  '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【决斗】S001→乙', '@timeout', '乙: 【不出】', '甲: 【不出】'];

test('H-WU-12 不屈 hidden: at 乙\'s own place in the round (after 甲 passed) — reveals 周泰, S046 becomes a 创, HP set to 1', () => {
  const s = play([...BQ, '乙: 【技能】不屈']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual([pl(s, '乙').alive, pl(s, '乙').hp, pl(s, '乙').revealed], [true, 1, [true, false]]);
  assert.deepEqual(pl(s, '乙').pile, { 创: ['S046'] });
  assert.deepEqual(rows(s, 'saved').length, 1);
  // 乙 was never asked for 桃/酒: the round stopped at its place (丙 and 丁 not asked).
  assert.equal(s.ask?.kind, 'play');
});

test('H-WU-12 不屈 a second time with the same rank (S047 ♥10 after the ♥10 创): discarded; 乙 is asked as usual and dies', () => {
  // 甲's second 杀 (咆哮) S050 hits 乙 again (1 → 0); 不屈 is revealed now, so it applies unasked.
  const s = play([...BQ, '乙: 【技能】不屈', '甲: 【杀】S050→乙', '乙: 【不出】', '甲: 【不出】', '乙: 【不出】', '丙: 【不出】', '丁: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.equal(pl(s, '乙').alive, false);
  assert.deepEqual(rows(s, 'scarFails').map((r) => r.card), ['S047']);
  // Its 创 went to the discard pile with its cards (G12.1 step 5).
  assert.ok(s.discardPile.includes('S046') && s.discardPile.includes('S047'));
  assert.equal(pl(s, '乙').pile, undefined);
});

test('H-WU-12 不屈 declined while hidden (【不出】): no 创; 乙 is asked for 桃/酒 next', () => {
  const s = play([...BQ, '乙: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.equal(pl(s, '乙').pile, undefined);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['peach', [1]]);
});
