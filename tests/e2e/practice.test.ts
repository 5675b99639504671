/**
 * Issue 13 in the browser: 单人练习 — one click makes a game on the Europe map with the visitor in the country
 * of their choice and computer players in every other, started at once; three turns are played by clicking and
 * typing. Screenshots of each turn go to test-artifacts/ (and /tmp when PRACTICE_SHOTS is set).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { LocalHandle } from '../../src/platform/adapters/local/index.ts';
import type { GameService } from '../../src/games/index.ts';
import type { GameState } from '../../src/games/neuwar/engine/index.ts';
import { ARTIFACTS, startPageHarness, type PageHarness } from '../helpers/page.ts';

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

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, name) });
  if (process.env.PRACTICE_SHOTS) await page.screenshot({ path: join(process.env.PRACTICE_SHOTS, name) });
}

async function type(page: Page, text: string): Promise<void> {
  await page.locator('#input').fill(text);
  await page.locator('#input').press('Enter');
}

async function statusTurn(page: Page, n: number): Promise<void> {
  // Generous: eleven bots' turns and the first Europe pictures share a busy machine with the other tests.
  await page.locator('#statusline .turn', { hasText: `第 ${n} 回合` }).waitFor({ timeout: 150_000 });
}

test('单人练习: one click is a game against 11 computer players; three turns by clicking and typing', { timeout: 600_000 }, async () => {
  const ctx = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  await page.goto(h.url);
  await page.locator('#name-input').fill('练习者');
  await page.locator('#name-form button[type=submit]').click();
  await page.locator('#name-dialog').waitFor({ state: 'hidden' });

  // The button, its dialog (the country list is the Europe map's), and the game it makes.
  await page.locator('#practice').click();
  await page.locator('#practice-dialog').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#practice-country option').count(), 12);
  await page.locator('#practice-country').selectOption('FRA');
  await shot(page, 'practice-0-dialog.png');
  await page.locator('#practice-go').click();
  await page.locator('#practice-dialog').waitFor({ state: 'hidden' });
  await statusTurn(page, 1);
  // The panel: France is mine, the eleven others are marked as computer players.
  await page.locator('#people .country.mine', { hasText: '法国' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('#people .country .ai').length === 11, null, { timeout: 60_000 });
  await page.locator('#feed article.msg', { hasText: '游戏开始' }).waitFor({ timeout: 60_000 });
  const channel = await page.evaluate(() => location.hash.replace(/^#/, '') || '');
  const st = async () => (await h.service.stateOf(decodeURIComponent(channel))) as GameState;
  assert.equal((await (await st())).countries.DEU!.bot, 'balanced');
  assert.equal((await (await st())).settings.autopilot, 'bot');
  await shot(page, 'practice-1-start.png');

  // Turn 1: typed orders, then the 完成 chip and Enter.
  await type(page, '【军事】10');
  await page.locator('#feed article.msg', { hasText: '购买' }).first().waitFor({ timeout: 60_000 });
  await type(page, '【调兵】巴黎→里尔 10');
  await page.locator('#feed article.msg', { hasText: '已收到调兵' }).waitFor({ timeout: 60_000 });
  await page.locator('#palette button', { hasText: /^完成$/ }).click();
  assert.equal(await page.locator('#input').inputValue(), '【完成】');
  await page.locator('#send').click();
  await statusTurn(page, 2);
  await page.locator('#feed article.msg', { hasText: '第1回合结算' }).first().waitFor({ timeout: 60_000 });
  await shot(page, 'practice-2-turn2.png');

  // Turn 2: industry from a chip, the map asked for, then typed 【完成】.
  await page.locator('#palette button', { hasText: /^工业$/ }).click();
  await page.locator('#send').click();
  await type(page, '【完成】');
  await statusTurn(page, 3);
  await shot(page, 'practice-3-turn3.png');

  // Turn 3: the judge's 强制结算 button (the visitor created the game, so judges it).
  await type(page, '【调兵】里尔→巴黎 5');
  await page.locator('#btn-resolve').click();
  await statusTurn(page, 4);
  // Pictures came with the turn posts (a picture later than renderTimeoutMs is left out, so on a busy machine
  // some may be missing: at least one is asked for).
  await page.waitForFunction(() => document.querySelectorAll('#feed figure img').length >= 1, null, { timeout: 150_000 });
  await page.locator('#feed').evaluate((f) => { f.scrollTop = f.scrollHeight; });
  await shot(page, 'practice-4-turn4.png');

  // Every bot played every turn through the log; none of their private orders reached the page.
  const s = await st();
  assert.equal(s.turn, 4);
  for (const c of Object.keys(s.countries)) if (c !== 'FRA') assert.equal(s.countries[c]!.botTurn, 4, `${c} played turn 4`);
  const feed = await page.locator('#feed').innerText();
  assert.ok(!/机器人）：[^\n]*【(调兵|空运|军事|工业|科技|动员)】/.test(feed), 'a computer player\'s private order shown in the channel');
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});
