/**
 * Issue 20, the channel's feed of a 国战 table: each action is said once. A computer's 【杀】 used to show twice — the
 * platform posts an accepted command's public answer (its first table line) and then the game's post repeated that
 * line (present) — and so did a person's. Bots play on while 甲 lets its prompts time out; no two posts in a row
 * share a line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { guozhan } from '../../src/games/guozhan/module.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { FakeChat, T0, alice, judy } from '../helpers/live.ts';

test('issue 20 feed: a bot\'s 【杀】 (and every other action) is said once in the channel', async () => {
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = new GameService({ store: new Store(':memory:'), clock, chat, games: [neuwar, guozhan], renderer: null, logError: () => undefined });
  await svc.startUp();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 4, autopilotAfter: 50 } });
  await svc.join('gz', alice, '甲');
  await svc.handleMessage({ channelId: 'gz', userId: judy.id, userName: judy.name, text: '【机器人】乙 丙 丁', messageId: 'f1' });
  // Computer players go by readable names, one a seat (not their style's 标准).
  const names = ((await svc.gameOf('gz'))!.players).map((p) => p.name).sort();
  assert.deepEqual(names, ['Alice', '机器人丁', '机器人丙', '机器人乙'].sort());
  await svc.start('gz', judy);
  await svc.idle();
  assert.match(chat.posts('gz').join('\n'), /2\. .：机器人.|\d\. 乙：机器人乙/, 'the seat list at the start');
  for (let k = 0; k < 8; k++) {
    const s = (await svc.stateOf('gz')) as State;
    if (s.status === 'ended') break;
    await clock.advance(Math.max(1, s.ask!.deadline - clock.now()));
    await svc.idle();
  }
  const posts = chat.posts("gz");
  assert.ok(posts.some((p) => /🤖 .（机器人）：【.*杀】/.test(p)), 'a bot used a 杀');
  // The bug's shape: an answer (one line) and the next post opening with that same line.
  for (let i = 0; i + 1 < posts.length; i++) {
    const first = posts[i + 1]!.split('\n')[0];
    assert.notEqual(first, posts[i], `said twice: ${posts[i]}`);
  }
  await svc.close();
});
