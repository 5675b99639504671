/**
 * H-SHU-13 孟获 · 再起: in your draw phase, if you are wounded, you may instead reveal the top X cards (X = lost HP):
 * recover 1 per ♥ (those to the discard pile) and take the others. Seats 甲 乙 丙 丁 (0–3). 乙 = 孟获+祝融 (4+4 → 4 HP);
 * 甲 hits it with a 酒杀 in turn 1 (4 − 2 = 2, X = 2). Cards (A1): S019 ♠9 酒, S014 ♠7 杀; 甲 draws S041 S043; then
 * the two revealed: S046 ♥10 and S084 ♦2 (or S084 S092 for no ♥).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const head = (deck: string, hit = true) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=孟获+祝融 丙=孙权+周泰 丁=曹操+许褚',
  '@hand 甲=S019 S014', '@hand 乙=S030', '@hand 丙=S094', '@hand 丁=S095', `@deck S041 S043 ${deck}`,
  '甲: 【不出】', ...(hit ? ['甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】'] : []), '甲: 【结束】',
  '乙: 【不出】'];   // 乙's turn start; its draw phase asks 再起

test('H-SHU-13 再起 hidden, X = 2: reveals 孟获; S046 ♥ → recover 1 (2 → 3) and to the discard pile; S084 to hand', () => {
  const s = play([...head('S046 S084 S050'), '乙: 【技能】再起']);
  noRefusals(s);
  const b = pl(s, '乙');
  assert.deepEqual([b.hp, b.revealed, b.hand], [3, [true, false], ['S030', 'S084']]);
  assert.ok(s.discardPile.includes('S046'));
  assert.deepEqual(rows(s, 'show').map((r) => r.cards), [['S046', 'S084']]);
  // The normal draw is replaced: S050 is still on top.
  assert.equal(s.drawPile[0], 'S050');
});

test('H-SHU-13 再起 with no ♥: no recovery, both cards taken', () => {
  const s = play([...head('S084 S092 S050'), '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [2, ['S030', 'S084', 'S092']]);
});

test('H-SHU-13 再起 declined (timeout, X3.2): the normal draw of 2', () => {
  const s = play([...head('S046 S084 S050'), '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '乙').hand], [2, ['S030', 'S046', 'S084']]);
});

test('H-SHU-13 再起 needs a wound: unhurt 乙 is not asked and draws 2', () => {
  const s = play(head('S046 S084 S050', false));
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hand, skillRows(s), s.ask?.kind], [['S030', 'S046', 'S084'], [], 'play']);
});

// 祸首 (locked): 南蛮入侵 has no effect on you; after another's 南蛮入侵 chooses its targets, you become the source of the
// damage it deals (G6.2 step 4). 甲 uses S026 ♠K 南蛮入侵: targets 乙 丙 丁 in order. 乙 = 孟获+祝融 is skipped;
// 丙 (孙权+周泰, 4 HP) takes 1 from 乙; 丁 = 曹操+许褚 (4 HP) plays S010 杀.
const HS = (rev: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=孟获+黄忠 丙=孙权+周泰 丁=曹操+许褚', '@hand 甲=S026', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S010',
  '@deck S041 S043 S046 S050', `@revealed ${rev}`, '甲: 【不出】', '甲: 【南蛮入侵】S026'];

test('H-SHU-13 祸首 revealed: no effect on 孟获 (no window for it); 丙 takes 1 with 乙 as the source; 丁 plays a 杀', () => {
  const s = play([...HS('乙=主将'), '@timeout', '丙: 【不出】', '@timeout', '丁: 【杀】S010']);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp, pl(s, '丁').hp], [4, 3, 4]);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`), ['2<-1']);
  assert.deepEqual(rows(s, 'noEffect').map((r) => r.seat), [1]);
});

test('H-SHU-13 祸首 hidden: asked at each target\'s step 4 (乙, 丙, 丁) until it reveals; declining all — 乙 is asked for a 杀, 甲 stays the source', () => {
  const s = play([...HS('丁=主将'), '乙: 【不出】', '乙: 【不出】', '乙: 【不出】', '@timeout', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(pl(s, '乙').revealed[0], false);
  assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`), ['1<-0']);
});
