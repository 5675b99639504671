/**
 * H-WEI-15 乐进 · 骁果: at another character's finish phase you may discard a basic card; it then chooses: discard an
 * equipment card (hand or equipped), after which you draw 1; or take 1 damage from you. Seats 甲 乙 丙 丁; 甲 =
 * 刘备+关羽 starts (4 HP; 2 cards + S041 S043 drawn); 乙 = 乐进+徐晃 (4 HP). Cards (A1): S010 ♠5 杀 (basic),
 * S037 ♥5 赤兔, S054 ♥K 爪黄飞电, S001 ♠A 决斗 (not basic).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';
import { botMove } from '../../../src/games/guozhan/bot.ts';

const head = (a: string, b: string) => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=乐进+徐晃 丙=孙权+周泰 丁=吕布+貂蝉',
  `@hand 甲=${a}`, `@hand 乙=${b}`, '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046',
  '甲: 【不出】'];

test('骁果 hidden (reveals 乐进): 甲 pays an equipped horse — 乐进 draws 1; without paying 甲 takes 1 damage from 乐进', () => {
  let s = play([...head('S037 S001', 'S010'), '甲: 【赤兔】', '甲: 【结束】', '乙: 【技能】骁果', '乙: 【弃牌】S010', '甲: 【弃牌】S037']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual([pl(s, '甲').equip.offHorse, pl(s, '甲').hp, pl(s, '乙').hand], [null, 4, ['S046']]);
  assert.ok(s.discardPile.includes('S010') && s.discardPile.includes('S037'));
  for (const no of ['甲: 【不出】', '@timeout']) {
    s = play([...head('S037 S001', 'S010'), '甲: 【赤兔】', '甲: 【结束】', '乙: 【技能】骁果', '乙: 【弃牌】S010', no]);
    noRefusals(s);
    assert.deepEqual([pl(s, '甲').hp, pl(s, '甲').equip.offHorse], [3, 'S037']);
    assert.deepEqual(rows(s, 'damage').map((r) => `${r.seat}<-${r.source}`), ['0<-1']);
  }
});

test('骁果 needs a basic card: 乐进 holding only a 决斗 is not asked; at 乐进\'s own finish phase it is not asked either', () => {
  let s = play([...head('S037', 'S001'), '甲: 【结束】']);
  noRefusals(s);
  // No ask at 甲's finish: the turn passed to 乙 (its turn-start reveal prompt).
  assert.deepEqual([s.turn.seat, s.ask?.kind], [1, 'turnStart']);
  s = play([...head('S037', 'S010 S062'), '甲: 【结束】', '乙: 【不出】', // declined at 甲's finish
    '乙: 【不出】', '乙: 【结束】']);                                    // 乙's own turn: draws S046 + next; ends play
  noRefusals(s);
  assert.deepEqual(skillRows(s), []);
  assert.equal(s.turn.seat, 2);
});

test('骁果: the equipment may come from the hand (爪黄飞电 held); only equipment is accepted', () => {
  const s = play([...head('S054 S001', 'S010'), '甲: 【结束】', '乙: 【确定】', '乙: 【弃牌】S010',
    '甲: 【弃牌】S001',    // refused: not an equipment card
    '甲: 【弃牌】S054']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_CARD']);
  assert.deepEqual([pl(s, '甲').hp, pl(s, '乙').hand.length], [4, 1]);
});

test('骁果\'s cost with a computer player: the bot pays with its basic card even when its cheapest card is not one (S001 决斗 is its cheapest)', () => {
  // 乙 holds S001 ♠A 决斗 and S010 ♠5 杀; accepting 骁果 opens the cost prompt, which takes only a basic card. The bot's first
  // candidate is its cheapest card; the engine refuses a non-basic one, so the bot goes on to the next.
  const s = play([...head('S037', 'S001 S010'), '甲: 【结束】', '乙: 【技能】骁果']);
  assert.equal(s.ask?.about?.skill, '骁果');
  assert.deepEqual(s.ask?.seats, [1]);
  assert.equal(botMove(s, 1), '【弃牌】S010');
});
