/**
 * Europe Duel through the unchanged platform: the live service hosts it beside New European War. Orders are private, ready resolves, the 30 s
 * deadline resolves, a seat's view hides the other side's orders (D2.4), and a restart rebuilds the duel.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { FakeChat, T0, TINY, alice, bob, judy } from '../helpers/live.ts';

let n = 0;
const say = (svc: GameService, user: { id: string; name: string }, text: string) => svc.handleMessage({ channelId: 'd1', userId: user.id, userName: user.name, text, messageId: `duel-${++n}` });

test('D2/D10.1 a duel on the platform: private orders, ready, the deadline, secrecy, WRONG_GAME, NOT_YOUR_COUNTRY, restart', async () => {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, games: [neuwar, duel], renderer: null, logError: () => undefined });
  await svc.startUp();
  const c = await svc.createGame('d1', judy, { game: 'duel', map: TINY });
  assert.equal(c.ok, true, c.text);
  assert.equal((await svc.join('d1', alice, '红方')).ok, true);
  assert.equal((await svc.join('d1', bob, 'B')).ok, true);
  assert.equal((await svc.start('d1', judy)).ok, true);
  const s = (await svc.stateOf('d1')) as DuelState;
  const capA = s.capitals.A;
  // D10.3 step 2: the start names both sides with their colour, player and ★ capital, and gives the seed's tips.
  const start = chat.posts('d1').join('\n');
  assert.match(start, /欧陆对决开始/);
  const tiny = loadMapFile(TINY);
  const name = (id: string) => tiny.territory.get(id)!.name.zh;
  assert.match(start, new RegExp(`红方（红色）：${alice.name} · 首都 ★${name(s.capitals.A)}`));
  assert.match(start, new RegExp(`蓝方（蓝色）：${bob.name} · 首都 ★${name(s.capitals.B)}`));
  assert.match(start, /别让首都空着.*中欧最富.*奇袭/);
  const to = duelGraph(loadMapFile(TINY)).landNbrs.get(capA)![0]!;

  chat.clear();
  const r = await say(svc, alice, `【调兵】${capA}→${to} 一半`);
  assert.equal(r.ok, true, r.text);
  assert.equal(r.private, true, 'an order is answered privately (D2.4)');
  assert.equal(chat.posts('d1').filter((p) => p.includes('→')).length, 0, 'nothing of it in the channel');
  assert.match((await say(svc, bob, '【宣战】乙国向甲国宣战')).code ?? '', /WRONG_GAME/);
  assert.equal((await say(svc, judy, `【调兵】${capA}→${to}`)).code, 'NOT_YOUR_COUNTRY');
  // Secrecy: Bob's view of the duel has no orders of Alice's.
  const bobView = (await svc.seatView('d1', bob.id)) as { orders: Record<'A' | 'B', { from: string }[]> };
  assert.deepEqual(bobView.orders.A, []);
  assert.deepEqual(((await svc.seatView('d1', alice.id)) as typeof bobView).orders.A.map((o) => o.from), [capA]);

  await say(svc, alice, '【准备】');
  await say(svc, bob, '【完成】');
  assert.equal(((await svc.stateOf('d1')) as DuelState).turn, 2, 'both ready: resolved at once');
  assert.equal(((await svc.stateOf('d1')) as DuelState).owner[to], 'A', 'half of 10 takes a neutral of 1–3');
  assert.match(chat.posts('d1').join('\n'), /第1回合结算/);

  // Turn 2: nobody acts; the 30 s deadline resolves it.
  await clock.advance(30_000);
  assert.equal(((await svc.stateOf('d1')) as DuelState).turn, 3);
  const before = JSON.stringify((await svc.stateOf('d1')));
  svc.close();

  const again = new GameService({ store, clock: new VirtualClock(clock.now()), chat: new FakeChat(), games: [neuwar, duel], renderer: null, logError: () => undefined });
  await again.startUp();
  assert.equal(JSON.stringify((await again.stateOf('d1'))), before, 'rebuilt from its log');
  assert.equal((await again.gameOf('d1'))?.kind, 'duel');
  again.close();
});

test('D10.4 computer against computer: a duel over at its start is archived at once, unless /arena tells it first and ends it', async () => {
  const store = new Store(':memory:');
  const chat = new FakeChat();
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat, games: [neuwar, duel], renderer: null, logError: () => undefined });
  await svc.startUp();
  for (const [ch, settings] of [['plain', {}], ['arena', { via: 'arena' }]] as const) {
    assert.equal((await svc.createGame(ch, judy, { game: 'duel', map: TINY, settings: { ...settings } })).ok, true);
    assert.equal((await svc.fillBots(ch, judy, 2, 'greedy')).ok, true);
    assert.equal((await svc.start(ch, judy)).ok, true);
  }
  // Two greedy bots resolve every turn at its opening: the plain game is over and archived with its result posted.
  assert.equal((await svc.gameOf('plain'))?.status, 'ended', 'a bot game made with /game new does not stay "running" for ever');
  assert.match(chat.posts('plain').join('\n'), /胜|平局|结束/);
  // The arena's game waits for its host (the command tells the turns, then ends it).
  assert.equal((await svc.gameOf('arena'))?.status, 'running');
  assert.equal((await svc.end('arena', judy)).ok, true);
  assert.equal((await svc.gameOf('arena'))?.status, 'ended');
  await svc.close();
});
