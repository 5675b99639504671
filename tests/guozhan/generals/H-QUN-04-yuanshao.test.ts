/**
 * H-QUN-04 袁绍 · 乱击 (conversion): two hand cards as 万箭齐发, neither of a suit already used for 乱击 this turn; after a
 * character of 袁绍's kingdom plays a 闪 against that 万箭齐发, it may draw 1. Seats 甲 乙 丙 丁 (0–3), 甲 starts;
 * blindOrder=held. 甲 = 袁绍+华佗 (Qun); 乙 = 貂蝉+吕布 revealed (Qun, (3+5)/2 = 4 HP); 丙 = 孙权+周泰 revealed (Wu, 4 HP); 丁 = 刘备+关羽.
 * Cards (A1): S014 ♠7 杀, S046 ♥10 杀, S016 ♠8 杀, S050 ♥Q 杀; 闪 S084 S094 S095; 甲 draws S041 S043, the next draw S053.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=袁绍+华佗 乙=貂蝉+吕布 丙=孙权+周泰 丁=刘备+关羽', '@hand 甲=S014 S046 S016 S050', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043 S053 S048', '@revealed 乙=主将 丙=主将 丁=主将', '甲: 【不出】'];

test('H-QUN-04 乱击: S014+S046 as 万箭齐发 (reveals 袁绍); 乙 (Qun) plays 闪 and draws 1; 丙 (Wu) plays 闪 and is not asked', () => {
  const s = play([...HEAD, '甲: 【万箭齐发】S014、S046（乱击）', '@timeout', '乙: 【闪】S084', '乙: 【确定】', '@timeout', '丙: 【闪】S094', '@timeout', '丁: 【闪】S095']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  // 乙: S084 played, S053 drawn (the pile's top after 甲's S041 S043).
  assert.deepEqual([pl(s, '乙').hand, pl(s, '丙').hand], [['S053'], []]);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '乱击').map((r) => r.seat), [1]);
  assert.deepEqual(skillRows(s), ['甲:乱击', '甲:乱击']);
});

test('H-QUN-04 乱击 limit: ♠ and ♥ used this turn — a second 乱击 with S016 ♠ and S050 ♥ is refused (ILLEGAL_CARD)', () => {
  const s = play([...HEAD, '甲: 【万箭齐发】S014、S046（乱击）', '@timeout', '乙: 【不出】', '@timeout', '丙: 【不出】', '@timeout', '丁: 【不出】',
    '甲: 【万箭齐发】S016、S050（乱击）']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  // The first 万箭齐发 hit both: 4 − 1 = 3 each; the refused second one changed nothing.
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '甲').hand], [3, 3, ['S016', 'S050', 'S041', 'S043']]);
});
