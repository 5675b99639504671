/**
 * H-WEI-12 典韦 · 强袭 (active, once per play phase): lose 1 HP or discard a weapon card (hand or equipped), and
 * choose another character (any distance): deal 1 damage to it. `【技能】强袭→P` pays with HP, `【技能】强袭 C→P`
 * with the weapon C. Seats 甲 乙 丙 丁; 甲 = 典韦+曹仁 (4+4 → 4 HP) starts; 丙 is at distance 2.
 * Cards (A1): S004 ♠2 寒冰剑 (weapon), S014 ♠7 杀, S084 ♦2 闪, S094/S095 ♦7 闪; deck S041 S043 S046 S050.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals, rows, skillRows } from './helpers.ts';

const HEAD = (b = '刘备+关羽', set = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', `@set blindOrder=held${set}`,
  `@generals 甲=典韦+曹仁 乙=${b} 丙=孙权+周泰 丁=吕布+貂蝉`,
  '@hand 甲=S004 S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050', '甲: 【不出】'];
const code = (s: ReturnType<typeof play>) => refusals(s).map((r) => r.split(':')[1]);

test('H-WEI-12 强袭 hidden, paid with 1 HP: reveals 典韦 (G13.2 item 2); 丙 at distance 2 takes 1 damage (4 → 3), 典韦 4 → 3; a second use this phase is refused', () => {
  const s = play([...HEAD(), '甲: 【技能】强袭→丙', '甲: 【技能】强袭 S004→乙']);
  assert.deepEqual(code(s), ['LIMIT_EXCEEDED']);
  assert.deepEqual(pl(s, '甲').revealed, [true, false]);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '丙').hp, pl(s, '乙').hp], [3, 3, 4]);
  assert.deepEqual(skillRows(s), ['甲:强袭']);
  const d = rows(s, 'damage')[0]!;
  assert.deepEqual([d.seat, d.source, d.n], [2, 0, 1]);
  assert.equal(s.ask?.kind, 'play');
});

test('H-WEI-12 强袭 paid with a weapon: from hand (S004), or equipped (寒冰剑 named by its name); no HP lost', () => {
  let s = play([...HEAD(), '甲: 【技能】强袭 S004→丁']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '丁').hp], [4, 3]);
  assert.ok(s.discardPile.includes('S004'));
  s = play([...HEAD(), '甲: 【寒冰剑】', '甲: 【技能】强袭 寒冰剑→丁']);
  noRefusals(s);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '丁').hp, pl(s, '甲').equip.weapon], [4, 3, null]);
});

test('H-WEI-12 强袭 refusals name what is wrong: a card that is not a weapon, 典韦 himself, no target, a trigger skill, skills=off', () => {
  let s = play([...HEAD(), '甲: 【技能】强袭 S014→乙', '甲: 【技能】强袭→甲', '甲: 【技能】强袭', '甲: 【技能】据守', '甲: 【技能】强袭→乙']);
  assert.deepEqual(code(s), ['ILLEGAL_CARD', 'ILLEGAL_TARGET', 'BAD_SYNTAX', 'UNKNOWN_SKILL']);
  assert.match(s.commands.find((c) => c.code === 'ILLEGAL_CARD')!.message!, /不是武器牌/);
  assert.equal(pl(s, '乙').hp, 3);
  s = play([...HEAD('刘备+关羽', ' skills=off'), '甲: 【技能】强袭→乙']);
  assert.deepEqual(code(s), ['UNKNOWN_SKILL']);
});

test('H-WEI-12 强袭 timing: its damage (no card, G8.1) is followed by the target\'s after-damage skills — 郭嘉\'s 遗计 — then 典韦\'s play prompt', () => {
  const s = play([...HEAD('郭嘉+荀彧'), '甲: 【技能】强袭→乙', '乙: 【技能】遗计', '乙: 【不出】', '乙: 【不出】']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['甲:强袭', '乙:遗计']);
  // 乙 (3 HP → 2) kept both looked-at cards (S046 S050: 甲 drew S041 S043).
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S046', 'S050']);
  assert.equal(s.ask?.kind, 'play');
});
