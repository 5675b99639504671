/**
 * Rules of pure functions on hand-built tables: distance and attack range (G7), kingdoms (G14.5), the careerist
 * count (G14.3), the victory check (G16.3), and malformed transcripts (X6.4). Each test builds its table with
 * `table` (every seat hidden, 4 HP, no cards) and changes only what the rule reads.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attackRange, differentKingdom, distance, inRange, sameKingdom } from '../../src/games/guozhan/core.ts';
import { newGame } from '../../src/games/guozhan/engine.ts';
import { checkVictory, determineKingdom } from '../../src/games/guozhan/reveal.ts';
import { GameOver, type Ctx } from '../../src/games/guozhan/flow.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import type { Kingdom, State } from '../../src/games/guozhan/types.ts';

const SEATS = ['甲', '乙', '丙', '丁', '戊', '己'];
const GEN: Record<Kingdom, [string, string][]> = {
  wei: [['hs__caocao', 'hs__xuchu'], ['hs__xiahoudun', 'hs__xiahouyuan'], ['hs__zhangliao', 'hs__xuhuang'], ['hs__guojia', 'hs__simayi'], ['hs__zhenji', 'hs__caopi']],
  shu: [['hs__liubei', 'hs__guanyu'], ['hs__zhaoyun', 'hs__machao'], ['hs__huangzhong', 'hs__weiyan']],
  wu: [['hs__sunquan', 'hs__zhoutai'], ['hs__ganning', 'hs__lvmeng']],
  qun: [['hs__lvbu', 'hs__diaochan'], ['hs__huatuo', 'hs__jiaxu']],
};
/** A running table of `ks.length` seats with generals of those kingdoms (hidden). */
function table(ks: Kingdom[]): State {
  const used: Record<string, number> = {};
  const generals = Object.fromEntries(ks.map((k, i) => [SEATS[i]!, GEN[k][(used[k] = (used[k] ?? -1) + 1)]!]));
  return newGame({ type: 'start', at: 0, seed: 1, seats: SEATS.slice(0, ks.length), settings: { skills: 'off' }, generals });
}
const ctx = (s: State): Ctx => ({ s, replies: [], i: 0, now: 0, serial: 0 });
const revealAs = (s: State, i: number) => determineKingdom(ctx(s), i, (GEN_OF(s, i)));
const GEN_OF = (s: State, i: number): Kingdom => (Object.entries(GEN).find(([, v]) => v.some((p) => p[0] === s.players[i]!.generals![0]))![0] as Kingdom);

test('G7.1: seat distance is the shorter way round over the alive; a death joins the neighbours (G7.5)', () => {
  const s = table(['wei', 'shu', 'wu', 'qun', 'wei', 'shu']);
  // Six seats: 甲→乙 1, 甲→丙 2, 甲→丁 3 (either way), 甲→戊 2, 甲→己 1.
  assert.deepEqual([1, 2, 3, 4, 5].map((b) => distance(s, 0, b)), [1, 2, 3, 2, 1]);
  assert.equal(distance(s, 0, 0), 0);
  s.players[1]!.alive = false;
  // Without 乙: 甲→丙 1, 甲→丁 2 (甲 己 戊 丁 the other way is 3).
  assert.deepEqual([2, 3, 4, 5].map((b) => distance(s, 0, b)), [1, 2, 2, 1]);
});

test('G7.2: +1 horse adds to others\' distance to its owner, −1 horse takes from the owner\'s, never below 1', () => {
  const s = table(['wei', 'shu', 'wu', 'qun', 'wei', 'shu']);
  s.players[2]!.equip.defHorse = 'S011';
  // 甲→丙: 2 + 1 = 3; 丙→甲 stays 2.
  assert.equal(distance(s, 0, 2), 3);
  assert.equal(distance(s, 2, 0), 2);
  s.players[0]!.equip.offHorse = 'S037';
  // 甲→丙: 2 + 1 − 1 = 2; 甲→乙: 1 − 1 = 0 → 1.
  assert.equal(distance(s, 0, 2), 2);
  assert.equal(distance(s, 0, 1), 1);
});

test('G7.3: attack range — 1 bare, the weapon\'s printed range, +1 from another same-kingdom holder of 吴六剑', () => {
  const s = table(['wu', 'wu', 'shu', 'qun']);
  assert.equal(attackRange(s, 0), 1);
  s.players[0]!.equip.weapon = 'S036';
  assert.equal(attackRange(s, 0), 5);
  s.players[0]!.equip.weapon = null;
  s.players[1]!.equip.weapon = 'S093';
  // 乙 holds 吴六剑 (range 2). 甲 is hidden: no kingdom, no bonus (G14.5). Revealed as Wu: 1 + 1.
  assert.equal(attackRange(s, 1), 2);
  assert.equal(attackRange(s, 0), 1);
  for (const i of [0, 1]) { s.players[i]!.revealed[0] = true; revealAs(s, i); }
  assert.equal(attackRange(s, 0), 2);
  // Not for its holder itself, nor for another kingdom.
  assert.equal(attackRange(s, 1), 2);
  s.players[2]!.revealed[0] = true; revealAs(s, 2);
  assert.equal(attackRange(s, 2), 1);
  // In range: distance ≤ range; never oneself.
  assert.equal(inRange(s, 0, 2), true);
  assert.equal(inRange(s, 0, 0), false);
});

