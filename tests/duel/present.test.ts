/**
 * duel.md D10.3.3 through the live service: after each resolution a text summary in the channel — every resolution,
 * also when one message resolves two turns (【准备】 twice against a bot: the bot is ready again as soon as turn 2
 * opens), each summary written from its own turn's state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { duel } from '../../src/games/duel/module.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { FakeChat, T0, TINY, alice, fakeRenderer, judy } from '../helpers/live.ts';

async function againstBot(settings: Record<string, unknown> = {}) {
  const chat = new FakeChat();
  const svc = new GameService({ store: new Store(':memory:'), clock: new VirtualClock(T0), chat, games: [duel], renderer: fakeRenderer(), logError: () => undefined });
  await svc.startUp();
  assert.ok((await svc.createGame('d', judy, { game: 'duel', map: TINY, settings: { seed: 7, ...settings } })).ok);
  assert.ok((await svc.join('d', alice, 'A')).ok);
  assert.ok((await svc.seatBot('d', judy, 'B', 'greedy')).ok);
  assert.ok((await svc.start('d', judy)).ok);
  await svc.idle();
  chat.clear();
  return { svc, chat };
}

test('D10.3.3 one message resolving two turns (【准备】【准备】 against a bot) posts both turns\' summaries, in order, each with its own scores', async () => {
  const { svc, chat } = await againstBot();
  const r = await svc.handleMessage({ channelId: 'd', userId: alice.id, userName: alice.name, text: '【准备】【准备】', messageId: 'm1' });
  assert.equal(r.ok, true, r.text);
  await svc.idle();
  assert.equal(((await svc.stateOf('d')) as DuelState).turn, 3, 'two turns resolved');
  const summaries = chat.posts('d').filter((p) => /回合结算/.test(p));
  assert.deepEqual(summaries.map((p) => /第(\d+)回合结算/.exec(p)![1]), ['1', '2'], 'turn 1\'s summary is not lost');
  // Each is its own turn's: replaying the same two turns one message at a time posts the same two texts.
  const one = await againstBot();
  await one.svc.handleMessage({ channelId: 'd', userId: alice.id, userName: alice.name, text: '【准备】', messageId: 'a' });
  await one.svc.handleMessage({ channelId: 'd', userId: alice.id, userName: alice.name, text: '【准备】', messageId: 'b' });
  await one.svc.idle();
  assert.deepEqual(one.chat.posts('d').filter((p) => /回合结算/.test(p)), summaries);
});

test('D10.3.3 the map of a batch comes once (drawn from the board as it is now), when one of its turns called for it (mapEvery)', async () => {
  const { svc, chat } = await againstBot({ mapEvery: 1 });
  await svc.handleMessage({ channelId: 'd', userId: alice.id, userName: alice.name, text: '【准备】【准备】', messageId: 'm1' });
  await svc.idle();
  const posts = chat.log.filter((x) => x.kind === 'post' && x.channelId === 'd');
  assert.deepEqual(posts.filter((x) => /回合结算/.test(x.msg.text)).map((x) => /第(\d+)回合/.exec(x.msg.text)![1]), ['1', '2']);
  const maps = posts.filter((x) => x.msg.images?.length);
  assert.equal(maps.length, 1, 'one map for the two turns');
  assert.match(maps[0]!.msg.images![0]!.name, /turn3/, 'the board as it stands, turn 3 open');
});
