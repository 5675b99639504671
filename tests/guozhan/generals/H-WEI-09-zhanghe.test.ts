/**
 * H-WEI-09 张郃 · 巧变: just before each of your judge, draw, play and discard phases you may discard a hand card to
 * skip that phase; skipping the draw phase you may take one hand card each from up to two other characters;
 * skipping the play phase you may move one card from a character's equipment or judgement area into the same kind
 * of area of another character (slot free, no same-name delayed trick). The engine's `phaseBefore` point (G4.10).
 * Seats 甲 乙 丙 丁. blindOrder=held. Cards (A1): S014 ♠7 杀, S046 ♥10 杀, S010 ♠5 杀, S039 ♥6 乐不思蜀,
 * S082 ♦A 诸葛连弩, S084 ♦2 闪, S094/S095 ♦7 闪; deck S041 S043 S050 S062 S070 S072.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

// 甲 = 张郃+徐晃 (4 HP) starts.
const A = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=张郃+徐晃 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S046', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050 S062'];

test('H-WEI-09 巧变 hidden, before the draw phase: reveals 张郃, discards S014, skips the draw, takes 乙\'s and 丙\'s only hand cards', () => {
  const s = play([...A, '甲: 【不出】', '甲: 【不出】', '甲: 【技能】巧变', '甲: 【弃牌】S014', '甲: 【选择】乙、丙', '甲: 【选择】手牌1', '甲: 【选择】手牌1', '甲: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'skip').map((r) => r.phase), ['draw']);
  assert.deepEqual(pl(s, '甲').hand, ['S046', 'S084', 'S094']);
  assert.equal(s.drawPile[0], 'S041');
  // Asked again before the play phase (no limit: each phase), declined: the play prompt.
  assert.equal(s.ask?.kind, 'play');
  assert.deepEqual(skillRows(s), ['甲:巧变']);
});

test('H-WEI-09 巧变 X3.2: the ask times out as no; the take-from pick of characters times out as none (optional)', () => {
  let s = play([...A, '甲: 【不出】', '@timeout']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'skip'), []);
  s = play([...A, '@revealed 甲=主将', '甲: 【不出】', '甲: 【不出】', '甲: 【确定】', '甲: 【弃牌】S014', '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S046']);
  assert.deepEqual(rows(s, 'skip').map((r) => r.phase), ['draw']);
});

// 乙 = 张郃+徐晃. 甲 (刘备+关羽) puts 乐不思蜀 on 乙 and equips 诸葛连弩; in 乙's turn 巧变 skips the judge phase (乐 is
// not judged and stays), then the play phase, moving a card.
const B = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=张郃+徐晃 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S039 S082', '@hand 乙=S014 S046 S010', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050 S062 S070 S072',
  '甲: 【不出】', '甲: 【乐不思蜀】→乙', '甲: 【诸葛连弩】', '甲: 【结束】',
  '乙: 【不出】', '乙: 【技能】巧变', '乙: 【弃牌】S014', '乙: 【不出】', '乙: 【确定】', '乙: 【弃牌】S046'];

test('H-WEI-09 巧变 skips the judge phase (乐不思蜀 not judged) and the play phase, moving 乐不思蜀 from 乙\'s own judgement area to 丙\'s', () => {
  const s = play([...B, '乙: 【选择】乙', '乙: 【选择】乐不思蜀', '乙: 【选择】丙']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'skip').map((r) => `${r.seat}:${r.phase}`), ['1:judge', '1:play']);
  assert.ok(!rows(s, 'judge').length);
  assert.deepEqual([pl(s, '乙').judge, pl(s, '丙').judge], [[], ['S039']]);
  // 乙 drew S050 S062 (the draw phase was not skipped): S010 S050 S062; before the discard phase 巧变 asks again.
  assert.deepEqual(pl(s, '乙').hand, ['S010', 'S050', 'S062']);
  assert.equal(s.ask?.about?.skill, '巧变');
});

test('H-WEI-09 巧变 moves 甲\'s 诸葛连弩 into 丁\'s free weapon slot; the move must be legal (not back to its owner; a taken slot)', () => {
  const s = play([...B, '乙: 【选择】甲', '乙: 【选择】武器', '乙: 【选择】甲', '乙: 【选择】丁']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET']);
  assert.equal(pl(s, '丁').equip.weapon, 'S082');
  assert.equal(pl(s, '甲').equip.weapon, null);
  assert.deepEqual(rows(s, 'moveCard').map((r) => [r.from, r.receiver, r.card]), [[0, 3, 'S082']]);
});

test('H-WEI-09 巧变 has no per-turn limit: judge, play and discard skipped in one turn, each paid with a hand card', () => {
  const s = play([...B, '@timeout']);
  noRefusals(s);
  // The move timed out as none (optional). 乙 holds S010 S050 S062: still asked before the discard phase.
  assert.equal(s.ask?.about?.skill, '巧变');
  const t = play([...B, '@timeout', '乙: 【确定】', '乙: 【弃牌】S010']);
  noRefusals(t);
  assert.deepEqual(rows(t, 'skip').map((r) => r.phase), ['judge', 'play', 'discard']);
  // Three skips in one turn, each paid with a hand card; the finish phase then the next turn (丙's).
  assert.equal(t.turn.seat, 2);
});

test('H-WEI-09 巧变 limit: it costs a hand card — with none left it is not offered (the draw phase then happens)', () => {
  const s = play([...A.map((l) => (l === '@hand 甲=S014 S046' ? '@hand 甲=S014' : l)), '甲: 【不出】', '甲: 【技能】巧变', '甲: 【弃牌】S014']);
  noRefusals(s);
  // Judge skipped; no hand card before the draw phase: no ask, 甲 draws S041 S043, then (cards again) asked before play.
  assert.deepEqual(rows(s, 'skip').map((r) => r.phase), ['judge']);
  assert.deepEqual(pl(s, '甲').hand, ['S041', 'S043']);
  assert.equal(s.ask?.about?.skill, '巧变');
  assert.equal(rows(s, 'draw').filter((r) => r.why === 'drawPhase').length, 1);
});
