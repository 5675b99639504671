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

// 马术 (locked): your distance to others −1 (skills/mashu.ts). Six seats 甲…己: from 甲, 丙 and 戊 at 2, 丁 at 3.
// 甲 = 马腾+华佗 (4+3 → 3 HP), range 1; S014 ♠7 杀.
const SIX = (revealed: boolean) => ['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held',
  '@generals 甲=马腾+华佗 乙=刘备+关羽 丙=吕布+貂蝉 丁=甘宁+吕蒙 戊=诸葛亮+黄月英 己=孙权+周泰', ...(revealed ? ['@revealed 甲=主将'] : []),
  '@hand 甲=S014 S010', '@hand 乙=S084', '@hand 丙=S043', '@hand 丁=S053', '@hand 戊=S086', '@hand 己=S092', '@deck S041 S046 S050 S030', '甲: 【不出】'];

test('H-QUN-10 马术 hidden: 丙 at distance 2 is in range only with 马术 (2 − 1 = 1) — declaring the 杀 reveals 马腾 (G13.4); 丁 (3 − 1 = 2) stays out', () => {
  const s = play([...SIX(false), '甲: 【杀】S014→丁', '甲: 【杀】S014→丙', '丙: 【不出】']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_TARGET']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(s.log.filter((r) => r.t === 'skill').map((r) => r.skill), ['马术']);
  assert.equal(pl(s, '丙').hp, 3);
});

test('H-QUN-10 马术 is distance, not range, and only the owner\'s: revealed 马腾 measures 1 to 丙, 2 to 丁; 丙 to 甲 stays 2; skills=off: 2', async () => {
  const { distance } = await import('../../../src/games/guozhan/core.ts');
  const s = play(SIX(true));
  assert.deepEqual([distance(s, 0, 2), distance(s, 0, 3), distance(s, 0, 1), distance(s, 2, 0)], [1, 2, 1, 2]);
  const off = play(SIX(true).map((l) => (l.startsWith('@set') ? `${l} skills=off` : l)));
  assert.equal(distance(off, 0, 2), 2);
});
