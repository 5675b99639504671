/**
 * Europe Duel's clickable map on the local page (duel.md D10.5, issue 15 "The page" and "Arena"), in Chromium
 * against a real server: each control of D10.5 becomes its typed command and the server's view comes back drawn —
 * orders and the all/half toggle, stand, cancel by right click, a route with a waypoint (finished by clicking the
 * last point and by Enter), the brush stroke, the rally point ⚑, Enter as Ready, wheel zoom and drag pan, the touch
 * equivalents (tap, long press, pinch), the helper's white preview arrows, and the arena (a bot game and a
 * simulator transcript played back). Screenshots go to /tmp/duel-page/.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Page, BrowserContext } from 'playwright-core';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import { duelTranscript } from '../../src/games/duel/sim.ts';
import { userIdOf } from '../../src/platform/adapters/local/server.ts';
import { screenOf, startPageHarness, type PageHarness } from '../helpers/page.ts';

const SHOTS = '/tmp/duel-page';
mkdirSync(SHOTS, { recursive: true });

let harness: PageHarness;
before(async () => { harness = await startPageHarness({ games: [neuwar, duel] }); });
after(async () => { await harness?.close(); });

interface View {
  status: string;
  capitals: { A: string; B: string };
  sides: Record<'A' | 'B', { ready: boolean; rally: string | null; helper: string | null }>;
  orders: Record<'A' | 'B', { from: string; to: string; count: string }[]>;
  routes: { id: number; path: string[]; count: string; at: number }[];
  paint: Record<'A' | 'B', Record<string, string>>;
  preview?: { helper: [string, string, number, number][] };
}
interface Geo { nodes: { id: string; kind: string; zh: string; nbrs: string[]; value: number }[] }

let seq = 0;
/** A page with a name, its person's id, and a running duel with it as side A (turns of 10 minutes: no resolution mid-test). */
async function duelTab(opts: { touch?: boolean; turnSeconds?: number; start?: boolean } = {}): Promise<{ page: Page; ctx: BrowserContext; ch: string; me: { id: string; name: string } }> {
  const ctx = await harness.browser.newContext({ viewport: opts.touch ? { width: 420, height: 860 } : { width: 1400, height: 900 }, locale: 'zh-CN', ...(opts.touch ? { hasTouch: true, isMobile: true } : {}) });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto(harness.h.url);
  const name = `甲${++seq}`;
  await page.locator('#name-input').fill(name);
  await page.locator('#name-form button[type=submit]').click();
  await page.locator('#name-dialog').waitFor({ state: 'hidden' });
  const token = await page.evaluate(() => sessionStorage.getItem('nw.token'));
  const me = { id: userIdOf(token!), name };
  const ch = `local-duel${seq}`;
  const svc = harness.svc;
  assert.ok((await svc.createGame(ch, me, { game: 'duel', settings: { turnSeconds: opts.turnSeconds ?? 600 } })).ok);
  if (opts.start !== false) {
    assert.ok((await svc.join(ch, me, 'A')).ok);
    assert.ok((await svc.join(ch, { id: `other${seq}`, name: `乙${seq}` }, 'B')).ok);
    assert.ok((await svc.start(ch, me)).ok);
  }
  await page.goto(`${harness.h.url}#${ch}`);
  await page.waitForSelector(opts.start === false ? '#duel-svg .t' : '#duel-svg .cnt');
  return { page, ctx, ch, me };
}

