/**
 * Issue 11's abuse run: the first command of a map in a process built the parser's tables inside a player's round
 * trip (Europe: one main-thread task of 0.1–0.3 s, over the 100 ms p99 on its own). The service builds them when a
 * game is created or loaded, where nobody waits on it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/host.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import type { GameModule } from '../../src/platform/session/index.ts';
import { FakeChat, T0, TINY, judy } from '../helpers/live.ts';

/** neuwar, with every parse its rules do recorded (the text parsed). */
function spied(): { mod: GameModule<unknown>; parsed: string[] } {
  const parsed: string[] = [];
  const mod = {
    ...neuwar,
    open(resource: string, root: string) {
      const rules = neuwar.open(resource, root);
      const parse = rules.parse.bind(rules);
      rules.parse = ((text: string, ...rest: unknown[]) => { parsed.push(text); return (parse as (...a: unknown[]) => unknown)(text, ...rest); }) as typeof rules.parse;
      return rules;
    },
  } as unknown as GameModule<unknown>;
  return { mod, parsed };
}

test('a game created or loaded has its parser warmed before anyone speaks', async () => {
  const store = new Store(':memory:');
  const s1 = spied();
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), games: [s1.mod], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.equal((await svc.createGame('ch1', judy, { map: TINY })).ok, true);
  assert.deepEqual(s1.parsed, ['【帮助】'], 'created: parsed once, before any message');
  await svc.close();
  // Another service on the same store (a restart): the game is loaded, and warmed again.
  const s2 = spied();
  const again = new GameService({ store, clock: new VirtualClock(T0 + 1000), chat: new FakeChat(), games: [s2.mod], renderer: null, logError: () => undefined });
  await again.startUp();
  assert.deepEqual(s2.parsed, ['【帮助】'], 'loaded at start-up: parsed once, before any message');
  // The warm-up is no command: nothing was logged or answered.
  const id = (await store.liveGameIn('ch1'))!.id;
  assert.deepEqual(store.entries(id), []);
  await again.close();
  store.close();
});
