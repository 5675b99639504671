/**
 * H-WEI-10 徐晃 · 断粮: you may use a black basic or equipment card as 兵粮寸断, with no distance limit; after such a
 * use on a character at distance > 2 from you, this skill is invalid for the rest of the phase (G7.5: measured at
 * the use). A conversion (G6.4): a hidden 徐晃 is revealed by the use (G13.4); the card lies in the judgement area as
 * 兵粮寸断 and is judged as one.
 * Cards (A1): S010 ♠5 杀 and S014 ♠7 杀 (black basic), S027 ♠K 大宛 (black equipment, −1 horse), S046 ♥10 杀 (red),
 * S001 ♠A 决斗 (black trick), S084 ♦2 闪, S094/S095 ♦7 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

// Six seats: from 甲 (0), 乙 and 己 are at distance 1, 丙 and 戊 at 2, 丁 at 3. 甲 = 徐晃+曹仁 (4 HP) starts.
const SIX = ['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held',
  '@generals 甲=徐晃+曹仁 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉 戊=诸葛亮+黄月英 己=甘宁+吕蒙',
  '@hand 甲=S010 S027 S046 S001 S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@hand 戊=S086', '@hand 己=S092',
  '@deck S041 S043 S050 S062', '甲: 【不出】'];

test('H-WEI-10 断粮 hidden: 【兵粮寸断】S010→丁 at distance 3 — reveals 徐晃 (G13.4), lies as 兵粮寸断; then 断粮 is invalid for the rest of the phase', () => {
  const s = play([...SIX, '甲: 【兵粮寸断】S010→丁', '甲: 【兵粮寸断】S014→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '丁').judge, ['S010']);
  assert.equal(s.judgeAs?.S010, '兵粮寸断');
  assert.deepEqual(skillRows(s), ['甲:断粮']);
  const u = rows(s, 'use')[0]!;
  assert.deepEqual([u.name, u.targets], ['兵粮寸断', [3]]);
  // The reveal before the activation, then the use.
  assert.deepEqual(s.log.filter((r) => r.seat === 0 && ['reveal', 'skill', 'use'].includes(r.t)).map((r) => r.t), ['reveal', 'skill', 'use']);
});

test('H-WEI-10 断粮 at distance ≤ 2 stays valid: S010 on 丙 (2), then the equipped 大宛 S027 on 乙 (an equipment card from the equipment area)', () => {
  const s = play([...SIX, '甲: 【兵粮寸断】S010→丙', '甲: 【大宛】', '甲: 【兵粮寸断】S027→乙']);
  noRefusals(s);
  assert.deepEqual([pl(s, '丙').judge, pl(s, '乙').judge, pl(s, '甲').equip.offHorse], [['S010'], ['S027'], null]);
  assert.deepEqual(skillRows(s), ['甲:断粮', '甲:断粮']);
});

test('H-WEI-10 断粮 refusals: a red card, a black trick, a second 兵粮寸断 on one character (G5.3)', () => {
  const s = play([...SIX, '甲: 【兵粮寸断】S046→乙', '甲: 【兵粮寸断】S001→乙', '甲: 【兵粮寸断】S010→乙', '甲: 【兵粮寸断】S014→乙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD', 'ILLEGAL_CARD', 'ILLEGAL_TARGET']);
  assert.deepEqual(pl(s, '乙').judge, ['S010']);
});

test('H-WEI-10 断粮\'s 兵粮寸断 is judged as one (C3): in 乙\'s judge phase a ♠7 (not ♣) skips 乙\'s draw phase', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=徐晃+曹仁 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=主将',
    '@hand 甲=S010', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S014 S050 S062', '甲: 【不出】',
    '甲: 【兵粮寸断】S010→乙', '甲: 【结束】', '甲: 【不出】', '乙: 【不出】', '@timeout']); // 甲 declines 据守 at its finish phase
  noRefusals(s);
  assert.deepEqual(rows(s, 'delayed').map((r) => [r.seat, r.name]), [[1, '兵粮寸断']]);
  assert.deepEqual(rows(s, 'effect').map((r) => r.result), ['skipDraw']);
  assert.ok(rows(s, 'skip').some((r) => r.seat === 1 && r.phase === 'draw'));
  // Out of the judgement area the card is a 杀 again.
  assert.ok(s.discardPile.includes('S010'));
  assert.equal(s.judgeAs?.S010, undefined);
});
