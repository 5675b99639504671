/**
 * A Discord duel's page in Chromium (duel.md D10.3.2; issue 15 "A link to the page for the clickable map when the
 * bot also serves the page"): the duel lives in a channel that is not the page's own (a Discord thread's id), its
 * links are the ones the [网页] button gives (SeatBook.personalLink). A player's `#seat=` link plays the seat with
 * clicks and Enter as that player; a `#watch=` link shows the map and cannot ready; the bare `/duel/<id>` says to ask
 * Discord for a link and shows no map; no token ever travels in an HTTP request.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import { SeatBook } from '../../src/platform/session/index.ts';
import { screenOf, startPageHarness, until, type PageHarness } from '../helpers/page.ts';

let harness: PageHarness;
before(async () => { harness = await startPageHarness({ games: [neuwar, duel] }); });
after(async () => { await harness?.close(); });

const THREAD = '910000000000000077';
const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const MOD = { id: '100000000000000009', name: 'mod' };

interface View { status: string; turn: number; capitals: { A: string; B: string }; sides: Record<'A' | 'B', { ready: boolean }>; orders: Record<'A' | 'B', { from: string; to: string; count: string }[]> }


test('D10.3.2 in Chromium: a Discord duel\'s seat link plays by clicks and Enter as its player, a watch link only watches, the bare address shows nothing', async () => {
  const svc = harness.svc;
  assert.ok((await svc.createGame(THREAD, MOD, { game: 'duel', settings: { turnSeconds: 300 } })).ok);
  assert.ok((await svc.join(THREAD, ALICE, 'A')).ok);
  assert.ok((await svc.join(THREAD, BOB, 'B')).ok);
  const started = await svc.start(THREAD, MOD);
  assert.ok(started.ok, started.text);
  const game = (await svc.gameOf(THREAD))!;
  const book = new SeatBook({ getMeta: (k) => svc.getMeta(k), setMeta: (k, v) => svc.setMeta(k, v) });
  const base = harness.h.url.replace(/\/$/, '');
  const bobLink = await book.personalLink(base, game, BOB.id, Date.now());
  const watchLink = await book.personalLink(base, game, '100000000000000005', Date.now());
  assert.equal(bobLink.seat, 'B');
  const token = bobLink.url.split('#seat=')[1]!;

  const ctx = await harness.browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'zh-CN' });
  const requests: string[] = [];
  ctx.on('request', (r) => requests.push(r.url()));
  const errors: Error[] = [];
  const open = async (url: string) => {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e));
    await page.goto(url);
    return page;
  };

  // The bare address: told to ask Discord for a link, no map.
  const bare = await open(`${base}/duel/${game.id}`);
  await bare.locator('#seat-banner', { hasText: '[网页]' }).waitFor();
  assert.match(await bare.locator('#seat-banner').innerText(), /Discord/);
  assert.equal(await bare.locator('#duel-svg').isVisible(), false, 'no map without a link');

  // bob's seat link: the map, his side; a click on his capital and again is 驻守, Enter is 准备 — as bob.
  const page = await open(bobLink.url);
  await page.locator('#duel-svg').waitFor();
  const v0 = (await svc.seatView(THREAD, BOB.id)) as View;
  await until('the page shows bob\'s side', () => page.evaluate(() => document.body.innerText), (t) => t.includes('蓝方'));
  const cap = v0.capitals.B;
  await until('the map is drawn', () => page.evaluate(() => !!(window as unknown as { __duel?: unknown }).__duel), Boolean);
  const at = await screenOf(page, cap);
  await page.mouse.click(at.x, at.y);
  await page.mouse.click(at.x, at.y);
  const v1 = await until('bob\'s stand order', async () => (await svc.seatView(THREAD, BOB.id)) as View, (v) => (v.orders.B ?? []).some((o) => o.from === cap && o.count === 'stand'));
  assert.ok(v1);
  await page.keyboard.press('Enter');
  await until('bob is ready', async () => (await svc.seatView(THREAD, null)) as View, (v) => v.sides.B.ready);
  const store = (svc as unknown as { store: { entries(id: number): Promise<{ userId: string | null }[]> | { userId: string | null }[] } }).store;
  const entries = await store.entries(game.id);
  assert.equal(entries.at(-1)!.userId, BOB.id, 'the page\'s Enter is bob\'s 【准备】');

  // The watch link: the map and a 观战 banner; Enter readies nobody.
  const watch = await open(watchLink.url);
  await watch.locator('#duel-svg').waitFor();
  await watch.locator('#seat-banner', { hasText: 'Discord 对局' }).waitFor();
  await watch.keyboard.press('Enter');
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(((await svc.seatView(THREAD, null)) as View).sides.A.ready, false, 'the watcher readied nobody');
  const text = await watch.evaluate(() => document.body.innerText);
  assert.ok(!text.includes('驻守'), 'bob\'s order is not shown to the watcher');

  assert.ok(!requests.some((u) => u.includes(token) || u.includes('#')), 'no token in any HTTP request');
  assert.deepEqual(errors.map((e) => e.message), [], 'no page errors');
  await ctx.close();
});
