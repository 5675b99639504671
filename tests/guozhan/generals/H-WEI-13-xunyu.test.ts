/**
 * H-WEI-13 荀彧 · 节命: after you take damage you may choose a character: it draws until it holds as many hand cards
 * as its max HP (at most 5); once per damage instance. Seats 甲 乙 丙 丁; 乙 = 荀彧+郭嘉 (3+3 → 3 HP, 1 card);
 * 丙 = 孙权+周泰 (4 HP, 1 card).
 * 驱虎 (active, once per play phase): point fight (拼点) a character whose HP is higher than yours; win: it deals 1
 * damage to another character in its attack range that you choose; otherwise it deals 1 damage to you.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=荀彧+郭嘉 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S019', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S062 S070'];

test('节命 hidden: reveals 荀彧; 丙 (max HP 4, 1 card) draws 3', () => {
  const s = play([...HEAD, '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】节命', '乙: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046', 'S050', 'S062']);
  assert.equal(pl(s, '乙').hand.length, 1);
});

test('节命: the pick times out to 荀彧 itself (X3.2: the first legal from the chooser): 2 − 1 HP … draws to max HP 3', () => {
  const s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '@timeout']);
  noRefusals(s);
  // Max HP 3 (not the current 2): 1 card → draws 2.
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S046', 'S050']);
});

test('节命 once per damage instance (G8.2): a 2-point hit (酒 + 杀) asks once; a character already at its max HP draws nothing', () => {
  // After 节命, 郭嘉's hidden 遗计 (the deputy's skill, G21.1) is asked too: declined.
  const s = play([...HEAD, '@revealed 乙=主将', '甲: 【不出】', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【选择】甲', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 1);
  // 甲 holds S041 S043 (2) < max HP 4: draws 2. Only one 节命 row for the one instance, and the play prompt is back.
  assert.deepEqual(pl(s, '甲').hand, ['S041', 'S043', 'S046', 'S050']);
  assert.deepEqual(skillRows(s), ['乙:节命']);
  assert.equal(s.ask?.kind, 'play');
  assert.equal(rows(s, 'draw').filter((r) => r.why === '节命').length, 1);
});

// 驱虎: 甲 = 荀彧+郭嘉 (3 HP) starts and draws S041 ♥7 S043 ♥8. 乙 (刘备+关羽, 4 HP, range 1: 甲 and 丙 at distance 1),
// 丁 = 甄姬+曹丕 (3 HP, not higher). Cards: S027 ♠K (13), S014 ♠7, S084 ♦2 闪, S053 ♥K 闪 (13).
const QH = (b: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=荀彧+郭嘉 乙=刘备+关羽 丙=孙权+周泰 丁=甄姬+曹丕',
  '@hand 甲=S027 S014', `@hand 乙=${b}`, '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S062 S070', '甲: 【不出】'];
const code = (s: ReturnType<typeof play>) => refusals(s).map((r) => r.split(':')[1]);

test('H-WEI-13 驱虎 hidden, won (K 13 > 2): reveals 荀彧; 乙 deals 1 damage to 丙, in 乙\'s range; a second use this phase is refused', () => {
  const s = play([...QH('S084'), '甲: 【技能】驱虎→乙', '甲: 【拼点】S027', '乙: 【拼点】S084', '甲: 【选择】丙', '甲: 【技能】驱虎→丙']);
  assert.deepEqual(code(s), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  const f = rows(s, 'pindian')[0]!;
  assert.deepEqual([f.cards, f.ranks, f.win], [['S027', 'S084'], [13, 2], true]);
  assert.ok(s.discardPile.includes('S027') && s.discardPile.includes('S084'));
  const d = rows(s, 'damage')[0]!;
  assert.deepEqual([d.source, d.seat, d.n], [1, 2, 1]);
  assert.equal(pl(s, '丙').hp, 3);
  assert.equal(s.ask?.kind, 'play');
});

test('H-WEI-13 驱虎 lost on a tie (K 13 = K 13: the initiator needs a higher rank): 乙 deals 1 damage to 荀彧; then 节命 (main) before 遗计 (deputy), G21.1', () => {
  const fight = [...QH('S053'), '甲: 【技能】驱虎→乙', '甲: 【拼点】S027', '乙: 【拼点】S053'];
  let s = play(fight);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [2, 4]);
  assert.equal(rows(s, 'pindian')[0]!.win, false);
  assert.equal(rows(s, 'damage')[0]!.source, 1);
  assert.equal(s.ask?.about?.skill, '节命');
  s = play([...fight, '甲: 【不出】']);
  assert.equal(s.ask?.about?.skill, '遗计');
  s = play([...fight, '甲: 【不出】', '甲: 【不出】']);
  noRefusals(s);
  assert.equal(s.ask?.kind, 'play');
});

test('H-WEI-13 驱虎 X3.2: each side\'s card times out to its lowest-ranked hand card (甲: ♠7 before ♥7, G19.1; 乙: ♦2), the victim to the first legal from 荀彧 — 荀彧 himself', () => {
  const s = play([...QH('S084'), '甲: 【技能】驱虎→乙', '@timeout', '@timeout', '@timeout']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'pindian')[0]!.cards, ['S014', 'S084']);
  // 7 > 2: won; 甲 is at distance 1 from 乙, in its range: 乙 deals 1 damage to 甲 (3 → 2).
  assert.equal(pl(s, '甲').hp, 2);
});

test('H-WEI-13 驱虎 refusals: a character whose HP is not higher (丁, 3), 荀彧 himself, no target; the pick of a card not in hand', () => {
  const s = play([...QH('S084'), '甲: 【技能】驱虎→丁', '甲: 【技能】驱虎→甲', '甲: 【技能】驱虎', '甲: 【技能】驱虎→乙', '甲: 【拼点】S084', '甲: 【拼点】S027']);
  assert.deepEqual(code(s), ['ILLEGAL_TARGET', 'ILLEGAL_TARGET', 'BAD_SYNTAX', 'UNKNOWN_CARD']);
  assert.match(s.commands.find((c) => c.code === 'ILLEGAL_TARGET')!.message!, /体力值/);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['pindian', [1]]);
});
