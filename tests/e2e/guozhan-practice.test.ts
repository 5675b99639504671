/**
 * Issue 20: 单人练习 → 练习国战 in the browser — one click seats the visitor in 甲 with five computer players and
 * starts; the visitor chooses generals in the panel, the bots pick at once and play on; the visitor's panel shows
 * its hand and its turn's prompt. Screenshot in test-artifacts/.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { guozhan } from '../../src/games/guozhan/module.ts';
import { GameService as PlatformService } from '../../src/platform/session/index.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { ARTIFACTS, startPageHarness, until, type PageHarness } from '../helpers/page.ts';

const harnesses: PageHarness[] = [];
after(async () => { for (const h of harnesses) await h.close(); });

test('issue 20: 单人练习 → 练习国战 — the visitor and five bots, started at once, the bots playing on', { timeout: 180_000 }, async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#eeddcc' } }).png().toBuffer();
  const harness = await startPageHarness({ games: [neuwar, guozhan], renderer: { mapPng: async () => png, scoresPng: async () => png, tablePng: async () => png } as never });
  harnesses.push(harness);
  const ctx = await harness.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(harness.h.url);
  await page.locator('#name-input').fill('练习者');
  await page.locator('#name-form button[type=submit]').click();
  await page.locator('#name-dialog').waitFor({ state: 'hidden' });
  await page.locator('#practice').click();
  await page.locator('#practice-gz').click();
  await page.waitForFunction(() => location.hash.length > 1);
  const ch = decodeURIComponent(await page.evaluate(() => location.hash.slice(1)));
  const gz = async () => (await PlatformService.prototype.stateOf.call(harness.svc, ch)) as unknown as State;
  const s = await until('the game started', gz, (x) => !!x && x.status === 'picking');
  assert.equal(s.players.length, 6);
  // Only 甲 (the visitor) is waited for: the bots picked at once.
  await until('the bots picked', gz, (x) => x.status !== 'picking' || x.ask!.seats.length === 1);
  const me = s.players.find((p) => p.name === '甲')!;
  let pair: [string, string] | null = null;
  for (const x of me.dealt) for (const y of me.dealt) if (!pair && x !== y && GENERALS[x]!.kingdom === GENERALS[y]!.kingdom) pair = [x, y];
  await page.locator(`#gz-dealt [data-general="${pair![0]}"]`).click();
  await page.locator(`#gz-dealt [data-general="${pair![1]}"]`).click();
  await page.locator('#gz-pick').click();
  // The table plays on until it is the visitor's turn (or the game is over): the panel shows the hand and the prompt.
  const later = await until('the visitor is asked', gz, (x) => x.status === 'ended' || (x.status === 'running' && x.ask!.seats.some((i) => x.players[i]!.name === '甲')), 60_000);
  if (later.status !== 'ended') {
    await page.locator('#gz-prompt.mine').waitFor();
    const ids = await page.locator('#gz-hand .gz-card').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id));
    assert.deepEqual([...ids].sort(), [...(await gz()).players.find((p) => p.name === '甲')!.hand].sort());
  }
  assert.ok(later.log.some((r) => r.t === 'turn'), 'turns were played');
  // The command chips are 国战's, not New European War's.
  const chips = await page.locator('#palette button').allInnerTexts();
  assert.ok(chips.includes('杀') && chips.includes('不出') && chips.includes('桌面'), `国战 chips: ${chips.join(' ')}`);
  assert.ok(!chips.includes('宣战') && !chips.includes('调兵'), 'no New European War chips in a 国战 channel');
  await page.screenshot({ path: `${ARTIFACTS}/guozhan-practice.png` });
  assert.deepEqual(errors, []);
});
