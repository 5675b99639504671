/**
 * H-WU-03 吕蒙 · 克己 (locked): at the start of your discard phase, if the cards you used in this turn's play phase
 * include no coloured card or are all of one colour, your hand limit is +4 this turn. 谋断 (trigger): at your finish
 * phase, if those cards cover all four suits or all three types, you may move one card on the board to the same kind
 * of area of another character. Seats 甲 乙 丙 丁 (0–3); 甲 = 吕蒙+甘宁 (4+4 half-fish → 4 HP) starts.
 * Cards (A1): S014 ♠7 杀, S054 ♥K +1马, S067 ♣6 乐不思蜀, S024 ♠Q / S078 ♣Q / S080 ♣K 铁索连环, S011 ♠5 +1马;
 * 甲 draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (hand: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=吕蒙+甘宁 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+周泰',
  `@hand 甲=${hand}`, '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048',
  '甲: 【不出】'];

test('H-WU-03 克己 hidden: only black cards used (♠ 杀, ♠ 绝影) — reveals 吕蒙, hand limit 4 + 4 = 8: 7 cards kept, no discard', () => {
  // 甲: 7 + 2 drawn − 2 used = 7 cards > HP 4 but ≤ 8.
  const s = play([...head('S014 S011 S024 S078 S080 S030 S035'), '甲: 【+1马】S011', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】', '甲: 【技能】克己']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.equal(pl(s, '甲').hand.length, 7);
  assert.deepEqual(skillRows(s), ['甲:克己']);
  assert.deepEqual(rows(s, 'discard').filter((r) => r.seat === 0), []);
  // The turn went on to 乙 (its turn-start reveal prompt).
  assert.equal(s.turn.seat, 1);
});

test('H-WU-03 克己 not for two colours (the red 爪黄飞电 is counted, equipment included): 7 cards over 4 — three to discard', () => {
  const s = play([...head('S014 S054 S024 S078 S080 S030 S035'), '甲: 【+1马】S054', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.ask?.kind, 'ownCards');
  assert.equal(s.ask?.count, 3);
});

test('H-WU-03 谋断: ♥ equipment, ♠ 杀 (basic), ♣ 乐不思蜀 (a delayed trick: trick) — all three types; moves 丙\'s 乐不思蜀 to 丁', () => {
  // 甲: 3 + 2 − 3 = 2 cards ≤ 4 (no discard). Two colours: 克己 does not apply, so 吕蒙 is still hidden at the finish phase.
  const s = play([...head('S014 S054 S067'), '甲: 【+1马】S054', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【乐不思蜀】S067→丙', '甲: 【结束】',
    '甲: 【技能】谋断', '甲: 【选择】丙', '甲: 【选择】乐不思蜀', '甲: 【选择】丁']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:谋断']);
  assert.deepEqual([pl(s, '丙').judge, pl(s, '丁').judge], [[], ['S067']]);
  assert.deepEqual(rows(s, 'moveCard').map((r) => r.why), ['谋断']);
});

test('H-WU-03 谋断 needs four suits or three types: ♥ equipment and ♠ 杀 only — not asked at the finish phase', () => {
  const s = play([...head('S014 S054'), '甲: 【+1马】S054', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.turn.seat, 1);
});
