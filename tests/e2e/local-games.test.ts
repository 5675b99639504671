/**
 * Browser test of the platform issue on the local page: a server hosting two games offers the choice in 新建游戏,
 * and a game of the second kind (the tests' count to 21) is created, joined, started and played from the page
 * with no change to the page or the platform. A server hosting one game shows no choice. Screenshots go to
 * test-artifacts/.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { count21 } from '../games/count21/module.ts';
import { ARTIFACTS, startPageHarness, type PageHarness } from '../helpers/page.ts';

const harnesses: PageHarness[] = [];
after(async () => {
  for (const h of harnesses) await h.close();
});

async function tab(harness: PageHarness, name: string): Promise<Page> {
  const ctx = await harness.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(harness.h.url);
  await page.locator('#name-input').fill(name);
  await page.locator('#name-form button[type=submit]').click();
  await page.locator('#name-dialog').waitFor({ state: 'hidden' });
  return page;
}

test('platform: the page offers the games the server hosts, and a second game plays from it unchanged', { timeout: 90_000 }, async () => {
  const harness = await startPageHarness({ games: [neuwar, count21] });
  harnesses.push(harness);
  const a = await tab(harness, '甲方');
  await a.locator('#new-game').click();
  const kinds = a.locator('#create-kind option');
  assert.deepEqual(await kinds.allInnerTexts(), ['新欧洲战争', '数到21'], 'both games, the default first');
  assert.equal(await a.locator('#create-kind-row').isVisible(), true);
  await a.locator('#create-kind').selectOption('count21');
  await a.locator('#create-form button[type=submit]').click();
  await a.waitForFunction(() => location.hash.length > 1);
  const ch = decodeURIComponent(await a.evaluate(() => location.hash.slice(1)));
  assert.equal((await harness.svc.gameOf(ch))?.kind, 'count21', 'the game was created as the chosen kind');

  await a.locator('[data-join="A"]').click();
  const b = await tab(harness, '乙方');
  await b.goto(`${harness.h.url}#${ch}`);
  await b.locator('[data-join="B"]').click();
  await a.locator('#btn-start').click();
  await a.locator('#feed').getByText('数到21').first().waitFor();
  // The tab's title names the channel's game as the server calls it, not the default game's name.
  assert.match(await a.title(), / · 数到21$/);

  await a.locator('#input').fill('【数】3');
  await a.locator('#input').press('Enter');
  await b.locator('#feed').getByText(/3/).first().waitFor();
  // Out of turn: refused privately, with the code's sentence naming whose turn it is.
  await a.locator('#input').fill('【数】2');
  await a.locator('#input').press('Enter');
  await a.locator('#feed').getByText(/乙/).last().waitFor();
  await a.screenshot({ path: `${ARTIFACTS}/platform-count21.png` });
  const total = ((await harness.svc.stateOf(ch)) as unknown as { total?: number } | null);
  assert.equal((await harness.svc.gameOf(ch))?.status, 'running');
  assert.equal(total, null, 'stateOf of the registry-typed service is New European War\'s only');
});

test('platform: a server hosting one game shows no choice of game', { timeout: 60_000 }, async () => {
  const harness = await startPageHarness();
  harnesses.push(harness);
  const a = await tab(harness, '丙方');
  await a.locator('#new-game').click();
  await a.locator('#create-dialog').waitFor();
  assert.equal(await a.locator('#create-kind-row').isVisible(), false);
  assert.equal(await a.locator('#create-kind option').count(), 1);
});
