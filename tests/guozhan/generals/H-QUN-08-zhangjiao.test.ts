/**
 * H-QUN-08 张角 · 鬼道: when any judgement card is about to take effect, you may play a black card (hand or
 * equipment) to replace it; you take the replaced card. The judgement here is 刚烈's (乙 = 夏侯惇, revealed), after
 * 甲's 杀 hits 乙; retrial windows go in seat order from the current player 甲 (G9.1, G21.7): 乙, 丙 (张角), 丁 (司马懿).
 * Seats 甲 乙 丙 丁 (0–3). HP: 甲 刘备+关羽 (4+5 → 4), 乙 夏侯惇+许褚 (4+4 → 4).
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S041/S043 ♥7/♥8 无中生有 (甲's draw), S046 ♥10 杀 (the judgement card),
 * S010 ♠5 杀 (black), S094 ♦7 闪, S095 ♦7 闪, S005 ♠2 八卦阵.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (bing: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=夏侯惇+许褚 丙=张角+吕布 丁=司马懿+曹操', '@revealed 乙=主将', '@revealed 丁=主将',
  '@hand 甲=S014 S001', '@hand 乙=S084', `@hand 丙=${bing}`, '@hand 丁=S095', '@deck S041 S043 S046 S050',
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】',   // 乙 4 → 3
  '乙: 【技能】刚烈'];                                    // judge: S046 ♥10 (red) comes up

test('H-QUN-08 鬼道 hidden: reveals 张角, S010 ♠ replaces S046 ♥ and 张角 takes S046; the result is black', () => {
  const s = play([...head('S010 S094'), '丙: 【技能】鬼道', '丙: 【选择】S010',
    '丁: 【不出】',               // 鬼才 declines
    '乙: 【选择】手牌1']);         // black: 乙 discards 甲's first hand card, S001
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046']);
  assert.deepEqual(rows(s, 'retrial').map((r) => [r.card, r.replaced]), [['S010', 'S046']]);
  // Black → no damage to 甲 (still 4), S001 discarded; S010 (the final card) to the discard pile.
  assert.equal(pl(s, '甲').hp, 4);
  assert.deepEqual(pl(s, '甲').hand, ['S041', 'S043']);
  assert.ok(s.discardPile.includes('S010') && s.discardPile.includes('S001'));
  assert.deepEqual(skillRows(s), ['乙:刚烈', '丙:鬼道']);
});

test('H-QUN-08 鬼道 then 鬼才 on one judgement (G21.7 order 丙 before 丁): 丁 plays S095 ♦ — red after all; each once', () => {
  const s = play([...head('S010 S094'), '丙: 【技能】鬼道', '丙: 【选择】S010', '丁: 【技能】鬼才', '丁: 【选择】S095']);
  noRefusals(s);
  // 鬼才 discards the card it replaces (S010); 鬼道 kept S046. Red: 刚烈 deals 1 to 甲, 4 → 3.
  assert.deepEqual(rows(s, 'retrial').map((r) => [r.seat, r.card, r.replaced]), [[2, 'S010', 'S046'], [3, 'S095', 'S010']]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046']);
  assert.equal(pl(s, '甲').hp, 3);
  assert.ok(s.discardPile.includes('S010') && s.discardPile.includes('S095'));
  // Each retrial skill once per judgement: no second 鬼道 prompt after 鬼才; the play prompt is back.
  assert.deepEqual(skillRows(s), ['乙:刚烈', '丙:鬼道', '丁:鬼才']);
  assert.equal(s.ask?.kind, 'play');
});

test('H-QUN-08 鬼道 needs a black card: 丙 holding only red cards is not asked; 鬼才 is the first retrial prompt', () => {
  const s = play(head('S094 S086'));
  noRefusals(s);
  assert.deepEqual([s.ask?.about?.skill, s.ask?.seats], ['鬼才', [3]]);
});

test('H-QUN-08 鬼道 must be a black card: a red card is refused (ILLEGAL_CARD), then the timeout plays the lowest black one', () => {
  const s = play([...head('S094 S010 S020'), '丙: 【技能】鬼道', '丙: 【选择】S094', '@timeout', '丁: 【不出】', '@timeout']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  // X3.2: the lowest black hand card — S010 (♠5) before S020 (♠10).
  assert.deepEqual(rows(s, 'retrial').map((r) => r.card), ['S010']);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S020', 'S046']);
});

// 雷击 (trigger): when you use or play a 闪, you may make a character judge: ♠ → you deal 2 thunder damage to it.
// 乙 = 张角+貂蝉 (3 HP), revealed, uses S084 against 甲's 杀 S014; the judgement card S016 ♠8 or S046 ♥10.
// 甲 = 刘备+关羽: 4 HP.
const LJ2 = (judge: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=张角+貂蝉 丙=孙权+周泰 丁=曹操+许褚', '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  `@deck S041 S043 ${judge} S050`, '@revealed 乙=主将', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【闪】S084'];

test('H-QUN-08 雷击: after its 闪, 乙 makes 甲 judge — ♠ S016: 2 thunder damage (4 → 2)', () => {
  const s = play([...LJ2('S016'), '乙: 【技能】雷击', '乙: 【选择】甲']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [2, 3]);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}:${r.n}:${r.nature}`), ['0<-1:2:thunder']);
  assert.deepEqual(skillRows(s), ['乙:雷击']);
});

test('H-QUN-08 雷击: ♥ S046 — no damage; declined (timeout) — no judgement at all', () => {
  const red = play([...LJ2('S046'), '乙: 【技能】雷击', '乙: 【选择】甲']);
  noRefusals(red);
  assert.deepEqual([pl(red, '甲').hp, rows(red, 'judge').length], [4, 1]);
  const no = play([...LJ2('S016'), '@timeout']);
  noRefusals(no);
  assert.deepEqual([pl(no, '甲').hp, rows(no, 'judge').length], [4, 0]);
});
