/**
 * Europe Duel's lobby and links on the local page (duel.md D10.6, D9; issue 15 "Lobby and links"), in Chromium
 * against a real server: a rated game between two browsers, each with its own link, on the Europe map ended by
 * 【认输】 with both ratings moved by 32 (provisional); a game against the greedy bot played to its end that moves no
 * rating; a seat restored by reopening its link (another device, after the helper played two turns for it and D2.8
 * counted them) and taken over by a second tab with the same token (the first is told and watches); a spectator
 * without a token sees no private orders; the seat token never in an HTTP request. Screenshots (desktop and phone)
 * go to /tmp/duel-lobby/.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import { screenOf, startPageHarness, until, type PageHarness } from '../helpers/page.ts';

const SHOTS = '/tmp/duel-lobby';
mkdirSync(SHOTS, { recursive: true });

let harness: PageHarness;
before(async () => { harness = await startPageHarness({ games: [neuwar, duel] }); });
after(async () => { await harness?.close(); });

interface View {
  status: string; turn: number; rated: boolean;
  capitals: { A: string; B: string };
  sides: Record<'A' | 'B', { ready: boolean; idle: number; bot: string | null }>;
  orders: Record<'A' | 'B', { from: string; to: string; count: string }[]>;
  preview?: unknown;
  result: { how: string } | null;
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A browser (a context: its own localStorage, like another device) and its requests, to check no token leaks into HTTP. */
async function device(browser: Browser, phone = false): Promise<{ ctx: BrowserContext; requests: string[]; frames: string[] }> {
  const ctx = await browser.newContext({ ...(phone ? PHONE : { viewport: { width: 1360, height: 860 } }), locale: 'zh-CN' });
  const requests: string[] = [];
  const frames: string[] = [];
  ctx.on('request', (r) => requests.push(r.url()));
  // What the pages send over their WebSocket (where the seat token travels).
  ctx.on('page', (p) => p.on('websocket', (ws) => ws.on('framesent', (f) => { if (typeof f.payload === 'string') frames.push(f.payload); })));
  return { ctx, requests, frames };
}

/** A page at `url`; with `name`, the name asked on the way (the lobby's identity). */
async function open(ctx: BrowserContext, url: string, name?: string): Promise<Page> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto(url);
  if (name) {
    await page.locator('#name-input').fill(name);
    await page.locator('#name-form button[type=submit]').click();
    await page.locator('#name-dialog').waitFor({ state: 'hidden' });
  }
  return page;
}

const gameOf = async (gameId: number) => (await harness.svc.listGames()).find((g) => g.id === gameId)!;
const pub = async (ch: string) => (await harness.svc.seatView(ch, null)) as View;
const userOf = async (ch: string, seat: 'A' | 'B') => (await harness.svc.gameOf(ch))!.players.find((p) => p.country === seat)!.userId;
const rating = async (name: string) => (await harness.svc.ratingCard!('duel', 'local-x', { id: '', name })).ok ? ((await harness.svc.ratingCard!('duel', 'local-x', { id: '', name })) as { ok: true; value: { card: { rating: number; games: number } } }).value.card : null;


const gameIdOf = (url: string) => Number(/\/duel\/(\d+)/.exec(url)![1]);
const tokenOf = (url: string) => /#seat=([A-Za-z0-9_-]{22})/.exec(url)![1]!;

