import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/index.ts';
import type { NeuwarRenderer as Renderer } from '../../src/games/neuwar/module.ts';
import { startLocal, parseSlash, pngSize, MAX_FRAME, type LocalHandle } from '../../src/platform/adapters/local/index.ts';
import type { ServerMsg } from '../../src/platform/adapters/local/index.ts';
import type { FeedMessage } from '../../src/platform/adapters/local/index.ts';

const T0 = 1_700_000_000_000;

/** Real (tiny) PNGs so the channel serves them with their true size. */
function pngRenderer(): Renderer {
  const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#ddeeff' } }).png().toBuffer();
  return { mapPng: async () => png(120, 80), scoresPng: async () => png(90, 40) };
}

interface Client {
  ws: WebSocket;
  msgs: ServerMsg[];
  userId: string;
  token: string;
  send(m: object): void;
  next<T extends ServerMsg>(pred: (m: ServerMsg) => m is T, ms?: number): Promise<T>;
  wait(pred: (m: ServerMsg) => boolean, ms?: number): Promise<ServerMsg>;
  ack(id: string, ms?: number): Promise<Extract<ServerMsg, { t: 'ack' }>>;
  close(): void;
}

let seq = 0;
const nid = () => `c${++seq}`;

async function client(url: string, hello: { token?: string; name?: string; password?: string } = {}, headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + 'ws', { headers });
  const msgs: ServerMsg[] = [];
  const waiters: { pred: (m: ServerMsg) => boolean; res: (m: ServerMsg) => void }[] = [];
  // Each message satisfies one wait at most; a wait may match a message that came before it was set.
  const used = new Set<ServerMsg>();
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as ServerMsg;
    msgs.push(m);
    for (const w of [...waiters]) if (!used.has(m) && w.pred(m)) { used.add(m); waiters.splice(waiters.indexOf(w), 1); w.res(m); }
  });
  await new Promise<void>((res, rej) => { ws.once('open', () => res()); ws.once('error', rej); });
  const wait = (pred: (m: ServerMsg) => boolean, ms = 3000) => new Promise<ServerMsg>((res, rej) => {
    const found = msgs.find((m) => !used.has(m) && pred(m));
    if (found) { used.add(found); res(found); return; }
    const t = setTimeout(() => rej(new Error('timed out waiting for a server message')), ms);
    waiters.push({ pred, res: (m) => { clearTimeout(t); res(m); } });
  });
  const c: Client = {
    ws, msgs, userId: '', token: '',
    send: (m) => ws.send(JSON.stringify(m)),
    next: async (pred, ms) => (await wait(pred, ms)) as never,
    wait,
    ack: async (id, ms) => (await wait((m) => m.t === 'ack' && m.id === id, ms)) as never,
    close: () => ws.close(),
  };
  c.send({ t: 'hello', ...hello });
  const w = await wait((m) => m.t === 'welcome' || m.t === 'error');
  if (w.t === 'welcome') { c.userId = w.userId; c.token = w.token; }
  return c;
}

/** Sends an action and returns its acknowledgement. */
async function act(c: Client, m: Record<string, unknown>, id = nid()) {
  c.send({ ...m, id });
  return c.ack(id);
}

const feedTexts = (c: Client): string[] => c.msgs.flatMap((m) => (m.t === 'msg' ? [m.m.text] : m.t === 'channel' ? m.feed.map((f) => f.text) : []));

