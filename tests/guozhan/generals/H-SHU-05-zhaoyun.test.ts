/**
 * H-SHU-05 赵云 · 龙胆 (conversion): (1) a 闪 used or played as an ordinary 杀 — when that 杀 is offset by a 闪, you may
 * deal 1 damage to a character other than that target; (2) a 杀 as 闪 — when a 杀 is offset by a 闪 made this way, you may
 * make a wounded character other than you and that 杀's user recover 1. Seats 甲 乙 丙 丁 (0–3), 甲 starts;
 * blindOrder=held. 赵云+刘备 / 赵云+黄忠 / 刘备+关羽 / 孙权+周泰: 4 HP each. Cards (A1): S014 ♠7 杀, S010 ♠5 杀, S001 ♠A 决斗,
 * S084/S094/S095 ♦ 闪, S041 ♥7 无中生有; 甲 draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const headHit = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=赵云+刘备 乙=孙权+周泰 丙=曹操+许褚 丁=吕布+貂蝉', '@hand 甲=S084', '@hand 乙=S094', '@hand 丙=S095', '@hand 丁=S096',
  '@deck S041 S043 S046 S050', '甲: 【不出】'];

test('H-SHU-05 龙胆 (1): a 闪 used as 杀 (reveals 赵云); 乙 offsets it — 甲 deals 1 to 丙 (4 → 3)', () => {
  const s = play([...headHit, '甲: 【杀】S084→乙', '乙: 【闪】S094', '甲: 【确定】', '甲: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'use').map((r) => r.card)[0], '♦2【杀】(S084，龙胆)');
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [4, 3]);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`), ['2<-0']);
  assert.deepEqual(skillRows(s), ['甲:龙胆', '甲:龙胆']);
});

test('H-SHU-05 龙胆 (1): the damage cannot go to the 杀\'s target; declining (timeout) deals none', () => {
  const bad = play([...headHit, '甲: 【杀】S084→乙', '乙: 【闪】S094', '甲: 【确定】', '甲: 【选择】乙']);
  assert.deepEqual(refusals(bad), ['14:ILLEGAL_TARGET']);
  const no = play([...headHit, '甲: 【杀】S084→乙', '乙: 【闪】S094', '@timeout']);
  noRefusals(no);
  assert.deepEqual(rows(no, 'damage'), []);
});

test('H-SHU-05 龙胆: only 闪 → 杀 and 杀 → 闪 — a 无中生有 as 杀 is refused', () => {
  const s = play([...headHit, '甲: 【杀】S041（龙胆）→乙']);
  assert.deepEqual(refusals(s), ['11:ILLEGAL_CARD']);
});

const headHeal = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=赵云+黄忠 丙=孙权+周泰 丁=吕布+貂蝉', '@hand 甲=S001 S014', '@hand 乙=S010', '@hand 丙=S095', '@hand 丁=S096',
  '@deck S041 S043 S046 S050', '甲: 【不出】',
  '甲: 【决斗】S001→丙', '@timeout', '丙: 【不出】'];   // 丙 4 → 3 (wounded)

test('H-SHU-05 龙胆 (2): 乙 uses a 杀 as 闪 — 丙 (wounded, neither 乙 nor the user) recovers 1 (3 → 4)', () => {
  const s = play([...headHeal, '甲: 【杀】S014→乙', '乙: 【闪】S010', '乙: 【技能】龙胆', '乙: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '乙').revealed], [4, 4, [true, false]]);
  assert.deepEqual(skillRows(s), ['乙:龙胆', '乙:龙胆']);
});

test('H-SHU-05 龙胆 (2) needs a wounded character other than 赵云 and the user: none before 丙 is hurt — not asked', () => {
  const s = play([...headHeal.slice(0, 10), '甲: 【杀】S014→乙', '乙: 【闪】S010']);
  noRefusals(s);
  assert.deepEqual([skillRows(s), s.ask?.kind], [['乙:龙胆'], 'play']);
});
