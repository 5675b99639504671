/**
 * H-QUN-15 邹氏 · 祸水 (locked): during your turn, while this general is revealed, other characters cannot reveal
 * generals; your 杀 and 万箭齐发 cannot be responded to by characters that have a hidden general and are not of your
 * kingdom. 倾城 (active, any number of times): discard a black card and choose another character whose generals are
 * both revealed: hide one of them; after a black equipment card, you may do the same to another such character.
 * Seats 甲 乙 丙 丁 (0–3); 甲 = 邹氏+张角 (Qun) starts. 乙 = 曹操+许褚 (hidden, next to 甲: 奸雄 would ask to reveal after damage).
 * Cards (A1): S014 ♠7 杀, S024 ♠Q 铁索连环, S011 ♠5 +1马, S030 ♥2 闪, S084 ♦2 闪; 甲 draws S041 S043.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (revealed: string[]) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=邹氏+张角 乙=曹操+许褚 丙=刘备+关羽 丁=孙权+甘宁', ...revealed,
  '@hand 甲=S014 S024 S011 S030', '@hand 乙=S094', '@hand 丙=S084', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048'];

test('H-QUN-15 祸水: 邹氏 revealed, 甲\'s 杀 on hidden 乙 (not Qun) asks no 闪 (1 damage: 4 → 3) and 乙 cannot reveal for 奸雄', () => {
  const s = play([...head(['@revealed 甲=主将']), '甲: 【不出】', '甲: 【杀】S014→乙']);
  assert.deepEqual(refusals(s), []);
  assert.equal(pl(s, '乙').hp, 3);
  assert.deepEqual(pl(s, '乙').hand, ['S094']);
  assert.deepEqual(rows(s, 'noJink').map((r) => r.seat), [1]);
  // No reveal prompt for 乙's hidden 奸雄: the play prompt is back at once; 乙 is still hidden.
  assert.equal(s.ask?.kind, 'play');
  assert.deepEqual(pl(s, '乙').revealed, [false, false]);
  assert.ok(skillRows(s).includes('甲:祸水'));
});

test('H-QUN-15 祸水 hidden does nothing (G13.3): 乙 is asked for a 闪, then offered 奸雄 (reveal) after the damage', () => {
  const s = play([...head([]), '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】']);
  assert.deepEqual(refusals(s), []);
  assert.equal(pl(s, '乙').hp, 3);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['confirm', [1]]);
  assert.ok(!skillRows(s).includes('甲:祸水'));
});

test('H-QUN-15 倾城: S024 (♠, not equipment) hides 丁\'s deputy 甘宁 — kingdom kept; the hide row names no general; a red card and a hidden target are refused', () => {
  const s = play([...head(['@revealed 甲=主将', '@revealed 丙=全部', '@revealed 丁=全部']), '甲: 【不出】',
    '甲: 【技能】倾城 S030→丁', '甲: 【技能】倾城 S024→乙', '甲: 【技能】倾城 S024→丁', '甲: 【选择】2']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD', 'ILLEGAL_TARGET']);
  assert.deepEqual(pl(s, '丁').revealed, [true, false]);
  assert.equal(pl(s, '丁').kingdom, 'wu');
  assert.deepEqual(rows(s, 'hide').map((r) => [r.seat, r.which, r.general]), [[3, 'deputy', undefined]]);
  assert.equal(s.ask?.kind, 'play');
});

test('H-QUN-15 倾城 with a black equipment card (S011): hides 丁\'s main, then may hide 丙\'s deputy (关羽) too; used again (no limit)', () => {
  const s = play([...head(['@revealed 甲=主将', '@revealed 丙=全部', '@revealed 丁=全部']), '甲: 【不出】',
    '甲: 【技能】倾城 S011→丁', '甲: 【选择】1', '甲: 【选择】丙', '甲: 【选择】2']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual([pl(s, '丁').revealed, pl(s, '丙').revealed], [[false, true], [true, false]]);
  assert.deepEqual(skillRows(s), ['甲:倾城']);
});
