/**
 * H-WU-12 周泰 · 奋激: at any character's finish phase, if it has no hand cards, you may make it draw 2; then you lose
 * 1 HP. Seats 甲 乙 丙 丁 (0–3); 甲 starts and empties its hand by equipping four cards. 丙 = 周泰+孙权 (4+4 → 4 HP).
 * Cards (A1): S011 ♠5 绝影 (+1), S037 ♥5 赤兔 (−1), S005 ♠2 八卦阵, S036 ♥5 麒麟弓 (甲's draw); S046 S050 S053 later.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (jia: string, extra: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${jia} 乙=刘备+关羽 丙=周泰+孙权 丁=曹操+许褚`, ...extra,
  '@hand 甲=S011 S037', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S005 S036 S046 S050 S053',
  '甲: 【不出】', '甲: 【绝影】', '甲: 【赤兔】', '甲: 【八卦阵】', '甲: 【麒麟弓】', '甲: 【结束】'];

test('H-WU-12 奋激 hidden: 甲 ends with no hand cards; 丙 reveals 周泰, 甲 draws 2 (S046 S050), 丙 loses 1 (4 → 3)', () => {
  const s = play([...head('黄盖+甘宁'), '丙: 【技能】奋激']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S046', 'S050']);
  assert.deepEqual([pl(s, '丙').hp, pl(s, '丙').revealed], [3, [true, false]]);
  assert.deepEqual(rows(s, 'loseHp').map((r) => [r.seat, r.n]), [[2, 1]]);
  assert.deepEqual(skillRows(s), ['丙:奋激']);
});

test('H-WU-12 奋激 declined (timeout, X3.2): 甲 keeps an empty hand, 丙 its HP', () => {
  const s = play([...head('黄盖+甘宁'), '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hand, pl(s, '丙').hp, skillRows(s)], [[], 4, []]);
});

test('H-WU-12 奋激 after 闭月 at the same finish phase (G21.1, the current player first): 甲 draws 1 — 奋激\'s condition fails, 丙 is not asked', () => {
  const s = play([...head('貂蝉+吕布', ['@revealed 甲=主将']), '甲: 【确定】']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S046']);
  assert.equal(pl(s, '丙').hp, 4);
  assert.deepEqual(skillRows(s), ['甲:闭月']);
});

test('H-WU-12 奋激 once per finish phase; a character holding cards is not offered it (乙\'s finish phase: 乙 holds S084 and its draw)', () => {
  const s = play([...head('黄盖+甘宁'), '丙: 【技能】奋激', '乙: 【不出】', '乙: 【结束】']);
  noRefusals(s);
  // One 奋激 for 甲's finish phase; at 乙's, no prompt — the table is at 丙's turn start.
  assert.deepEqual(skillRows(s), ['丙:奋激']);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['turnStart', [2]]);
});
