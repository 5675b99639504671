/**
 * H-WEI-14 曹丕 · 行殇 (when another character dies, take all its hand and equipment cards) and 放逐 (after you take
 * damage, choose another character: it draws X and turns over, or discards X cards and loses 1 HP; X = your lost HP).
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts. 乙 = 诸葛亮+黄月英 (3+3 → 3 HP; no skill of theirs is implemented yet).
 * Cards (A1): S019 ♠9 酒, S014 ♠7 杀, S001 ♠A 决斗, S037 ♥5 赤兔, S054 ♥K 爪黄飞电 (+1 horse).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const DEATH = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=诸葛亮+黄月英 丙=曹丕+甄姬 丁=吕布+貂蝉',
  '@hand 甲=S019 S014 S001', '@hand 乙=S084 S054 S039', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
  '甲: 【不出】',
  '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】',   // 乙 3 − 2 = 1
  '甲: 【决斗】→乙', '@timeout', '乙: 【不出】',       // 乙 1 − 1 = 0: dying
  '@timeout 4'];                                      // the rescue round: 甲, 乙, 丙, 丁 each hold a card and pass

test('行殇: 乙 dies (酒杀 2 + 决斗 1 = 3); hidden 曹丕 reveals by accepting and takes its hand before G12.1 step 5', () => {
  const s = play([...DEATH, '丙: 【技能】行殇']);
  noRefusals(s);
  assert.equal(pl(s, '乙').alive, false);
  assert.deepEqual(pl(s, '丙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S084', 'S054', 'S039']);
  assert.deepEqual(pl(s, '乙').hand, []);
  for (const id of ['S084', 'S054', 'S039']) assert.ok(!s.discardPile.includes(id));
  // Public: how many hand cards; private to 曹丕: which (X1.1).
  assert.deepEqual([rows(s, 'gain')[0]!.hand, rows(s, 'taken')[0]!.to], [3, [2]]);
});

test('行殇 declined (timeout, X3.2): the dead one\'s cards go to the discard pile (G12.1 step 5)', () => {
  const s = play([...DEATH, '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').hand, ['S094']);
  for (const id of ['S084', 'S054', 'S039']) assert.ok(s.discardPile.includes(id));
  assert.deepEqual(skillRows(s), []);
});

const FZ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=曹丕+甄姬 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S019 S014 S001', '@hand 乙=S084', '@hand 丙=S094 S062', '@hand 丁=S095', '@deck S041 S043 S046 S050 S070'];
const go = (revealed: boolean) => [...FZ, ...(revealed ? ['@revealed 乙=主将'] : []), '甲: 【不出】'];

test('放逐 (hidden: reveals 曹丕): X = 1 lost HP; 丙 discards 1 card and loses 1 HP', () => {
  const s = play([...go(false), '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】放逐', '乙: 【选择】丙', '丙: 【弃牌】S062']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  // 乙 3 → 2, so X = 1; 丙 4 → 3, hand S094 only, still face up.
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '丙').hand, pl(s, '丙').faceDown], [2, 3, ['S094'], false]);
});

test('放逐 not paid (【不出】 or the response timeout, X3.2 pay-or-suffer): 丙 draws X = 2 (酒杀) and turns over', () => {
  for (const no of ['丙: 【不出】', '@timeout']) {
    const s = play([...go(true), '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【选择】丙', no]);
    noRefusals(s);
    // 乙 3 − 2 = 1: X = 2. 丙 keeps 4 HP, draws S046 S050, turns over.
    assert.deepEqual([pl(s, '丙').hp, pl(s, '丙').hand, pl(s, '丙').faceDown], [4, ['S094', 'S062', 'S046', 'S050'], true]);
  }
});

test('放逐: a character with fewer than X cards is not offered the discard — it draws and turns over; the target pick defaults to 曹丕\'s next seat', () => {
  const s = play([...go(true).map((l) => (l.startsWith('@hand 丙') ? '@hand 丙=S094' : l)), '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '@timeout']);
  noRefusals(s);
  // X = 2; 丙 (the first other from 乙) holds 1 card < 2: no prompt, it draws 2 and turns over; the play prompt is back.
  assert.deepEqual([pl(s, '丙').hand, pl(s, '丙').faceDown, s.ask?.kind], [['S094', 'S046', 'S050'], true, 'play']);
});
