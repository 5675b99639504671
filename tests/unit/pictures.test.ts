/**
 * Pictures in the live service (issue 11 items 1 and 29): one map and one table per message, a per-user rate
 * limit, rendering outside the game lock, a bounded render queue where turn posts go first, and pictures of a
 * private query delivered privately.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeChat, T0, say, twoPlayerGame, alice, bob, sam, type Live } from '../helpers/live.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { GameService } from '../../src/games/index.ts';
import type { NeuwarRenderer as Renderer } from '../../src/games/neuwar/module.ts';
import { PictureRate, RenderQueue } from '../../src/platform/session/index.ts';
import type { GameState } from '../../src/games/neuwar/engine/index.ts';

/** A renderer whose pictures wait until the test opens the gate (or `delayMs` of real time passes). */
function gatedRenderer(opts: { delayMs?: number; open?: boolean } = {}) {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  let open = true;
  let running = 0;
  let done = 0;
  const wait = async () => {
    running++;
    try {
      if (opts.delayMs && !open) await new Promise((r) => setTimeout(r, opts.delayMs));
      else if (!open) await new Promise<void>((r) => waiting.push(r));
    } finally {
      running--;
      done++;
    }
  };
  const r: Renderer & { calls: string[]; release(): void; arm(): void; readonly running: number; readonly done: number } = {
    calls,
    async mapPng(_m, s: GameState, o) { calls.push(`map:${s.turn}:${o.region ?? ''}`); await wait(); return Buffer.from(`MAP${s.turn}`); },
    async scoresPng(_m, s: GameState) { calls.push(`scores:${s.turn}`); await wait(); return Buffer.from(`SCORES${s.turn}`); },
    release() { open = true; for (const w of waiting.splice(0)) w(); },
    /** From now on pictures wait (the game's start pictures are drawn at once). */
    arm() { open = opts.open ?? false; calls.length = 0; done = 0; },
    get running() { return running; },
    get done() { return done; },
  };
  return r;
}

type Gated = ReturnType<typeof gatedRenderer>;

async function setup(renderer: Gated, opts: { settings?: Record<string, unknown>; live?: Record<string, unknown>; queue?: { maxQueries?: number; concurrency?: number } } = {}) {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, renderer, sweepMs: 30_000, logError: () => undefined, ...(opts.queue ? { renderQueue: opts.queue } : {}) });
  await svc.startUp();
  const l = { store, clock, chat, svc, renderer } as unknown as Live;
  await twoPlayerGame(l, 'ch1', opts.settings ?? {}, opts.live ?? {});
  await svc.idle();
  chat.clear();
  renderer.arm();
  return { l, store, clock, chat, svc };
}

const watcher = (n: number) => ({ id: `u-watch-${n}`, name: `Watcher${n}` });
const picturePosts = (chat: FakeChat, ch = 'ch1') => chat.log.filter((p) => p.kind === 'post' && p.channelId === ch && p.msg.images?.length);
const queryRows = (store: Store) => store.entries(store.games()[0]!.id).filter((e) => (e.entry as { command?: { kind?: string } }).command?.kind === 'query');

test('item 1: one message with 200 【地图】 renders one map and answers the repeats once', async () => {
  const r = gatedRenderer({ open: true });
  // The parser refuses a message of more than maxCommandsPerMessage commands whole; let this one through.
  const { l, chat, svc, store } = await setup(r, { settings: { maxCommandsPerMessage: 300 } });
  const reply = await say(l, 'ch1', alice, '【地图】'.repeat(200));
  await svc.idle();
  assert.equal(reply.ok, true);
  assert.deepEqual(r.calls, ['map:1:'], 'one map rendered');
  assert.equal(picturePosts(chat).length, 1, 'one picture posted');
  assert.equal(reply.items.length, 1, 'the repeats are folded into one answer');
  assert.match(reply.text, /同一条消息里只发一张地图/);
  assert.equal(queryRows(store).length, 1, 'one query in the log, not 200');
  assert.equal(chat.posts('ch1').filter((t) => /地图/.test(t)).length, 1, 'one answer in the channel');

  const both = await say(l, 'ch1', bob, '【分数】【地图】【分数】');
  await svc.idle();
  assert.equal(both.ok, true);
  assert.deepEqual(r.calls.slice(1).sort(), ['map:1:', 'scores:1'], 'one map and one table for a message asking for both');
  assert.match(both.text, /同一条消息里只发一张分数表/);
});

