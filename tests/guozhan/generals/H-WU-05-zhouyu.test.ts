/**
 * H-WU-05 周瑜 · 反间 (active, once per play phase): show a hand card and give it to another character; it chooses:
 * show all its hand cards and discard all its cards of that suit, or lose 1 HP.
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 周瑜+小乔 starts. Cards (A1): S046 ♥10 杀 (shown and given), S014 ♠7 杀; 乙 holds
 * S084 ♦2 闪 and S030 ♥2 闪 and wears nothing; draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, seat, skillRows } from './helpers.ts';
import { handLimit, P } from '../../../src/games/guozhan/core.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=周瑜+小乔 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S046 S014', '@hand 乙=S084 S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050', '甲: 【不出】',
  '甲: 【不出】']; // declines revealing 周瑜 for 英姿 at the draw phase (a hidden locked skill asks, G13.2 item 2)

test('H-WU-05 反间 hidden, option 1: reveals 周瑜; 乙 gets ♥10, shows its hand and discards every ♥ (S030, S046)', () => {
  const s = play([...HEAD, '甲: 【技能】反间 S046→乙', '乙: 【选择】1']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').hand, pl(s, '乙').hp], [['S084'], 4]);
  assert.deepEqual(rows(s, 'show').map((r) => r.card), ['S046', 'S084', 'S030', 'S046']);
  assert.deepEqual(skillRows(s), ['甲:反间']);
});

test('H-WU-05 反间 option 2: 乙 loses 1 HP and keeps the card; the option list defaults to the first (X3.2)', () => {
  const two = play([...HEAD, '甲: 【技能】反间 S046→乙', '乙: 【选择】2']);
  noRefusals(two);
  assert.deepEqual([pl(two, '乙').hand, pl(two, '乙').hp], [['S084', 'S030', 'S046'], 3]);
  const dflt = play([...HEAD, '甲: 【技能】反间 S046→乙', '@timeout']);
  assert.deepEqual([pl(dflt, '乙').hand, pl(dflt, '乙').hp], [['S084'], 4]);
});

test('H-WU-05 反间 once per play phase; it takes a hand card of the user\'s and another character', () => {
  const s = play([...HEAD, '甲: 【技能】反间 S084→乙', '甲: 【技能】反间 S046→甲', '甲: 【技能】反间 S046→乙', '乙: 【选择】2', '甲: 【技能】反间 S014→丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['UNKNOWN_CARD', 'ILLEGAL_TARGET', 'LIMIT_EXCEEDED']);
});

// 英姿 (locked): +1 draw in the draw phase; hand limit = max HP (G19.1). 周瑜+黄盖: 3+4 half-fish → 3 HP.
const YZ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=周瑜+黄盖 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S010', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050 S053 S048 S030 S035'];

test('H-WU-05 英姿 hidden: the draw phase asks to reveal 周瑜 (G13.2 item 2); accepting draws 3 (S041 S043 S050); declining draws 2', () => {
  const yes = play([...YZ, '甲: 【不出】', '甲: 【技能】英姿']);
  noRefusals(yes);
  assert.deepEqual(pl(yes, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(yes), ['甲:英姿']);
  assert.deepEqual(rows(yes, 'draw').map((r) => r.n), [3]);
  const no = play([...YZ, '甲: 【不出】', '甲: 【不出】']);
  assert.deepEqual(rows(no, 'draw').map((r) => r.n), [2]);
  assert.deepEqual(pl(no, '甲').revealed, [false, false]);
});

test('H-WU-05 英姿 hand limit = max HP: 苦肉 takes 甲 to 2 HP and 7 cards; the discard phase keeps 3 (max HP), not 2 — 4 discarded', () => {
  // 2 + 3 (英姿, locked: no ask) = 5; 苦肉 discards S014 → 4, HP 3 → 2, draws 3 → 7. Limit 3: discard 7 − 3 = 4.
  const s = play([...YZ, '@revealed 甲=全部', '甲: 【技能】苦肉 S014', '甲: 【结束】', '@timeout', '@timeout']); // declines the 阴阳鱼 +2 (3.5 fish), then the default discard
  assert.deepEqual(refusals(s), []);
  assert.equal(pl(s, '甲').hp, 2);
  assert.deepEqual(rows(s, 'discard').filter((r) => r.why === 'discardPhase').map((r) => (r.cards as string[]).length), [4]);
  // The rule reads the revealed general only (G13.3): hidden, the limit is the HP again.
  P(s, seat(s, '甲')).revealed = [false, true];
  assert.equal(handLimit(s, 0), 2);
  P(s, 0).revealed = [true, true];
  assert.equal(handLimit(s, 0), 3);
});
