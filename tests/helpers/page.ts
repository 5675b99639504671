/**
 * The browser tests' harness: the local web channel on a free loopback port with a real GameService on an
 * in-memory store, and headless Chromium (Debian's, or CHROMIUM_PATH).
 */
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Store } from '../../src/platform/store/index.ts';
import { RealClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/index.ts';
import type { GameRegistry } from '../../src/platform/session/index.ts';
import type { NeuwarRenderer as Renderer } from '../../src/games/neuwar/module.ts';
import { startLocal, type LocalHandle } from '../../src/platform/adapters/local/index.ts';

export const ARTIFACTS = 'test-artifacts';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PageHarness {
  h: LocalHandle<GameService>;
  svc: GameService;
  browser: Browser;
  close(): Promise<void>;
}

/** `renderer`: the service's renderer (default: the real one). */
/** `games`: the game modules the service hosts (default: the registry's). */
/** `clock`: the service's clock (default: a real one; a test that fixes a deal pins it for the start). */
export async function startPageHarness(opts: { renderer?: Renderer; games?: GameRegistry; clock?: RealClock } = {}): Promise<PageHarness> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const store = new Store(':memory:');
  const clock = opts.clock ?? new RealClock();
  let svc!: GameService;
  const h = await startLocal({
    port: 0, host: '127.0.0.1', log: () => undefined,
    service: async (chat) => {
      svc = new GameService({ store, clock, chat, root: process.cwd(), logError: () => undefined, ...(opts.renderer ? { renderer: opts.renderer } : {}), ...(opts.games ? { games: opts.games } : {}) });
      await svc.startUp();
      return svc;
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return {
    h, svc, browser,
    async close() {
      await browser.close();
      await h.close();
      svc.close();
      clock.stop();
      store.close();
    },
  };
}

/** Polls `get` every 50 ms until `ok` holds (what the page or the service shows changes asynchronously). */
export async function until<T>(what: string, get: () => T | Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() - t0 > ms) assert.fail(`timed out waiting for: ${what} (${JSON.stringify(v)?.slice(0, 400)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Where a territory of the duel page's map is on the screen (the page's own test hook, window.__duel). */
export async function screenOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((x) => (window as unknown as { __duel: { screenOf(id: string): { x: number; y: number } | null } }).__duel.screenOf(x), id);
  assert.ok(p, `${id} is on the map`);
  return p;
}
