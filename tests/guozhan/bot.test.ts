/**
 * The computer player (bot.ts) at a turn start's reveal (G13, G14, G16): it never reveals into careerism — except when
 * that is the only way the game can end. Seats 甲 乙 丙; 甲 = 刘备+关羽 (蜀), 乙 = 曹操+夏侯惇 (魏, hidden),
 * 丙 = 张辽+许褚 (魏). Three players: G14 makes a kingdom's second revealer its careerist (more than ⌊3/2⌋ = 1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play } from './generals/helpers.ts';
import { botMove } from '../../src/games/guozhan/bot.ts';

const lines = ['@game guozhan', '@seats 甲 乙 丙', '@set blindOrder=held', '@generals 甲=刘备+关羽 乙=曹操+夏侯惇 丙=张辽+许褚',
  '@hand 甲=S094', '@hand 乙=S095', '@hand 丙=S096', '甲: 【不出】', '甲: 【结束】'];

test('G14/G16 bot: hidden 魏 乙 does not reveal while 丙 is the revealed 魏 and 蜀 甲 lives (it would turn careerist for nothing)', () => {
  const s = play(lines);
  noRefusals(s);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['turnStart', [1]]);
  const c = pl(s, '丙');
  c.revealed = [true, true];
  c.kingdom = 'wei';
  // Turn 2 of 3 seats and full health: no reveal yet in any case; and revealing now would make 乙 a careerist.
  assert.equal(botMove(s, 1), '【不出】');
});

test('G14/G16 bot: when everyone else alive is a revealed 魏, hidden 魏 乙 reveals (as careerist) — hidden, no side could ever win', () => {
  const s = play(lines);
  const c = pl(s, '丙');
  c.revealed = [true, true];
  c.kingdom = 'wei';
  pl(s, '甲').alive = false;
  // 2 魏 of 3 seats > ⌊3/2⌋: a reveal makes 乙 the careerist, whom 丙 must then defeat (or be defeated by).
  assert.equal(botMove(s, 1), '【明置】全部');
});
