/**
 * H-QUN-14 潘凤 · 狂斧 (once per play phase): in your play phase, after your 杀 targets, you may take one equipment
 * card from one of its targets' equipment area into your hand; then, when that 杀 finishes, if it dealt no damage,
 * you discard 2 cards.
 * Seats 甲 乙 丙 丁 (0–3). Turn 1: 甲 (刘备+关羽, 4 HP) equips 八卦阵 and 麒麟弓. Turn 2: 乙 = 潘凤+马腾 (hidden).
 * Cards (A1): S005 ♠2 八卦阵, S036 ♥5 麒麟弓, S084 ♦2 闪, S082 ♦A 诸葛连弩, S014 ♠7 杀, S010 ♠5 杀;
 * draws: 甲 S041 S043, 乙 S046 S050.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=潘凤+马腾 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S005 S036 S084', '@hand 乙=S082 S014 S010', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048',
  '甲: 【不出】', '甲: 【八卦阵】', '甲: 【麒麟弓】', '甲: 【结束】',   // 甲 keeps S084 S041 S043
  '乙: 【不出】', '乙: 【诸葛连弩】',
  '乙: 【杀】S014→甲'];                                                // distance 1, in range

test('H-QUN-14 狂斧 hidden: reveals 潘凤 and takes 甲\'s 八卦阵 before the 闪 request (no 八卦阵 try left); the 杀 hits — no penalty', () => {
  const s = play([...HEAD, '乙: 【技能】狂斧', '乙: 【选择】防具', '甲: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.equal(pl(s, '甲').equip.armor, null);
  assert.ok(pl(s, '乙').hand.includes('S005'));
  assert.equal(pl(s, '甲').hp, 3);
  // It dealt damage: nothing discarded; 乙 holds S010 S046 S050 S005.
  assert.deepEqual(pl(s, '乙').hand, ['S010', 'S046', 'S050', 'S005']);
  assert.deepEqual(skillRows(s), ['乙:狂斧']);
});

test('H-QUN-14 狂斧 penalty: 甲 uses 闪, the 杀 dealt no damage — 乙 discards 2 cards of its choice when it finishes', () => {
  const s = play([...HEAD, '乙: 【技能】狂斧', '乙: 【选择】麒麟弓', '甲: 【闪】', '乙: 【弃牌】S046、S036']);
  noRefusals(s);
  assert.equal(pl(s, '甲').hp, 4);
  assert.deepEqual(pl(s, '乙').hand, ['S010', 'S050']);
  assert.ok(s.discardPile.includes('S046') && s.discardPile.includes('S036'));
  assert.deepEqual(rows(s, 'discard').filter((r) => r.why === '狂斧').map((r) => r.cards), [['S046', 'S036']]);
});

test('H-QUN-14 狂斧 penalty timed out (X3.2): the two lowest hand cards go — S010 (♠5) and S036 (♥5; ♠ before ♥)', () => {
  const s = play([...HEAD, '乙: 【技能】狂斧', '乙: 【选择】麒麟弓', '甲: 【闪】', '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').hand, ['S046', 'S050']);
});

test('H-QUN-14 狂斧 once per play phase: the second 杀 (诸葛连弩) at 甲, still wearing 八卦阵, is not offered it', () => {
  const s = play([...HEAD, '乙: 【技能】狂斧', '乙: 【选择】麒麟弓', '甲: 【不出】', '乙: 【杀】S010→甲']);
  noRefusals(s);
  // The open ask is 甲's 闪 request (八卦阵 still offered), not a 狂斧 prompt.
  assert.deepEqual([s.ask?.kind, s.ask?.seats, s.ask?.eightDiagram], ['respond', [0], true]);
  assert.deepEqual(skillRows(s), ['乙:狂斧']);
});

test('H-QUN-14 狂斧 declined (timeout, X3.2): nothing taken, no penalty even when the 杀 is dodged', () => {
  const s = play([...HEAD, '@timeout', '甲: 【闪】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').equip.armor, pl(s, '甲').equip.weapon], ['S005', 'S036']);
  assert.deepEqual(pl(s, '乙').hand, ['S010', 'S046', 'S050']);
  assert.deepEqual(skillRows(s), []);
});
