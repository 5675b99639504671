/**
 * H-WEI-07 甄姬 · 洛神: at the start of your start phase you may judge; each black result is set aside and you may
 * judge again; the first red one is discarded and ends it; then you take the black cards. Seats 甲 乙 丙 丁; 甲 =
 * 甄姬+曹丕 (companions) starts. Judgement cards from the top (A1): S014 ♠7, S062 ♣4 (black), S046 ♥10 (red);
 * then 甲's draw phase takes the next two.
 * 倾国: you may use or play a black hand card as 闪 (a conversion; a hidden 甄姬 is revealed by it, G13.4).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (deck: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=甄姬+曹丕 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', `@deck ${deck}`];

test('洛神 hidden: reveals 甄姬; black, black, red — takes the two black cards, the red one is discarded', () => {
  const s = play([...head('S014 S062 S046 S041 S043'), '甲: 【不出】',
    '甲: 【技能】洛神', '甲: 【确定】', '甲: 【确定】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S014', 'S062', 'S046']);
  // Hand: S001, the two black judgement cards, then the draw phase's S041 S043.
  assert.deepEqual(pl(s, '甲').hand, ['S001', 'S014', 'S062', 'S041', 'S043']);
  assert.ok(s.discardPile.includes('S046'));
  assert.deepEqual(s.processing, []);
  assert.equal(s.ask?.kind, 'play');
});

test('洛神 stops when 甄姬 chooses (or times out, X3.2: no): one black card taken; a first red result gives nothing', () => {
  for (const stop of ['甲: 【不出】', '@timeout']) {
    const s = play([...head('S014 S062 S046 S041 S043'), '@revealed 甲=主将', '甲: 【不出】', '甲: 【确定】', stop]);
    noRefusals(s);
    assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S014']);
    // The draw phase takes the next two: S062 S046.
    assert.deepEqual(pl(s, '甲').hand, ['S001', 'S014', 'S062', 'S046']);
  }
  const s = play([...head('S046 S014 S062'), '@revealed 甲=主将', '甲: 【不出】', '甲: 【确定】']);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S046']);
  assert.deepEqual(pl(s, '甲').hand, ['S001', 'S014', 'S062']);
  assert.deepEqual(skillRows(s), ['甲:洛神']);
});

test('洛神 only at its owner\'s start phase: 乙\'s turn asks nothing', () => {
  const s = play([...head('S046 S041 S043 S010 S016 S018 S020'), '@revealed 甲=主将', '甲: 【不出】', '甲: 【不出】', '甲: 【结束】',
    '乙: 【不出】']); // 乙's turn-start reveal; its prepare phase asks 甲 nothing: the next ask is 乙's play prompt
  noRefusals(s);
  assert.deepEqual([s.turn.seat, s.ask?.kind], [1, 'play']);
  assert.deepEqual(rows(s, 'judge').length, 0);
});

// 倾国: 甲 (刘备+关羽) uses S014 ♠7 杀 on 乙 (甄姬+曹丕, 3 HP), who holds S010 ♠5 杀 (black), S046 ♥10 杀 (red) and
// S001 ♠A 决斗 (black).
const QG = (set = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', `@set blindOrder=held${set}`,
  '@generals 甲=刘备+关羽 乙=甄姬+曹丕 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S029', '@hand 乙=S010 S046 S001', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S050 S062', '甲: 【不出】'];

test('H-WEI-07 倾国 hidden: 【闪】S010 (♠5 杀) is a 闪 by 倾国 — 甄姬 is revealed by the use (G13.4), the 杀 is offset', () => {
  const s = play([...QG(), '甲: 【杀】S014→乙', '乙: 【闪】S010']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 3);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['乙:倾国']);
  const u = rows(s, 'use').find((r) => r.seat === 1)!;
  assert.deepEqual([u.name, u.cards], ['闪', ['S010']]);
  assert.match(u.card as string, /倾国/);
  assert.ok(s.discardPile.includes('S010'));
  // The reveal came before the activation and the use.
  const t = s.log.filter((r) => (r.t === 'reveal' || r.t === 'skill' || r.t === 'use') && r.seat === 1).map((r) => r.t);
  assert.deepEqual(t, ['reveal', 'skill', 'use']);
});

test('H-WEI-07 倾国 named: 【闪】♠A（倾国） converts the black 决斗; a red card is refused (ILLEGAL_CARD), so is 倾国 with skills=off', () => {
  let s = play([...QG(), '甲: 【杀】S014→乙', '乙: 【闪】S046', '乙: 【闪】♠A（倾国）']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.ok(s.discardPile.includes('S001'));
  assert.equal(pl(s, '乙').hp, 3);
  s = play([...QG(' skills=off'), '甲: 【杀】S014→乙', '乙: 【闪】S010', '乙: 【闪】S010（倾国）']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD', 'UNKNOWN_SKILL']);
});

test('H-WEI-07 倾国 as the request says (G6.7): against 万箭齐发 the black card is played as 闪', () => {
  const s = play([...QG(), '甲: 【万箭齐发】', '@timeout', '乙: 【闪】S010']);
  noRefusals(s);
  const p = rows(s, 'play').find((r) => r.seat === 1)!;
  assert.deepEqual([p.name, p.cards], ['闪', ['S010']]);
  assert.equal(pl(s, '乙').hp, 3);
});