describe('local web channel server', () => {
  let h: LocalHandle<GameService>;
  let store: Store;
  const clock = new VirtualClock(T0);

  before(async () => {
    store = new Store(':memory:');
    h = await startLocal({
      port: 0, host: '127.0.0.1', log: () => undefined,
      service: async (chat) => {
        const svc = new GameService({ store, clock, chat, renderer: pngRenderer(), root: process.cwd(), logError: () => undefined });
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

  /** A started game on the tiny map: alice (甲国, creator and judge) and bob (乙国); carol watches. */
  async function game() {
    const alice = await client(h.url, { name: 'Alice' });
    const bob = await client(h.url, { name: 'Bob' });
    const carol = await client(h.url, { name: 'Carol' });
    const created = await act(alice, { t: 'create', map: 'tests/fixtures/tiny.json', settings: { turnSeconds: 300 } });
    assert.equal(created.ok, true, created.text);
    const ch = created.channelId!;
    for (const c of [alice, bob, carol]) {
      c.send({ t: 'open', channelId: ch });
      await c.wait((m) => m.t === 'channel');
    }
    assert.equal((await act(alice, { t: 'join', channelId: ch, country: '甲国' })).ok, true);
    assert.equal((await act(bob, { t: 'join', channelId: ch, country: 'B' })).ok, true);
    const s = await act(alice, { t: 'start', channelId: ch });
    assert.equal(s.ok, true, s.text);
    return { alice, bob, carol, ch, done: () => { for (const c of [alice, bob, carol]) c.close(); } };
  }

  test('identity: a token is a person; the same token after a reload is the same person with the same name', async () => {
    const a = await client(h.url, { name: 'Ada' });
    assert.match(a.userId, /^web-[0-9a-f]{16}$/);
    assert.match(a.token, /^[0-9a-f]{48}$/);
    a.close();
    const again = await client(h.url, { token: a.token });
    assert.equal(again.userId, a.userId);
    const w = again.msgs.find((m) => m.t === 'welcome');
    assert.equal(w?.t === 'welcome' && w.name, 'Ada');
    const other = await client(h.url, { name: 'Ada' });
    assert.notEqual(other.userId, a.userId, 'another tab is another person, even with the same name');
    const forged = await client(h.url, { token: '<script>' });
    assert.notEqual(forged.token, '<script>', 'a malformed token is replaced, never used');
    for (const c of [again, other, forged]) c.close();
  });

  test('actions need a name first', async () => {
    const nameless = await client(h.url);
    const r = await act(nameless, { t: 'create', map: 'tests/fixtures/tiny.json' });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'NO_NAME');
    assert.equal((await act(nameless, { t: 'name', name: '  Zed\u0000\u202e ' })).ok, true);
    nameless.close();
  });

  test('the same client message id twice is applied once', async () => {
    const g = await game();
    const id = nid();
    const first = await act(g.alice, { t: 'say', channelId: g.ch, text: '【宣战】甲国向乙国宣战' }, id);
    assert.equal(first.ok, true, first.text);
    const second = await act(g.alice, { t: 'say', channelId: g.ch, text: '【宣战】甲国向乙国宣战' }, id);
    assert.equal(second.duplicate, true);
    const st = (await h.service.stateOf(g.ch))!;
    assert.equal(st.wars.length, 1);
    assert.equal(st.countries.A!.score, 20, 'the war cost was paid once');
    await new Promise((r) => setTimeout(r, 80));
    const lines = feedTexts(g.bob).filter((t) => t === '【宣战】甲国向乙国宣战');
    assert.equal(lines.length, 1, 'the chat line shows once');
    // After a reconnect the page resends unacknowledged actions with their ids: still once.
    g.alice.close();
    const back = await client(h.url, { token: g.alice.token });
    const third = await act(back, { t: 'say', channelId: g.ch, text: '【宣战】甲国向乙国宣战' }, id);
    assert.equal(third.duplicate, true);
    assert.equal((await h.service.stateOf(g.ch))!.countries.A!.score, 20);
    back.close();
    g.done();
  });

  test('a private order is seen by its author only, live and in the history', async () => {
    const g = await game();
    const r = await act(g.alice, { t: 'say', channelId: g.ch, text: '【调兵】甲都→甲乡 5' });
    assert.equal(r.ok, true, r.text);
    const mine = await g.alice.wait((m) => m.t === 'msg' && m.m.author.kind === 'bot' && m.m.to === g.alice.userId);
    assert.ok(mine.t === 'msg' && /甲都|甲乡/.test(mine.m.text));
    await new Promise((r) => setTimeout(r, 100));
    for (const other of [g.bob, g.carol]) {
      const seen = feedTexts(other).filter((t) => t.includes('甲乡'));
      assert.deepEqual(seen, [], 'no one else sees the order or its answer');
    }
    // History on opening the channel follows the same rule.
    const reopened = await client(h.url, { token: g.bob.token });
    reopened.send({ t: 'open', channelId: g.ch });
    const ch = await reopened.wait((m) => m.t === 'channel');
    assert.ok(ch.t === 'channel' && !ch.feed.some((f) => f.text.includes('甲乡')));
    const own = await client(h.url, { token: g.alice.token });
    own.send({ t: 'open', channelId: g.ch });
    const och = await own.wait((m) => m.t === 'channel');
    assert.ok(och.t === 'channel');
    const userLine = och.feed.find((f) => f.text === '【调兵】甲都→甲乡 5');
    assert.equal(userLine?.to, g.alice.userId, 'the author keeps the line, marked private');
    reopened.close();
    own.close();
    g.done();
  });

  test('public play: requests carry buttons that work; the judge grants the seat; status shows who committed', async () => {
    const g = await game();
    await act(g.alice, { t: 'say', channelId: g.ch, text: '【结盟】甲国向乙国请求缔结盟约。' });
    const req = await g.bob.wait((m) => m.t === 'msg' && m.m.buttons.length > 0);
    assert.ok(req.t === 'msg');
    const accept = req.m.buttons.find((b) => /accept/.test(b.id))!;
    const r = await act(g.bob, { t: 'button', channelId: g.ch, buttonId: accept.id });
    assert.equal(r.ok, true, r.text);
    assert.equal((await h.service.stateOf(g.ch))!.alliances.length, 1);

    const grant = await act(g.alice, { t: 'judge', channelId: g.ch, userId: g.carol.userId });
    assert.equal(grant.ok, true, grant.text);
    const st = await g.carol.wait((m) => m.t === 'status' && !!m.status?.me.judge);
    assert.ok(st.t === 'status' && st.status!.judges.some((j) => j.userId === g.carol.userId));
    const notJudge = await act(g.bob, { t: 'judge', channelId: g.ch, userId: g.bob.userId });
    assert.equal(notJudge.ok, false);

    await act(g.bob, { t: 'say', channelId: g.ch, text: '【完成】' });
    const s2 = await g.alice.wait((m) => m.t === 'status' && !!m.status?.countries.find((c) => c.id === 'B')?.committed);
    assert.ok(s2.t === 'status' && s2.status!.turn === 1 && s2.status!.deadlineAt === T0 + 300_000);
    g.done();
  });

  // docs/scale.md: what a command costs the pages.
  test('a command that changes nothing on the panel sends no status; one that does reaches every viewer once', async () => {
    const g = await game();
    await new Promise((r) => setTimeout(r, 150));
    const statuses = () => [g.alice, g.bob, g.carol].map((c) => c.msgs.filter((m) => m.t === 'status').length);
    const before = statuses();
    const r = await act(g.alice, { t: 'say', channelId: g.ch, text: '【调兵】甲都→甲乡 5' });
    assert.equal(r.ok, true, r.text);
    await g.alice.wait((m) => m.t === 'msg' && m.m.to === g.alice.userId && m.m.author.kind === 'bot');
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(statuses(), before, 'an order changes nothing the panel shows: no status frame');
    await act(g.bob, { t: 'say', channelId: g.ch, text: '【完成】' });
    for (const c of [g.alice, g.bob, g.carol]) await c.wait((m) => m.t === 'status' && !!m.status?.countries.find((x) => x.id === 'B')?.committed);
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(statuses(), before.map((n) => n + 1), 'B committed: one status to each viewer');
    g.done();
  });

  test('the game list is built once for many pages saying hello, and again after it changes', async () => {
    const svc = h.service as unknown as { listGames: (...a: unknown[]) => Promise<unknown> };
    const real = svc.listGames;
    let builds = 0;
    svc.listGames = (...a: unknown[]) => { builds++; return real.apply(h.service, a); };
    try {
      const pages = await Promise.all([0, 1, 2, 3, 4].map(() => client(h.url, { name: 'Pat' })));
      assert.ok(builds <= 1, `${builds} builds for 5 hellos`);
      const lists = pages.map((p) => JSON.stringify((p.msgs.find((m) => m.t === 'welcome') as Extract<ServerMsg, { t: 'welcome' }>).games));
      assert.equal(new Set(lists).size, 1, 'every page got the same list');
      const created = await act(pages[0]!, { t: 'create', map: 'tests/fixtures/tiny.json' });
      assert.equal(created.ok, true, created.text);
      // The change is pushed to every page, and a page arriving after it gets the new list in its welcome.
      for (const p of pages) await p.wait((m) => (m.t === 'games' ? m.games : m.t === 'gamesDiff' ? m.upsert : []).some((x) => x.channelId === created.channelId));
      const late = await client(h.url, { name: 'Lee' });
      const w = late.msgs.find((m) => m.t === 'welcome') as Extract<ServerMsg, { t: 'welcome' }>;
      assert.ok(w.games.some((x) => x.channelId === created.channelId));
      for (const p of [...pages, late]) p.close();
    } finally {
      svc.listGames = real;
    }
  });

  test('the game list goes to the pages at most about once a second, with every change in the last one', async () => {
    const watcher = await client(h.url, { name: 'Wes' });
    const maker = await client(h.url, { name: 'Mia' });
    await new Promise((r) => setTimeout(r, 1100));
    const pushes = () => watcher.msgs.filter((m) => m.t === 'games' || m.t === 'gamesDiff');
    const before = pushes().length;
    const made: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await act(maker, { t: 'create', map: 'tests/fixtures/tiny.json' });
      assert.equal(c.ok, true, c.text);
      made.push(c.channelId!);
      await new Promise((r) => setTimeout(r, 80));
    }
    // The page's list as it keeps it: the welcome's, then each push (a diff of what changed) applied.
    const listed = new Set<string>();
    await watcher.wait((m) => {
      if (m.t === 'welcome' || m.t === 'games') for (const g of m.games) listed.add(g.channelId);
      if (m.t === 'gamesDiff') { for (const g of m.upsert) listed.add(g.channelId); for (const ch of m.remove) listed.delete(ch); }
      return m.t !== 'welcome' && made.every((ch) => listed.has(ch));
    }, 3000);
    const sent = pushes().length - before;
    assert.ok(sent >= 1 && sent <= 2, `${sent} pushes of the whole list for 6 games created over ~0.6 s`);
    watcher.close();
    maker.close();
  });

  test('pictures are served by URL from memory with their true size', async () => {
    const g = await game();
    const img = await g.alice.wait((m) => (m.t === 'msg' && m.m.images.length > 0) || (m.t === 'channel' && m.feed.some((f) => f.images.length > 0)), 5000);
    const images = img.t === 'msg' ? img.m.images : img.t === 'channel' ? img.feed.flatMap((f: FeedMessage) => f.images) : [];
    const first = images[0]!;
    assert.match(first.url, /^\/img\/[0-9a-f]{32}\.png$/);
    const res = await fetch(new URL(first.url, h.url));
    assert.equal(res.headers.get('content-type'), 'image/png');
    const body = Buffer.from(await res.arrayBuffer());
    assert.deepEqual(pngSize(body), { width: first.width, height: first.height });
    assert.equal((await fetch(new URL('/img/00000000000000000000000000000000.png', h.url))).status, 404);
    assert.equal((await fetch(new URL('/../package.json', h.url))).status, 404);
    g.done();
  });

  test('text is stored and relayed verbatim; the page forbids inline script (escaping happens in the DOM)', async () => {
    const g = await game();
    const evil = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
    assert.equal((await act(g.bob, { t: 'name', name: '<b>Bob</b>' })).ok, true);
    await act(g.bob, { t: 'say', channelId: g.ch, text: evil });
    const got = await g.alice.wait((m) => m.t === 'msg' && m.m.author.kind === 'user' && m.m.text === evil);
    assert.ok(got.t === 'msg' && got.m.author.kind === 'user' && got.m.author.name === '<b>Bob</b>');
    const page = await fetch(h.url);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    const html = await page.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script in the page');
    const js = await (await fetch(new URL('/app.js', h.url))).text();
    assert.doesNotMatch(js, /\.innerHTML\s*=|insertAdjacentHTML|outerHTML\s*=|document\.write/);
    g.done();
  });

  test('size limits: a message over 4,000 characters is refused whole; a frame over 64 KiB closes the socket', async () => {
    const g = await game();
    const r = await act(g.alice, { t: 'say', channelId: g.ch, text: '啊'.repeat(4001) });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'MESSAGE_TOO_LONG');
    await new Promise((res) => setTimeout(res, 50));
    assert.ok(!feedTexts(g.bob).some((t) => t.length > 4000));
    const closed = new Promise<number>((res) => g.carol.ws.once('close', (code) => res(code)));
    g.carol.ws.send(JSON.stringify({ t: 'say', id: 'big', channelId: g.ch, text: 'x'.repeat(MAX_FRAME + 10) }));
    assert.equal(await closed, 1009);
    g.done();
  });

  test('slash commands: lifecycle by the server, game commands as their 【】 form', async () => {
    const alice = await client(h.url, { name: 'Al' });
    const bob = await client(h.url, { name: 'Bo' });
    const created = await act(alice, { t: 'create', map: 'tests/fixtures/tiny.json' });
    const ch = created.channelId!;
    for (const c of [alice, bob]) { c.send({ t: 'open', channelId: ch }); await c.wait((m) => m.t === 'channel'); }
    assert.equal((await act(alice, { t: 'say', channelId: ch, text: '/join 甲' })).ok, true);
    assert.equal((await act(bob, { t: 'say', channelId: ch, text: '/加入 乙国' })).ok, true);
    assert.equal((await h.service.countryOf(ch, bob.userId)), 'B');
    assert.equal((await act(bob, { t: 'say', channelId: ch, text: '/start' })).code, 'NOT_JUDGE');
    assert.equal((await act(alice, { t: 'say', channelId: ch, text: '/start' })).ok, true);
    assert.equal((await act(alice, { t: 'say', channelId: ch, text: '/war 甲国 乙国' })).ok, true);
    assert.equal((await h.service.stateOf(ch))!.wars.length, 1);
    assert.equal((await act(alice, { t: 'say', channelId: ch, text: '/nonsense' })).code, 'BAD_SLASH');
    // /history without a turn: the score chart; /export: the judge gets a download link, a player is refused.
    assert.equal((await act(alice, { t: 'say', channelId: ch, text: '【结算】' })).ok, true);
    assert.equal((await act(bob, { t: 'say', channelId: ch, text: '/history' })).ok, true);
    const chart = h.chat.history(ch, bob.userId).filter((m) => m.images.some((i) => i.name === 'score-chart.png'));
    assert.equal(chart.length, 1);
    assert.equal(chart[0]!.to, bob.userId, 'the chart goes to who asked');
    assert.equal((await act(bob, { t: 'say', channelId: ch, text: '/export' })).code, 'NOT_JUDGE');
    assert.equal((await act(alice, { t: 'say', channelId: ch, text: '/导出' })).ok, true);
    const link = /\/download\/[0-9a-f]{32}\.json/.exec(h.chat.history(ch, alice.userId).at(-1)!.text)![0];
    const res = await fetch(new URL(link, h.url));
    assert.equal(res.status, 200);
    const data = await res.json() as { state: { turn: number }; log: unknown[] };
    assert.equal(data.state.turn, 2);
    assert.ok(data.log.length > 0);
    assert.equal((await fetch(new URL('/download/' + '0'.repeat(32) + '.json', h.url))).status, 404);
    alice.close();
    bob.close();
  });

  test('a page from another origin may not open a socket', async () => {
    const ws = new WebSocket(h.url.replace(/^http/, 'ws') + 'ws', { headers: { Origin: 'http://evil.example' } });
    const code = await new Promise<number>((res) => ws.once('close', (c) => res(c)));
    assert.equal(code, 1008);
  });
});

test('D10.6/D9.2: a duel made with the generic 新建游戏 is unrated — its seats are taken by a tab\'s name with no identity secret, so it must not rate as local:<name>', async () => {
  const { GAMES } = await import('../../src/games/index.ts');
  const store = new Store(':memory:');
  const h = await startLocal({
    port: 0, host: '127.0.0.1', log: () => undefined,
    service: async (chat) => {
      const svc = new GameService({ store, clock: new VirtualClock(T0), chat, renderer: null, games: GAMES, root: process.cwd(), logError: () => undefined });
      await svc.startUp();
      return svc;
    },
  });
  const jia = await client(h.url, { name: 'DuelJia' });
  const yi = await client(h.url, { name: 'DuelYi' });
  try {
    const created = await act(jia, { t: 'create', game: 'duel' });
    assert.equal(created.ok, true, created.text);
    const ch = created.channelId!;
    const joined = await act(jia, { t: 'join', channelId: ch, country: 'A' });
    assert.equal(joined.ok, true, joined.text);
    assert.equal((await act(yi, { t: 'join', channelId: ch, country: 'B' })).ok, true);
    const started = await act(jia, { t: 'start', channelId: ch });
    assert.equal(started.ok, true, started.text);
    // Two different people on Europe with every default: the lobby would rate this (D9.2); the generic path does not.
    assert.equal(((await h.service.seatView(ch, null)) as { rated: boolean }).rated, false);
  } finally {
    for (const c of [jia, yi]) c.close();
    await h.close();
    h.service.close();
    store.close();
  }
});

describe('local web channel: exposure', () => {
  const fake = {} as never;
  test('a non-loopback HOST without LOCAL_PASSWORD is refused', async () => {
    const saved = process.env.LOCAL_PASSWORD;
    delete process.env.LOCAL_PASSWORD;
    try {
      await assert.rejects(startLocal({ host: '0.0.0.0', port: 0, service: fake, log: () => undefined }), /LOCAL_PASSWORD/);
    } finally {
      if (saved !== undefined) process.env.LOCAL_PASSWORD = saved;
    }
  });

  test('with a password: a warning, and sockets without the password are turned away', async () => {
    const store = new Store(':memory:');
    const lines: string[] = [];
    const h = await startLocal({
      host: '0.0.0.0', port: 0, password: 's3cret-pass', log: (l) => lines.push(l),
      service: (chat) => new GameService({ store, clock: new VirtualClock(T0), chat, renderer: null, logError: () => undefined }),
    });
    try {
      assert.ok(lines.some((l) => /警告|Warning/.test(l)));
      const bad = await client(h.url, { name: 'X', password: 'nope' });
      assert.ok(bad.msgs.some((m) => m.t === 'error' && m.code === 'BAD_PASSWORD'));
      const good = await client(h.url, { name: 'X', password: 's3cret-pass' });
      assert.ok(good.msgs.some((m) => m.t === 'welcome'));
      good.close();
    } finally {
      await h.close();
      h.service.close();
      store.close();
    }
  });
});

describe('slash parsing', () => {
  test('game commands become their text form', () => {
    assert.deepEqual(parseSlash('/war 甲国 乙国'), { kind: 'text', text: '【宣战】甲国向乙国宣战' });
    assert.deepEqual(parseSlash('/move 甲都 甲乡 5'), { kind: 'text', text: '【调兵】甲都→甲乡 5' });
    assert.deepEqual(parseSlash('/cancel'), { kind: 'text', text: '【撤销】全部' });
    assert.deepEqual(parseSlash('/extend 10'), { kind: 'text', text: '【延时】10分钟' });
    assert.deepEqual(parseSlash('/done'), { kind: 'text', text: '【完成】' });
    assert.deepEqual(parseSlash('/join 甲国'), { kind: 'join', country: '甲国' });
    assert.equal(parseSlash('【宣战】甲国向乙国宣战'), null);
    assert.equal(parseSlash('/war 甲国')?.kind, 'error');
  });
});

test('the local feed and its pictures survive a restart when kept in a folder', async () => {
  const { LocalChat } = await import('../../src/platform/adapters/local/index.ts');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = join(mkdtempSync(join(tmpdir(), 'neuwar-feed-')), 'feed');
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000020000000308020000000000000000', 'hex');
  const a = new LocalChat({ dir });
  const id1 = await a.post('local-1', { text: '第1回合结算', images: [{ name: 'map.png', png }] });
  await a.post('local-1', { text: 'to be deleted' }).then((id) => a.delete('local-1', id));
  await a.privateReply('local-1', 'u-1', { text: '已收到调兵' });
  await a.edit('local-1', id1, { text: '第1回合结算（已更新）' });
  const b = new LocalChat({ dir });
  const everyone = b.history('local-1', 'u-2');
  assert.deepEqual(everyone.map((m) => m.text), ['第1回合结算（已更新）']);
  assert.deepEqual(b.history('local-1', 'u-1').map((m) => m.text), ['第1回合结算（已更新）', '已收到调兵'], 'a private answer stays its own');
  const img = everyone[0]!.images[0]!;
  assert.deepEqual([img.width, img.height], [2, 3]);
  assert.ok(b.image(img.url.slice(5, -4))?.equals(png), 'the picture is served after the restart');
  const id2 = await b.post('local-1', { text: 'after' });
  assert.ok(b.history('local-1', 'u-2').at(-1)!.seq > everyone[0]!.seq, 'new messages come after the old ones');
  assert.equal(new LocalChat({ dir }).history('local-1', 'u-2').at(-1)!.id, id2);
});