const viewOf = async (ch: string, userId: string) => (await harness.svc.seatView(ch, userId)) as View;
const geoOf = (page: Page) => page.evaluate(() => (window as unknown as { __duel: { geo(): Geo } }).__duel.geo());
const at = screenOf;
async function click(page: Page, id: string, button: 'left' | 'right' = 'left'): Promise<void> {
  const p = await at(page, id);
  await page.mouse.click(p.x, p.y, { button });
}
/** Waits until the server's view for this person satisfies `ok`. */
async function until(ch: string, userId: string, ok: (v: View) => boolean, what: string): Promise<View> {
  const t0 = Date.now();
  for (;;) {
    const v = await viewOf(ch, userId);
    if (ok(v)) return v;
    if (Date.now() - t0 > 5000) assert.fail(`timed out waiting for: ${what} (view: ${JSON.stringify({ orders: v.orders, routes: v.routes, paint: v.paint, sides: v.sides })})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
/** A land neighbour of `id` that nobody owns yet. */
function landNbrs(geo: Geo, id: string): string[] {
  const kind = new Map(geo.nodes.map((n) => [n.id, n.kind]));
  return geo.nodes.find((n) => n.id === id)!.nbrs.filter((n) => kind.get(n) !== 'sea');
}

test('D10.5 orders: click own territory then a neighbour (all), the same neighbour again (half, then all); the own territory itself (stand); right click cancels', { timeout: 60_000 }, async () => {
  const { page, ctx, ch, me } = await duelTab();
  const v0 = await viewOf(ch, me.id);
  const cap = v0.capitals.A;
  const geo = await geoOf(page);
  const [n1] = landNbrs(geo, cap);
  // The helper's preview (thin white arrows) is drawn from the server's view before any order.
  assert.ok((v0.preview?.helper.length ?? 0) > 0, 'the helper plans a move at the opening');
  await page.waitForSelector('#duel-svg .arrow.helper');
  await page.screenshot({ path: `${SHOTS}/01-opening.png` });

  await click(page, cap);
  assert.equal(await page.evaluate(() => (window as unknown as { __duel: { sel(): string } }).__duel.sel()), cap, 'selected');
  await click(page, n1!);
  await until(ch, me.id, (v) => v.orders.A.some((o) => o.from === cap && o.to === n1 && o.count === 'all'), 'order all');
  await page.waitForSelector(`#duel-svg .arrow.manual[data-from="${cap}"][data-to="${n1}"]`);
  // The manual order takes the capital off the helper: no white arrow leaves it now.
  await page.waitForFunction((c) => !document.querySelector(`#duel-svg .arrow.helper[data-from="${c}"]`), cap);
  await click(page, n1!);
  await until(ch, me.id, (v) => v.orders.A.some((o) => o.from === cap && o.to === n1 && o.count === 'half'), 'order toggled to half');
  await page.waitForSelector('#duel-svg .arrow.manual .alab');
  assert.equal(await page.locator('#duel-svg .arrow.manual .alab').textContent(), '½');
  await page.screenshot({ path: `${SHOTS}/02-order-half.png` });
  await click(page, n1!);
  await until(ch, me.id, (v) => v.orders.A.some((o) => o.from === cap && o.to === n1 && o.count === 'all'), 'toggled back to all');

  // Stand: click the selected territory itself.
  await click(page, cap);
  await until(ch, me.id, (v) => v.orders.A.some((o) => o.from === cap && o.count === 'stand'), 'stand');
  await page.waitForSelector(`#duel-svg rect.stand[data-from="${cap}"]`);

  // Right click cancels the order: the territory returns to the helper.
  await click(page, cap, 'right');
  await until(ch, me.id, (v) => v.orders.A.length === 0, 'order cancelled');
  await page.waitForFunction(() => !document.querySelector('#duel-svg rect.stand'));
  await ctx.close();
});

test('D10.5 routes: own territory with armies, then any territory, a waypoint, the last point again finishes; Enter finishes a draft; right click cancels a route', { timeout: 60_000 }, async () => {
  const { page, ctx, ch, me } = await duelTab();
  const cap = (await viewOf(ch, me.id)).capitals.A;
  const geo = await geoOf(page);
  // Two steps out and three steps out along land.
  const ring = (from: string, k: number) => {
    let frontier = [from];
    const seen = new Set(frontier);
    for (let i = 0; i < k; i++) {
      const next: string[] = [];
      for (const f of frontier) for (const n of landNbrs(geo, f)) if (!seen.has(n)) { seen.add(n); next.push(n); }
      frontier = next;
    }
    return frontier.sort();
  };
  const far = ring(cap, 3)[0]!;
  const wp = ring(cap, 2)[0]!;
  await page.keyboard.press('2');
  assert.equal(await page.evaluate(() => (window as unknown as { __duel: { tool(): number } }).__duel.tool()), 2);
  await click(page, cap);
  await click(page, wp);
  await click(page, far);
  const draft = await page.evaluate(() => (window as unknown as { __duel: { draft(): unknown } }).__duel.draft());
  assert.deepEqual(draft, { from: cap, points: [wp, far], count: 'all' }, 'a draft with a waypoint');
  await page.waitForSelector('#duel-svg .arrow.draft');
  await page.screenshot({ path: `${SHOTS}/03-route-draft.png` });
  await click(page, far); // the last point again: create the route
  const v = await until(ch, me.id, (x) => x.routes.length === 1, 'route created');
  const path = v.routes[0]!.path;
  assert.equal(path[0], cap);
  assert.equal(path[path.length - 1], far);
  assert.ok(path.includes(wp), `the route passes the waypoint: ${path.join(' → ')}`);
  await page.waitForSelector('#duel-svg .arrow.route');
  assert.equal(await page.locator('#duel-svg .arrow.route path:not(.halo)').first().getAttribute('stroke'), '#40e0d0', 'turquoise');
  await page.screenshot({ path: `${SHOTS}/04-route.png` });

  // Right click on the route's node cancels it.
  await click(page, cap, 'right');
  await until(ch, me.id, (x) => x.routes.length === 0, 'route cancelled');

  // Enter finishes a draft (not the turn); a click on the origin toggles all/half first.
  await click(page, cap);
  await click(page, cap);
  await click(page, far);
  await page.keyboard.press('Enter');
  const v2 = await until(ch, me.id, (x) => x.routes.length === 1, 'route by Enter');
  assert.equal(v2.routes[0]!.count, 'half');
  assert.equal(v2.sides.A.ready, false, 'Enter finished the route, it did not end the turn');
  await ctx.close();
});

test('D10.5 brush: a stroke across territories paints them in one 【助手】; clear; the rally point ⚑ set and removed by clicks', { timeout: 60_000 }, async () => {
  const { page, ctx, ch, me } = await duelTab();
  const cap = (await viewOf(ch, me.id)).capitals.A;
  const geo = await geoOf(page);
  const [n1, n2] = landNbrs(geo, cap);
  await page.keyboard.press('3');
  await page.locator('[data-brush="defend"]').click();
  const a = await at(page, n1!), b = await at(page, cap), c = await at(page, n2!);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.move(c.x, c.y, { steps: 6 });
  await page.mouse.up();
  const v = await until(ch, me.id, (x) => Object.keys(x.paint.A).length >= 3, 'stroke painted');
  for (const id of [n1!, cap, n2!]) assert.equal(v.paint.A[id], 'defend', `${id} painted defend`);
  await page.waitForSelector(`#duel-svg .hatch [data-id="${n1}"][data-mode="defend"]`);
  await page.screenshot({ path: `${SHOTS}/05-brush.png` });
  // 清除 by a click.
  await page.locator('[data-brush="clear"]').click();
  await click(page, n1!);
  await until(ch, me.id, (x) => !(n1! in x.paint.A), 'paint cleared');
  // ⚑: a click sets the rally point; a click on it removes it.
  await page.locator('[data-brush="flag"]').click();
  await click(page, n2!);
  await until(ch, me.id, (x) => x.sides.A.rally === n2, 'rally point set');
  await page.waitForSelector('#duel-svg g.rally');
  await page.screenshot({ path: `${SHOTS}/06-rally.png` });
  await click(page, n2!);
  await until(ch, me.id, (x) => x.sides.A.rally === null, 'rally point removed');
  await page.waitForFunction(() => !document.querySelector('#duel-svg g.rally'));
  await ctx.close();
});

test('D10.5 Enter is Ready; both sides ready resolves the turn and its events are listed', { timeout: 60_000 }, async () => {
  const { page, ctx, ch, me } = await duelTab();
  await page.locator('#duel-svg').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Enter');
  await until(ch, me.id, (v) => v.sides.A.ready, 'A ready');
  await page.waitForSelector('.duel-top .side-A.ready');
  const other = (await harness.svc.gameOf(ch))!.players.find((p) => p.country === 'B')!;
  const r = await harness.svc.handleMessage({ channelId: ch, userId: other.userId, userName: '乙', text: '【准备】', messageId: `b-ready-${ch}`, deliver: true });
  assert.ok(r.ok);
  await page.waitForFunction(() => /第 2\/150 回合/.test(document.querySelector('.duel-top .turn')?.textContent ?? ''));
  await page.waitForSelector('#duel-events li.ev-assault, #duel-events li.ev-battle');
  await page.waitForSelector('#duel-svg .fx .flash.won'); // the captures flash briefly after the resolution
  await page.screenshot({ path: `${SHOTS}/07-turn2.png` });
  await ctx.close();
});

test('D10.5 view: the wheel zooms about the cursor (×1.2 a notch, 1×–8×), a drag pans and is not a click', { timeout: 60_000 }, async () => {
  const { page, ctx, ch, me } = await duelTab();
  const zoom = () => page.evaluate(() => (window as unknown as { __duel: { zoom(): { k: number; vb: { x: number; y: number; w: number } } } }).__duel.zoom());
  const cap = (await viewOf(ch, me.id)).capitals.A;
  const p = await at(page, cap);
  await page.mouse.move(p.x, p.y);
  for (let i = 0; i < 4; i++) { await page.mouse.wheel(0, -100); await page.waitForTimeout(30); }
  const z = await zoom();
  assert.ok(Math.abs(z.k - 1.2 ** 4) < 1e-6, `four notches: ${z.k}`);
  const q = await at(page, cap);
  assert.ok(Math.hypot(q.x - p.x, q.y - p.y) < 2, 'the point under the cursor stays put');
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -100);
  await page.waitForTimeout(50);
  assert.equal((await zoom()).k, 8, 'at most 8×');
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 100);
  await page.waitForTimeout(50);
  await page.screenshot({ path: `${SHOTS}/08-zoomed.png` });
  const before = await zoom();
  const s = await at(page, cap);
  await page.mouse.move(s.x, s.y);
  await page.mouse.down();
  await page.mouse.move(s.x - 120, s.y - 40, { steps: 8 });
  await page.mouse.up();
  const after = await zoom();
  assert.ok(after.vb.x > before.vb.x && after.vb.y > before.vb.y, 'dragged left and up: the view moved right and down');
  assert.equal(await page.evaluate(() => (window as unknown as { __duel: { sel(): string | null } }).__duel.sel()), null, 'a drag is not a click');
  const moved = await at(page, cap);
  assert.ok(Math.abs(moved.x - (s.x - 120)) < 3 && Math.abs(moved.y - (s.y - 40)) < 3, 'the map followed the mouse');
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 100);
  await page.waitForTimeout(50);
  assert.equal((await zoom()).k, 1, 'at least 1×');
  await ctx.close();
});

