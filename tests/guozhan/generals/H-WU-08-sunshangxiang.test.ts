/**
 * H-WU-08 孙尚香 · 结姻 (active, once per play phase): discard two hand cards and choose a wounded male character other
 * than you: you and it each recover 1. Seats 甲 乙 丙 丁 (0–3). Turn 1: 甲 (刘备+关羽) hits 乙 = 孙尚香+孙权 (3+4 → 3 HP)
 * with a 杀 (3 → 2) and 丙 (曹操+许褚, revealed) with a 决斗 (4 → 3); turn 2: 乙 uses 结姻 on 丙.
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S030 ♥2 闪 / S046 ♥10 杀 / S050 ♥Q 杀 (乙's), S084 ♦2 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pl, play, refusals, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=孙尚香+孙权 丙=曹操+许褚 丁=吕布+貂蝉', '@revealed 丙=主将',
  '@hand 甲=S014 S001', '@hand 乙=S030 S046 S050', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S053 S048 S035 S038',
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【决斗】→丙', '@timeout', '丙: 【不出】', '@timeout', '甲: 【结束】',
  '乙: 【不出】'];   // (丙's 奸雄 timed out); 乙's turn: it draws S053 S048
const codes = (s: ReturnType<typeof play>) => refusals(s).map((r) => r.split(':')[1]);

test('H-WU-08 结姻 hidden: reveals 孙尚香, discards S046 S050; 乙 2 → 3 and 丙 3 → 4; a second use this phase is refused', () => {
  const s = play([...HEAD, '乙: 【技能】结姻 S046、S050→丙', '乙: 【技能】结姻 S030、S053→丙']);
  assert.deepEqual(codes(s), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 4]);
  assert.deepEqual(pl(s, '乙').hand, ['S030', 'S053', 'S048']);
  assert.deepEqual(skillRows(s), ['乙:结姻']);
});

test('H-WU-08 结姻 needs a wounded male other: 丁 (unhurt, hidden: no sex) and 甲 (unhurt) are refused; one card is not enough', () => {
  const s = play([...HEAD, '乙: 【技能】结姻 S046、S050→丁', '乙: 【技能】结姻 S046、S050→甲', '乙: 【技能】结姻 S046→丙']);
  assert.deepEqual(codes(s), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET', 'BAD_SYNTAX']);
  assert.deepEqual([pl(s, '乙').revealed, skillRows(s)], [[false, false], []]);
});

// 枭姬 (trigger): after one or more of your equipped cards leave your equipment area, you may draw 1 if it is your
// turn, otherwise 3 (once per move). 甲 = 张昭张纮+甘宁 puts S011 (+1马) into 乙's area with 直谏 (drawing 1), then
// takes it away with 过河拆桥 S007 — outside 乙's turn. Cards: S011 ♠5 +1马, S065 ♣5 +1马, S007 ♠3 过河拆桥.
const XJ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=张昭张纮+甘宁 乙=孙尚香+孙权 丙=曹操+许褚 丁=刘备+关羽', '@revealed 甲=主将',
  '@hand 甲=S011 S007', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S053 S048 S035 S038 S040',
  '甲: 【不出】', '甲: 【技能】直谏 S011→乙'];

test('H-WU-08 枭姬 outside its turn: 过河拆桥 discards 乙\'s +1马 — reveals 孙尚香, draws 3', () => {
  // 甲 drew S041 S043 and S046 (直谏); 乙 draws the next three: S053 S048 S035.
  const s = play([...XJ, '甲: 【过河拆桥】S007→乙', '@timeout', '甲: 【选择】绝影', '乙: 【技能】枭姬']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '乙').hand, ['S030', 'S053', 'S048', 'S035']);
  assert.deepEqual(skillRows(s), ['甲:直谏', '乙:枭姬']);
});

test('H-WU-08 枭姬 declined (【不出】): no draw; putting the +1马 into 乙\'s area (a gain) asks nothing', () => {
  const s = play([...XJ, '甲: 【过河拆桥】S007→乙', '@timeout', '甲: 【选择】绝影', '乙: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(pl(s, '乙').hand, ['S030']);
  assert.deepEqual(skillRows(s), ['甲:直谏']);
});
