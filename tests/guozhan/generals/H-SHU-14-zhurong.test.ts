/**
 * H-SHU-14 祝融 · 烈刃: after your 杀 deals damage to a target, you may point fight it; if you win, take one of its
 * cards. Seats 甲 乙 丙 丁 (0–3); 甲 = 祝融+孟获 (4+4 → 4 HP) starts.
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S053 ♥K 闪 (甲's K), S041 ♥7 (甲's draw), S084 ♦2 闪, S107 ♦K 闪, S030 ♥2 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';
import { botMove } from '../../../src/games/guozhan/bot.ts';

const head = (yi: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=祝融+孟获 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S014 S001 S053', `@hand 乙=${yi}`, '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】'];   // 乙 4 → 3

test('H-SHU-14 烈刃 hidden: reveals 祝融; 拼点 K against 2 — 甲 wins and takes 乙\'s first hand card', () => {
  const s = play([...head('S084 S030'), '甲: 【技能】烈刃', '甲: 【拼点】S053', '乙: 【拼点】S084', '甲: 【选择】手牌1']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'pindian').map((r) => [r.cards, r.win]), [[['S053', 'S084'], true]]);
  assert.deepEqual(pl(s, '乙').hand, []);
  assert.ok(pl(s, '甲').hand.includes('S030'));
  assert.ok(s.discardPile.includes('S053') && s.discardPile.includes('S084'));
});

test('H-SHU-14 烈刃 lost on a tie (K against K: the initiator needs a strictly higher rank) — nothing taken', () => {
  const s = play([...head('S107 S030'), '甲: 【确定】', '甲: 【拼点】S053', '乙: 【拼点】S107']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'pindian').map((r) => r.win), [false]);
  assert.deepEqual([pl(s, '乙').hand, s.ask?.kind], [['S030'], 'play']);
});

test('H-SHU-14 烈刃 point-fight cards default to the lowest (X3.2): 甲 S001 (A) against 乙 S030 (2) — lost', () => {
  const s = play([...head('S107 S030'), '甲: 【确定】', '@timeout 2']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'pindian').map((r) => [r.cards, r.win]), [[['S001', 'S030'], false]]);
});

test('H-SHU-14 烈刃 needs hand cards on both sides and a 杀: 乙 with none is not fought; 决斗 damage asks nothing', () => {
  const none = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=祝融+孟获 乙=刘备+关羽 丙=孙权+周泰 丁=曹操+许褚',
    '@hand 甲=S014 S001 S053', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
    '甲: 【不出】', '甲: 【决斗】→乙', '@timeout', '乙: 【不出】',   // 决斗: 乙 4 → 3, no 烈刃
    '甲: 【杀】S014→乙', '乙: 【闪】']);                               // 乙 spends its last card; no damage
  noRefusals(none);
  assert.deepEqual([pl(none, '乙').hp, skillRows(none), none.ask?.kind], [3, [], 'play']);
});

// 巨象 (locked): 南蛮入侵 has no effect on you; after another's 南蛮入侵 finishes resolving, you take it if it is still in
// the processing area. 甲 uses S026 ♠K 南蛮入侵 → 乙 丙 丁. 乙 = 祝融+黄忠 (4 HP), revealed; 丙/丁 pass and take 1.
const JX = (rev: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=祝融+黄忠 丙=孙权+周泰 丁=吕布+貂蝉', '@hand 甲=S026', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043 S046 S050', `@revealed ${rev}`, '甲: 【不出】', '甲: 【南蛮入侵】S026'];

test('H-SHU-14 巨象: no effect on 祝融 (4 kept), then 乙 takes S026 after it resolves (not discarded)', () => {
  const s = play([...JX('乙=主将'), '@timeout', '丙: 【不出】', '@timeout', '丁: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '丁').hp], [4, 3, 3]);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S026']);
  assert.ok(!s.discardPile.includes('S026'));
  assert.deepEqual(skillRows(s), ['乙:巨象', '乙:巨象']);
});

test('H-SHU-14 巨象 hidden and declined twice: 乙 is asked for a 杀 (takes 1) and S026 is discarded', () => {
  const s = play([...JX('丙=主将'), '乙: 【不出】', '@timeout', '乙: 【不出】', '@timeout', '丙: 【不出】', '@timeout', '丁: 【不出】', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').revealed[0], s.discardPile.includes('S026')], [3, false, true]);
});

test('H-SHU-14 烈刃 with computer players: each side of the 拼点 shows its highest hand card (甲: S053 ♥K, not S001 ♠A)', () => {
  // 甲 holds S001 ♠A 决斗 and S053 ♥K after its 杀; the bot answers its own 拼点 ask with the K, not the lowest card
  // the timeout would show. 乙 holds S084 ♦2 and S030 ♥2: equal ranks, either is its highest.
  const s = play([...head('S084 S030'), '甲: 【技能】烈刃']);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['pindian', [0]]);
  assert.equal(botMove(s, 0), '【拼点】S053');
  const next = play([...head('S084 S030'), '甲: 【技能】烈刃', '甲: 【拼点】S053']);
  assert.deepEqual([next.ask?.kind, next.ask?.seats], ['pindian', [1]]);
  assert.match(String(botMove(next, 1)), /^【拼点】S0(84|30)$/);
});
