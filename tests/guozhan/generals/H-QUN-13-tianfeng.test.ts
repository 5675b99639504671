/**
 * H-QUN-13 田丰 · 随势 (locked): when another character enters dying from damage whose source is of your kingdom, draw 1;
 * when another character of your kingdom dies, lose 1 HP.
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts and brings 乙 (3 HP) to 0 with a 酒杀 (1 + 1 = 2: 3 → 1) and a 决斗 (1 → 0).
 * 丙 = 田丰+吕布 (3+5 half-fish → 4 HP). Cards (A1): S019 ♠9 酒, S014 ♠7 杀, S001 ♠A 决斗, S084/S094/S095 闪,
 * S041/S043 (甲's draw), S046 S050 S053 (later draws).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const KILL = ['甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【决斗】→乙', '@timeout', '乙: 【不出】'];
const head = (gens: string, revealed: string[]) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals ${gens}`, ...revealed,
  '@hand 甲=S019 S014 S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053'];

test('H-QUN-13 随势 draw: 甲 (华佗, Qun) brings 乙 to dying — 丙 (田丰, Qun) draws 1 as 乙 enters dying, before the rescue', () => {
  const s = play([...head('甲=华佗+貂蝉 乙=黄月英+诸葛亮 丙=田丰+孔融 丁=孙权+周泰', ['@revealed 甲=主将', '@revealed 丙=主将']), '甲: 【不出】', ...KILL]);
  noRefusals(s);
  // 丙 draws the next card after 甲's two, S046; the 酒杀 left 乙 at 1 and drew nothing.
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046']);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '随势').map((r) => r.seat), [2]);
  const at = (t: string) => s.log.findIndex((r) => r.t === t);
  assert.ok(at('dying') > s.log.findIndex((r) => r.why === '随势'));
  assert.deepEqual(skillRows(s), ['丙:随势']);
  // The rescue round is open (from 甲).
  assert.equal(s.ask?.kind, 'peach');
});

test('H-QUN-13 随势 draw needs a source of 田丰\'s kingdom: a hidden 甲 (no kingdom) draws nothing for 丙', () => {
  const s = play([...head('甲=刘备+关羽 乙=黄月英+诸葛亮 丙=田丰+孔融 丁=孙权+周泰', ['@revealed 丙=主将']), '甲: 【不出】', ...KILL]);
  noRefusals(s);
  assert.deepEqual([pl(s, '丙').hand, skillRows(s)], [['S094'], []]);
});

const QUN_DIES = (tian: string[]) => [...head('甲=刘备+关羽 乙=华佗+庞德 丙=田丰+吕布 丁=孙权+周泰', tian), '甲: 【不出】', ...KILL,
  '@timeout 4'];   // the rescue round: 甲, 乙, 丙 and 丁 hold a card each and pass — 乙 dies, revealed Qun

test('H-QUN-13 随势 lose: 乙 (华佗+庞德) dies revealed as Qun — 丙 (田丰, Qun) loses 1 HP (4 → 3) at G12.1 step 4', () => {
  const s = play(QUN_DIES(['@revealed 丙=主将']));
  noRefusals(s);
  assert.equal(pl(s, '乙').alive, false);
  assert.equal(pl(s, '丙').hp, 3);
  assert.deepEqual(rows(s, 'loseHp').map((r) => [r.seat, r.n]), [[2, 1]]);
  // Step 4 comes before the victim's cards are discarded (step 5).
  const lost = s.log.findIndex((r) => r.t === 'loseHp');
  const step5 = s.log.findIndex((r) => r.t === 'discard' && r.why === 'death');
  assert.ok(lost > 0 && lost < step5);
  assert.deepEqual(skillRows(s), ['丙:随势']);
});

test('H-QUN-13 随势 lose: a hidden 田丰 has no kingdom — not asked, no HP lost (G13.3)', () => {
  const s = play(QUN_DIES([]));
  noRefusals(s);
  assert.deepEqual([pl(s, '丙').hp, pl(s, '丙').revealed, skillRows(s)], [4, [false, false], []]);
});

test('H-QUN-13 随势 lose only for a death of 田丰\'s kingdom: 乙 dies as Shu, 丙 keeps 4 HP', () => {
  const s = play([...head('甲=刘备+关羽 乙=黄月英+诸葛亮 丙=田丰+吕布 丁=孙权+周泰', ['@revealed 丙=主将']), '甲: 【不出】', ...KILL, '@timeout 4']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').alive, pl(s, '丙').hp, skillRows(s)], [false, 4, []]);
});

// 死谏 (trigger): after you lose hand cards and have none left, you may discard one card of another character.
// 甲 = 田丰+张角 (3 HP) holds S014 and draws two horses (S011 +1马, S065 +1马): equips both (the second replaces the
// first), then uses its last card, the 杀, on 乙 (刘备+关羽, 4 HP, one 闪 S084).
const SJ = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=田丰+张角 乙=刘备+关羽 丙=曹操+许褚 丁=孙权+甘宁',
  '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S011 S065 S046 S050 S053 S048',
  '甲: 【不出】', '甲: 【+1马】S011', '甲: 【+1马】S065', '甲: 【杀】S014→乙'];

test('H-QUN-13 死谏 hidden: the 杀 leaves 甲 without hand cards — reveals 田丰, discards 乙\'s only hand card (its 闪), so the 杀 hits (4 → 3)', () => {
  const s = play([...SJ, '甲: 【技能】死谏', '甲: 【选择】乙', '甲: 【选择】手牌']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), []);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual(skillRows(s), ['甲:死谏']);
  assert.ok(s.discardPile.includes('S084'));
  assert.equal(pl(s, '乙').hp, 3);
});

test('H-QUN-13 死谏 not while a hand card is left (the equipping moves) and declined with 【不出】: 乙 keeps its 闪', () => {
  const s = play([...SJ, '甲: 【不出】', '乙: 【闪】']);
  assert.deepEqual(refusals(s), []);
  assert.deepEqual(skillRows(s), []);
  assert.equal(pl(s, '乙').hp, 4);
});
