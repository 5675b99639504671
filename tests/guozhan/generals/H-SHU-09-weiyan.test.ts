/**
 * H-SHU-09 魏延 · 狂骨: after you deal damage to a character at distance ≤ 1 (measured when the damage is dealt), for
 * each point you may draw 1 or recover 1. Seats 甲 乙 丙 丁 (0–3); 甲 = 魏延+张飞 (4+4 → 4 HP) starts; 乙 and 丁 at
 * distance 1, 丙 at 2. Cards (A1): S014 ♠7 杀, S019 ♠9 酒, S001 ♠A 决斗, S055 ♣A 决斗, S010 ♠5 杀 (乙's);
 * draws S041 S043, then S046 S050 S053.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=魏延+张飞 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S014 S019 S001 S055', '@hand 乙=S010', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053',
  '甲: 【不出】'];

test('H-SHU-09 狂骨 hidden: 杀 on 乙 (distance 1): reveals 魏延; unwounded, so it draws 1 (S046)', () => {
  const s = play([...HEAD, '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【技能】狂骨']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S019', 'S001', 'S055', 'S041', 'S043', 'S046']);
  assert.deepEqual(skillRows(s), ['甲:狂骨']);
});

test('H-SHU-09 狂骨 per point: a 酒杀 deals 2 — the second point asks again; declining it leaves one draw', () => {
  const both = play([...HEAD, '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【确定】', '甲: 【确定】']);
  noRefusals(both);
  assert.equal(pl(both, '乙').hp, 2);
  assert.deepEqual(rows(both, 'draw').filter((r) => r.why === '狂骨').length, 2);
  const one = play([...HEAD, '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【确定】', '@timeout']);
  noRefusals(one);
  assert.deepEqual(rows(one, 'draw').filter((r) => r.why === '狂骨').length, 1);
});

test('H-SHU-09 狂骨 wounded: draw or recover per point (X3.2: the first option, draw)', () => {
  // 甲 loses a 决斗 to 乙 (乙 plays S010): 甲 4 → 3. Then 杀 on 乙: 狂骨 offers the choice.
  const base = [...HEAD, '甲: 【决斗】S001→乙', '@timeout', '乙: 【杀】S010', '甲: 【不出】', '甲: 【杀】S014→乙', '甲: 【确定】'];   // 乙, now without cards, is not asked for a 闪
  const heal = play([...base, '甲: 【选择】2']);
  noRefusals(heal);
  assert.equal(pl(heal, '甲').hp, 4);
  const dflt = play([...base, '@timeout']);
  noRefusals(dflt);
  assert.deepEqual([pl(dflt, '甲').hp, rows(dflt, 'draw').filter((r) => r.why === '狂骨').length], [3, 1]);
});

test('H-SHU-09 狂骨 needs distance ≤ 1: 决斗 on 丙 (distance 2) asks nothing', () => {
  const s = play([...HEAD, '甲: 【决斗】S001→丙', '@timeout', '丙: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '丙').hp, skillRows(s), s.ask?.kind], [3, [], 'play']);
});