test('D10.6 + D9: challenge a friend — two browsers, each with its own link; rated; ended by 【认输】, both ratings move by 32; a spectator sees no private orders', { timeout: 120_000 }, async () => {
  const jia = await device(harness.browser);
  const a = await open(jia.ctx, harness.h.url, '甲');
  await a.locator('#duel-lobby').waitFor();
  await a.locator('#lobby-me').getByText('1000?').waitFor();
  await a.screenshot({ path: `${SHOTS}/01-lobby.png` });

  // 挑战好友: the game is made with both seats; this page sits as 红方 and shows the other seat's link to send.
  await a.locator('#lobby-friend').click();
  await a.waitForURL(/\/duel\/\d+#seat=[A-Za-z0-9_-]{22}$/);
  const invite = await a.locator('#invite-link').inputValue();
  assert.match(invite, /^http:\/\/127\.0\.0\.1:\d+\/duel\/\d+#seat=[A-Za-z0-9_-]{22}$/);
  const gameId = gameIdOf(a.url());
  assert.equal(gameIdOf(invite), gameId, 'one game, two links');
  assert.notEqual(tokenOf(invite), tokenOf(a.url()), 'each seat its own token');
  const ch = (await gameOf(gameId)).channelId;
  assert.equal((await gameOf(gameId)).status, 'open');
  await a.locator('.duel-top').getByText('等待对手').waitFor();
  await a.screenshot({ path: `${SHOTS}/02-invite.png` });

  // The friend opens the link in another browser, gives a name, and the game starts.
  const yi = await device(harness.browser);
  const b = await open(yi.ctx, invite);
  await b.locator('#name-dialog').waitFor();
  await b.locator('#name-input').fill('乙');
  await b.locator('#name-form button[type=submit]').click();
  await until('the game starts', async () => (await gameOf(gameId)).status, (s) => s === 'running');
  for (const p of [a, b]) {
    await p.waitForSelector('#duel-svg .cnt');
    await p.locator('.duel-top .rated.on').getByText('排位赛').waitFor();
  }
  assert.equal((await (await pub(ch))).rated, true, 'D9.2: two people, Europe, default settings: rated');
  assert.equal(await b.locator('#seat-banner').isHidden(), true);
  await a.locator('.duel-top .side-A').getByText('（你）').waitFor();
  await b.locator('.duel-top .side-B').getByText('（你）').waitFor();
  await b.locator('.duel-top .side-A').getByText('甲 1000?').waitFor(); // D10.5: the opponent's name and rating
  await b.screenshot({ path: `${SHOTS}/03-friend-joined.png` });

  // A spectator (the link without its token): the public state only.
  const bing = await device(harness.browser);
  const s = await open(bing.ctx, `${harness.h.url}duel/${gameId}`);
  await s.waitForSelector('#duel-svg .cnt');
  assert.equal(await s.locator('#name-dialog').isVisible(), false, 'watching needs no name');
  await s.locator('#seat-banner.watch').waitFor();
  // 甲 gives a private order by clicking; 甲 sees its thick arrow, the spectator nothing of it.
  const cap = (await (await pub(ch))).capitals.A;
  const geo = await a.evaluate(() => (window as unknown as { __duel: { geo(): { nodes: { id: string; kind: string; nbrs: string[] }[] } } }).__duel.geo());
  const kind = new Map(geo.nodes.map((n) => [n.id, n.kind]));
  const n1 = geo.nodes.find((n) => n.id === cap)!.nbrs.find((x) => kind.get(x) !== 'sea')!;
  for (const id of [cap, n1]) { const p = await screenOf(a, id); await a.mouse.click(p.x, p.y); }
  await until('甲\'s order', async () => ((await harness.svc.seatView(ch, (await userOf(ch, 'A')))) as View).orders.A, (o) => o.some((x) => x.from === cap && x.to === n1));
  await a.waitForSelector(`#duel-svg .arrow.manual[data-from="${cap}"]`);
  await s.waitForTimeout(300);
  const seen = await s.evaluate(() => (window as unknown as { __duel: { view(): View } }).__duel.view());
  assert.deepEqual(seen.orders, { A: [], B: [] }, 'no orders in the public view');
  assert.equal(seen.preview, undefined, 'no helper preview');
  assert.equal(await s.locator('#duel-svg .arrow').count(), 0, 'no arrows drawn');
  assert.equal(await s.locator('#feed').getByText('→').count(), 0, 'no private echo in the feed');
  assert.equal(await s.locator('#duel-ready').isVisible(), false, 'a spectator has no Ready');
  await s.screenshot({ path: `${SHOTS}/04-spectator.png` });

  // 【认输】 (甲 resigns). D9.3 with both players new (provisional, K = 64) at 1000: E = 1 / (1 + 10^(0/400)) = 0.5;
  // 乙 wins Δ = round(64 × (1 − 0.5)) = +32 → 1032, 甲 loses Δ = round(64 × (0 − 0.5)) = −32 → 968.
  a.once('dialog', (d) => { void d.accept(); });
  await a.locator('#duel-resign').click();
  await until('the end', async () => (await gameOf(gameId)).status, (st) => st === 'ended');
  assert.equal((await (await pub(ch))).result!.how, 'resign');
  assert.deepEqual([(await rating('甲'))?.rating, (await rating('乙'))?.rating], [968, 1032]);
  assert.deepEqual([(await rating('甲'))?.games, (await rating('乙'))?.games], [1, 1]);
  await a.locator('#duel-ratings').getByText('甲 968（−32）').waitFor();
  await b.locator('#duel-ratings').getByText('乙 1032（+32）').waitFor();
  await b.screenshot({ path: `${SHOTS}/05-resigned.png` });

  // The lobby remembers the game and shows the new rating.
  await a.locator('#duel-home').click();
  await a.locator('#lobby-me').getByText('968').waitFor();
  await a.locator(`#lobby-mine [data-continue="${gameId}"]`).getByText('查看').waitFor();
  await a.screenshot({ path: `${SHOTS}/06-lobby-after.png` });

  // D10.6: the fragment never reaches the server over HTTP; the page sends it over the WebSocket.
  for (const u of [...jia.requests, ...yi.requests]) {
    const sent = new URL(u);
    assert.ok(!/seat=/.test(sent.pathname + sent.search), `an HTTP request carries no seat: ${u}`);
  }
  assert.ok(yi.frames.some((f) => f.includes(tokenOf(invite)) && f.includes('"t":"seat"')), 'the token went over the WebSocket');
  assert.ok(jia.frames.some((f) => f.includes('"t":"duel"')));
  for (const x of [jia, yi, bing]) await x.ctx.close();
});

test('D10.6 play a bot: greedy starts at once, unrated; played to its end (a short turn limit) it moves no rating', { timeout: 120_000 }, async () => {
  const ding = await device(harness.browser);
  const p = await open(ding.ctx, harness.h.url, '丁');
  await p.locator('#duel-lobby').waitFor();
  // D8.4: the agent is offered only with a weights file; without one its option is disabled and the lobby says why.
  const agent = harness.svc.botOffers!('duel').find((o) => o.id === 'agent')!;
  assert.equal(await p.locator('#lobby-bot option[value="agent"]').isDisabled(), !agent.available);
  if (!agent.available) await p.locator('#lobby-bot-note').getByText('AGENT_UNAVAILABLE').waitFor();
  await p.locator('#lobby-more summary').click();
  await p.locator('#lobby-limit').fill('6');
  await p.locator('#lobby-bot').selectOption('greedy');
  const boardNow = () => JSON.stringify(harness.svc.leaderboard!('duel', 'local-x', { id: '', name: '丁' }, 'global'));
  const board = boardNow();
  await p.locator('#lobby-bot-go').click();
  await p.waitForURL(/\/duel\/\d+#seat=/);
  const gameId = gameIdOf(p.url());
  const ch = (await gameOf(gameId)).channelId;
  assert.equal((await gameOf(gameId)).status, 'running', 'started at once');
  await p.waitForSelector('#duel-svg .cnt');
  await p.locator('.duel-top .rated').getByText('不计等级分').waitFor();
  assert.equal((await (await pub(ch))).rated, false);
  assert.equal((await (await pub(ch))).sides.B.bot, 'greedy');
  // Enter is Ready; the bot is ready at each opening, so each Enter resolves a turn (6 turns, then the end).
  await p.locator('#duel-svg').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 12 && (await (await pub(ch))).status === 'running'; i++) {
    const turn = (await (await pub(ch))).turn;
    await p.keyboard.press('Enter');
    await until(`turn ${turn} resolved`, () => pub(ch), (v) => v.turn > turn || v.status === 'ended');
  }
  const v = await (await pub(ch));
  assert.equal(v.status, 'ended', 'played to its end');
  assert.ok(v.result && ['capital', 'score'].includes(v.result.how), `how: ${v.result?.how}`);
  await p.locator('.duel-top .result').waitFor();
  await p.locator('#duel-ratings').getByText('这局不计等级分').waitFor();
  assert.equal((await rating('丁'))?.games, 0, 'no rated game for 丁');
  assert.equal(boardNow(), board, 'the ratings are as they were');
  await p.screenshot({ path: `${SHOTS}/07-bot-ended.png` });
  await ding.ctx.close();
});

test('D10.6 reconnect: reopening the link restores the seat on another device after the helper played two turns (D2.8 counted them); a second tab with the same token takes over and the first is told', { timeout: 150_000 }, async () => {
  // 20-second turns (custom settings: unrated), so deadlines pass during the test (and a phone has time to load).
  const wu = await device(harness.browser);
  const a = await open(wu.ctx, harness.h.url, '戊');
  await a.locator('#lobby-more summary').click();
  await a.locator('#lobby-turn').fill('20');
  await a.locator('#lobby-friend').click();
  await a.waitForURL(/\/duel\/\d+#seat=/);
  const invite = await a.locator('#invite-link').inputValue();
  const gameId = gameIdOf(invite);
  const ch = (await gameOf(gameId)).channelId;

  // 己 takes the seat on a phone, then closes it; 戊 acts (Ready) in every turn.
  const phone = await device(harness.browser, true);
  const b = await open(phone.ctx, invite);
  await b.locator('#name-input').fill('己');
  await b.locator('#name-form button[type=submit]').click();
  await until('running', async () => (await gameOf(gameId)).status, (st) => st === 'running');
  await a.waitForSelector('#duel-svg .cnt');
  await a.locator('#duel-svg').click({ position: { x: 5, y: 5 } });
  await a.keyboard.press('Enter');
  await until('A ready in turn 1', async () => (await (await pub(ch))).sides.A.ready, (r) => r);
  await b.waitForSelector('#duel-svg .cnt');
  assert.equal((await (await pub(ch))).rated, false, 'changed settings: unrated');
  await b.screenshot({ path: `${SHOTS}/08-phone-joined.png` });
  await b.close();

  // 己 is away for two deadlines: the helper moves for B and D2.8 counts its idle turns.
  for (let turn = 1; turn <= 2; turn++) {
    await until(`turn ${turn} resolved at its deadline`, async () => (await (await pub(ch))).turn, (t) => t > turn, 25_000);
    if (turn < 2) {
      await a.keyboard.press('Enter');
      await until(`A ready in turn ${turn + 1}`, async () => (await (await pub(ch))).sides.A.ready, (r) => r);
    }
  }
  const away = (await (await pub(ch))) as View & { lastEvents: { type: string; side?: string; by?: string }[] };
  assert.equal(away.turn, 3);
  assert.equal(away.sides.B.idle, 2, 'two turns without an action (D2.8)');
  assert.equal(away.sides.A.idle, 0);
  assert.ok(away.lastEvents.some((e) => e.type === 'move' && e.side === 'B' && e.by === 'helper'), 'the helper played for the absent side');
  await a.keyboard.press('Enter');

  // Another device (a new phone context, no name asked): the link alone restores seat B, with the idle warning.
  const other = await device(harness.browser, true);
  const b2 = await open(other.ctx, invite);
  await b2.waitForSelector('#duel-svg .cnt');
  await b2.locator('.duel-top .side-B').getByText('（你）').waitFor();
  await b2.locator('.duel-top .warn').waitFor();
  assert.equal(await b2.locator('#name-dialog').isVisible(), false, 'a restored seat needs no name');
  await b2.screenshot({ path: `${SHOTS}/09-phone-restored.png` });
  // Ready is an action (D2.8): with 戊 ready too the turn resolves at once and B's idle count is 0 again.
  await b2.locator('#duel-ready').click();
  await until('B acted and the turn resolved', () => pub(ch), (v) => v.turn > 3 && v.sides.B.idle === 0);
  await b2.locator('.duel-top .warn').waitFor({ state: 'detached' });

  // A second tab with the same token takes over; the first is told and watches.
  const b3 = await open(other.ctx, invite);
  await b3.locator('.duel-top .side-B').getByText('（你）').waitFor();
  await b2.locator('#seat-banner.warn').getByText('接管').waitFor();
  await b2.locator('#seat-reclaim').waitFor();
  assert.equal(await b2.locator('#duel-ready').isVisible(), false, 'the first tab no longer plays');
  await b2.screenshot({ path: `${SHOTS}/10-phone-taken-over.png` });
  // The first tab's click on a territory gives no order any more.
  const bCap = (await (await pub(ch))).capitals.B;
  const before = ((await harness.svc.seatView(ch, (await userOf(ch, 'B')))) as View).orders.B.length;
  const p0 = await screenOf(b2, bCap);
  await b2.mouse.click(p0.x, p0.y);
  await b2.mouse.click(p0.x, p0.y);
  await b2.waitForTimeout(300);
  assert.equal(((await harness.svc.seatView(ch, (await userOf(ch, 'B')))) as View).orders.B.length, before, 'a watching tab cannot order');
  // "在这里继续" takes the seat back; now the other tab is told.
  await b2.locator('#seat-reclaim').click();
  await b2.locator('.duel-top .side-B').getByText('（你）').waitFor();
  await b3.locator('#seat-reclaim').waitFor();

  // The phone that took the seat first: a new tab offers the name it played as, and the lobby lists the game to 继续.
  const lobby = await open(phone.ctx, harness.h.url);
  await lobby.locator('#name-dialog').waitFor();
  assert.equal(await lobby.locator('#name-input').inputValue(), '己', 'the name this browser last played a duel as');
  await lobby.locator('#name-form button[type=submit]').click();
  const cont = lobby.locator(`#lobby-mine [data-continue="${gameId}"]`);
  await cont.getByText('继续').waitFor();
  await lobby.screenshot({ path: `${SHOTS}/11-phone-lobby.png` });
  await cont.click();
  await lobby.waitForURL(new RegExp(`/duel/${gameId}#seat=`));
  await lobby.locator('.duel-top .side-B').getByText('（你）').waitFor();
  await b2.locator('#seat-reclaim').waitFor();
  for (const x of [wu, phone, other]) await x.ctx.close();
});