test('item 1: with the default command limit, a message of 200 【地图】 is refused whole and draws nothing', async () => {
  const r = gatedRenderer({ open: true });
  const { l, svc, store } = await setup(r);
  const reply = await say(l, 'ch1', alice, '【地图】'.repeat(200));
  await svc.idle();
  assert.equal(reply.code, 'TOO_MANY_COMMANDS');
  assert.deepEqual(r.calls, []);
  assert.equal(queryRows(store).length, 0);
});

test('item 1: the 4th picture query within the window is RATE_LIMITED, says when to ask again, renders nothing and logs nothing', async () => {
  const r = gatedRenderer({ open: true });
  const { l, chat, svc, store, clock } = await setup(r);
  for (let i = 0; i < 3; i++) {
    const ok = await say(l, 'ch1', alice, i === 1 ? '【分数】' : '【地图】');
    await svc.idle();
    assert.equal(ok.ok, true, ok.text);
  }
  const rows = queryRows(store).length;
  chat.clear();
  const fourth = await say(l, 'ch1', alice, '【地图】', { messageId: 'flood-4' });
  await svc.idle();
  assert.equal(fourth.code, 'RATE_LIMITED');
  assert.match(fourth.text, /10秒后再/, 'says when to ask again');
  assert.equal(r.calls.length, 3, 'nothing rendered for the refusal');
  assert.equal(queryRows(store).length, rows, 'no log row for a refused picture query');
  assert.equal(store.handled('flood-4') !== null, true, 'the refusal is remembered as handled');
  assert.equal(picturePosts(chat).length, 0);
  assert.equal(chat.posts('ch1').some((t) => /RATE|频繁/.test(t)), false, 'the refusal is not shouted in the channel');

  // Other players are not limited by Alice's flood.
  assert.equal((await say(l, 'ch1', bob, '【地图】')).ok, true);
  await svc.idle();

  await clock.advance(10_000);
  const later = await say(l, 'ch1', alice, '【地图】');
  await svc.idle();
  assert.equal(later.ok, true, 'one more after 10 s');
  assert.equal((await say(l, 'ch1', alice, '【地图】')).code, 'RATE_LIMITED');
});

test('item 1: the rate limit is a live setting of the game', async () => {
  const r = gatedRenderer({ open: true });
  const { l, svc } = await setup(r, { live: { pictureBurst: 1, pictureRefillSeconds: 60 } });
  assert.equal((await say(l, 'ch1', alice, '【地图】')).ok, true);
  await svc.idle();
  const second = await say(l, 'ch1', alice, '【分数】');
  assert.equal(second.code, 'RATE_LIMITED');
  assert.match(second.text, /60秒后再/);
  const bad = await svc.createGame('ch9', alice, { live: { pictureBurst: 0 } });
  assert.equal(bad.ok ? '' : bad.code, 'BAD_SETTINGS');
});

test("item 1: a spectator's 【地图】 that takes 2 s to render does not hold up a player's 【状态】", async () => {
  const r = gatedRenderer({ delayMs: 2000 });
  const { l, chat, svc } = await setup(r);
  const t0 = performance.now();
  const look = say(l, 'ch1', sam, '【地图】');
  const status = await say(l, 'ch1', alice, '【状态】');
  const took = performance.now() - t0;
  assert.equal(status.ok, true);
  assert.ok(took < 1000, `【状态】 answered in ${Math.round(took)} ms`);
  assert.equal(r.done, 0, 'the map was still rendering when 【状态】 was answered');
  assert.equal((await look).ok, true);
  await svc.idle();
  const pics = chat.privates(sam.id).filter((p) => p.msg.images?.length);
  assert.deepEqual(pics.map((p) => p.msg.images!.map((i) => i.png.toString())), [['MAP1']], "the spectator's map reaches the spectator once ready");
});

