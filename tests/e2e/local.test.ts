/**
 * Browser test of the local web channel: real server, real GameService and renderer, headless Chromium.
 * Two tabs (two browser contexts) play a game on the tiny map to a resolved turn and a judge's forced one.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pngSize, type LocalHandle } from '../../src/platform/adapters/local/index.ts';
import type { GameService } from '../../src/games/index.ts';
import { ARTIFACTS, startPageHarness, type PageHarness } from '../helpers/page.ts';

const EVIL_NAME = '<img src=x onerror=__pwned=1>乙方';
const EVIL_TEXT = '<script>window.__pwned=2</script><b>hi</b>';

let harness: PageHarness;
let h: LocalHandle<GameService>;
let browser: Browser;
const pageErrors: string[] = [];

before(async () => {
  harness = await startPageHarness();
  ({ h, browser } = harness);
});

after(async () => {
  await harness?.close();
});

async function tab(width = 1280, height = 860): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  await page.goto(h.url);
  return { ctx, page };
}

async function setName(page: Page, name: string): Promise<void> {
  await page.locator('#name-input').fill(name);
  await page.locator('#name-form button[type=submit]').click();
  await page.locator('#name-dialog').waitFor({ state: 'hidden' });
}

async function type(page: Page, text: string): Promise<void> {
  await page.locator('#input').fill(text);
  await page.locator('#input').press('Enter');
}

/** A feed message containing `text` (bot or person). */
const msg = (page: Page, text: string) => page.locator('#feed article.msg', { hasText: text });

async function statusTurn(page: Page, n: number): Promise<void> {
  await page.locator('#statusline .turn', { hasText: `第 ${n} 回合` }).waitFor({ timeout: 20_000 });
}

/** Every picture (<figure> <img>; the emoji icons are not pictures) in the feed shows its PNG at its natural size: naturalWidth/Height equal the PNG's IHDR. */
async function checkImages(page: Page, atLeast: number): Promise<{ src: string; w: number; h: number }[]> {
  await page.waitForFunction((n) => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>('#feed figure img')];
    return imgs.length >= n && imgs.every((i) => i.complete && i.naturalWidth > 0);
  }, atLeast, { timeout: 30_000 });
  const imgs = await page.$$eval('#feed figure img', (els) => (els as HTMLImageElement[]).map((i) => ({ src: i.src, w: i.naturalWidth, h: i.naturalHeight, aw: i.width, ah: i.height, attrW: Number(i.getAttribute('width')), attrH: Number(i.getAttribute('height')) })));
  for (const im of imgs) {
    const png = Buffer.from(await (await fetch(im.src)).arrayBuffer());
    const size = pngSize(png);
    assert.ok(size, `${im.src} is a PNG`);
    assert.equal(im.w, size.width, `naturalWidth of ${im.src}`);
    assert.equal(im.h, size.height, `naturalHeight of ${im.src}`);
    assert.equal(im.attrW, size.width);
    assert.equal(im.attrH, size.height);
  }
  return imgs;
}