test('G14.5: same kingdom needs both determined and no careerist; a character is the same as itself; unknown is neither', () => {
  const s = table(['wei', 'wei', 'wei', 'qun']);
  assert.equal(sameKingdom(s, 0, 0), true);
  assert.equal(sameKingdom(s, 0, 1), false);
  assert.equal(differentKingdom(s, 0, 3), false);
  for (const i of [0, 1, 2, 3]) { s.players[i]!.revealed[0] = true; revealAs(s, i); }
  // G14.3 with N = 4: the 3rd Wei (c = 2, 3 > 2) is a careerist.
  assert.deepEqual(s.players.map((p) => p.careerist), [false, false, true, false]);
  assert.equal(sameKingdom(s, 0, 1), true);
  assert.equal(sameKingdom(s, 0, 2), false);
  assert.equal(differentKingdom(s, 0, 2), true);
  assert.equal(differentKingdom(s, 0, 3), true);
});

test('G14.3: N = 6 or 7 → the 4th of a kingdom is the careerist; N = 8 → the 5th (dead ones count)', () => {
  for (const [n, nth] of [[6, 4], [7, 4], [8, 5]] as const) {
    const ks = Array.from({ length: n }, (_, i) => (i < 5 ? 'wei' : 'qun')) as Kingdom[];
    const s = newGame({ type: 'start', at: 0, seed: 1, seats: ['1', '2', '3', '4', '5', '6', '7', '8'].slice(0, n), settings: { skills: 'off' }, generals: Object.fromEntries(ks.map((k, i) => [String(i + 1), i < 5 ? GEN.wei[i]! : GEN.qun[i - 5] ?? GEN.shu[i - 5]!])) });
    s.players[0]!.alive = false;
    for (let i = 0; i < 5; i++) { s.players[i]!.revealed[0] = true; determineKingdom(ctx(s), i, 'wei'); }
    assert.equal(s.players.findIndex((p) => p.careerist) + 1, nth, `N = ${n}`);
  }
});

test('G16.3: one kingdom left ends the game only when no hidden one would turn careerist; a careerist never shares', () => {
  const ends = (s: State) => { try { checkVictory(ctx(s)); return false; } catch (e) { if (e instanceof GameOver) return true; throw e; } };
  // 甲 Wei revealed, 乙 Wei hidden, 丙 Wei hidden, 丁 (Qun) dead: 1 + 2 = 3 > 4/2 → goes on.
  let s = table(['wei', 'wei', 'wei', 'qun']);
  s.players[0]!.revealed[0] = true; revealAs(s, 0);
  s.players[3]!.alive = false;
  assert.equal(ends(s), false);
  // With 丙 dead too: 1 + 1 = 2 → ends; winners are the Wei players alive or dead (丙 had not revealed: not Wei yet).
  s = table(['wei', 'wei', 'wei', 'qun']);
  s.players[0]!.revealed[0] = true; revealAs(s, 0);
  s.players[2]!.alive = false; s.players[2]!.revealed = [true, true]; revealAs(s, 2);
  s.players[3]!.alive = false; s.players[3]!.revealed = [true, true]; revealAs(s, 3);
  // 丙 revealed on death as the 2nd Wei; alive Wei revealed 甲 + 丙 (dead) = 2, + hidden 乙 = 3 > 2 → goes on.
  assert.equal(ends(s), false);
  // A careerist and one other alive: goes on; a careerist alone: it wins alone.
  s = table(['wei', 'wei', 'wei', 'qun']);
  for (const i of [0, 1, 2]) { s.players[i]!.revealed[0] = true; revealAs(s, i); }
  s.players[3]!.alive = false; s.players[1]!.alive = false;
  assert.equal(ends(s), false);
  s.players[0]!.alive = false;
  assert.equal(ends(s), true);
  assert.deepEqual(s.winners, [2]);
});

test('X6.4: malformed transcripts name their line', () => {
  const bad = (text: string, re: RegExp) => assert.throws(() => runGuozhanTranscript('t.txt', text), (e: Error) => re.test(e.message), text);
  bad('@seats 甲 乙\n甲: 【结束】', /t\.txt:1: @seats names 3–10/);
  bad('@seats 甲 乙 丙\n@generals 甲=关羽+曹操\n', /t\.txt:2: .*two different generals of one kingdom/);
  bad('@seats 甲 乙 丙\n@generals 甲=关羽+张飞 乙=刘备+张飞\n', /t\.txt:2: .*already 甲's/);
  bad('@seats 甲 乙 丙\n@deck S001 S001\n甲: 【结束】', /t\.txt:3: a card is listed twice/);
  bad('@seats 甲 乙 丙\n@deck S999\n', /t\.txt:2: unknown card id S999/);
  bad('@seats 甲 乙 丙\n@set colour=red\n', /t\.txt:2: @set unknown setting colour/);
  // C-SA ids only with the 势备篇 on (set before the deck); 木牛流马 stays out (guozhan D19).
  bad('@seats 甲 乙 丙\n@deck SA01\n', /t\.txt:2: unknown card id SA01 .*need @set strategicAdvantage=true/);
  bad('@seats 甲 乙 丙\n@set strategicAdvantage=true\n@deck SA52\n', /t\.txt:3: unknown card id SA52/);
  bad('@seats 甲 乙 丙\n@set includeWoodenOx=true\n', /木牛流马 is not implemented/);
  bad('@seats 甲 乙 丙\n@revealed 甲=主将\n甲: 【结束】', /needs that seat in @generals/);
  bad('@seats 甲 乙 丙\n戊: 【结束】', /t\.txt:2: unknown speaker "戊"/);
  bad('@seats 甲 乙 丙\n@at 1:00\n@at 0:30', /t\.txt:3: .*earlier than the clock/);
  bad('@seats 甲 乙 丙\n@at 1:00\n@seed 3', /t\.txt:3: @seed must come before/);
  bad('@seats 甲 乙 丙\n@frob\n', /t\.txt:2: unknown header @frob/);
});
