/**
 * Issue 20's browser test: three tabs of the local page play 国战 — created from 新建游戏 → 国战, joined, started;
 * each tab chooses its generals in its own panel; the table plays on (each asked tab types the computer player's
 * move in its input box) — a 杀 played and answered with a 闪 from the panels' buttons, 无懈可击 windows passed from
 * the panels, a death, the end. All the while no tab's
 * DOM or WebSocket traffic holds another seat's hand, or another seat's general while it is hidden. Screenshots go
 * to test-artifacts/.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { GameService as PlatformService } from '../../src/platform/session/index.ts';
import { guozhan } from '../../src/games/guozhan/module.ts';
import { card } from '../../src/games/guozhan/cards.ts';
import { newGame } from '../../src/games/guozhan/engine.ts';
import { GENERALS, KINGDOM_ZH } from '../../src/games/guozhan/generals.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { RealClock } from '../../src/platform/clock/index.ts';
import { startSeed } from '../../src/platform/session/index.ts';
import { ARTIFACTS, startPageHarness, until, type PageHarness } from '../helpers/page.ts';
import { foresee, pageMove, pairOf, startEntry, type Foreseen } from '../helpers/guozhan-policy.ts';
import { namesGeneral } from '../guozhan/names.ts';

const harnesses: PageHarness[] = [];
after(async () => { for (const h of harnesses) await h.close(); });

const STATIC = new URL('../../src/platform/adapters/local/static/', import.meta.url);

/** A real clock that a test can hold at one time for a moment (the start, whose time draws the deal's seed). */
class PinnedClock extends RealClock {
  pinned: number | null = null;
  override now(): number { return this.pinned ?? super.now(); }
}

/** Moves the test allows itself; the deal is chosen so that its game ends well within them. */
const STEPS = 900, FORESEEN_STEPS = 500;

interface Tab { page: Page; ctx: BrowserContext; frames: string[]; seat: string }

async function tab(harness: PageHarness, name: string, seat: string): Promise<Tab> {
  const ctx = await harness.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(harness.h.url);
  await page.locator('#name-input').fill(name);
  await page.locator('#name-form button[type=submit]').click();
  await page.locator('#name-dialog').waitFor({ state: 'hidden' });
  return { page, ctx, frames, seat };
}

