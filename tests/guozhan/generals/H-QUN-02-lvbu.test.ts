/**
 * H-QUN-02 吕布 · 无双 (locked): a 杀 you use needs two 闪 in a row to be offset; in a 决斗 you use or are the target of,
 * your opponent must play two 杀 each time. Seats 甲 乙 丙 丁 (0–3), 甲 starts; blindOrder=held.
 * 吕布+貂蝉: (5+3)/2 = 4 HP; 孙权+周泰: 4 HP. Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S010 ♠5 杀, S012 ♠6 雷杀,
 * S084/S094 ♦ 闪; 甲 draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (a: string, b: string, gens = '甲=吕布+貂蝉 乙=孙权+周泰', rev = '甲=主将') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals ${gens} 丙=曹操+许褚 丁=刘备+关羽`, `@hand 甲=${a}`, `@hand 乙=${b}`, '@hand 丙=S095', '@hand 丁=S096', '@deck S041 S043 S046 S050',
  `@revealed ${rev}`, '甲: 【不出】'];

test('H-QUN-02 无双 杀: 乙 uses two 闪 in a row — offset, no damage', () => {
  const s = play([...head('S014', 'S084 S094'), '甲: 【杀】S014→乙', '乙: 【闪】S084', '乙: 【闪】S094']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [4, []]);
  assert.deepEqual(skillRows(s), ['甲:无双']);
});

test('H-QUN-02 无双 杀: one 闪 then none — hit (4 − 1 = 3), the first 闪 is spent (G21.2)', () => {
  const s = play([...head('S014', 'S084 S094'), '甲: 【杀】S014→乙', '乙: 【闪】S084', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, ['S094']]);
  assert.ok(s.discardPile.includes('S084'));
  assert.equal(rows(s, 'use').filter((r) => r.name === '闪').length, 1);
});

test('H-QUN-02 无双 hidden: the owner is asked at the 杀\'s targeting (G13.2 item 2); declining — one 闪 offsets', () => {
  const s = play([...head('S014', 'S084 S094', '甲=吕布+貂蝉 乙=孙权+周泰', '丙=主将'), '甲: 【杀】S014→乙', '甲: 【不出】', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').revealed, pl(s, '乙').hp, pl(s, '乙').hand], [[false, false], 4, ['S094']]);
  assert.equal(s.ask?.kind, 'play');
});

test('H-QUN-02 无双 决斗 used by 吕布: 乙 plays two 杀, 甲 one, then 乙 has none — 乙 takes 1 (4 → 3)', () => {
  const s = play([...head('S001 S014', 'S010 S012'), '甲: 【决斗】S001→乙', '@timeout', '乙: 【杀】S010', '乙: 【杀】S012', '甲: 【杀】S014']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '甲').hp], [3, 4]);
  assert.deepEqual(rows(s, 'play').map((r) => `${r.seat}:${r.name}`), ['1:杀', '1:雷杀', '0:杀']);
});

test('H-QUN-02 无双 决斗 targeting 吕布 (乙): 甲 must play two each time — one then none: 甲 takes 1 from 乙, its 杀 spent', () => {
  const s = play([...head('S001 S014', 'S010', '甲=孙权+周泰 乙=吕布+貂蝉', '乙=主将'), '甲: 【决斗】S001→乙', '@timeout', '乙: 【杀】S010', '甲: 【杀】S014', '甲: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [3, 4]);
  assert.ok(s.discardPile.includes('S014'));
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`), ['0<-1']);
});
