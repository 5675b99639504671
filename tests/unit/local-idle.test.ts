/**
 * Issue 16 scale-out (docs/scale.md): the local channel's work that grew with the number of live games, not with the
 * commands. An idle channel is not rebuilt by the 2 s status tick (its game, names and viewers unchanged), and a
 * change of the game list sends the pages only what changed (gamesDiff), not the whole list.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/index.ts';
import { startLocal, type LocalHandle, type ServerMsg } from '../../src/platform/adapters/local/index.ts';
import { pageSocket } from '../helpers/socket.ts';

const T0 = 1_700_000_000_000;
let seq = 0;

const page = (url: string, name: string) => pageSocket(url, name);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('local channel: idle work', () => {
  let h: LocalHandle<GameService>;
  let store: Store;
  before(async () => {
    store = new Store(':memory:');
    h = await startLocal({
      port: 0, host: '127.0.0.1', log: () => undefined,
      service: async (chat) => {
        const svc = new GameService({ store, clock: new VirtualClock(T0), chat, renderer: null, root: process.cwd(), logError: () => undefined });
        await svc.startUp();
        return svc;
      },
    });
  });
  after(async () => {
    await h.close();
    await h.service.close();
    store.close();
  });

  test('an idle channel is not rebuilt by the status tick; a change that posts nothing still shows', async () => {
    const a = await page(h.url, 'Ada');
    const b = await page(h.url, 'Ben');
    const made = await a.act({ t: 'create', map: 'tests/fixtures/tiny.json' });
    assert.equal(made.ok, true, made.text);
    const ch = made.channelId!;
    for (const p of [a, b]) { const opened = p.wait((m) => m.t === 'channel'); p.ws.send(JSON.stringify({ t: 'open', channelId: ch, id: `o${++seq}` })); await opened; }
    await sleep(300);
    const svc = h.service as unknown as { viewOf: (...a: unknown[]) => Promise<unknown> };
    const real = svc.viewOf;
    let builds = 0;
    svc.viewOf = (...x: unknown[]) => { builds++; return real.apply(h.service, x); };
    try {
      // Two ticks (2 s each) with nothing changed: no build (it was one a tick a channel).
      await sleep(4300);
      assert.equal(builds, 0, `${builds} builds of an idle channel over two ticks`);
      // A seat taken through the service itself (no page action): the next tick shows it.
      const seen = b.wait((m) => m.t === 'status' && m.channelId === ch && !!m.status?.countries.some((c) => c.player?.userId === 'x-zed'), 4500);
      assert.equal((await h.service.join(ch, { id: 'x-zed', name: 'Zed' }, 'A')).ok, true);
      await seen;
      assert.ok(builds >= 1);
    } finally {
      svc.viewOf = real;
      a.close();
      b.close();
    }
  });

  test('a change of the game list sends the pages the changed game only, and the page\'s list stays whole', async () => {
    const a = await page(h.url, 'Cy');
    const b = await page(h.url, 'Di');
    const first = await a.act({ t: 'create', map: 'tests/fixtures/tiny.json' });
    const second = await a.act({ t: 'create', map: 'tests/fixtures/tiny.json' });
    assert.ok(first.ok && second.ok);
    // Whatever came before, b's list as the page keeps it (welcome, then diffs applied).
    const list = new Map<string, Extract<ServerMsg, { t: 'games' }>['games'][number]>();
    const fold = (m: ServerMsg) => {
      if (m.t === 'welcome' || m.t === 'games') { list.clear(); for (const g of m.games) list.set(g.channelId, g); }
      if (m.t === 'gamesDiff') { for (const g of m.upsert) list.set(g.channelId, g); for (const c of m.remove) list.delete(c); }
    };
    await b.wait((m) => m.t === 'gamesDiff' && m.upsert.some((g) => g.channelId === second.channelId));
    await sleep(1200);
    const n = b.msgs.length;
    // One player joins the first game: the next push carries that game alone.
    const joined = await a.act({ t: 'join', channelId: first.channelId, country: '甲国' });
    assert.equal(joined.ok, true, joined.text);
    const d = (await b.wait((m) => m.t === 'gamesDiff' && m.upsert.some((g) => g.channelId === first.channelId && g.players === 1))) as Extract<ServerMsg, { t: 'gamesDiff' }>;
    assert.deepEqual(d.upsert.map((g) => g.channelId), [first.channelId]);
    assert.deepEqual(d.remove, []);
    assert.ok(!b.msgs.slice(n).some((m) => m.t === 'games'), 'no whole list pushed');
    for (const m of b.msgs) fold(m);
    const late = await page(h.url, 'Ed');
    const whole = (late.msgs.find((m) => m.t === 'welcome') as Extract<ServerMsg, { t: 'welcome' }>).games;
    assert.deepEqual([...list.values()], whole, 'the page\'s list, by diffs, is the whole list a new page gets (newest first)');
    a.close();
    b.close();
    late.close();
  });
});
