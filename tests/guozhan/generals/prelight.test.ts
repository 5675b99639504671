/**
 * G13.5 prelight (预亮): per player and per hidden triggered skill a private `autoAsk` flag, on by default; when off,
 * the engine never asks about that skill while its general is hidden. `【预亮】K 开|关`, at any time (X6.3).
 * Seats 甲 乙 丙 丁; 乙 = 曹操+许褚 (奸雄 after damage). 甲 hits 乙 with S014 ♠7 杀.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, refusals } from './helpers.ts';
import { stateJson } from '../../../src/games/guozhan/view.ts';

const HEAD = (revealed = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉', ...(revealed ? [`@revealed ${revealed}`] : []),
  '@hand 甲=S014', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043'];

test('G13.5: 奸雄 prelit off while 曹操 is hidden — no ask after the hit; the flag is private (its row and the view are 乙\'s only)', () => {
  const s = play([...HEAD(), '乙: 【预亮】奸雄 关', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(s.ask?.kind, 'play');
  assert.ok(s.discardPile.includes('S014'));
  assert.deepEqual(s.commands.find((c) => c.kind === 'prelight')!.to, [1]);
  assert.deepEqual((stateJson(s, 1) as { seats: { noAsk?: string[] }[] }).seats[1]!.noAsk, ['奸雄']);
  assert.equal((stateJson(s, 0) as { seats: { noAsk?: string[] }[] }).seats[1]!.noAsk, undefined);
});

test('G13.5: turned back on (even while a step waits on another prompt) it is asked again; a revealed 曹操 is asked whatever the flag', () => {
  let s = play([...HEAD(), '乙: 【预亮】奸雄 关', '甲: 【不出】', '乙: 【预亮】奸雄 开', '甲: 【杀】S014→乙', '乙: 【不出】']);
  noRefusals(s);
  assert.equal(s.ask?.about?.skill, '奸雄');
  s = play([...HEAD('乙=主将'), '乙: 【预亮】奸雄 关', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】']);
  assert.equal(s.ask?.about?.skill, '奸雄');
});

test('G13.5: a skill that is not one of the speaker\'s triggered skills is refused (UNKNOWN_SKILL), naming those it could set', () => {
  const s = play([...HEAD(), '乙: 【预亮】遗计 关', '乙: 【预亮】奸雄 关']);
  assert.deepEqual(refusals(s).map((r) => r.split(':')[1]), ['UNKNOWN_SKILL']);
  assert.match(s.commands.find((c) => !c.ok)!.message!, /奸雄/);
  assert.deepEqual(pl(s, '乙').noAsk, ['奸雄']);
});
