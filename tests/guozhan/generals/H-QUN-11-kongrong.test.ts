/**
 * H-QUN-11 孔融 · 名士 (locked): when you take damage whose source has a hidden general, it is −1. G8.1 step 2a, before
 * 藤甲's +1 for fire (G8.1's example). Hidden, the owner is asked privately whether to reveal and apply it (G13.2 item 2,
 * guozhan D21; X3.2: no).
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts. 孔融+貂蝉 = 3+3 half-fish → 3 HP.
 * Cards (A1): S014 ♠7 杀, S019 ♠9 酒, S059 ♣2 藤甲, S088 ♦4 火杀, S084 ♦2 闪, S041/S043/S046/S050 (draws).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (extra: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=孔融+貂蝉 丙=孙权+周泰 丁=曹操+许褚', ...extra,
  '@hand 甲=S019 S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050'];

test('H-QUN-11 名士 hidden: 甲 (both hidden) hits 乙 with a 杀; 乙 reveals 孔融 and 1 − 1 = 0: prevented', () => {
  const s = play([...head(), '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】名士']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').revealed], [3, [true, false]]);
  assert.deepEqual(rows(s, 'damage'), []);
  assert.deepEqual(skillRows(s), ['乙:名士']);
});

test('H-QUN-11 名士 declined (timeout, X3.2): the damage is whole, 孔融 stays hidden', () => {
  const s = play([...head(), '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').revealed], [2, [false, false]]);
});

test('H-QUN-11 名士 revealed: a 酒杀 (1 + 1 = 2) from a source with one hidden general becomes 1, without asking', () => {
  const s = play([...head(['@revealed 乙=主将']), '甲: 【明置】主将', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  // 甲 revealed 刘备 only: its deputy is still hidden. 3 − (2 − 1) = 2.
  assert.deepEqual(rows(s, 'damage').map((r) => r.n), [1]);
  assert.equal(pl(s, '乙').hp, 2);
  assert.deepEqual(skillRows(s), ['乙:名士']);
});

test('H-QUN-11 名士 does not apply when the source has both generals revealed', () => {
  const s = play([...head(['@revealed 乙=主将']), '甲: 【明置】全部', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 2);
  assert.deepEqual(skillRows(s), []);
});

// 孔融 at 甲 wears 藤甲 in its own turn; in 乙's turn hidden 乙 uses a 火杀 on it.
const VINE = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=孔融+吕布 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚', '@revealed 甲=主将',
  '@hand 甲=S059', '@hand 乙=S088', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050',
  '甲: 【不出】', '甲: 【藤甲】', '甲: 【结束】',   // 孔融+吕布 (3+5 → 4 HP) holds S041 S043
  '乙: 【不出】', '乙: 【火杀】S088→甲', '甲: 【不出】'];

test('H-QUN-11 名士 before 藤甲 (G8.1 2a, general skills before equipment): 1 fire damage from a hidden source → 0, prevented', () => {
  const s = play(VINE);
  noRefusals(s);
  // 名士 first: 1 − 1 = 0, so the damage stops before 藤甲 could add 1 (the other order would give 1).
  assert.equal(pl(s, '甲').hp, 4);
  assert.deepEqual(rows(s, 'damage'), []);
  assert.deepEqual(skillRows(s), ['甲:名士']);
});

test('H-QUN-11 名士 against a revealed source: 藤甲 alone makes the 火杀 2 (4 → 2)', () => {
  const s = play([...VINE.slice(0, -3), '乙: 【明置】全部', '乙: 【火杀】S088→甲', '甲: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, skillRows(s)], [2, []]);
});

// 礼让 (trigger): after cards of yours are discarded into the discard pile, you may give any of them to other
// characters. 甲 = 孔融+张角 (3+3 half-fish → 3 HP) holds 5 + 2 drawn (S041 S043) = 7 cards: 4 to discard.
// Cards: S024 ♠Q / S078 ♣Q / S080 ♣K 铁索连环, S030 ♥2 闪, S014 ♠7 杀.
const LR = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=孔融+张角 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+甘宁',
  '@hand 甲=S014 S024 S078 S080 S030', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048',
  '甲: 【不出】'];

test('H-QUN-11 礼让 hidden: the discard phase\'s 4 cards — reveals 孔融, gives S024 S078 to 乙 and S030 to 丙, S080 stays discarded', () => {
  const s = play([...LR, '甲: 【结束】', '甲: 【弃牌】S024、S078、S080、S030', '甲: 【技能】礼让', '甲: 【给出】S024、S078→乙', '甲: 【给出】S030→丙', '甲: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:礼让']);
  // 乙 then draws S046 S050 in its own turn — after its turn-start prompt; the gifts are in its hand already.
  assert.ok(['S084', 'S024', 'S078'].every((id) => pl(s, '乙').hand.includes(id)));
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S030']);
  assert.deepEqual(s.discardPile, ['S080']);
});

test('H-QUN-11 礼让 not for a recast (重铸 is not a discard) nor a used card: the play prompt comes straight back', () => {
  const s = play([...LR, '甲: 【重铸】S024', '甲: 【杀】S014→乙', '乙: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.ask?.kind, 'play');
});