test('D10.5 touch: tap selects and orders, long press cancels, two fingers pinch-zoom', { timeout: 60_000 }, async () => {
  const { page, ctx, ch, me } = await duelTab({ touch: true });
  const cap = (await viewOf(ch, me.id)).capitals.A;
  const geo = await geoOf(page);
  const [n1] = landNbrs(geo, cap);
  const cdp = await ctx.newCDPSession(page);
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, i) => ({ x: p.x, y: p.y, id: i })) });
  // Pinch first: the phone's map is small, zoom in about the capital.
  const c = await at(page, cap);
  await touch('touchStart', [{ x: c.x - 20, y: c.y }, { x: c.x + 20, y: c.y }]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: c.x - 20 - 10 * i, y: c.y }, { x: c.x + 20 + 10 * i, y: c.y }]);
  await touch('touchEnd', []);
  const k = await page.evaluate(() => (window as unknown as { __duel: { zoom(): { k: number } } }).__duel.zoom().k);
  assert.ok(k > 3 && k < 4, `pinched from 40 to 140 px: about 3.5× (${k})`);
  // Both halves of a tap go to the browser together: awaited one by one, a loaded machine (CI) could leave more than
  // the page's 550 ms long-press delay between them, and the tap became a long press (cancel) instead of a click.
  const tap = async (id: string) => { const p = await at(page, id); await Promise.all([touch('touchStart', [p]), touch('touchEnd', [])]); };
  await tap(cap);
  await tap(n1!);
  await until(ch, me.id, (v) => v.orders.A.some((o) => o.from === cap && o.to === n1), 'tap, tap: an order');
  await page.screenshot({ path: `${SHOTS}/09-phone.png` });
  const p = await at(page, cap);
  await touch('touchStart', [p]);
  await page.waitForTimeout(800);
  await touch('touchEnd', []);
  await until(ch, me.id, (v) => v.orders.A.length === 0, 'long press cancelled the order');
  await ctx.close();
});

