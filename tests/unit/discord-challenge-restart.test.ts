/**
 * duel.md D10.3.1 across a restart: an open `/duel opponent:@乙` challenge lives in the store's meta table, so 乙's
 * 接受 after the bot restarted still starts the duel within challengeSeconds = 300; a challenge that lapsed meanwhile
 * answers NO_SUCH_REQUEST as before, and the restarted bot still takes the lapsed one's buttons away.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { OPEN_CHALLENGES_KEY } from '../../src/games/duel/slash/challenge.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { T0, fakeRenderer } from '../helpers/live.ts';
import { APP, CHANNEL, answers, buttonIds, click, harness, slash, user, type Harness } from '../helpers/discord.ts';

const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const EVE = { id: '100000000000000005', name: 'eve' };

const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.destroy();
});

interface Bot extends Harness { svc: GameService; timers: { at: number; fn: () => void }[]; settle(): Promise<void> }

/** One run of the bot on `store` (a restart is a new one on the same store), its clock at `now.t`. */
function boot(store: Store, now: { t: number }): Bot {
  const timers: { at: number; fn: () => void }[] = [];
  let svc!: GameService;
  const h = harness((chat) => (svc = new GameService({ store, clock: new VirtualClock(now.t), chat, games: GAMES, renderer: fakeRenderer(), logError: () => undefined })), COMMANDS, clients, {
    now: () => now.t, timer: (ms, fn) => timers.push({ at: now.t + ms, fn }),
  });
  return { ...h, svc, timers, settle: async () => { await h.bot.idle(); await svc.idle(); } };
}

async function challenge(h: Bot, by: typeof ALICE, to: typeof BOB) {
  slash(h, by, 'duel', [{ name: 'opponent', type: 6, value: to.id }], { users: [user(to.id, to.name)] });
  await h.settle();
  const post = h.discord.posts().filter((p) => buttonIds(p).some((id) => id.startsWith('duel-challenge:'))).at(-1)!;
  assert.ok(post, 'the challenge is posted');
  const [accept] = buttonIds(post);
  return { accept: accept!, messageId: post.id!, text: String(post.body!.content) };
}

test('D10.3.1 a challenge survives a restart: 接受 on the restarted bot within 300 s opens the thread and starts the duel, the challenger as A', async () => {
  const store = new Store(':memory:');
  const now = { t: T0 };
  const first = boot(store, now);
  const c = await challenge(first, ALICE, BOB);
  assert.deepEqual(JSON.parse((await store.getMeta(OPEN_CHALLENGES_KEY))!).length, 1, 'listed as open in the store');
  await first.svc.close();

  now.t = T0 + 200_000; // 200 s later, after a restart
  const second = boot(store, now);
  const yes = click(second, BOB, c.accept, c.messageId, { content: c.text });
  await second.settle();
  assert.ok(second.discord.find((x) => x.method === 'POST' && x.path === `/channels/${CHANNEL}/messages/${c.messageId}/threads`), 'the thread opens on the challenge');
  const thread = '910000000000000001';
  const g = (await second.svc.gameOf(thread))!;
  assert.equal(g?.status, 'running');
  assert.deepEqual(g.players.map((p) => [p.country, p.userId]), [['A', ALICE.id], ['B', BOB.id]]);
  assert.equal(((await second.svc.stateOf(thread)) as DuelState).rated, true);
  const edit = second.discord.find((x) => x.method === 'PATCH' && x.path === `/webhooks/${APP}/tok-${yes}/messages/@original`);
  assert.match(String(edit?.body?.content), /✅ bob 接受了挑战/);
  assert.deepEqual(JSON.parse((await store.getMeta(OPEN_CHALLENGES_KEY))!), [], 'answered: no longer open');

  // Pressed again, on a third run: answered is answered.
  await second.svc.close();
  const third = boot(store, now);
  const again = click(third, BOB, c.accept, c.messageId, { content: c.text });
  await third.settle();
  assert.match(answers(third, again).texts.join('\n'), /NO_SUCH_REQUEST：没有等待你回答的挑战/);
  assert.equal((await third.svc.listGames()).length, 1, 'no second duel');
});

test('D10.3.1 after a restart a lapsed challenge is NO_SUCH_REQUEST, and the restarted bot removes its buttons at its first /duel or press', async () => {
  const store = new Store(':memory:');
  const now = { t: T0 };
  const first = boot(store, now);
  const lapsing = await challenge(first, ALICE, BOB);
  now.t = T0 + 100_000;
  const open = await challenge(first, EVE, { id: '100000000000000006', name: 'zoe' });
  await first.svc.close();

  now.t = T0 + 301_000; // the first lapsed during the restart; the second has 99 s left
  const second = boot(store, now);
  const late = click(second, BOB, lapsing.accept, lapsing.messageId, { content: lapsing.text });
  await second.settle();
  assert.match(answers(second, late).texts.join('\n'), /NO_SUCH_REQUEST：这个挑战已经过期了/);
  assert.equal((await second.svc.listGames()).length, 0);
  // The press armed the restored challenges' lapse timers: the lapsed one at once, the other at its own time.
  const due = second.timers.map((t) => t.at - now.t).sort((a, b) => a - b);
  assert.deepEqual(due, [0, 99_000]);
  now.t = T0 + 400_001;
  for (const t of second.timers) t.fn();
  await second.settle();
  await new Promise((r) => setTimeout(r, 20));
  const lapsed = second.discord.find((x) => x.method === 'PATCH' && x.path === `/channels/${CHANNEL}/messages/${open.messageId}`);
  assert.match(String(lapsed?.body?.content), /⌛ 挑战已过期/);
  assert.deepEqual(lapsed?.body?.components, [], 'its buttons are gone');
  assert.deepEqual(JSON.parse((await store.getMeta(OPEN_CHALLENGES_KEY))!), []);
});
