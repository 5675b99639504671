/**
 * H-WEI-07 甄姬 · 洛神: at the start of your start phase you may judge; each black result is set aside and you may
 * judge again; the first red one is discarded and ends it; then you take the black cards. Seats 甲 乙 丙 丁; 甲 =
 * 甄姬+曹丕 (companions) starts. Judgement cards from the top (A1): S014 ♠7, S062 ♣4 (black), S046 ♥10 (red);
 * then 甲's draw phase takes the next two.
 * (倾国 waits for a conversion hook.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

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
