/** Issue 16: the local server's /healthz answers JSON with this process's games, leases and the store's health. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/index.ts';
import { startLocal } from '../../src/platform/adapters/local/index.ts';
import { T0, TINY } from '../helpers/live.ts';

test('/healthz: the process\'s games and leases, the store\'s driver, schema version and a round trip\'s time', async () => {
  const store = new Store(':memory:');
  let svc!: GameService;
  const h = await startLocal({
    port: 0, host: '127.0.0.1', log: () => undefined,
    service: async (chat) => {
      svc = new GameService({ store, clock: new VirtualClock(T0), chat, renderer: null, logError: () => undefined });
      await svc.startUp();
      return svc;
    },
  });
  try {
    assert.ok((await svc.createGame('local-h1', { id: 'judge', name: 'judge' }, { map: TINY })).ok);
    const r = await fetch(`${h.url.replace(/\/$/, '')}/healthz`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    const j = await r.json() as { ok: boolean; holder: string; games: { channelId: string }[]; leases: { gameId: number; holder: string }[]; store: { driver: string; schemaVersion: number; roundTripMs: number } };
    assert.equal(j.ok, true);
    assert.deepEqual(j.games.map((g) => g.channelId), ['local-h1']);
    assert.equal(j.leases.length, 1);
    assert.equal(j.leases[0]!.holder, j.holder);
    assert.equal(j.store.driver, 'sqlite');
    assert.equal(j.store.schemaVersion, store.schemaVersion());
    assert.ok(j.store.roundTripMs >= 0);
  } finally {
    await h.close();
    await svc.close();
    store.close();
  }
});
