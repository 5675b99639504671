/**
 * H-WEI-01 曹操 · 奸雄: after you take damage you may take the card(s) that caused it, if still in the processing
 * area. Hidden, it asks privately and accepting reveals 曹操 (G13.2 item 2); the X3.2 default is "no".
 * Seats 甲 乙 丙 丁 (0–3); 甲 starts. Cards (A1): S014 ♠7 杀, S010 ♠5 杀, S001 ♠A 决斗, S026 ♠K 南蛮入侵,
 * S088 ♦4 火杀, S024 ♠Q 铁索连环, S084 ♦2 闪, S086 ♦3 闪, S094/S095 ♦7 闪.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S001 S026 S088', '@hand 乙=S084 S086', '@hand 丙=S094', '@hand 丁=S095',
  '@deck S041 S043'];

test('奸雄 hidden: the private ask reveals 曹操 and takes the 杀 that hit (G13.2 item 2)', () => {
  const s = play([...HEAD,
    '甲: 【不出】',            // 甲's turn-start reveal: no
    '甲: 【杀】S014→乙',       // distance 1, in range
    '乙: 【不出】',            // no 闪: 乙 4 → 3
    '乙: 【技能】奸雄']);      // accept: reveals 曹操 first, then takes S014
  noRefusals(s);
  const b = pl(s, '乙');
  assert.equal(b.hp, 3);
  // 乙's hand: S084 S086 + S014 taken from the processing area.
  assert.deepEqual(b.hand, ['S084', 'S086', 'S014']);
  assert.deepEqual([b.revealed, b.kingdom], [[true, false], 'wei']);
  // The reveal came first (G13.2 item 2), then the skill; the first reveal of the game gives 先驱 (G15.3).
  assert.deepEqual(s.log.filter((r) => r.t === 'reveal' || r.t === 'skill').map((r) => r.t), ['reveal', 'skill']);
  assert.equal(b.markers.vanguard, 1);
  assert.ok(!s.discardPile.includes('S014'));
});

test('奸雄 declined or timed out (X3.2: no): the 杀 goes to the discard pile, 曹操 stays hidden', () => {
  for (const answer of ['乙: 【不出】', '@timeout']) {
    const s = play([...HEAD, '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', answer]);
    noRefusals(s);
    assert.deepEqual(pl(s, '乙').hand, ['S084', 'S086']);
    assert.ok(s.discardPile.includes('S014'));
    assert.deepEqual(pl(s, '乙').revealed, [false, false]);
    assert.equal(s.ask?.kind, 'play');
  }
});

test('奸雄 after 南蛮入侵: 曹操 takes the card mid-resolution; it still resolves for 丙 and 丁 and ends in 乙\'s hand', () => {
  const s = play([...HEAD, '@revealed 乙=主将',
    '甲: 【不出】', '甲: 【南蛮入侵】',
    '@timeout',              // nullify window for 乙: all pass
    '乙: 【不出】',            // 乙 plays no 杀: 1 damage, 4 → 3
    '乙: 【确定】',            // 奸雄 (revealed: asked as an optional trigger)
    '@timeout 4',            // 丙: its window, then its 杀 request (it holds only a 闪); 丁 likewise
  ]);
  assert.equal(pl(s, '乙').hp, 3);
  assert.ok(pl(s, '乙').hand.includes('S026'));
  // 丙 and 丁 hold no 杀: each takes 1 damage (4 → 3 each; 丙 孙权+周泰 = 5+4 half-fish → 4 HP, 丁 吕布+貂蝉 = 5+3 → 4).
  assert.deepEqual([pl(s, '丙').hp, pl(s, '丁').hp], [3, 3]);
  assert.ok(!s.discardPile.includes('S026'));
  assert.deepEqual(skillRows(s), ['乙:奸雄']);
});

test('奸雄 on a chained damage (G10.2): the 火杀 is still in the processing area, so 曹操 takes it', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉',
    '@hand 甲=S024 S088', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043', '@revealed 乙=主将',
    '甲: 【不出】',
    '甲: 【铁索连环】→乙、丁', '@timeout 2', // a nullify window per target (乙, then 丁): both become chained
    '甲: 【火杀】S088→丁',     // 丁 at distance 1
    '丁: 【不出】',            // 丁 4 → 3, unchained; the chain lists 乙 (G10.2)
    '乙: 【技能】奸雄',        // 乙's chained damage 4 → 3: 奸雄 takes the 火杀 still being resolved
  ]);
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丁').hp], [3, 3]);
  assert.deepEqual([pl(s, '乙').chained, pl(s, '丁').chained], [false, false]);
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S088']);
  assert.ok(!s.discardPile.includes('S088'));
  assert.deepEqual(rows(s, 'gain').map((r) => r.cards), [['S088']]);
});

test('奸雄 is not offered for a damage without a card: 三尖两刃刀\'s extra damage (C-TRIBLADE) on 曹操', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 乙=主将',
    '@hand 甲=S106 S014 S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
    '甲: 【不出】', '甲: 【三尖两刃刀】',
    '甲: 【杀】S014→丙', '丙: 【不出】',           // 丙 at distance 2 ≤ range 3: 4 → 3
    '甲: 【技能】三尖两刃刀 S001→乙']);           // 乙 at distance 1 from 丙: 1 damage with no card
  noRefusals(s);
  assert.deepEqual([pl(s, '乙').hp, pl(s, '丙').hp], [3, 3]);
  // No 奸雄 prompt: the next ask is 甲's play prompt, and no skill row.
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['play', [0]]);
  assert.deepEqual(skillRows(s), []);
});
