/**
 * Issue 19's famous combinations where Wei skills meet (G21.1's order, G9.1's retrial, G10's chain, G8.1 step 5):
 * 奸雄 taking the 杀 whose source 刚烈 then strikes back, 鬼才 rewriting a 闪电 judgement, 遗计 on chained fire
 * damage — asked when 郭嘉 survives it, not when it kills him.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows, until } from './helpers.ts';

test('G21.1 奸雄 then 刚烈 on one character (曹操+夏侯惇): 奸雄 takes the 杀 that hit, then 刚烈 judges red against its source', () => {
  // 甲 = 刘备+关羽 (4 HP) hits 乙 = 曹操+夏侯惇 (4+4 → 4 HP) with S014 ♠7 杀; 甲 drew S041 S043; 刚烈's judgement: S046 ♥10.
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=曹操+夏侯惇 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 乙=全部',
    '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050',
    '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】奸雄', '乙: 【技能】刚烈']);
  noRefusals(s);
  // The main general's skill first (G21.1), each asked in turn.
  assert.deepEqual(skillRows(s), ['乙:奸雄', '乙:刚烈']);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S014']);
  // ♥10 is red: 乙 deals 1 damage to 甲 (4 → 3); 乙 took 1 (4 → 3).
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S046']);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [3, 3]);
  const back = rows(s, 'damage')[1]!;
  assert.deepEqual([back.source, back.seat, back.card ?? null], [1, 0, null]);
});

test('G9.1 鬼才 rewrites a 闪电 judgement: the ♠4 that would hit becomes 司马懿\'s ♥K; 闪电 moves on to the next character', () => {
  // 甲 (刘备+关羽) puts 闪电 S002 on itself; a round later its judge phase judges S008 ♠4 (♠2–9: a hit). Everyone's
  // prompts time out meanwhile; 乙 = 司马懿+徐晃 (revealed) holds S053 ♥K through it (3 cards ≤ 3 HP).
  const head = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=司马懿+徐晃 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=全部 乙=全部',
    '@hand 甲=S002', '@hand 乙=S053', '@hand 丙=S094', '@hand 丁=S095',
    '@deck S041 S043 S062 S070 S072 S074 S076 S077 S008 S060 S064',
    '甲: 【闪电】', '甲: 【结束】'];
  const { s: at, lines } = until(head, (s) => s.ask?.about?.skill === '鬼才');
  assert.deepEqual(rows(at, 'judge').map((r) => r.card), ['S008']);
  const s = play([...lines, '乙: 【确定】', '乙: 【选择】S053']);
  noRefusals(s);
  assert.deepEqual(rows(s, 'retrial').map((r) => [r.seat, r.card, r.replaced]), [[1, 'S053', 'S008']]);
  // ♥K is not ♠2–9: no thunder damage; 闪电 moves to 乙, the next character without one (C-LIGHTNING).
  assert.ok(!rows(s, 'damage').some((r) => r.nature === 'thunder'));
  assert.equal(pl(s, '甲').hp, 4);
  assert.deepEqual(pl(s, '乙').judge, ['S002']);
  assert.ok(s.discardPile.includes('S008'));
});

// 遗计 and the chain (G10): 甲 (刘备+关羽) chains 乙 (孙权+周泰, 4 HP) and 丙 (郭嘉+荀彧, 3 HP) with S024 铁索连环, then
// uses 酒 S019 and 火杀 S088 on 乙 (distance 1): 2 fire damage to 乙, then the same 2 to the chained 丙 (G10.2).
const CHAIN = (pre: string[]) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=孙权+周泰 丙=郭嘉+荀彧 丁=吕布+貂蝉', '@revealed 丙=全部',
  '@hand 甲=S001 S024 S019 S088', '@hand 乙=S046', '@hand 丙=S084', '@hand 丁=S095', '@deck S041 S043 S050 S062 S070 S072',
  '甲: 【不出】', ...pre, '甲: 【铁索连环】→乙、丙', '@timeout', '@timeout', '甲: 【酒】', '甲: 【火杀】S088→乙', '乙: 【不出】'];

test('G10.2 + G8.1 step 5: 郭嘉 survives the chained fire damage (3 → 1) and is asked 遗计 for it', () => {
  const s = play([...CHAIN([]), '丙: 【技能】遗计', '丙: 【不出】']);
  noRefusals(s);
  const d = rows(s, 'damage').map((r) => [r.seat, r.n, r.nature, !!r.chained]);
  assert.deepEqual(d, [[1, 2, 'fire', false], [2, 2, 'fire', true]]);
  assert.equal(pl(s, '丙').hp, 1);
  assert.deepEqual(skillRows(s), ['丙:遗计']);
  // Both looked-at cards kept (甲 drew S041 S043 at its draw phase).
  assert.deepEqual(pl(s, '丙').hand, ['S084', 'S050', 'S062']);
});

test('G10.2 + G8.1 step 5: when the chained fire damage kills 郭嘉 (a 决斗 took him to 2 first), 遗计 is not asked — only the living take the after-damage step', () => {
  // 甲's 决斗 S001 on 丙 (no 杀: 3 → 2; 遗计 and 节命 declined), then the chain: 2 fire → 0, no 桃 → death.
  const pre = ['甲: 【决斗】→丙', '@timeout', '丙: 【不出】', '丙: 【不出】', '丙: 【不出】'];
  const { s } = until(CHAIN(pre), (t) => !pl(t, '丙').alive || t.ask?.kind === 'play');
  assert.equal(pl(s, '丙').alive, false);
  assert.ok(rows(s, 'damage').some((r) => r.seat === 2 && r.chained && r.nature === 'fire'));
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.ask?.kind, 'play');
});
