/**
 * H-WU-14 张昭张纮 · 直谏 (active, no limit): put an equipment card from your hand into another character's equipment
 * area (slot empty), then draw 1; 固政: at the end of another's discard phase, give it back one of the hand cards it
 * discarded, then you may take the others. Seats 甲 乙 丙 丁 (0–3); 甲 = 张昭张纮+孙权 starts.
 * Cards (A1): S011 ♠5 绝影 (+1), S065 ♣5 的卢 (+1), S005 ♠2 八卦阵, S014 ♠7 杀; draws S041 S043, then S046 S050.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=张昭张纮+孙权 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S011 S065 S005 S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050', '甲: 【不出】'];

test('H-WU-14 直谏 hidden: reveals 张昭张纮, 绝影 into 乙\'s +1 slot, draws S046; again (no limit): 八卦阵 to 丙, draws S050', () => {
  const s = play([...HEAD, '甲: 【技能】直谏 S011→乙', '甲: 【技能】直谏 S005→丙']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual([pl(s, '乙').equip.defHorse, pl(s, '丙').equip.armor], ['S011', 'S005']);
  assert.deepEqual(pl(s, '甲').hand, ['S065', 'S014', 'S041', 'S043', 'S046', 'S050']);
  assert.deepEqual(skillRows(s), ['甲:直谏', '甲:直谏']);
  // Putting is not using: no use row.
  assert.deepEqual(rows(s, 'use'), []);
});

test('H-WU-14 直谏 refuses a full slot, a non-equipment card and oneself', () => {
  const s = play([...HEAD, '甲: 【技能】直谏 S011→乙', '甲: 【技能】直谏 S065→乙', '甲: 【技能】直谏 S014→丙', '甲: 【技能】直谏 S065→甲']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET', 'ILLEGAL_CARD', 'ILLEGAL_TARGET']);
  assert.ok(pl(s, '甲').hand.includes('S065'));
});

// 固政: 甲 (刘备+关羽, 4 HP) ends its play phase with 6 cards and discards 2; 乙 = 张昭张纮+孙权 (hidden).
const GZ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=张昭张纮+孙权 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S014 S001 S084 S030', '@hand 乙=S094', '@hand 丙=S086', '@hand 丁=S095', '@deck S041 S043 S046 S050',
  '甲: 【不出】', '甲: 【结束】', '甲: 【弃牌】S014、S001'];

test('H-WU-14 固政 hidden: reveals 张昭张纮; gives S001 back to 甲 and takes the other discarded card, S014', () => {
  const s = play([...GZ, '乙: 【技能】固政', '乙: 【选择】2', '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S084', 'S030', 'S041', 'S043', 'S001']);
  assert.deepEqual(pl(s, '乙').hand, ['S094', 'S014']);
  assert.ok(!s.discardPile.includes('S014') && !s.discardPile.includes('S001'));
});

test('H-WU-14 固政: giving back is the trigger, taking the rest may be declined (X3.2: no) — S014 stays in the discard pile', () => {
  const s = play([...GZ, '乙: 【确定】', '@timeout 2']);
  noRefusals(s);
  // The pick's default: the first discarded card, S014, goes back.
  assert.deepEqual(pl(s, '甲').hand.slice(-1), ['S014']);
  assert.deepEqual(pl(s, '乙').hand, ['S094']);
  assert.ok(s.discardPile.includes('S001'));
  assert.deepEqual(skillRows(s), ['乙:固政']);
});

test('H-WU-14 固政 is for another\'s discard phase with cards discarded: none discarded, no prompt', () => {
  const s = play([...GZ.slice(0, -1).map((l) => (l.startsWith('@hand 甲') ? '@hand 甲=S014 S001' : l))]);
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.notEqual(s.ask?.about?.skill, '固政');
});
