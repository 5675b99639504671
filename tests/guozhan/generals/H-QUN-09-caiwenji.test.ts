/**
 * H-QUN-09 蔡文姬 · 悲歌: after any character takes damage from a 杀, you may discard a card to make it judge:
 * ♥ it recovers 1; ♦ it draws 2; ♣ the source discards 2 cards; ♠ the source turns over.
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts and uses a 杀 on 乙 (distance 1). 丙 = 蔡文姬+貂蝉 (hidden, 3+3 → 3 HP).
 * HP: 甲 刘备+关羽 (4+5 → 4), 乙 张飞+赵云 (4+4 → 4; no skill of theirs acts here). The judgement card is the deck's third card (甲 draws two).
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S041/S043 ♥7/♥8 无中生有, S050 ♥Q 杀, S084 ♦2 闪, S057 ♣2 杀, S010 ♠5 杀,
 * S094 ♦7 闪, S095 ♦7 闪, S030 ♥2 闪, S048 ♥J 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const head = (judgement: string, bing = 'S094 S095', yi = '张飞+赵云', more: string[] = []) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=刘备+关羽 乙=${yi} 丙=蔡文姬+貂蝉 丁=孙权+周泰`, ...more,
  '@hand 甲=S014 S001', '@hand 乙=S030', `@hand 丙=${bing}`, '@hand 丁=S048', `@deck S041 S043 ${judgement} S046 S053`,
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】'];   // 乙 4 → 3; 甲's hand now S001 S041 S043

const accept = ['丙: 【技能】悲歌', '丙: 【弃牌】S094'];

test('H-QUN-09 悲歌 hidden: reveals 蔡文姬, discards S094; ♥ (S050): 乙 recovers 1 (3 → 4)', () => {
  const s = play([...head('S050'), ...accept]);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S095']);
  assert.ok(s.discardPile.includes('S094') && s.discardPile.includes('S050'));
  assert.deepEqual(rows(s, 'judge').map((r) => [r.seat, r.card]), [[1, 'S050']]);
  assert.equal(pl(s, '乙').hp, 4);
});

test('H-QUN-09 悲歌 ♦ (S084): 乙 draws 2 (S046 S053)', () => {
  const s = play([...head('S084'), ...accept]);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [3, ['S030', 'S046', 'S053']]);
});

test('H-QUN-09 悲歌 ♣ (S057): the source 甲 discards 2 cards of its choice', () => {
  const s = play([...head('S057'), ...accept, '甲: 【弃牌】S001、S043']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S041']);
  assert.ok(s.discardPile.includes('S001') && s.discardPile.includes('S043'));
});

test('H-QUN-09 悲歌 ♣ timed out (X3.2): 甲 discards its two lowest hand cards — S001 (A) and S041 (7)', () => {
  const s = play([...head('S057'), ...accept, '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '甲').hand, ['S043']);
});

test('H-QUN-09 悲歌 ♠ (S010): the source 甲 turns over', () => {
  const s = play([...head('S010'), ...accept]);
  noRefusals(s);
  assert.equal(pl(s, '甲').faceDown, true);
  assert.equal(pl(s, '乙').hp, 3);
});

test('H-QUN-09 悲歌 vs 奸雄 at the same point (G21.1, from the current player 甲): 乙\'s 奸雄 first, then 丙\'s 悲歌', () => {
  const s = play([...head('S050', 'S094 S095', '曹操+许褚', ['@revealed 乙=主将']), '乙: 【确定】', ...accept]);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:奸雄', '丙:悲歌']);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [4, ['S030', 'S014']]);
});

test('H-QUN-09 悲歌 declined (timeout, X3.2: no): no card spent, no judgement', () => {
  const s = play([...head('S050'), '@timeout']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S095']);
  assert.deepEqual(rows(s, 'judge'), []);
  assert.equal(s.ask?.kind, 'play');
});

test('H-QUN-09 悲歌 is for a 杀\'s damage only: 决斗\'s damage to 乙 asks nothing', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=张飞+赵云 丙=蔡文姬+貂蝉 丁=孙权+周泰',
    '@hand 甲=S001', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S048', '@deck S041 S043',
    '甲: 【不出】', '甲: 【决斗】→乙', '@timeout', '乙: 【不出】']);   // the nullify window, then no 杀: 乙 4 → 3
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, s.ask?.kind, skillRows(s)], [3, 'play', []]);
});

test('H-QUN-09 悲歌 needs a card to discard: 丁 (蔡文姬) spent its only card on a 闪, so 乙\'s damage asks nothing', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=张飞+赵云 丙=孙权+周泰 丁=蔡文姬+貂蝉',
    '@hand 甲=S082 S014 S010', '@hand 乙=S030', '@hand 丙=S048', '@hand 丁=S094', '@deck S041 S043',
    '甲: 【不出】', '甲: 【诸葛连弩】',
    '甲: 【杀】S014→丁', '丁: 【闪】',    // 丁 at distance 1 spends S094
    '甲: 【杀】S010→乙', '乙: 【不出】']); // 诸葛连弩: a second 杀; 乙 4 → 3
  noRefusals(s);
  assert.deepEqual([pl(s, '丁').hand, pl(s, '乙').hp], [[], 3]);
  assert.deepEqual([s.ask?.kind, skillRows(s)], ['play', []]);
});

// 断肠 (locked): when you die, if your killer is alive, choose one of its generals: it loses all of that general's
// skills for the rest of the game. 甲 = 关羽+张飞 (revealed) kills 乙 = 蔡文姬+张角 (3 HP): a 酒杀 (2: 3 → 1; 悲歌
// declined), then a 决斗 (1 → 0); nobody rescues. Cards: S019 ♠9 酒, S014 ♠7 杀, S001 ♠A 决斗, S046 ♥10 杀.
const DC = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=关羽+张飞 乙=蔡文姬+张角 丙=曹操+许褚 丁=孙权+甘宁', '@revealed 甲=全部',
  '@hand 甲=S019 S014 S001 S046', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S053 S048 S035 S038 S040 S042',
  '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【不出】', '甲: 【决斗】S001→乙', '@timeout', '乙: 【不出】',
  '甲: 【不出】', '乙: 【不出】', '丙: 【不出】', '丁: 【不出】'];

test('H-QUN-09 断肠: 乙 dies to 甲 and takes 张飞 (副将) — 咆哮 is gone, so 甲\'s second 杀 is refused (the one 杀 of the phase is used)', () => {
  const s = play([...DC, '乙: 【选择】2', '甲: 【杀】S046→丙']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['LIMIT_EXCEEDED']);
  assert.equal(pl(s, '乙').alive, false);
  assert.deepEqual(pl(s, '甲').lost, [1]);
  assert.ok(skillRows(s).includes('乙:断肠'));
  assert.deepEqual(rows(s, 'skillsLost').map((r) => r.which), ['deputy']);
});

test('H-QUN-09 断肠 by default (timeout) takes the main general (关羽); 张飞\'s 咆哮 still allows the second 杀', () => {
  const s = play([...DC, '@timeout', '甲: 【杀】S046→丙']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(pl(s, '甲').lost, [0]);
  assert.equal(s.ask?.kind, 'respond');
});
