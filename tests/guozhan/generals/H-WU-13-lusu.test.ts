/**
 * H-WU-13 鲁肃 · 好施 (draw 2 more; then, holding more than 5 hand cards, give half to another with the fewest) and
 * 缔盟 (active, once per play phase: two other characters swap hands; discard X = the difference of their counts).
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 鲁肃+孙权 (3+4 → 3 HP) starts.
 * Cards (A1): 甲's hand S014 S001 (2); draws S041 S043 S046 S050; 乙 S084, 丙 S094 S092, 丁 S095 S096 S097.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (hand: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=鲁肃+孙权 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
  `@hand 甲=${hand}`, '@hand 乙=S084', '@hand 丙=S094 S092', '@hand 丁=S095 S096 S097', '@deck S041 S043 S046 S050 S053 S048',
  '甲: 【不出】'];

test('H-WU-13 好施 hidden, 2 + 4 = 6 cards > 5: reveals 鲁肃; half (3) go to 乙, the one with fewest hand cards (1)', () => {
  const s = play([...head('S014 S001'), '甲: 【技能】好施', '甲: 【选择】乙', '甲: 【选择】S014、S001、S041']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(pl(s, '甲').hand, ['S043', 'S046', 'S050']);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S014', 'S001', 'S041']);
  // X1: the table sees how many; X1.1: the cards only the two of them.
  assert.deepEqual(rows(s, 'gift').map((r) => r.n), [3]);
  assert.deepEqual(rows(s, 'given').map((r) => r.to), [[0, 1]]);
});

test('H-WU-13 好施 with 5 cards or fewer gives nothing: 1 + 4 = 5', () => {
  const s = play([...head('S014'), '甲: 【确定】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hand.length, rows(s, 'gift'), s.ask?.kind], [5, [], 'play']);
});

test('H-WU-13 好施 receiver must have the fewest: 丁 (3 cards) is refused; defaults: 乙, then the lowest 3 hand cards', () => {
  const s = play([...head('S014 S001'), '甲: 【确定】', '甲: 【选择】丁', '@timeout', '@timeout']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET']);
  // Lowest first (G19.1): S001 ♠A, S041 ♥7, S014 ♠7 → ranks 1, 7, 7 (♠ before ♥): S001 S014 S041.
  assert.deepEqual(pl(s, '乙').hand.slice(1).sort(), ['S001', 'S014', 'S041']);
});

test('H-WU-13 缔盟: 乙 (1) and 丁 (3) swap hands; 甲 discards X = 2 cards; a second use this phase is refused', () => {
  const s = play([...head('S014 S001'), '@timeout',     // 好施 declined: 甲 holds S014 S001 S041 S043
    '甲: 【技能】缔盟 S014、S001→乙、丁', '甲: 【技能】缔盟→乙、丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '乙').hand, ['S095', 'S096', 'S097']);
  assert.deepEqual(pl(s, '丁').hand, ['S084']);
  assert.deepEqual(pl(s, '甲').hand, ['S041', 'S043']);
  assert.deepEqual(skillRows(s), ['甲:缔盟']);
});

test('H-WU-13 缔盟 needs exactly X cards: 乙 (1) and 丙 (2) give X = 1 — none is refused (BAD_SYNTAX), one swaps', () => {
  const s = play([...head('S014 S001'), '@timeout', '甲: 【技能】缔盟→乙、丙', '甲: 【技能】缔盟 S014→乙、丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['BAD_SYNTAX']);
  assert.deepEqual([pl(s, '乙').hand, pl(s, '丙').hand], [['S094', 'S092'], ['S084']]);
});
