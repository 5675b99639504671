/**
 * 势备篇 rules on hand-built tables (G18.1 big and small kingdoms with 玉玺, G18.2 formations, G18.4 removal and
 * distance) and the parts no scenario reaches with skills off (C-SA-BLADE: nobody can reveal during a 杀 then; the
 * refusals without the setting). Each table: seats hidden at 4 HP, kingdoms set as the test needs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bigKingdoms, distance, formationOf, isBig, isSmall } from '../../src/games/guozhan/core.ts';
import { newGame } from '../../src/games/guozhan/engine.ts';
import { mayReveal } from '../../src/games/guozhan/cards/sa.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import type { Kingdom, State } from '../../src/games/guozhan/types.ts';

const SEATS = ['甲', '乙', '丙', '丁', '戊', '己'];
const PAIRS = [['hs__caocao', 'hs__xuchu'], ['hs__xiahoudun', 'hs__xiahouyuan'], ['hs__liubei', 'hs__guanyu'], ['hs__sunquan', 'hs__zhoutai'], ['hs__lvbu', 'hs__diaochan'], ['hs__zhangliao', 'hs__xuhuang']] as const;

function table(n: number, sa = true): State {
  return newGame({ type: 'start', at: 0, seed: 1, seats: SEATS.slice(0, n), settings: { skills: 'off', strategicAdvantage: sa }, generals: Object.fromEntries(SEATS.slice(0, n).map((s, i) => [s, [...PAIRS[i]!] as [string, string]])) });
}
/** Sets seat i's kingdom as if revealed (the bookkeeping G18 reads: kingdom, careerist, a revealed flag). */
function as(s: State, i: number, k: Kingdom | null, careerist = false) {
  const p = s.players[i]!;
  p.kingdom = k; p.careerist = careerist; p.revealed = [k !== null, false];
}

test('G18.1: big kingdoms — the largest alive count if ≥ 2, ties give several; hidden ones are small, careerists count alone', () => {
  const s = table(6);
  // All hidden: no kingdom counts, so nobody is big or small.
  assert.deepEqual([...bigKingdoms(s)], []);
  assert.equal(isSmall(s, 0), false);
  // Wei 1, Shu 1: the largest count is 1 < 2 — still none.
  as(s, 0, 'wei'); as(s, 2, 'shu');
  assert.deepEqual([...bigKingdoms(s)], []);
  // Wei 2, Shu 1: Wei is big; Shu and the hidden 丁 戊 己 are small-kingdom characters.
  as(s, 1, 'wei');
  assert.deepEqual([...bigKingdoms(s)], ['wei']);
  assert.deepEqual([0, 1, 2, 3].map((i) => isBig(s, i)), [true, true, false, false]);
  assert.deepEqual([2, 3].map((i) => isSmall(s, i)), [true, true]);
  // Shu 2 as well: a tie, both big; only the hidden are small.
  as(s, 3, 'shu');
  assert.deepEqual([...bigKingdoms(s)].sort(), ['shu', 'wei']);
  assert.deepEqual([0, 1, 2, 3, 4].map((i) => isSmall(s, i)), [false, false, false, false, true]);
  // Two careerists of Qun are two kingdoms of one each: they never make Qun big.
  as(s, 4, 'qun', true); as(s, 5, 'qun', true);
  assert.equal(isBig(s, 4), false);
  // A death takes one Wei away: Shu (2) alone is big (alive only).
  s.players[1]!.alive = false;
  assert.deepEqual([...bigKingdoms(s)], ['shu']);
  // Without the setting there are no big kingdoms at all.
  const off = table(4, false);
  as(off, 0, 'wei'); as(off, 1, 'wei');
  assert.deepEqual([...bigKingdoms(off)], []);
});

test('G18.1 / C-SA-JADE-SEAL: 玉玺 makes its revealed holder\'s kingdom the only big one — even a careerist of one — not while hidden', () => {
  const s = table(6);
  as(s, 0, 'wei'); as(s, 1, 'wei'); as(s, 2, 'shu');
  s.players[2]!.equip.treasure = 'SA49';
  assert.deepEqual([...bigKingdoms(s)], ['shu']);
  assert.equal(isSmall(s, 0), true);
  // A careerist holder: a big kingdom of one.
  as(s, 2, 'shu', true);
  assert.deepEqual([...bigKingdoms(s)], ['careerist:2']);
  assert.deepEqual([isBig(s, 2), isSmall(s, 0)], [true, true]);
  // The holder hidden (no revealed general): the seal does nothing; Wei (2) is big again.
  s.players[2]!.equip.treasure = null; s.players[3]!.equip.treasure = 'SA49';
  assert.deepEqual([...bigKingdoms(s)], ['wei']);
});

