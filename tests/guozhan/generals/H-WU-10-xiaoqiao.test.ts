/**
 * H-WU-10 小乔 · 天香: when you are about to take damage (G8.1 step 2b), you may discard a ♥ hand card and choose
 * another character: prevent that damage, then choose an option not chosen this turn: (1) the source deals 1 damage
 * to that character, which then draws X (its lost HP, at most 5); (2) that character loses 1 HP, then takes the
 * discarded ♥ card if it is still in the discard or draw pile.
 * Seats 甲 乙 丙 丁 (0–3); 甲 (刘备+关羽, 4 HP) starts. 乙 = 小乔+孙权 (3+4 → 3 HP). 丙 = 曹操+许褚 (4 HP),
 * 丁 = 吕布+貂蝉 (5+3 → 4 HP). Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S026 ♠K 南蛮入侵, S041/S043 ♥7/♥8 无中生有
 * (♥ hand cards of 乙), S084 ♦2 闪; 甲 draws S046 S050; later draws S053 S048.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';
import { handLimit, P } from '../../../src/games/guozhan/core.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=小乔+孙权 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S014 S001 S026', '@hand 乙=S041 S043 S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S050 S053 S048 S030',
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】'];

test('H-WU-10 天香 hidden, option 1: reveals 小乔, discards S041; the damage is prevented; the source 甲 deals 1 to 丙, which draws X = 1', () => {
  const s = play([...HEAD, '乙: 【技能】天香', '乙: 【弃牌】S041', '乙: 【选择】丙', '乙: 【选择】1']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').revealed, pl(s, '乙').hand], [3, [true, false], ['S043', 'S084']]);
  // 丙 4 → 3 (source 甲, no card), then draws min(5, 4 − 3) = 1: S053.
  assert.equal(pl(s, '丙').hp, 3);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S053']);
  assert.deepEqual(rows(s, 'damage').map((r) => [r.seat, r.source, r.n]), [[2, 0, 1]]);
  assert.ok(s.discardPile.includes('S041'));
});

test('H-WU-10 天香 option 2: 丙 loses 1 HP (no damage steps) and takes the discarded S041 from the discard pile', () => {
  const s = play([...HEAD, '乙: 【技能】天香', '乙: 【弃牌】S041', '乙: 【选择】丙', '乙: 【选择】2']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 3]);
  assert.deepEqual(rows(s, 'damage'), []);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S041']);
  // 曹操's 奸雄 is not asked: losing HP is not damage (G8.3).
  assert.deepEqual(skillRows(s), ['乙:天香']);
});

test('H-WU-10 天香 each option once a turn: after option 1 (杀), the 决斗\'s damage offers only option 2; then nothing more this turn', () => {
  const s = play([...HEAD, '乙: 【技能】天香', '乙: 【弃牌】S041', '乙: 【选择】丙', '乙: 【选择】1',
    '甲: 【决斗】→乙', '@timeout', '乙: 【不出】',          // 乙 plays no 杀
    '乙: 【确定】', '乙: 【弃牌】S043', '乙: 【选择】丁']);
  noRefusals(s);
  // The option list held one option; it was asked — and its timeout would pick that one too.
  const optionAsk = s.ask;
  assert.deepEqual([optionAsk?.kind, optionAsk?.options?.length], ['option', 1]);
  const t = play([...HEAD, '乙: 【技能】天香', '乙: 【弃牌】S041', '乙: 【选择】丙', '乙: 【选择】1',
    '甲: 【决斗】→乙', '@timeout', '乙: 【不出】', '乙: 【确定】', '乙: 【弃牌】S043', '乙: 【选择】丁', '@timeout']);
  noRefusals(t);
  // Option 2 on 丁: 4 → 3, takes S043.
  assert.deepEqual([pl(t, '丁').hp, pl(t, '丁').hand], [3, ['S095', 'S043']]);
  assert.equal(pl(t, '乙').hp, 3);
  assert.deepEqual(skillRows(t), ['乙:天香', '乙:天香']);
});

test('H-WU-10 天香 with both options used this turn is not offered: a third damage (南蛮入侵) hits 小乔', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=小乔+孙权 丙=曹操+许褚 丁=吕布+貂蝉', '@revealed 乙=主将',
    '@hand 甲=S014 S001 S026', '@hand 乙=S041 S043 S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S050 S053 S048 S035',
    '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【弃牌】S041', '乙: 【选择】丙', '乙: 【选择】1',
    '甲: 【决斗】→乙', '@timeout', '乙: 【不出】', '乙: 【确定】', '乙: 【弃牌】S043', '乙: 【选择】丁', '@timeout',
    '甲: 【南蛮入侵】', '@timeout', '乙: 【不出】']);        // 乙's window, then no 杀: the damage lands
  noRefusals(s);
  // 乙 still holds S030 (♥2), so only the spent options stop it.
  assert.deepEqual(pl(s, '乙').hand, ['S030']);
  assert.equal(pl(s, '乙').hp, 2);
  assert.deepEqual(skillRows(s), ['乙:天香', '乙:天香']);
});

test('H-WU-10 天香 needs a ♥ hand card (♦ S084 is not one, 红颜 is not applied): without one, no ask', () => {
  const s = play([...HEAD.map((l) => (l.startsWith('@hand 乙') ? '@hand 乙=S084 S010' : l))]);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, s.ask?.kind], [2, 'play']);
});

test('H-WU-10 天香 declined (timeout, X3.2): 乙 takes the damage, 3 → 2', () => {
  const s = play([...HEAD, '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand, pl(s, '乙').revealed], [2, ['S041', 'S043', 'S084'], [false, false]]);
});

// 红颜 (locked): 小乔's ♠ cards (judgement cards included) count as ♥; a ♥ card in her equipment area: hand limit +1.
// 甲 (刘备+关羽) uses 乐不思蜀 S039 on 乙 and ends; 乙's judgement card is S014 ♠7 (after 甲's draws S046 S050).
const LE = (revealed: boolean) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=刘备+关羽 乙=小乔+孙权 丙=曹操+许褚 丁=吕布+貂蝉',
  ...(revealed ? ['@revealed 乙=主将'] : []), '@hand 甲=S039', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S050 S014 S053 S048',
  '甲: 【不出】', '甲: 【乐不思蜀】S039→乙', '甲: 【结束】', '乙: 【不出】', '@timeout']; // 乙 keeps its hidden general; the nullify window closes

test('H-WU-10 红颜: 小乔\'s ♠7 judgement counts as ♥ — 乐不思蜀 does not skip her play phase; hidden, it does (G13.3)', () => {
  const s = play(LE(true));
  noRefusals(s);
  assert.deepEqual(rows(s, 'judge').map((r) => [r.card, r.suit, r.color]), [['S014', '♥', 'red']]);
  assert.deepEqual(rows(s, 'effect').map((r) => r.result), []);
  assert.deepEqual([s.ask?.kind, s.turn.seat], ['play', 1]);
  const hidden = play(LE(false));
  assert.deepEqual(rows(hidden, 'judge').map((r) => r.suit), ['♠']);
  assert.deepEqual(rows(hidden, 'effect').map((r) => r.result), ['skipPlay']);
});

test('H-WU-10 红颜 for 天香: a revealed 小乔 may discard a ♠ hand card as its ♥ card (option 2: 丙 loses 1 and takes it)', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=刘备+关羽 乙=小乔+孙权 丙=曹操+许褚 丁=吕布+貂蝉',
    '@revealed 乙=主将', '@hand 甲=S014', '@hand 乙=S010 S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S050 S053 S048',
    '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】天香', '乙: 【弃牌】S010', '乙: 【选择】丙', '乙: 【选择】2']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 3]);
  assert.ok(pl(s, '丙').hand.includes('S010'));
});

test('H-WU-10 红颜 hand limit: a ♠ horse in 小乔\'s equipment counts as ♥ (+1: 3 + 1 = 4); a ♣ horse adds nothing; hidden, nothing', () => {
  const s = play(LE(true));
  const q = P(s, 1);
  q.equip.offHorse = 'S027'; // ♠K 大宛
  assert.equal(handLimit(s, 1), q.hp + 1);
  q.equip.offHorse = null;
  q.equip.defHorse = 'S065'; // ♣5 的卢
  assert.equal(handLimit(s, 1), q.hp);
  q.equip.defHorse = 'S054'; // ♥K 爪黄飞电
  assert.equal(handLimit(s, 1), q.hp + 1);
  q.revealed = [false, false];
  assert.equal(handLimit(s, 1), q.hp);
});

// 红颜 on a used card: 小乔's ♠ card counts as ♥ when she uses it (G9.2), so its colour is red. 甲 = 小乔+孙权 uses
// S001 ♠A 决斗 on 乙 = 贾诩+华佗 (revealed; 3+3 → 3 HP), whose 帷幕 cancels only black tricks; every later prompt times out.
const DUEL = (xiaoqiaoRevealed: boolean) => play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=小乔+孙权 乙=贾诩+华佗 丙=曹操+许褚 丁=吕布+貂蝉', `@revealed ${xiaoqiaoRevealed ? '甲=主将 ' : ''}乙=主将`,
  '@hand 甲=S001', '@hand 乙=S094', '@hand 丙=S095', '@hand 丁=S096', '@deck S041 S043',
  '甲: 【不出】', '甲: 【决斗】S001→乙', '@timeout', '@timeout']);

test('H-WU-10 红颜 on a used card: revealed 小乔\'s ♠ 决斗 is red — 帷幕 does not cancel it and 乙 takes 1 (3 → 2)', () => {
  const s = DUEL(true);
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.equal(pl(s, '乙').hp, 2);
});

test('H-WU-10 红颜 needs 小乔 revealed (G13.3): hidden, the ♠ 决斗 is black and 帷幕 cancels it (乙 stays at 3)', () => {
  const s = DUEL(false);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:帷幕']);
  assert.equal(pl(s, '乙').hp, 3);
});

test('H-WU-10 红颜 on a shown card (C-FIRE-ATTACK): 小乔 shows S014 ♠7, which counts as ♥ — 甲 cannot pay with ♠5 S010, pays with ♥7 S041; 天香 is offered (her ♠ counts as ♥), declined, 3 → 2', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=小乔+孙权 丙=曹操+许褚 丁=吕布+貂蝉', '@revealed 乙=主将',
    '@hand 甲=S031 S010 S041', '@hand 乙=S014', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S050 S053',
    '甲: 【不出】', '甲: 【火攻】S031→乙', '@timeout', '乙: 【选择】S014', '甲: 【弃牌】S010', '甲: 【弃牌】S041']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['ILLEGAL_CARD']);
  assert.equal(s.ask?.about?.skill, '天香');
  const after = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=小乔+孙权 丙=曹操+许褚 丁=吕布+貂蝉', '@revealed 乙=主将',
    '@hand 甲=S031 S010 S041', '@hand 乙=S014', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S050 S053',
    '甲: 【不出】', '甲: 【火攻】S031→乙', '@timeout', '乙: 【选择】S014', '甲: 【弃牌】S041', '@timeout']);
  noRefusals(after);
  assert.deepEqual(rows(after, 'damage').map((r) => [r.seat, r.n, r.nature]), [[1, 1, 'fire']]);
  assert.equal(pl(after, '乙').hp, 2);
});
