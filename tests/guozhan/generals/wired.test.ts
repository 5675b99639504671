/**
 * The standard skills in real games (issue 19): the engine registers them when it loads, so a game played through
 * the engine alone (no test helper registering anything) hears them with skills=on, and never with skills=off.
 * This file imports only the engine and the transcript runner. Seats 甲 乙 丙 丁; 乙 = 曹操+许褚 (奸雄).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runGuozhanTranscript } from '../../../src/games/guozhan/transcript.ts';

const lines = (skills: 'on' | 'off') => ['@game guozhan', '@seats 甲 乙 丙 丁', `@set blindOrder=held skills=${skills}`,
  '@generals 甲=刘备+关羽 乙=曹操+许褚 丙=孙权+周泰 丁=吕布+貂蝉', '@hand 甲=S014', '@hand 乙=S084', '@deck S041 S043',
  '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】'].join('\n');

test('skills=on: a real game asks 乙 about 奸雄 after the 杀 hits (H-WEI-01), and accepting takes the 杀', () => {
  const s = runGuozhanTranscript('wired.txt', lines('on') + '\n乙: 【技能】奸雄').state;
  assert.deepEqual(s.commands.filter((c) => !c.ok), []);
  assert.deepEqual(s.players[1]!.hand, ['S084', 'S014']);
  assert.ok(s.log.some((r) => r.t === 'skill' && r.skill === '奸雄'));
});

test('skills=off: the same game asks nothing after the hit; the 杀 is discarded and 甲 is back in its play phase', () => {
  const s = runGuozhanTranscript('wired.txt', lines('off')).state;
  assert.equal(s.ask?.kind, 'play');
  assert.ok(s.discardPile.includes('S014'));
  assert.ok(!s.log.some((r) => r.t === 'skill'));
});