test('item 1: a private query (deliver:false) waits for its picture outside the game lock', async () => {
  const r = gatedRenderer();
  const { l, svc } = await setup(r);
  const look = say(l, 'ch1', sam, '【地图】', { deliver: false });
  const mine = say(l, 'ch1', bob, '【分数】', { deliver: false });
  const status = await say(l, 'ch1', alice, '【状态】');
  assert.equal(status.ok, true, 'the game answers while two pictures are pending');
  r.release();
  const [a, b] = await Promise.all([look, mine]);
  assert.deepEqual(a.images?.map((i) => i.png.toString()), ['MAP1']);
  assert.deepEqual(b.images?.map((i) => i.png.toString()), ['SCORES1']);
  await svc.idle();
});

test('item 1: a full render queue refuses a query with RENDER_BUSY while the turn post is drawn ahead of waiting queries', async () => {
  const r = gatedRenderer();
  const { l, chat, svc } = await setup(r, { queue: { maxQueries: 3, concurrency: 1 } });
  for (let i = 1; i <= 3; i++) assert.equal((await say(l, 'ch1', watcher(i), '【地图】')).ok, true, `query ${i} admitted`);
  const again = await say(l, 'ch1', watcher(1), '【分数】');
  assert.equal(again.code, 'RENDER_BUSY', 'one waiting query per user');
  const busy = await say(l, 'ch1', watcher(4), '【地图】');
  assert.equal(busy.code, 'RENDER_BUSY');
  assert.match(busy.text, /图片生成繁忙，请稍后再试/);
  assert.deepEqual(r.calls, ['map:1:'], 'the first query is drawing, two wait');

  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  assert.match(chat.posts('ch1').join('\n'), /第1回合/, 'the turn summary is posted at once');
  r.release();
  await svc.idle();
  assert.deepEqual(r.calls, ['map:1:', 'map:2:', 'scores:2', 'map:1:', 'map:1:'], "the turn post's pictures go before the waiting queries");
  const turnPics = picturePosts(chat).find((p) => p.msg.images!.some((i) => i.png.toString() === 'MAP2'));
  assert.ok(turnPics, 'the turn post pictures are posted');
  assert.equal((await say(l, 'ch1', watcher(4), '【地图】')).ok, true, 'room again once drawn');
  r.release();
  await svc.idle();
});

test('item 1: a flood of queries while the renderer is stuck keeps at most the queue bound of frozen states', async () => {
  const r = gatedRenderer();
  const { l, svc } = await setup(r, { queue: { maxQueries: 4, concurrency: 1 } });
  const real = globalThis.structuredClone;
  let clones = 0;
  globalThis.structuredClone = ((v: unknown, o?: StructuredSerializeOptions) => { clones++; return real(v, o); }) as typeof structuredClone;
  try {
    const codes: string[] = [];
    for (let i = 1; i <= 60; i++) {
      const rep = await say(l, 'ch1', watcher(i), '【地图】【分数】');
      codes.push(rep.ok ? 'ok' : rep.code!);
    }
    assert.equal(codes.filter((c) => c === 'ok').length, 4);
    assert.equal(codes.filter((c) => c === 'RENDER_BUSY').length, 56);
    assert.ok(clones <= 4, `${clones} states frozen for 60 queries`);
  } finally {
    globalThis.structuredClone = real;
  }
  r.release();
  await svc.idle();
});

