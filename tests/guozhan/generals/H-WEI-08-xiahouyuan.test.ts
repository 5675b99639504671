/**
 * H-WEI-08 夏侯渊 · 神速 (up to three times a turn, once per option): (1) just before your judge phase, skip it and
 * your draw phase; (2) just before your play phase, skip it and discard an equipment card; (3) just before your
 * discard phase, skip it and lose 1 HP. Each time you are treated as using an ordinary 杀 with no distance limit
 * that does not count toward the 杀 limit (the engine's `phaseBefore` point, G4.10).
 * Seats 甲 乙 丙 丁; 甲 = 夏侯渊+徐晃 (5+4 → 4 HP) starts; 丙 is at distance 2, out of 甲's range 1.
 * Cards (A1): S014 ♠7 杀, S082 ♦A 诸葛连弩 (equipment), S046 ♥10 杀, S084 ♦2 闪, S095 ♦7 闪; deck S041 S043 S050 S062.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = (g = '夏侯渊+徐晃', revealed = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${g} 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉`, ...(revealed ? [`@revealed ${revealed}`] : []),
  '@hand 甲=S014 S082', '@hand 乙=S084', '@hand 丙=S046', '@hand 丁=S095', '@deck S041 S043 S050 S062'];
const skipped = (s: ReturnType<typeof play>) => rows(s, 'skip').map((r) => r.phase);

test('H-WEI-08 神速① hidden: reveals 夏侯渊, skips judge and draw, a 杀 on 丙 at distance 2 (no distance limit) that does not count (G5.1)', () => {
  const s = play([...HEAD(), '甲: 【不出】', '甲: 【技能】神速', '甲: 【选择】丙', '丙: 【不出】', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skipped(s), ['judge', 'draw']);
  // 丙 4 → 3 by the virtual 杀 (no card); nothing drawn (the deck's top is still S041).
  assert.equal(pl(s, '丙').hp, 3);
  const u = rows(s, 'use')[0]!;
  assert.deepEqual([u.name, u.cards, u.targets], ['杀', [], [2]]);
  assert.equal(s.drawPile[0], 'S041');
  // The play phase's own 杀 (S014) was still allowed and is the only one counted: 1.
  assert.equal(pl(s, '乙').hp, 3);
  assert.equal(s.turn.slashes, 1);
  assert.deepEqual(skillRows(s), ['甲:神速']);
});

test('H-WEI-08 神速② and ③ in one turn: discard 诸葛连弩 and skip play (杀 on 丁), lose 1 HP and skip discard (杀 on 丙); each option once this turn', () => {
  const s = play([...HEAD('夏侯渊+徐晃', '甲=主将'), '甲: 【不出】', '甲: 【不出】',
    '甲: 【确定】', '甲: 【弃牌】S082', '甲: 【选择】丁', '丁: 【不出】',
    '甲: 【确定】', '甲: 【选择】丙', '丙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(skipped(s), ['play', 'discard']);
  assert.ok(s.discardPile.includes('S082'));
  // 丁 5+3 → 4 HP, hit: 3. 丙 4 → 3. 甲 4 → 3 by the HP loss; it drew S041 S043 (option ① declined).
  assert.deepEqual([pl(s, '丁').hp, pl(s, '丙').hp, pl(s, '甲').hp], [3, 3, 3]);
  assert.deepEqual(pl(s, '甲').hand, ['S014', 'S041', 'S043']);
  assert.deepEqual(skillRows(s), ['甲:神速', '甲:神速']);
  assert.deepEqual(rows(s, 'skillOption').map((r) => r.option), [2, 3]);
  // The engine counted options ② and ③ once in turn 1 (their limit), ① not at all; the turn went on to 乙.
  assert.deepEqual(Object.keys(s.skillUses).filter((k) => k.startsWith('0|shensu')).sort(), ['0|shensu2|t1', '0|shensu3|t1']);
  assert.equal(s.turn.seat, 1);
});

test('H-WEI-08 神速 X3.2: the ask times out as no; the 杀\'s target times out to the first legal one from 夏侯渊 (乙)', () => {
  const s = play([...HEAD('夏侯渊+徐晃', '甲=主将'), '甲: 【不出】', '@timeout', '甲: 【确定】', '甲: 【弃牌】S082', '@timeout', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(skipped(s), ['play']);
  assert.equal(pl(s, '乙').hp, 3);
});

test('H-WEI-08 神速 refusals: the 杀 on 夏侯渊 himself; option ② paid with a card that is not equipment', () => {
  const s = play([...HEAD('夏侯渊+徐晃', '甲=主将'), '甲: 【不出】', '甲: 【不出】', '甲: 【确定】', '甲: 【弃牌】S014', '甲: 【弃牌】S082', '甲: 【选择】甲']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD', 'ILLEGAL_TARGET']);
  assert.equal(s.ask?.kind, 'target');
});

test('H-WEI-08 神速 timing (G21.1): before 张郃\'s 巧变 at the same moment; once 神速① skipped the judge phase, 巧变 is not offered for it', () => {
  const base = [...HEAD('夏侯渊+张郃', '甲=全部'), '甲: 【技能】神速', '甲: 【选择】乙', '乙: 【不出】'];
  let s = play(base);
  noRefusals(s);
  // Next moment: just before the play phase (judge and draw skipped, G4.10): 神速② (the main general's) asks first.
  assert.equal(s.ask?.about?.skill, '神速');
  s = play([...base, '甲: 【不出】']);
  assert.equal(s.ask?.about?.skill, '巧变');
  s = play([...base, '甲: 【不出】', '甲: 【不出】']);
  noRefusals(s);
  assert.equal(s.ask?.kind, 'play');
  assert.deepEqual(skillRows(s), ['甲:神速']);
});
