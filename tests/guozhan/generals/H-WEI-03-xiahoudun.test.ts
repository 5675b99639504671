/**
 * H-WEI-03 夏侯惇 · 刚烈: after you take damage from a source, you may judge: red → 1 damage to the source; black →
 * you discard one of the source's cards. Seats 甲 乙 丙 丁 (0–3); 甲 starts; blindOrder=held.
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S041/S043 无中生有 (甲's draw phase), then the judgement card: S046 ♥10 杀
 * (red) or S016 ♠8 杀 (black). 甲 = 刘备+关羽: (4+5)/2 = 4 HP.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (judgeCard: string, gen = '夏侯惇+夏侯渊', a = '刘备+关羽') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=${a} 乙=${gen} 丙=孙权+周泰 丁=吕布+貂蝉`,
  '@hand 甲=S014 S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', `@deck S041 S043 ${judgeCard}`];

test('刚烈 red: the source takes 1 damage from 夏侯惇 (hidden: the ask reveals him)', () => {
  const s = play([...head('S046'), '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【技能】刚烈']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  // 乙 = 夏侯惇+夏侯渊: (4+5)/2 = 4 → 3. 甲 4 → 3 from 乙 (no card).
  assert.deepEqual([pl(s, '乙').hp, pl(s, '甲').hp], [3, 3]);
  const dmg = rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`);
  assert.deepEqual(dmg, ['1<-0', '0<-1']);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S046']);
  assert.ok(s.discardPile.includes('S046'));
});

test('刚烈 black: 夏侯惇 discards a card of the source\'s (a blind position); the judgement card is discarded', () => {
  const s = play([...head('S016'), '@revealed 乙=主将', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', '乙: 【选择】手牌2']);
  noRefusals(s);
  // 甲's hand: S001 S041 S043; position 2 is S041.
  assert.deepEqual(pl(s, '甲').hand, ['S001', 'S043']);
  assert.equal(pl(s, '甲').hp, 4);
  assert.ok(s.discardPile.includes('S041') && s.discardPile.includes('S016'));
});

test('G21.1: 曹操 (main) + 夏侯惇 (deputy) — by default 奸雄 is asked first; 奸雄 takes the 杀 that 刚烈\'s source dealt', () => {
  const s = play([...head('S046', '曹操+夏侯惇'), '@revealed 乙=全部', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】',
    '乙: 【技能】奸雄', '乙: 【技能】刚烈']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:奸雄', '乙:刚烈']);
  assert.ok(pl(s, '乙').hand.includes('S014'));
  // 甲 = 刘备+关羽: 4 HP; 刚烈's red judgement S046 deals 1: 4 − 1 = 3.
  assert.equal(pl(s, '甲').hp, 3);
});

test('G21.1: the owner chooses the order of its own skills at one moment — 【技能】刚烈 while 奸雄 is asked takes 刚烈 first, then 奸雄 is asked again', () => {
  const s = play([...head('S046', '曹操+夏侯惇'), '@revealed 乙=全部', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】',
    '乙: 【技能】刚烈', '乙: 【技能】奸雄']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:刚烈', '乙:奸雄']);
  assert.ok(pl(s, '乙').hand.includes('S014'));
  assert.equal(pl(s, '甲').hp, 3);
});

test('G21.1: declining the first skill still asks the other one (【不出】 to 奸雄, then 刚烈 is asked)', () => {
  const s = play([...head('S046', '曹操+夏侯惇'), '@revealed 乙=全部', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】',
    '乙: 【不出】', '乙: 【技能】刚烈']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:刚烈']);
  assert.ok(!pl(s, '乙').hand.includes('S014'));
  assert.equal(pl(s, '甲').hp, 3);
});

test('刚烈 → 反馈: 刚烈\'s red damage makes 司马懿 (the source) take a card back from 夏侯惇', () => {
  const s = play([...head('S046', '夏侯惇+夏侯渊', '司马懿+郭嘉'), '@revealed 甲=主将 乙=主将',
    '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '乙: 【确定】', // 刚烈 judges S046
    '甲: 【不出】',                                    // G21.7: 甲 (司马懿, the current player) may 鬼才 乙's judgement — no; red: 甲 3 → 2
    '甲: 【确定】', '甲: 【选择】手牌1']);              // 反馈 on 乙, who holds S084 only
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hp], [2, 3]);
  assert.deepEqual(pl(s, '乙').hand, []);
  assert.ok(pl(s, '甲').hand.includes('S084'));
  assert.deepEqual(skillRows(s), ['乙:刚烈', '甲:反馈']);
});

test('G8.2: a 2-point damage (酒 + 杀) is one instance — one 刚烈, one judgement', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=夏侯惇+夏侯渊 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 乙=主将',
    '@hand 甲=S014 S019', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S016 S018',
    '甲: 【不出】', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', // 4 − 2 = 2
    '乙: 【确定】', '乙: 【选择】手牌1']);                          // black S016: discard 甲's S041
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 2);
  assert.deepEqual(rows(s, 'judge').map((r) => r.card), ['S016']);
  assert.deepEqual(pl(s, '甲').hand, ['S043']);
  assert.equal(s.ask?.kind, 'play');
  assert.deepEqual(skillRows(s), ['乙:刚烈']);
});