test('Arena (D10.4): a bot game watched at a chosen speed, and a simulator transcript played back from a file', { timeout: 90_000 }, async () => {
  const { page, ctx } = await duelTab({ start: false });
  await page.locator('#duel-arena summary').click();
  await page.locator('#arena-b').selectOption('greedy');
  await page.locator('#arena-seed').fill('3');
  await page.locator('#arena-speed').selectOption('100');
  await page.locator('#arena-go').click();
  await page.waitForFunction(() => (window as unknown as { __duel: { playback(): unknown } }).__duel.playback() !== null);
  const pb = () => page.evaluate(() => (window as unknown as { __duel: { playback(): { at: number; frames: number; result: { how: string } | null } | null } }).__duel.playback());
  const t0 = Date.now();
  const first = await pb();
  assert.ok(first!.frames > 20, `a whole game: ${first!.frames} frames`);
  await page.waitForTimeout(450);
  const later = await pb();
  const t1 = Date.now();
  // 100 ms a turn: no faster than the clock allows (the browser may lag behind it on a busy machine, never ahead).
  assert.ok(later!.at - first!.at >= 1 && later!.at - first!.at <= (t1 - t0) / 100 + 1, `about 10 turns a second at the fast speed (${first!.at} → ${later!.at} in ${t1 - t0} ms)`);
  await page.screenshot({ path: `${SHOTS}/10-arena.png` });
  await page.locator('#pb-play').click(); // pause
  const paused = (await pb())!.at;
  await page.waitForTimeout(300);
  assert.equal((await pb())!.at, paused, 'paused');
  await page.locator('#pb-next').click();
  assert.equal((await pb())!.at, paused + 1, 'one turn on');
  await page.locator('#pb-exit').click();
  assert.equal(await pb(), null);

  // `npm run simulate -- --game duel --out FILE` writes this transcript; the page plays it back.
  const text = duelTranscript('maps/europe.json', { seed: 7, bots: { A: 'lander', B: 'greedy' } });
  await page.locator('#arena-speed').selectOption('100');
  await page.locator('#arena-file').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction(() => (window as unknown as { __duel: { playback(): unknown } }).__duel.playback() !== null);
  const frames = (await pb())!.frames;
  await page.waitForFunction((n) => (window as unknown as { __duel: { playback(): { at: number } } }).__duel.playback().at === n - 1, frames, { timeout: 60_000 });
  assert.ok((await pb())!.result, 'the game ends');
  await page.locator('.duel-top .result').waitFor();
  await page.screenshot({ path: `${SHOTS}/11-transcript-end.png` });
  await ctx.close();
});
