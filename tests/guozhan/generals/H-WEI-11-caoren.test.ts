/**
 * H-WEI-11 曹仁 · 据守: at your finish phase you may draw X (X = kingdoms among alive characters, careerists one
 * each, no kingdom none); then choose a hand card — equipment is used, anything else discarded; then if X > 2 you
 * turn over. Seats 甲 乙 丙 丁; 甲 = 曹仁+曹操 starts (4+4 → 4 HP), 2 cards in hand, draws S041 S043 in its draw
 * phase (4 cards: no discard phase). Cards (A1): S082 ♦A 诸葛连弩, S046 ♥10 杀, S050 ♥Q 杀, S062 ♣4 杀.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (revealed: string, deck: string, yuejin = false) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=曹仁+曹操 乙=${yuejin ? '乐进+张辽' : '刘备+关羽'} 丙=孙权+周泰 丁=吕布+貂蝉`, ...(revealed ? [`@revealed ${revealed}`] : []),
  '@hand 甲=S001 S026', '@hand 乙=S084 S010', '@hand 丙=S094', '@hand 丁=S095', `@deck S041 S043 ${deck}`];

test('据守 hidden (the ask reveals 曹仁): X = 3 kingdoms (Wei, Shu, Wu; 丁 hidden adds none) — draw 3, equip the 诸葛连弩, turn over', () => {
  const s = play([...head('乙=主将 丙=主将', 'S082 S046 S050'), '甲: 【不出】', '甲: 【结束】',
    '甲: 【技能】据守', '甲: 【选择】S082']);
  noRefusals(s);
  const a = pl(s, '甲');
  assert.deepEqual([a.revealed, a.kingdom], [[true, false], 'wei']);
  // 4 + 3 drawn − S082 equipped = 6 in hand.
  assert.deepEqual(a.hand, ['S001', 'S026', 'S041', 'S043', 'S046', 'S050']);
  assert.equal(a.equip.weapon, 'S082');
  assert.equal(a.faceDown, true);
  assert.equal(rows(s, 'skillCount')[0]!.x, 3);
});

test('据守 with X = 2 (Wei and Shu): a non-equipment card is discarded, no turning over; the pick\'s timeout takes the lowest card', () => {
  let s = play([...head('乙=主将', 'S082 S046'), '甲: 【不出】', '甲: 【结束】', '甲: 【确定】', '甲: 【选择】S046']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').faceDown, pl(s, '甲').equip.weapon], [false, null]);
  assert.deepEqual(pl(s, '甲').hand, ['S001', 'S026', 'S041', 'S043', 'S082']);
  assert.ok(s.discardPile.includes('S046'));
  // Timeout (X3.2, G19.1 order): the lowest rank is ♠A 决斗 S001 and ♦A 诸葛连弩 S082 — ties by suit ♠ first: S001.
  s = play([...head('乙=主将', 'S082 S046'), '甲: 【不出】', '甲: 【结束】', '甲: 【确定】', '@timeout']);
  assert.ok(s.discardPile.includes('S001'));
  assert.equal(pl(s, '甲').equip.weapon, null);
});

test('G21.1 at 曹仁\'s finish phase — 据守 (the current player) before 乐进\'s 骁果', () => {
  const s = play([...head('乙=主将 丙=主将 丁=主将', 'S082 S046 S050', true), '甲: 【不出】', '甲: 【结束】',
    '乙: 【确定】',             // refused: the first ask is 甲's 据守 (current player first)
    '甲: 【确定】', '甲: 【选择】S046',
    '乙: 【确定】', '乙: 【弃牌】S010', '甲: 【不出】']); // 骁果: 甲 pays no equipment card — 1 damage
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['NO_PROMPT']);
  assert.deepEqual(skillRows(s), ['甲:据守', '乙:骁果']);
  // Kingdoms: Wei (曹仁 and 乐进), Wu, Qun → X = 3: 曹仁 turned over; then 骁果's damage 4 → 3.
  assert.deepEqual([pl(s, '甲').hp, pl(s, '甲').faceDown], [3, true]);
});