test('item 29: a private query gets its picture privately — in Reply.images with deliver:false, else by privateReply', async () => {
  const r = gatedRenderer({ open: true });
  const { l, chat, svc } = await setup(r);

  // An ephemeral slash command (/scores): the adapter answers with the Reply, so the picture is in it.
  const slash = await say(l, 'ch1', alice, '【分数】', { deliver: false, private: true });
  await svc.idle();
  assert.equal(slash.ok, true);
  assert.deepEqual(slash.images?.map((i) => i.png.toString()), ['SCORES1']);
  assert.equal(picturePosts(chat).length, 0, 'no picture in the channel');
  assert.equal(chat.posts('ch1').some((t) => /分数表/.test(t)), false, 'nothing about it in the channel');

  const slashMap = await say(l, 'ch1', bob, '【地图】', { deliver: false });
  await svc.idle();
  assert.deepEqual(slashMap.images?.map((i) => i.png.toString()), ['MAP1'], '/map answers with its picture');
  assert.equal(picturePosts(chat).length, 0, 'no picture in the channel');
  assert.equal(chat.posts('ch1').some((t) => /地图/.test(t)), false);

  // A direct message (private, the service delivers): the picture by privateReply.
  chat.clear();
  const dm = await say(l, 'dm-alice', alice, '【地图】', { private: true, dmGame: 'ch1' });
  await svc.idle();
  assert.equal(dm.ok, true);
  assert.equal(dm.private, true);
  const mine = chat.privates(alice.id).filter((p) => p.msg.images?.length);
  assert.deepEqual(mine.map((p) => p.msg.images!.map((i) => i.png.toString())), [['MAP1']]);
  assert.equal(mine[0]!.channelId, 'ch1');
  assert.equal(chat.log.some((p) => p.kind === 'post'), false, 'nothing posted in any channel');

  // A text 【地图】 typed in the channel: posted in the channel, as before.
  chat.clear();
  const pub = await say(l, 'ch1', alice, '【地图】');
  await svc.idle();
  assert.equal(pub.private, false);
  assert.deepEqual(picturePosts(chat).map((p) => p.msg.images!.map((i) => i.png.toString())), [['MAP1']]);
  assert.equal(chat.privates(alice.id).length, 0);
});

test('item 1: a render that never finishes gives up its place after the timeout, so the line goes on', async (t) => {
  // The queue's timers do not hold the process open; this test's would end without something that does.
  const alive = setInterval(() => undefined, 1000);
  t.after(() => clearInterval(alive));
  const q = new RenderQueue({ maxQueries: 2, concurrency: 1 });
  const stuck = q.post(() => new Promise<string>(() => undefined), 100);
  const query = q.query('u1', () => async () => 'drawn', 5000);
  assert.ok(query, 'taken');
  assert.equal(q.refusal('u1'), 'user', 'one waiting query per user');
  const t0 = performance.now();
  assert.equal(await stuck, null, 'the stuck picture is given up');
  assert.equal(await query, 'drawn', 'the query behind it is drawn');
  assert.ok(performance.now() - t0 < 2000);
  assert.equal(q.pendingQueries, 0);
  assert.equal(q.refusal('u1'), null);
});

test('item 1: the picture rate is a token bucket per user, forgotten once full again', () => {
  const rate = new PictureRate();
  assert.deepEqual([0, 0, 0].map(() => rate.take('u1', 0, 3, 10_000)), [null, null, null]);
  assert.equal(rate.take('u1', 0, 3, 10_000), 10, 'the 4th waits a whole refill');
  assert.equal(rate.take('u1', 4_000, 3, 10_000), 6, 'says the seconds left');
  assert.equal(rate.take('u2', 4_000, 3, 10_000), null, 'another user has a bucket of their own');
  assert.equal(rate.take('u1', 10_000, 3, 10_000), null, 'one more after the refill');
  assert.equal(rate.size, 2);
  rate.prune(39_999);
  assert.equal(rate.size, 1, "u2's bucket is full again and forgotten; u1's fills at 40 s");
  rate.prune(40_000);
  assert.equal(rate.size, 0);
});