test('two tabs play the tiny map: war, commits, resolution, private orders, reload, forced resolution, no script injection', { timeout: 110_000 }, async () => {
  // Tab 1: creates the game (so it is the judge) and plays 甲国.
  const { page: a } = await tab();
  await setName(a, '甲方');
  await a.locator('#new-game').click();
  await a.locator('#create-map').selectOption('tests/fixtures/tiny.json');
  await a.locator('#create-turn').fill('600');
  await a.locator('#create-form button[type=submit]').click();
  await a.locator('[data-join="A"]').click();
  await a.locator('.country.mine[data-country="A"]').waitFor();

  // Tab 2: a phone-sized tab whose name is an HTML injection attempt; joins 乙国 from the list.
  const { ctx: ctxB, page: b } = await tab(390, 844);
  await setName(b, EVIL_NAME);
  await b.locator('#menu').click();
  await b.locator('.game-item').first().click();
  await b.locator('#people-toggle').click();
  await b.locator('[data-join="B"]').click();
  await b.locator('.country.mine[data-country="B"]').waitFor();
  await b.locator('#people-close').click();

  // The judge starts; both see turn 1 with its countdown and the first map and score table.
  await a.locator('#btn-start').click();
  await statusTurn(a, 1);
  await statusTurn(b, 1);
  await a.locator('#statusline .clock', { hasText: '剩余' }).waitFor();
  await checkImages(a, 2);

  // A declares war by typing the bracket command; B sees the announcement.
  await type(a, '【宣战】甲国向乙国宣战');
  await msg(b, '【宣战】甲国向乙国宣战').first().waitFor();
  await msg(b, '宣战（-10分）').first().waitFor();

  // A private order: its author sees it and its confirmation, marked private; B sees neither.
  await type(a, '【调兵】甲都→甲乡 5');
  await a.locator('#feed article.msg.private', { hasText: '甲都' }).first().waitFor();
  assert.ok(await a.locator('#feed article.msg.private .badge', { hasText: '仅你可见' }).count() >= 1);
  await a.waitForTimeout(300);
  // (the turn post reveals the move once the turn resolves, R3.1; until then it is A's alone)
  assert.equal(await b.locator('#feed article.msg', { hasText: '甲都' }).count(), 0, 'the private order never reached the other tab');

  // Both commit: the turn resolves at once; both see turn 2, new pictures and the new scores.
  const imgsBefore = await b.locator('#feed figure img').count();
  await type(a, '【完成】');
  await a.locator('#statusline', { hasText: '已完成 1/2' }).waitFor();
  await type(b, '【完成】');
  await statusTurn(a, 2);
  await statusTurn(b, 2);
  await msg(a, '第1回合结算').first().waitFor();
  await msg(b, '第1回合结算').first().waitFor();
  const imgsA = await checkImages(a, imgsBefore + 2);
  await checkImages(b, imgsBefore + 2);
  assert.ok(imgsA.length >= 4);
  const st = (await h.service.stateOf((await h.service.listGames())[0]!.channelId))!;
  for (const p of [a, b]) {
    for (const c of ['A', 'B'] as const) {
      await p.locator(`.country[data-country="${c}"] .score`, { hasText: `${st.countries[c]!.score} 分` }).waitFor();
    }
  }

  // Reload keeps the identity (sessionStorage token): still 乙国, same name, same feed.
  await b.reload();
  await b.locator('.country.mine[data-country="B"]').waitFor();
  assert.equal(await b.locator('#me-name').textContent(), EVIL_NAME);
  await msg(b, '第1回合结算').first().waitFor();
  assert.equal(await b.locator('#name-dialog[open]').count(), 0);

  // The judge forces the next resolution.
  await type(a, '【结算】');
  await statusTurn(a, 3);
  await statusTurn(b, 3);
  await msg(b, '第2回合结算（裁判强制）').first().waitFor();

  // Script typed as a message is shown as text and never runs; so is the name.
  await type(b, EVIL_TEXT);
  const line = a.locator('#feed article.msg.user', { hasText: 'window.__pwned=2' }).last();
  await line.waitFor();
  assert.equal(await line.locator('.text').textContent(), EVIL_TEXT);
  assert.equal(await line.locator('.author').textContent(), EVIL_NAME);
  assert.equal(await a.locator('#feed script, #feed b, #feed img[src="x"]').count(), 0);
  for (const p of [a, b]) assert.equal(await p.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);

  // A request carries Accept/Reject buttons; the addressee answers with a click (the attacker offers a ceasefire, R5.3).
  await type(a, '【求和】甲国向乙国请求停战，无条件');
  const withButtons = (p: Page) => p.locator('#feed article.msg').filter({ has: p.locator('button[data-button$=":accept"]') });
  await withButtons(a).first().waitFor();
  const request = withButtons(b).last();
  await request.waitFor();
  await request.locator('button[data-button$=":accept"]').click();
  for (let i = 0; i < 50 && (await h.service.stateOf((await h.service.listGames())[0]!.channelId))!.wars.length > 0; i++) await a.waitForTimeout(100);
  assert.equal((await h.service.stateOf((await h.service.listGames())[0]!.channelId))!.wars.length, 0, 'the ceasefire ended the war');

  // Autocomplete offers territories from the game's map.
  await a.locator('#input').fill('【调兵】甲');
  await a.locator('#ac .ac-item', { hasText: '甲都' }).waitFor();
  await a.locator('#input').fill('');

  await a.screenshot({ path: `${ARTIFACTS}/local-e2e-desktop.png` });
  await b.screenshot({ path: `${ARTIFACTS}/local-e2e-phone.png` });

  // The judge ends the game: both tabs show it over.
  await a.locator('#btn-end').click();
  await a.locator('#statusline .turn', { hasText: '游戏结束' }).waitFor();
  await b.locator('#statusline .turn', { hasText: '游戏结束' }).waitFor();
  await ctxB.close();
  assert.deepEqual(pageErrors, []);
});
