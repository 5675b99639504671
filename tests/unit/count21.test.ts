/**
 * A second game on the unchanged platform: Count to 21 (tests/games/count21) hosted by the live service beside
 * New European War, through chat messages, the virtual clock, a restart and the local web channel.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { GameService, rebuildGame } from '../../src/platform/session/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import type { Reply } from '../../src/platform/chat/index.ts';
import { startLocal, type LocalHandle, type ServerMsg } from '../../src/platform/adapters/local/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import type { GameState } from '../../src/games/neuwar/engine/index.ts';
import { count21, Count21Rules, TURN_MS, type Count21, type CountEntry } from '../games/count21/module.ts';
import { FakeChat, T0, TINY, alice, bob, carol, judy } from '../helpers/live.ts';

const GAMES = [neuwar, count21];

function service(store: Store, clock: VirtualClock, chat: FakeChat): GameService {
  return new GameService({ store, clock, chat, games: GAMES, renderer: null, sweepMs: 30_000, logError: () => undefined });
}

let n = 0;
const say = (svc: GameService, ch: string, user: { id: string; name: string }, text: string): Promise<Reply> =>
  svc.handleMessage({ channelId: ch, userId: user.id, userName: user.name, text, messageId: `c21-${++n}` });

const c21 = async (svc: GameService, ch: string) => (await svc.stateOf(ch)) as Count21;

async function startCount21(svc: GameService, ch: string, settings: Record<string, unknown> = {}): Promise<void> {
  const c = await svc.createGame(ch, judy, { game: 'count21', settings });
  assert.equal(c.ok, true, c.text);
  assert.equal((await svc.join(ch, alice, '甲')).ok, true);
  assert.equal((await svc.join(ch, bob, 'B')).ok, true);
  const s = await svc.start(ch, judy);
  assert.equal(s.ok, true, s.text);
}

test('count21 through the live service: refusals, the deadline, a restart, the end — beside a New European War game', async () => {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  let svc = service(store, clock, chat);
  await svc.startUp();
  const ch = 'count-ch';
  await startCount21(svc, ch);
  assert.equal((await svc.gameOf(ch))?.kind, 'count21');
  assert.match(chat.posts(ch).join('\n'), /数到21开始！甲先数。\n· 甲：Alice\n· 乙：Bob/);

  // New European War in another channel of the same service.
  assert.equal((await svc.createGame('war-ch', judy, { map: TINY })).ok, true);
  assert.equal((await svc.join('war-ch', alice, '甲国')).ok, true);
  assert.equal((await svc.join('war-ch', carol, '乙国')).ok, true);
  assert.equal((await svc.start('war-ch', judy)).ok, true);
  assert.equal((await svc.gameOf('war-ch'))?.kind, 'neuwar');

  // Refusals: coded, answered to the speaker alone, nothing changed.
  chat.clear();
  const before = JSON.stringify((await c21(svc, ch)));
  const notYours = await say(svc, ch, bob, '【数】1');
  assert.equal(notYours.ok, false);
  assert.equal(notYours.code, 'NOT_YOUR_TURN');
  assert.equal(notYours.private, true);
  assert.match(notYours.text, /现在轮到甲/);
  const judge = await say(svc, ch, judy, '【数】1');
  assert.equal(judge.code, 'NOT_YOUR_TURN', 'a judge holds no seat, so it is never the judge\'s turn');
  const tooMany = await say(svc, ch, alice, '【count】4');
  assert.equal(tooMany.code, 'BAD_COUNT');
  assert.match(tooMany.text, /1、2或3/);
  assert.equal(JSON.stringify((await c21(svc, ch))), before);
  assert.deepEqual(chat.posts(ch), [], 'a refusal is never posted in the channel');
  assert.deepEqual(chat.privates(bob.id).map((p) => p.msg.text), [notYours.text]);
  assert.deepEqual(chat.privates(alice.id).map((p) => p.msg.text), [tooMany.text]);
  // Chat that is not a count is not the game's.
  assert.equal((await say(svc, ch, alice, 'good luck')).handled, false);

  const three = await say(svc, ch, alice, '【数】3');
  assert.equal(three.ok, true, three.text);
  assert.ok(chat.posts(ch).includes('甲数3，总数3'), 'a count is answered in the channel');
  assert.equal((await c21(svc, ch)).toMove, 'B');

  // The deadline: 乙's minute runs out and the clock counts 1 for 乙, logged like a message.
  chat.clear();
  await clock.advance(TURN_MS - 1000);
  assert.equal((await c21(svc, ch)).total, 3, 'not before the minute is up');
  await clock.advance(1000);
  await svc.idle();
  assert.equal((await c21(svc, ch)).total, 4);
  assert.equal((await c21(svc, ch)).toMove, 'A');
  assert.ok(chat.posts(ch).includes('⏰ 乙超时，自动数1，总数4'), chat.posts(ch).join('\n'));
  const gameId = (await svc.gameOf(ch))!.id;
  const auto = store.entries(gameId).map((e) => e.entry as CountEntry).filter((e) => e.type === 'count' && e.auto);
  assert.deepEqual(auto.map((e) => [e.seat, e.n, e.at]), [['B', 1, T0 + TURN_MS]]);
  assert.deepEqual((await c21(svc, ch)), rebuildGame(store, gameId, new Count21Rules(), false).game, 'the log alone rebuilds the game');

  // A restart: a new service on the same store holds both games as they were.
  const held = JSON.stringify((await c21(svc, ch)));
  const war = JSON.stringify((await svc.stateOf('war-ch')));
  svc.close();
  svc = service(store, clock, chat);
  await svc.startUp();
  assert.equal(JSON.stringify((await c21(svc, ch))), held);
  assert.equal(JSON.stringify((await svc.stateOf('war-ch'))), war);
  assert.equal((await svc.gameOf(ch))?.kind, 'count21');

  // The neuwar game plays on beside it.
  const decl = await say(svc, 'war-ch', alice, '【宣战】甲国向乙国宣战');
  assert.equal(decl.ok, true, decl.text);
  assert.equal(((await svc.stateOf('war-ch')) as GameState).wars.length, 1);
  const stray = await say(svc, 'war-ch', alice, '【数】1');
  assert.equal(stray.ok, false, 'a count is no New European War command: its parser refuses it');
  assert.equal((await c21(svc, ch)).total, 4, 'and it never reaches the count21 game of another channel');

  // Play to the end: 4 → 7 10 13 16 19 20 21, and 甲 brings it to 21.
  chat.clear();
  for (const [u, k] of [[alice, 3], [bob, 3], [alice, 3], [bob, 3], [alice, 3], [bob, 1], [alice, 1]] as const) {
    const r = await say(svc, ch, u, `【数】${k}`);
    assert.equal(r.ok, true, r.text);
  }
  await svc.idle();
  const posts = chat.posts(ch);
  assert.ok(posts.includes('💥 总数21，到了21：甲输，乙赢！'), posts.join('\n'));
  assert.ok(posts.includes('🏁 游戏结束！\n胜者：乙'), posts.join('\n'));
  const listed = (await svc.listGames()).find((g) => g.channelId === ch)!;
  assert.equal(listed.status, 'ended');
  assert.equal(listed.kind, 'count21');
  // The list gives an archived game's row only (no winner, as for New European War); the channel's game has it.
  assert.deepEqual((await svc.gameOf(ch))?.winner, ['B']);
  assert.deepEqual((await svc.rulesOf(ch))!.result((await c21(svc, ch))), [{ seat: 'B', place: 1 }, { seat: 'A', place: 2 }]);
  // The ended game is archived: the platform refuses what follows before the game sees it.
  const late = await say(svc, ch, bob, '【数】1');
  assert.equal(late.code, 'GAME_NOT_RUNNING');
  assert.equal((await svc.listGames()).find((g) => g.channelId === 'war-ch')!.status, 'running');
  assert.equal(clock.pending().length > 0, true, 'the neuwar game still has its clock');
  svc.close();
  store.close();
});

test('count21 in English, its settings checked, and a count after the end refused GAME_OVER by the game itself', async () => {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = service(store, clock, chat);
  await svc.startUp();
  const bad = await svc.createGame('x', judy, { game: 'count21', settings: { turnSeconds: 30 } });
  assert.equal(bad.ok, false);
  assert.equal(!bad.ok && bad.code, 'BAD_SETTINGS');
  await startCount21(svc, 'en-ch', { language: 'en' });
  const r = await say(svc, 'en-ch', bob, '【count】2');
  assert.equal(r.code, 'NOT_YOUR_TURN');
  assert.equal(r.items[0]?.text, "not your turn: it is A's turn to count");
  const unknown = await svc.createGame('y', judy, { game: 'chess' });
  assert.equal(!unknown.ok && unknown.code, 'UNKNOWN_GAME');
  svc.close();
  store.close();

  // The live service archives a game as it ends, so GAME_OVER is the game's own guard, seen by folding directly.
  const rules = new Count21Rules();
  let g = rules.apply(null, rules.setup(['A', 'B'], { language: 'zh' }, 7, 0)).game!;
  assert.equal(g.seed, 7, 'the start entry keeps the seed');
  for (let i = 0; rules.phase(g) !== 'ended'; i++) g = rules.apply(g, { type: 'count', at: 0, seat: g.toMove, n: 3 }).game!;
  const over = rules.apply(g, { type: 'count', at: 0, seat: g.toMove, n: 1 }).step!;
  assert.equal(over.answer?.code, 'GAME_OVER');
  assert.equal(rules.timers(g), null, 'an ended game has no deadline');
});

// ── the local web channel ──

interface Client { ws: WebSocket; msgs: ServerMsg[]; userId: string; send(m: object): void; wait(pred: (m: ServerMsg) => boolean): Promise<ServerMsg>; close(): void }

async function client(url: string, name: string): Promise<Client> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + 'ws');
  const msgs: ServerMsg[] = [];
  const used = new Set<ServerMsg>();
  const waiters: { pred: (m: ServerMsg) => boolean; res: (m: ServerMsg) => void }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as ServerMsg;
    msgs.push(m);
    for (const w of [...waiters]) if (!used.has(m) && w.pred(m)) { used.add(m); waiters.splice(waiters.indexOf(w), 1); w.res(m); }
  });
  await new Promise<void>((res, rej) => { ws.once('open', () => res()); ws.once('error', rej); });
  const wait = (pred: (m: ServerMsg) => boolean) => new Promise<ServerMsg>((res, rej) => {
    const found = msgs.find((m) => !used.has(m) && pred(m));
    if (found) { used.add(found); res(found); return; }
    const t = setTimeout(() => rej(new Error('timed out waiting for a server message')), 3000);
    waiters.push({ pred, res: (m) => { clearTimeout(t); res(m); } });
  });
  const c: Client = { ws, msgs, userId: '', send: (m) => ws.send(JSON.stringify(m)), wait, close: () => ws.close() };
  c.send({ t: 'hello', name });
  const w = await wait((m) => m.t === 'welcome');
  if (w.t === 'welcome') c.userId = w.userId;
  return c;
}

let aid = 0;
async function act(c: Client, m: Record<string, unknown>): Promise<Extract<ServerMsg, { t: 'ack' }>> {
  const id = `a${++aid}`;
  c.send({ ...m, id });
  return (await c.wait((x) => x.t === 'ack' && x.id === id)) as Extract<ServerMsg, { t: 'ack' }>;
}

describe('count21 over the local web channel', () => {
  let h: LocalHandle<GameService>;
  let store: Store;
  before(async () => {
    store = new Store(':memory:');
    const clock = new VirtualClock(T0);
    h = await startLocal({
      port: 0, host: '127.0.0.1', log: () => undefined, feedDir: null,
      service: async (chat) => {
        const svc = new GameService({ store, clock, chat, games: GAMES, renderer: null, logError: () => undefined });
        await svc.startUp();
        return svc;
      },
    });
  });
  after(async () => {
    await h.close();
    h.service.close();
    store.close();
  });

  test('the create frame chooses the kind; two users count over the socket', async () => {
    const ann = await client(h.url, 'Ann');
    const ben = await client(h.url, 'Ben');
    const created = await act(ann, { t: 'create', game: 'count21' });
    assert.equal(created.ok, true, created.text);
    const ch = created.channelId!;
    assert.equal((await h.service.gameOf(ch))?.kind, 'count21');
    for (const c of [ann, ben]) {
      c.send({ t: 'open', channelId: ch });
      await c.wait((m) => m.t === 'channel');
    }
    assert.equal((await act(ann, { t: 'join', channelId: ch, country: '甲' })).ok, true);
    assert.equal((await act(ben, { t: 'join', channelId: ch, country: '乙' })).ok, true);
    const s = await act(ann, { t: 'start', channelId: ch });
    assert.equal(s.ok, true, s.text);

    assert.equal((await act(ann, { t: 'say', channelId: ch, text: '【数】2' })).ok, true);
    await ben.wait((m) => m.t === 'msg' && m.m.text === '甲数2，总数2');
    const early = await act(ann, { t: 'say', channelId: ch, text: '【数】1' });
    assert.equal(early.ok, false);
    assert.equal(early.code, 'NOT_YOUR_TURN');
    assert.equal((await act(ben, { t: 'say', channelId: ch, text: '【count】3' })).ok, true);
    await ann.wait((m) => m.t === 'msg' && m.m.text === '乙数3，总数5');
    const bad = await act(ann, { t: 'say', channelId: ch, text: '【数】0' });
    assert.equal(bad.code, 'BAD_COUNT');
    assert.equal((await c21(h.service, ch)).total, 5);
    assert.equal((await c21(h.service, ch)).toMove, 'A');
    ann.close();
    ben.close();
  });
});