test('G18.2: a formation is the run of adjacent same-kingdom characters, round the table; removed and dead ones are skipped', () => {
  const s = table(6);
  // 甲 Wei, 乙 Wei, 丙 Shu, 丁 hidden, 戊 Wei, 己 Wei: 戊 己 甲 乙 are one run across seat 1.
  as(s, 0, 'wei'); as(s, 1, 'wei'); as(s, 2, 'shu'); as(s, 4, 'wei'); as(s, 5, 'wei');
  assert.deepEqual(formationOf(s, 0), [4, 5, 0, 1]);
  assert.deepEqual(formationOf(s, 2), [2]);
  // A hidden character is of no kingdom: a formation of its own.
  assert.deepEqual(formationOf(s, 3), [3]);
  // 丙 (Shu) removed by 调虎离山: 乙 and 丁 become adjacent, but 丁 is hidden — the run is unchanged.
  s.turn.removed = [2];
  assert.deepEqual(formationOf(s, 1), [4, 5, 0, 1]);
  assert.deepEqual(formationOf(s, 2), []);
  // 丁 dead too: 乙 and 戊 are neighbours — everyone left is Wei, one formation of all.
  s.players[3]!.alive = false;
  assert.deepEqual(formationOf(s, 1).sort(), [0, 1, 4, 5]);
});

test('G18.4: a removed character is skipped for distance until the end of the turn', () => {
  const s = table(6);
  // 甲→丁: 3 either way round six seats.
  assert.equal(distance(s, 0, 3), 3);
  // 乙 removed: 甲 丙 丁 戊 己 — 甲→丁 is 2 (甲 丙 丁), 甲→丙 is 1.
  s.turn.removed = [1];
  assert.deepEqual([distance(s, 0, 3), distance(s, 0, 2)], [2, 1]);
  s.turn.removed = [];
  assert.equal(distance(s, 0, 2), 2);
});

test('C-SA-BLADE: while a 青龙偃月刀 杀 resolves, its targets cannot reveal; afterwards they can again', () => {
  const head = [
    '@game guozhan', '@seats 甲 乙 丙', '@set skills=off strategicAdvantage=true aozhan=false',
    '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰', '@hand 甲=SA47 S010', '@hand 乙=S030', '@hand 丙=S048',
    '@deck S014 S016 S017 S018', '甲: 【不出】', '甲: 【青龙偃月刀】', '甲: 【杀】S010→乙',
  ].join('\n');
  // At 乙's 闪 request the 杀 is still resolving: 乙 may not reveal (G13.2), 丙 (no target) may.
  const during = runGuozhanTranscript('blade.txt', head).state;
  assert.equal(during.ask?.kind, 'respond');
  assert.deepEqual([mayReveal(during, 1), mayReveal(during, 2)], [false, true]);
  const after = runGuozhanTranscript('blade.txt', `${head}\n乙: 【闪】`).state;
  assert.equal(after.ask?.kind, 'play');
  assert.equal(mayReveal(after, 1), true);
});

test('G18: without strategicAdvantage 连横 is refused (NOT_ALLOWED); 勠力同心 needs a big kingdom (ILLEGAL_CARD)', () => {
  const off = runGuozhanTranscript('off.txt', ['@game guozhan', '@seats 甲 乙 丙', '@set skills=off', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰', '甲: 【不出】', '甲: 【连横】S001→乙'].join('\n')).state;
  assert.deepEqual(off.commands.filter((c) => !c.ok).map((c) => c.code), ['NOT_ALLOWED']);
  const on = runGuozhanTranscript('on.txt', ['@game guozhan', '@seats 甲 乙 丙', '@set skills=off strategicAdvantage=true aozhan=false', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰', '@hand 甲=SA31 S001', '甲: 【不出】', '甲: 【勠力同心】→大势力', '甲: 【重铸】SA31'].join('\n')).state;
  // Nobody is revealed: no big kingdom; recasting it (G5.4) is still allowed and draws 1.
  assert.deepEqual(on.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  assert.ok(on.log.some((e) => e.t === 'recast' && e.card === 'SA31'));
});
