/** D9.6 `/leaderboard [scope]` and `/rating [user]`: the service's boards and cards, the chart as a PNG. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leaderboard } from '../../commands/platform/leaderboard.ts';
import { rating } from '../../commands/platform/rating.ts';
import { GameService, type GameModule } from '../../src/platform/session/index.ts';
import type { SlashContext, AnswerMessage } from '../../src/platform/slash/index.ts';
import type { Result } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { count21 } from '../games/count21/module.ts';
import { FakeChat, T0, alice, bob } from '../helpers/live.ts';

function ctx(svc: GameService, opts: Record<string, string>, user: { id: string; name: string } | null, out: { text: string; images: number }[]): SlashContext {
  return {
    service: svc, channelId: 'chan', user: alice, lang: 'zh', game: null,
    interaction: { options: { getUser: () => (user ? { id: user.id, globalName: user.name, username: user.name } : null) } },
    t: (zh: string) => zh,
    string: (k: string) => opts[k] ?? null,
    answer: async (m: AnswerMessage) => { out.push({ text: m.text, images: m.images?.length ?? 0 }); },
    result: async (r: Result<unknown>) => { out.push({ text: r.text, images: 0 }); },
  } as unknown as SlashContext;
}

test('D9.6 /leaderboard and /rating answer from the ratings tables', async () => {
  const store = new Store(':memory:');
  const g = store.createGame({ kind: 'duel', channelId: 'c0', mapPath: 'maps/europe.json', mapId: 'europe', settings: {}, live: {}, creator: 'u', judges: [], createdAt: 1 });
  store.rateGame({ kind: 'duel', gameId: g.id, channelId: 'c0', scope: 'discord:9', at: 5, how: 'capital', a: { id: `discord:${alice.id}`, name: 'Alice', seat: 'A' }, b: { id: `discord:${bob.id}`, name: 'Bob', seat: 'B' }, scoreA: 1 });
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), games: [count21 as GameModule<unknown>], renderer: null, logError: () => undefined, ratingScope: () => 'discord:9' });
  const out: { text: string; images: number }[] = [];
  await leaderboard.execute(ctx(svc, {}, null, out));
  assert.match(out[0]!.text, /排行榜（本服务器）\n1\. Alice 1032\? · 1局 · 1胜0平0负\n2\. Bob 968\?/);
  await leaderboard.execute(ctx(svc, { scope: 'global' }, null, out));
  assert.match(out[1]!.text, /排行榜（全部）/);
  await rating.execute(ctx(svc, {}, bob, out));
  assert.match(out[2]!.text, /^Bob：等级分 968\? · 第2名（共2人）/);
  assert.equal(out[2]!.images, 1, 'the history chart');
  await rating.execute(ctx(svc, {}, { id: 'u-new', name: 'New' }, out));
  assert.match(out[3]!.text, /New：等级分 1000\?（还没有排位赛）/);
  assert.equal(out[3]!.images, 0);
  svc.close();
});