test('issue 20: three tabs play 国战 — generals in their own panels, a 杀 answered by a 闪 — and no tab ever holds another seat\'s secrets', { timeout: 600_000 }, async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#eeddcc' } }).png().toBuffer();
  const renderer = { mapPng: async () => png, scoresPng: async () => png, tablePng: async () => png };
  const clock = new PinnedClock();
  const harness = await startPageHarness({ games: [neuwar, guozhan], renderer: renderer as never, clock });
  harnesses.push(harness);
  // The panel's files come from the server itself, byte for byte.
  for (const f of ['guozhan.js', 'guozhan.css']) {
    const r = await fetch(`${harness.h.url}${f}`);
    assert.equal(r.status, 200, `${f} is served`);
    assert.equal(await r.text(), readFileSync(new URL(f, STATIC), 'utf8'));
  }
  const a = await tab(harness, '阿甲', '甲');
  await a.page.locator('#new-game').click();
  assert.ok((await a.page.locator('#create-kind option').allInnerTexts()).includes('国战'), '新建游戏 offers 国战');
  await a.page.locator('#create-kind').selectOption('guozhan');
  // 国战 has no map, no turn clock and plays in Chinese: the dialog hides those fields and says what the judge can do.
  assert.deepEqual(await Promise.all(['#create-map-row', '#create-clock', '#create-lang-row'].map((q) => a.page.locator(q).isHidden())), [true, true, true]);
  assert.match(await a.page.locator('#create-hint').innerText(), /撤回上一步/);
  await a.page.locator('#create-form button[type=submit]').click();
  await a.page.waitForFunction(() => location.hash.length > 1);
  const ch = decodeURIComponent(await a.page.evaluate(() => location.hash.slice(1)));
  assert.equal((await harness.svc.gameOf(ch))?.kind, 'guozhan');
  const b = await tab(harness, '阿乙', '乙');
  const c = await tab(harness, '阿丙', '丙');
  for (const t of [b, c]) await t.page.goto(`${harness.h.url}#${ch}`);
  for (const t of [a, b, c]) await t.page.locator(`[data-join="${t.seat}"]`).click();
  await until('three seated', async () => (await harness.svc.gameOf(ch))?.players.length ?? 0, (n) => n === 3);
  // The deal: a start time a moment ago whose seed gives a game that, played by guozhan-policy.ts, shows all this
  // test checks within FORESEEN_STEPS moves (a random deal fails about one time in twenty); the clock is held at it
  // while the start is written.
  const gameId = (await harness.svc.gameOf(ch))!.id;
  const now = Date.now();
  let chosen: Foreseen | null = null, at = now;
  for (let k = 0; k < 300 && !chosen; k++) {
    at = now - k;
    const f = foresee(startEntry(['甲', '乙', '丙'], {}, startSeed(at, gameId), at), FORESEEN_STEPS);
    if (f.certain && f.dodged && f.nullifyPassed > 0 && f.died && f.ended) chosen = f;
  }
  assert.ok(chosen, 'a deal whose game shows it all');
  clock.pinned = at;
  await a.page.locator('#btn-start').click();
  await until('the game started', () => harness.svc.gameOf(ch), (g) => g?.status !== 'open');
  clock.pinned = null;
  // stateOf of the registry's service is New European War's: 国战's is read through the platform's own.
  const gz = async () => (await PlatformService.prototype.stateOf.call(harness.svc, ch)) as unknown as State;
  await until('the pick is open', gz, (s) => s?.status === 'picking');
  // The service dealt the foreseen deal with the same rules.
  const foreseenStart = newGame(startEntry(['甲', '乙', '丙'], {}, chosen.seed, at));
  assert.equal((await gz()).seed, chosen.seed);
  assert.deepEqual((await gz()).settings, foreseenStart.settings);
  assert.deepEqual((await gz()).players.map((p) => p.dealt), foreseenStart.players.map((p) => p.dealt));
  const tabs = [a, b, c];
  const bySeat = (name: string) => tabs.find((t) => t.seat === name)!;

  // Generals: each tab sees only its own dealt generals, in its own panel, and picks two of one kingdom there.
  const first = await gz();
  const owner = new Map<string, string>();
  for (const p of first.players) for (const g of p.dealt) owner.set(g, p.name);
  for (const t of tabs) {
    const p = first.players.find((x) => x.name === t.seat)!;
    await t.page.locator('#gz-dealt .gz-gen').first().waitFor();
    const shown = await t.page.locator('#gz-dealt .gz-gen').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.general));
    assert.deepEqual(shown, p.dealt, `${t.seat} sees its dealt generals`);
    // Each with its kingdom (two of one kingdom are chosen), its health and skills on hover.
    assert.deepEqual(await t.page.locator('#gz-dealt .gz-gen').allInnerTexts(), p.dealt.map((g) => `${GENERALS[g]!.zh}·${KINGDOM_ZH[GENERALS[g]!.kingdom]}`));
    assert.match(String(await t.page.locator('#gz-dealt .gz-gen').first().getAttribute('title')), /体力\d(\.5)?）：\S/);
    const pair = pairOf(p.dealt);
    await t.page.locator(`#gz-dealt [data-general="${pair[0]}"]`).click();
    await t.page.locator(`#gz-dealt [data-general="${pair[1]}"]`).click();
    // The chips say which is the main general and which the deputy (the order of the clicks).
    assert.match(await t.page.locator(`#gz-dealt [data-general="${pair[0]}"]`).innerText(), /^主 /);
    assert.match(await t.page.locator(`#gz-dealt [data-general="${pair[1]}"]`).innerText(), /^副 /);
    await t.page.locator('#gz-pick').click();
    await until(`${t.seat} picked`, gz, (s) => s.status !== 'picking' || !s.ask!.seats.some((i) => s.players[i]!.name === t.seat));
  }
  await until('turn 1', gz, (s) => s.status === 'running');
  await a.page.screenshot({ path: `${ARTIFACTS}/guozhan-page-start.png` });
  // The side panel speaks 国战 (issue 20): 座位, not 国家; no 已完成/未完成 (a seat is asked or it is not) — the asked
  // seat is marked 待回应 and the turn's seat 回合中; the judge's button takes back the last move (【撤回】) instead of
  // forcing New European War's resolution.
  const running = await gz();
  const turnSeat = running.players[running.turn.seat]!.name;
  await until('the top line names the turn\'s seat', () => a.page.locator('#statusline').innerText(), (x) => x.includes(`${turnSeat}的回合`), 5000);
  assert.equal(await a.page.locator('#people-title').innerText(), '座位');
  const line = await a.page.locator('#statusline').innerText();
  assert.ok(!/已完成|全部完成/.test(line), `no 已完成 count in the top line: ${line}`);
  const people = await a.page.locator('#people').innerText();
  assert.ok(!/已完成|未完成/.test(people), `no 已完成/未完成 in the seats: ${people}`);
  assert.match(people, /待回应/);
  assert.equal(await a.page.locator('#btn-resolve').innerText(), '撤回上一步');

  // Revealed generals, noted with how much of each tab's traffic came before the reveal.
  const revealedAt = new Map<string, number[]>();
  let before = tabs.map((t) => t.frames.length);
  const noteReveals = (s: State) => {
    for (const p of s.players) (p.generals ?? []).forEach((g, k) => { if (p.revealed[k] && !revealedAt.has(g)) revealedAt.set(g, before); });
    before = tabs.map((t) => t.frames.length);
  };
  /** Each tab's hand in its panel is exactly its seat's hand; no other seat's hand is in the panel. */
  const checkPanels = async (s: State) => {
    for (const t of tabs) {
      const p = s.players.find((x) => x.name === t.seat)!;
      const ids = await until(`${t.seat}'s hand in its panel`, () => t.page.locator('#gz-hand .gz-card').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id)), (x) => x.length === p.hand.length || s.status === 'ended', 5000);
      if (s.status !== 'ended') assert.deepEqual([...ids].sort(), [...p.hand].sort());
    }
  };

  let slashDodged = false, steps = 0, nullifyPassed = 0, slashes = 0, dodges = 0;
  for (; steps < STEPS; steps++) {
    const s = await gz();
    noteReveals(s);
    if (s.status === 'ended') break;
    const ask = s.ask!;
    // The state object is live (the engine's arrays are shared along): its lengths now, as numbers.
    const nCommands = s.commands.length;
    // Until a 杀 has been dodged the tabs play for one (guozhan-policy.ts); then each plays the computer player's move.
    const { seat, text } = pageMove(s, slashDodged);
    const t = bySeat(s.players[seat]!.name);
    // No move the bot knows (a skill's prompt it has no policy for): 【不出】, or, where that is refused, the deadline.
    if (!text) { await t.page.locator('#input').fill('【不出】'); await t.page.locator('#input').press('Enter'); await until('moved on', gz, (x) => x.ask?.id !== ask.id || x.commands.length > nCommands, Math.max(5000, ask.deadline - Date.now() + 3000)).catch(async (e) => { throw new Error(`${(e as Error).message.slice(0, 120)}\nask: ${JSON.stringify(ask)}\nfeed: ${(await t.page.locator('#feed').innerText()).slice(-500)}`); }); continue; }
    const slash = /^【杀】(S\d+)→(.+)$/.exec(text);
    const dodge = /^【闪】(S\d+)$/.exec(text);
    if (ask.kind === 'play' && slash) {
      // 杀 from the panel: the card, then the target's seat box, then 使用.
      await t.page.locator(`#gz-hand [data-id="${slash[1]}"]`).click();
      await t.page.locator(`#gz-panel .gz-seat[data-seat="${slash[2]}"]`).click();
      await t.page.locator('#gz-use').click();
      slashes++;
    } else if (ask.kind === 'respond' && ask.want === '闪' && dodge) {
      dodges++;
      // The 闪 from the attacked tab's panel.
      await t.page.locator('#gz-prompt.mine').waitFor();
      await t.page.locator(`#gz-hand [data-id="${dodge[1]}"]`).click();
      // G6: a 闪 against a 杀 is used (使用), not played (打出: 南蛮入侵, 决斗).
      assert.equal(await t.page.locator('#gz-use').innerText(), (ask as { mode?: string }).mode === 'play' ? '打出' : '使用');
      await t.page.locator('#gz-use').click();
      const after = await until('the 闪 is answered', gz, (x) => x.commands.length > nCommands, 8000).catch(async (e) => {
        await t.page.screenshot({ path: `${ARTIFACTS}/guozhan-page-stuck.png` });
        throw e;
      });
      const row = after.commands[nCommands]!;
      assert.equal(row.ok, true, `the 闪 from the panel is taken: ${JSON.stringify(row)}`);
      assert.match(String(row.text), new RegExp(`^【闪】${dodge[1]}$`));
      slashDodged = true;
    } else if (ask.kind === 'nullify' && text === '【不出】') {
      // A 无懈可击 window: every plausible responder is asked (G21.4); this one passes from its panel.
      await t.page.locator('#gz-prompt.mine').waitFor();
      await t.page.locator('#gz-pass').click();
      nullifyPassed++;
    } else {
      await t.page.locator('#input').fill(text);
      await t.page.locator('#input').press('Enter');
    }
    try {
      await until(`the move is taken (${t.seat}: ${text}, ${ask.kind})`, gz, (x) => x.commands.length > nCommands || x.status === 'ended', 8000);
    } catch (e) {
      await t.page.screenshot({ path: `${ARTIFACTS}/guozhan-page-stuck.png` });
      throw new Error(`${(e as Error).message.slice(0, 200)}\nits feed: ${(await t.page.locator('#feed').innerText()).slice(-600)}`);
    }
    if (steps % 25 === 0) await checkPanels(await gz());
  }
  const fin = await gz();
  const refused = fin.commands.filter((c) => !c.ok).map((c) => `${c.text}:${c.code}`);
  assert.ok(slashDodged, `a 杀 was answered by a 闪 from the panels (${steps} steps, ${slashes} 杀 and ${dodges} 闪 from panels; refused: ${refused.slice(-8).join(' | ')})`);
  assert.ok(nullifyPassed > 0, 'a 无懈可击 window was passed from a panel');
  const over = await gz();
  assert.ok(over.log.some((r) => r.t === 'death'), 'someone died');
  assert.equal(over.status, 'ended', `the game ended (${steps} steps, foreseen ${chosen.steps})`);
  for (const t of tabs) await t.page.locator('#gz-panel').getByText('游戏结束').waitFor();
  for (const t of tabs) await t.page.screenshot({ path: `${ARTIFACTS}/guozhan-page-${t.seat}.png` });
  const end = await gz();
  noteReveals(end);
  await checkPanels(end);

  // The traffic: views carry only the tab's own hand; a hidden general of another seat is never named.
  let views = 0;
  for (const [i, t] of tabs.entries()) {
    for (const raw of t.frames) {
      const f = JSON.parse(raw) as { t: string; view?: { me: string; seats: { name: string; hand?: string[] }[] }; m?: { to?: string } };
      if (f.t !== 'view' || !f.view) continue;
      views++;
      assert.equal(f.view.me, t.seat);
      for (const q of f.view.seats) assert.equal(q.hand !== undefined, q.name === t.seat);
    }
    for (const [g, who] of owner) {
      if (who === t.seat) continue;
      const upto = revealedAt.get(g)?.[i] ?? t.frames.length;
      assert.ok(!namesGeneral(t.frames.slice(0, upto).join('\n'), g), `${GENERALS[g]!.zh} of ${who} never reaches ${t.seat} while hidden`);
    }
    // The DOM now: no other seat's hidden general, no other seat's hand card in the panel.
    const html = await t.page.content();
    for (const p of end.players) {
      if (p.name === t.seat) continue;
      (p.generals ?? []).forEach((g, k) => { if (!p.revealed[k]) assert.ok(!namesGeneral(html, g), `${GENERALS[g]!.zh} of ${p.name} is not in ${t.seat}'s page`); });
      for (const id of p.hand) assert.ok(!html.includes(`data-id="${id}"`), `${card(id).name} (${id}) of ${p.name} is not in ${t.seat}'s panel`);
    }
  }
  assert.ok(views > 10, `views pushed (${views})`);
});
