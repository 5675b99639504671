/**
 * H-SHU-06 马超 · 马术 (locked: distance to others −1) and 铁骑 (after your 杀 targets a character: one of its revealed
 * generals loses its non-locked skills this turn; then a judgement — the target discards a card of its suit, or it
 * cannot use 闪 against this 杀). Seats 甲 乙 丙 丁 (0–3), 甲 starts; blindOrder=held.
 * 甲 = 马超+刘备: (4+4)/2 = 4 HP. 乙 = 曹操+许褚: 4 HP. Cards (A1): S014 ♠7 杀; 甲 draws S041 S043 (无中生有); the
 * judgement card next: S046 ♥10 杀 or S086 ♦3 闪. 乙 holds S084 ♦2 闪 (and S094 ♦7 闪).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (judgeCard: string, hand乙 = 'S084', gens = '马超+刘备', rev = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${gens} 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉`,
  '@hand 甲=S014', `@hand 乙=${hand乙}`, '@hand 丙=S095', '@hand 丁=S096', `@deck S041 S043 ${judgeCard} S050`, ...(rev ? [`@revealed ${rev}`] : []), '甲: 【不出】'];

test('H-SHU-06 铁骑 hidden: reveals 马超; 曹操 loses 奸雄 this turn; ♥ judgement and 乙 holds no ♥ → no 闪 asked, hit', () => {
  const s = play([...head('S046', 'S084', '马超+刘备', '乙=主将'), '甲: 【杀】S014→乙', '甲: 【技能】铁骑']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(s.turn.invalid, ['1:0']);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S046']);
  // No 闪 request: 乙 keeps S084; 4 − 1 = 3. 奸雄 (invalid) is not asked: 甲 is back in its play phase.
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, ['S084']]);
  assert.equal(rows(s, 'noJink').length, 1);
  assert.deepEqual(skillRows(s), ['甲:铁骑']);
  assert.equal(s.ask?.kind, 'play');
});

test('H-SHU-06 铁骑: ♦ judgement, 乙 discards a ♦ card and may use 闪 (S094) — no damage', () => {
  const s = play([...head('S086', 'S084 S094', '马超+刘备', '甲=主将'), '甲: 【杀】S014→乙', '甲: 【确定】', '乙: 【弃牌】S084', '乙: 【闪】S094']);
  noRefusals(s);
  // 乙 has no revealed general: no invalidation.
  assert.equal(s.turn.invalid, undefined);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [4, []]);
  assert.ok(s.discardPile.includes('S084') && s.discardPile.includes('S094'));
});

test('H-SHU-06 铁骑: both of 乙\'s generals revealed — 甲 picks 许褚 (2), so 曹操\'s 奸雄 still answers the hit', () => {
  const s = play([...head('S046', 'S084', '马超+刘备', '甲=主将 乙=全部'), '甲: 【杀】S014→乙', '甲: 【确定】', '甲: 【选择】2', '乙: 【技能】奸雄']);
  noRefusals(s);
  assert.deepEqual(s.turn.invalid, ['1:1']);
  assert.ok(pl(s, '乙').hand.includes('S014'));
  assert.deepEqual(skillRows(s), ['甲:铁骑', '乙:奸雄']);
});

test('H-SHU-06 铁骑 declined (timeout): the 闪 request comes as usual', () => {
  const s = play([...head('S046', 'S084', '马超+刘备', '甲=主将'), '甲: 【杀】S014→乙', '@timeout', '乙: 【闪】S084']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, rows(s, 'judge').length, skillRows(s)], [4, 0, []]);
});

test('H-SHU-06 铁骑 invalidation ends with the turn: 乙\'s next turn has no record', () => {
  const s = play([...head('S046', 'S084', '马超+刘备', '甲=主将 乙=主将'), '甲: 【杀】S014→乙', '甲: 【确定】', '甲: 【结束】']);
  noRefusals(s);
  assert.equal(s.turn.seat, 1);
  assert.equal(s.turn.invalid, undefined);
});

test('H-SHU-06 马术 revealed: 甲→丙 is 2 − 1 = 1, in range 1 — the 杀 on 丙 is legal', () => {
  const s = play([...head('S046', 'S084', '马超+刘备', '甲=主将'), '甲: 【杀】S014→丙', '@timeout', '丙: 【不出】']);
  noRefusals(s);
  assert.equal(pl(s, '丙').hp, 3);
});
