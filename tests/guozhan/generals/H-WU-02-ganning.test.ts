/**
 * H-WU-02 甘宁 · 奇袭 (conversion): a black card (hand or equipment) as 过河拆桥. Seats 甲 乙 丙 丁 (0–3); 甲 = 甘宁+黄盖
 * starts. Cards (A1): S014 ♠7 杀 (black), S046 ♥10 杀 (red), S003 ♠2 雌雄双股剑 (black equipment), S084 ♦2 闪 (乙's).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=甘宁+黄盖 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S014 S046 S003', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043', '甲: 【不出】'];

test('H-WU-02 奇袭 hidden: S014 (♠7) as 过河拆桥 on 乙 reveals 甘宁; 乙\'s 闪 is discarded', () => {
  const s = play([...HEAD, '甲: 【过河拆桥】S014→乙', '@timeout', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'use').map((r) => [r.name, r.cards]), [['过河拆桥', ['S014']]]);
  assert.deepEqual(pl(s, '乙').hand, []);
  assert.deepEqual(skillRows(s), ['甲:奇袭']);
});

test('H-WU-02 奇袭 with an equipped black card (雌雄双股剑), named by its name', () => {
  const s = play([...HEAD, '甲: 【雌雄双股剑】', '甲: 【过河拆桥】雌雄双股剑（奇袭）→乙', '@timeout', '@timeout']);
  noRefusals(s);
  assert.equal(pl(s, '甲').equip.weapon, null);
  assert.deepEqual(pl(s, '乙').hand, []);
});

test('H-WU-02 奇袭 refuses a red card (ILLEGAL_CARD); nothing is revealed', () => {
  const s = play([...HEAD, '甲: 【过河拆桥】S046（奇袭）→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.deepEqual(pl(s, '甲').revealed, [false, false]);
});
