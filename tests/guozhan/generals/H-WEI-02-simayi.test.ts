/**
 * H-WEI-02 司马懿 · 反馈: after you take damage, you may take one card (hand blind, or equipment) from the source.
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts; blindOrder=held, so 甲's hand positions are its hand order (G1.12).
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S026 ♠K 南蛮入侵, S037 ♥5 赤兔 (−1 horse), S041/S043 无中生有 (甲's draw).
 * (鬼才 waits for the engine's retrial point, G21.7.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=司马懿+徐晃 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S037 S001 S026', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043'];

test('反馈 hidden: reveals 司马懿 and takes the chosen blind hand position of the source', () => {
  // 甲 after its draw and its 杀: S037 S001 S026 S041 S043; 手牌2 is S001 (held order).
  const s = play([...HEAD, '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】反馈', '乙: 【选择】手牌2']);
  noRefusals(s);
  const b = pl(s, '乙');
  assert.deepEqual([b.hp, b.revealed, b.kingdom], [2, [true, false], 'wei']); // 司马懿+徐晃: (3+4)/2 = 3 HP, −1
  assert.deepEqual(b.hand, ['S084', 'S001']);
  assert.deepEqual(pl(s, '甲').hand, ['S037', 'S026', 'S041', 'S043']);
  // The hand card's identity is private to the two of them (X1.1); the public row names only the zone.
  const taken = rows(s, 'taken')[0]!;
  assert.deepEqual([taken.card, taken.to], ['S001', [1, 0]]);
  assert.equal(rows(s, 'take')[0]!.card, undefined);
});

test('反馈 takes equipment by its slot; the pick\'s timeout (X3.2) takes the first hand position', () => {
  let s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】', '甲: 【赤兔】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【选择】-1马']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hand, pl(s, '甲').equip.offHorse], [['S084', 'S037'], null]);
  assert.equal(rows(s, 'take')[0]!.card, 'S037');
  s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】', '甲: 【赤兔】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '@timeout']);
  // 甲's hand: S001 S026 S041 S043 — the first position is S001 (hand before equipment).
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S001']);
  assert.equal(pl(s, '甲').equip.offHorse, 'S037');
});

test('反馈 per damage instance: 南蛮入侵 then 决斗 — asked each time; declined, nothing moves', () => {
  const s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】',
    '甲: 【南蛮入侵】', '@timeout', '乙: 【不出】', // 乙: no 杀 — 3 → 2
    '乙: 【不出】',                                 // 反馈 declined
    '@timeout 4',                                   // 丙, 丁: windows and requests, each takes 1
    '甲: 【决斗】→乙', '@timeout', '乙: 【不出】',   // 乙 plays no 杀: 2 → 1
    '乙: 【确定】', '乙: 【选择】手牌1']);            // this time it takes 甲's first hand card
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 1);
  // 甲 after 南蛮 and 决斗: S014 S037 S041 S043 — position 1 is S014.
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S014']);
  assert.deepEqual(skillRows(s), ['乙:反馈']);
});

/**
 * 甲 (刘备+关羽) puts 乐不思蜀 S039 ♥6 on 乙 and ends; 乙's judge phase: a nullify window, then the judgement S014 ♠7.
 * 乙 = 司马懿+荀彧 (not 郭嘉, whose 天妒 would then ask too — see H-WEI-06).
 */
const LE = (b: string, revealed = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=刘备+关羽 乙=${b} 丙=孙权+周泰 丁=吕布+貂蝉`, ...(revealed ? [`@revealed ${revealed}`] : []),
  '@hand 甲=S039 S001', '@hand 乙=S084 S053', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S014 S046 S050',
  '甲: 【不出】', '甲: 【乐不思蜀】→乙', '甲: 【结束】', '乙: 【不出】', '@timeout'];

test('鬼才 hidden (reveals 司马懿): ♠7 under 乐不思蜀 replaced by the ♥K 闪 played from hand — the play phase is not skipped', () => {
  const s = play([...LE('司马懿+荀彧'), '乙: 【技能】鬼才', '乙: 【选择】S053']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  // One retrial by 鬼才 for this judgement (the engine asks each retrial skill once per judgement, G9.1): one row.
  assert.deepEqual(rows(s, 'retrial').map((r) => `${r.card}<-${r.replaced}`), ['S053<-S014']);
  // ♥ → 乐不思蜀 fails; both judgement cards and the trick are in the discard pile; 乙 draws S046 S050 and plays.
  for (const id of ['S014', 'S053', 'S039']) assert.ok(s.discardPile.includes(id), id);
  assert.deepEqual([s.turn.seat, s.ask?.kind, pl(s, '乙').hand], [1, 'play', ['S084', 'S046', 'S050']]);
});

test('鬼才 declined (timeout, X3.2): the ♠7 stands and 乙 skips its play phase; accepted, the card pick\'s timeout plays the lowest card', () => {
  let s = play([...LE('司马懿+荀彧', '乙=主将'), '@timeout']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'retrial'), []);
  assert.ok(rows(s, 'skip').some((r) => r.phase === 'play'));
  // Lowest of S084 ♦2 闪 and S053 ♥K 闪 (G19.1): ♦2 — red but not ♥, so 乐不思蜀 still skips the play phase (C-INDULGENCE).
  s = play([...LE('司马懿+荀彧', '乙=主将'), '乙: 【确定】', '@timeout']);
  assert.deepEqual(rows(s, 'retrial').map((r) => r.card), ['S084']);
  assert.ok(rows(s, 'skip').some((r) => r.phase === 'play' && r.seat === 1));
});

test('鬼才 on another\'s judgement (G21.7, from the current player): 司马懿 turns 甄姬\'s black 洛神 result red and ends it', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=甄姬+曹丕 乙=司马懿+郭嘉 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=主将 乙=主将',
    '@hand 甲=S001', '@hand 乙=S084 S053', '@hand 丙=S094', '@hand 丁=S095', '@deck S014 S062 S046',
    '甲: 【不出】', '甲: 【确定】',      // 洛神: the judgement S014 ♠7
    '乙: 【确定】', '乙: 【选择】S053']); // 鬼才: ♥K instead — red: 洛神 stops, nothing kept
  noRefusals(s);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S014']);
  assert.ok(s.discardPile.includes('S014') && s.discardPile.includes('S053'));
  // 甲: S001 and the draw phase's S062 S046 — no judgement card.
  assert.deepEqual(pl(s, '甲').hand, ['S001', 'S062', 'S046']);
  assert.deepEqual(skillRows(s), ['甲:洛神', '乙:鬼才']);
});
