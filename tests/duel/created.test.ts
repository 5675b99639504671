/**
 * duel.md D10.3.2 / D10.4 / D10.6: a new duel's first message says what its way of starting needs. Only a duel made
 * with `/game new game:duel` is seated by /join and started by a judge's /start; a Discord challenge, `/duel bot:`,
 * the arena and the page's lobby seat their players themselves (options.ts `via`), so their message must not send
 * anyone to /join or /start. The arena is never rated (D10.4).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { duel } from '../../src/games/duel/module.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { FakeChat, T0, alice, bob, judy } from '../helpers/live.ts';

async function created(settings: Record<string, unknown>) {
  const chat = new FakeChat();
  const svc = new GameService({ store: new Store(':memory:'), clock: new VirtualClock(T0), chat, games: [duel], renderer: null, logError: () => undefined });
  await svc.startUp();
  const made = await svc.createGame('d', judy, { game: 'duel', settings });
  assert.ok(made.ok, made.text);
  return { svc, chat, text: made.text, posted: chat.posts('d')[0]! };
}

test('D10.3.2 a duel made with /game new tells its players to /join and a judge to /start', async () => {
  const c = await created({});
  assert.match(c.posted, /用 \/join 加入，裁判用 \/start 开始/);
  assert.equal(c.text, c.posted);
});

test('D10.3.2/D10.4/D10.6 a challenge, a game against the computer, the arena and the lobby never send anyone to /join or /start', async () => {
  const want: Record<string, RegExp> = {
    challenge: /^🆕 Judy的挑战已被接受：欧陆对决（地图：欧洲），双方座位已定，马上开始。$/,
    bot: /^🆕 Judy和电脑的欧陆对决（地图：欧洲）：座位已定，马上开始。$/,
    arena: /^🏟️ 竞技场：一局欧陆对决（地图：欧洲，不计等级分），双方座位已定，马上开始。$/,
    lobby: /^🆕 对决大厅开了一局欧陆对决（地图：欧洲）：座位由大厅的链接安排，双方到齐就自动开始。$/,
  };
  for (const [via, re] of Object.entries(want)) {
    const c = await created({ via });
    assert.match(c.posted, re, via);
    assert.doesNotMatch(c.posted, /\/join|\/start/, via);
  }
  const en = await created({ via: 'challenge', language: 'en' });
  assert.doesNotMatch(en.posted, /\/join|\/start/);
  assert.match(en.posted, /both seats are taken/);
});

test('D10.4 `via` is a setup option: checked, kept out of the game\'s settings, and an arena game is unrated even between two people on the defaults', async () => {
  const chat = new FakeChat();
  const svc = new GameService({ store: new Store(':memory:'), clock: new VirtualClock(T0), chat, games: [duel], renderer: null, logError: () => undefined });
  await svc.startUp();
  const bad = await svc.createGame('x', judy, { game: 'duel', settings: { via: 'carrier-pigeon' } });
  assert.deepEqual([bad.ok, !bad.ok && bad.code], [false, 'BAD_SETTINGS']);
  for (const [ch, via, rated] of [['a', 'arena', false], ['c', 'challenge', true]] as const) {
    assert.ok((await svc.createGame(ch, judy, { game: 'duel', settings: { via } })).ok);
    assert.ok((await svc.join(ch, ch === 'a' ? alice : { id: 'u-c1', name: 'C1' }, 'A')).ok);
    assert.ok((await svc.join(ch, ch === 'a' ? bob : { id: 'u-c2', name: 'C2' }, 'B')).ok);
    assert.ok((await svc.start(ch, judy)).ok);
    const s = (await svc.stateOf(ch)) as DuelState;
    assert.equal(s.rated, rated, via);
    assert.ok(!('via' in s.settings), 'not a setting of the game');
  }
});
