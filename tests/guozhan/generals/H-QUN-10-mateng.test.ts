/**
 * H-QUN-10 马腾 · 雄异 (limited, play phase): every character of your kingdom draws 3; then, if your kingdom has the
 * fewest alive characters (ties count), you recover 1. Seats 甲 乙 丙 丁 (0–3). Turn 1: 甲 (刘备+关羽, revealed Shu)
 * hits 乙 = 马腾+庞德 (4+4 → 4 HP) with a 杀 (4 → 3). Turn 2: 乙 uses 雄异.
 * Cards (A1): S014 ♠7 杀; draws S041 S043 (甲), S046 S050 (乙), then S053 S048 S030, S035 S038 S040.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pl, play, refusals, rows } from './helpers.ts';

const head = (bing: string[]) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=马腾+庞德 丙=华佗+张角 丁=曹操+许褚', '@revealed 甲=全部', ...bing,
  '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053 S048 S030 S035 S038 S040',
  '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】', '乙: 【不出】'];

test('H-QUN-10 雄异 hidden: reveals 马腾 (Qun); only 乙 is Qun (丙 hidden): it draws 3; Qun 1 ties Shu 1 for fewest — recovers (3 → 4)', () => {
  const s = play([...head([]), '乙: 【技能】雄异', '乙: 【技能】雄异']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '雄异').map((r) => [r.seat, r.n]), [[1, 3]]);
  assert.equal(pl(s, '乙').hp, 4);
});

test('H-QUN-10 雄异 with 丙 revealed Qun: both draw 3; Qun 2 > Shu 1 — no recovery', () => {
  const s = play([...head(['@revealed 丙=主将']), '乙: 【技能】雄异']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '雄异').map((r) => r.seat), [1, 2]);
  assert.equal(pl(s, '乙').hp, 3);
});
