/**
 * Issue 16, "a simulated sharded run": two bot processes (two startDiscord in this process, each its own lease holder,
 * one shared store), SHARD_LIST=0 and SHARD_LIST=1 of TOTAL_SHARDS=2, against a local stand-in for Discord — its REST
 * API and a gateway that, as Discord does, sends each of 200 servers' events only to the shard
 * `(guild_id >> 22) % 2` identified for. No network. Each server's games land on the process that runs its shard: the
 * games found in the store at start are adopted only by their owner (the one started first takes none of the other's),
 * a game created with /game new on the gateway is the owner's, a message in it is answered by the owner, and after the
 * owner stops (SIGTERM: leases released) the other process still never takes its games.
 * Also: SHARDS=2 runs both shards in one process (both identified on one client), and the settings' refusals.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store, SqliteStore, openStore, type GameStore } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/platform/session/index.ts';
import { startDiscord, readConfig, ConfigError, shardOf, parseShardList, type DiscordHandle } from '../../src/platform/adapters/discord/index.ts';
import { count21 } from '../games/count21/module.ts';
import { COMMANDS } from '../../commands/index.ts';
import { FakeChat } from '../helpers/live.ts';
import { createLogger } from '../../src/platform/log.ts';
import { standIn, gameNew, messageCreate } from '../helpers/gateway.ts';

const GAMES = [count21];
const TOTAL = 2;
const N_GUILDS = 200;

function until(cond: () => boolean | Promise<boolean>, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((res, rej) => {
    const step = async () => {
      if (await cond()) return res();
      if (Date.now() > end) return rej(new Error('timed out'));
      setTimeout(() => void step(), 20);
    };
    void step();
  });
}

/** A snowflake made at `ms` after Discord's epoch, with a sequence number. */
const snowflake = (ms: number, seq: number) => String((BigInt(ms) << 22n) + BigInt(seq));

interface Guild { id: string; channel: string; shard: number }

/** 200 servers with one text channel each; which shard owns a server is Discord's business, computed here on its own. */
const GUILDS: Guild[] = Array.from({ length: N_GUILDS }, (_, i) => {
  const id = snowflake(100_000_000_000 + i * 7_919 + (i % 3), i);
  return { id, channel: snowflake(200_000_000_000 + i * 104_729, i), shard: Number((BigInt(id) >> 22n) % BigInt(TOTAL)) };
});

test('the stand-in splits the 200 servers between both shards (else the test proves nothing)', () => {
  const counts = [0, 0];
  for (const g of GUILDS) counts[g.shard]!++;
  assert.ok(counts[0]! > 50 && counts[1]! > 50, `shards 0/1: ${counts.join('/')}`);
  for (const g of GUILDS) assert.equal(shardOf(g.id, TOTAL), g.shard);
});

/**
 * The run on one store: `store` is what the test reads; `shared` is given to both processes (SQLite in memory), or
 * they open `databaseUrl` themselves as `npm start` does (PostgreSQL).
 */
async function simulatedRun(store: GameStore, via: { shared: GameStore } | { databaseUrl: string }): Promise<void> {
  const d = await standIn({ guilds: GUILDS, shards: TOTAL });
  const handles: DiscordHandle[] = [];
  const logs: string[] = [];
  try {
    // Games already in the store (the previous run's): one in each of the first 100 servers' channels.
    const setup = new GameService({ store, clock: new VirtualClock(Date.now()), chat: new FakeChat(), games: GAMES, renderer: null, holder: 'setup:1:t', logError: () => undefined });
    await setup.startUp();
    const old = GUILDS.slice(0, 100);
    for (const g of old) assert.equal((await setup.createGame(g.channel, { id: '9', name: 'judy' })).ok, true);
    await setup.close();

    const env = (list: string) => ({ DISCORD_TOKEN: 'test-token', DISCORD_API_URL: d.apiUrl, TOTAL_SHARDS: String(TOTAL), SHARD_LIST: list, HEALTH_PORT: '0', ...('databaseUrl' in via ? { DATABASE_URL: via.databaseUrl } : {}) });
    // Process 0 starts first: without shard routing it would take every game's lease, shard 1's included.
    for (const list of ['0', '1']) {
      handles.push(await startDiscord({ env: env(list), ...('shared' in via ? { store: via.shared } : {}), games: GAMES, commands: COMMANDS, holder: `host${list}:1:t`, leaseEveryMs: 50, logger: createLogger({ format: 'json', write: (l) => logs.push(l) }) }));
    }
    assert.deepEqual(d.identified.sort(), [[0, 2], [1, 2]], 'each process identified its own shard of 2');
    for (const [i, h] of handles.entries()) {
      assert.ok(h.ownership, 'a process with part of the shards knows what it owns');
      assert.deepEqual([...h.ownership!.shards], [i]);
      assert.equal(h.client.guilds.cache.size, GUILDS.filter((g) => g.shard === i).length, `shard ${i}'s process serves its servers only`);
    }

    const holderOf = async (g: Guild): Promise<string | null> => {
      const row = await store.liveGameIn(g.channel);
      return row ? (await store.lease(row.id))?.holder ?? null : null;
    };
    const heldBy = async (i: number) => new Set(((await (handles[i]!.service as GameService).health()).games).map((x) => x.channelId));

    // Adopted at start by their owner only, also after some lease rounds (the takeover loop leaves others' games alone).
    await new Promise((r) => setTimeout(r, 300));
    for (const g of old) assert.equal(await holderOf(g), `host${g.shard}:1:t`, `server ${g.id} (shard ${g.shard})`);
    for (const i of [0, 1]) assert.deepEqual([...(await heldBy(i))].sort(), old.filter((g) => g.shard === i).map((g) => g.channel).sort());

    // New games, made on the gateway: /game new in each of the other 100 servers reaches only its shard's process.
    const fresh = GUILDS.slice(100);
    for (const g of fresh) assert.ok(d.dispatchTo(g.id, 'INTERACTION_CREATE', gameNew(g)));
    await until(async () => (await Promise.all(fresh.map((g) => store.liveGameIn(g.channel)))).every((r) => r !== null));
    for (const g of fresh) assert.equal(await holderOf(g), `host${g.shard}:1:t`, `new game in server ${g.id} (shard ${g.shard})`);
    for (const i of [0, 1]) assert.deepEqual([...(await heldBy(i))].sort(), GUILDS.filter((g) => g.shard === i).map((g) => g.channel).sort(), `process ${i} holds exactly its shard's 100-odd games`);

    // A message in 20 servers of each shard is answered by the owner (a refusal of the not-yet-started game, not
    // GAME_MOVED); 20 each, since discord.js spaces out a bot's reactions.
    const before = d.rest.length;
    const sample = [0, 1].flatMap((i) => GUILDS.filter((g) => g.shard === i).slice(0, 20));
    for (const g of sample) assert.ok(d.dispatchTo(g.id, 'MESSAGE_CREATE', messageCreate(g, '【数】1')));
    await until(() => d.rest.slice(before).filter((r) => r.method === 'PUT' && r.url.includes('/reactions/')).length >= sample.length);
    assert.ok(!logs.some((l) => /lease is lost|GAME_MOVED|taken over/.test(l)), logs.join('\n'));
    // Each process's /healthz (HEALTH_PORT): its shard ready, the servers it serves, the games it holds.
    for (const [i, h] of handles.entries()) {
      const r = await fetch(h.healthUrl!);
      assert.equal(r.status, 200);
      const j = await r.json() as { ok: boolean; games: unknown[]; discord: { ready: boolean; totalShards: number; shards: { id: number; status: string }[]; servers: number; ownsShards: number[] } };
      assert.equal(j.ok, true);
      assert.deepEqual(j.discord.shards.map((x) => [x.id, x.status]), [[i, 'Ready']]);
      assert.deepEqual([j.discord.totalShards, j.discord.ownsShards, j.discord.servers], [2, [i], GUILDS.filter((g) => g.shard === i).length]);
      assert.equal(j.games.length, GUILDS.filter((g) => g.shard === i).length);
    }
    // Log lines: JSON, and a line about a channel names its shard.
    assert.ok(logs.some((l) => /logged in as .* on \d+ server\(s\) as shard\(s\) 0 of 2/.test(JSON.parse(l).message)), logs.join('\n'));
    for (const g of sample) {
      const h = handles[g.shard]!;
      h.logger.error('probe', undefined, { channel: g.channel });
      assert.equal(JSON.parse(logs.at(-1)!).shard, g.shard);
    }

    // Process 1 stops (SIGTERM): its leases are released at once, and process 0 still takes none of its games.
    await handles[1]!.close();
    for (const g of GUILDS.filter((x) => x.shard === 1)) assert.equal(await holderOf(g), null, 'released on a graceful stop');
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual([...(await heldBy(0))].sort(), GUILDS.filter((g) => g.shard === 0).map((g) => g.channel).sort());
    // Each channel's server was looked up over REST at most once (then remembered in the shared store).
    const lookups = d.rest.filter((r) => r.method === 'GET' && /^\/api\/v10\/channels\/\d+$/.test(r.url)).map((r) => r.url);
    assert.equal(new Set(lookups).size, lookups.length, 'no channel looked up twice');
  } finally {
    for (const h of handles) await h.close();
    d.close();
  }
}

test('a simulated sharded run: 2 processes × 1 shard, 200 servers; every game on the process of its server\'s shard (one SQLite store given to both)', async () => {
  const store = new SqliteStore(new Store(':memory:'));
  try {
    await simulatedRun(store, { shared: store });
  } finally {
    await store.close();
  }
});

const PG = process.env.TEST_DATABASE_URL;
test('the simulated sharded run on PostgreSQL, each process opening DATABASE_URL as npm start does', { skip: !PG && 'TEST_DATABASE_URL is not set', timeout: 120_000 }, async () => {
  // A database of its own (the store suite may be using TEST_DATABASE_URL's at the same time).
  const { default: pg } = await import('pg');
  const name = `neuwar_shards_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  const store = await openStore(url.toString());
  try {
    await simulatedRun(store, { databaseUrl: url.toString() });
  } finally {
    await store.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
});

test('SHARDS=2: one process runs both shards (both identified on one client) and owns every game', async () => {
  const d = await standIn({ guilds: GUILDS, shards: TOTAL });
  const store = new SqliteStore(new Store(':memory:'));
  try {
    const h = await startDiscord({ env: { DISCORD_TOKEN: 'test-token', DISCORD_API_URL: d.apiUrl, SHARDS: '2' }, store, games: GAMES, commands: COMMANDS, log: () => undefined });
    try {
      assert.deepEqual(d.identified.sort(), [[0, 2], [1, 2]]);
      assert.equal(h.ownership, null, 'every shard here: no filter');
      assert.equal(h.client.guilds.cache.size, N_GUILDS);
      const some = [GUILDS[0]!, GUILDS[1]!, GUILDS[2]!, GUILDS[3]!];
      assert.ok(new Set(some.map((g) => g.shard)).size === 2);
      for (const g of some) assert.ok(d.dispatchTo(g.id, 'INTERACTION_CREATE', gameNew(g)));
      await until(async () => (await Promise.all(some.map((g) => store.liveGameIn(g.channel)))).every((r) => r !== null));
      assert.equal((await (h.service as GameService).health()).games.length, 4);
    } finally {
      await h.close();
    }
  } finally {
    await store.close();
    d.close();
  }
});

test('shard settings: SHARDS, TOTAL_SHARDS and SHARD_LIST read, and a bad one refused with a line naming it', async () => {
  const base = { DISCORD_TOKEN: 't' };
  assert.equal(readConfig(base).shards, null);
  assert.deepEqual(readConfig({ ...base, SHARDS: 'auto' }).shards, { total: 'auto', list: 'all' });
  assert.deepEqual(readConfig({ ...base, SHARDS: '4' }).shards, { total: 4, list: 'all' });
  assert.deepEqual(readConfig({ ...base, TOTAL_SHARDS: '4' }).shards, { total: 4, list: 'all' });
  assert.deepEqual(readConfig({ ...base, TOTAL_SHARDS: '4', SHARD_LIST: '2, 0' }).shards, { total: 4, list: [0, 2] });
  assert.deepEqual(readConfig({ ...base, TOTAL_SHARDS: '8', SHARD_LIST: '0-2,6' }).shards, { total: 8, list: [0, 1, 2, 6] });
  assert.deepEqual(readConfig({ ...base, TOTAL_SHARDS: '2', SHARD_LIST: '0,1' }).shards, { total: 2, list: 'all' }, 'every shard listed: one process');
  assert.deepEqual(parseShardList('3-3', 4), [3]);
  const bad: [Record<string, string>, RegExp][] = [
    [{ SHARDS: 'two' }, /^SHARDS=two is not a whole number \(or "auto"\)/],
    [{ SHARDS: '0' }, /^SHARDS=0 is out of range/],
    [{ SHARDS: '-1' }, /^SHARDS=-1 is not a whole number/],
    [{ SHARDS: '2.5' }, /^SHARDS=2\.5 is not a whole number/],
    [{ SHARDS: '2', TOTAL_SHARDS: '4' }, /SHARDS=2 and TOTAL_SHARDS=4 disagree/],
    [{ SHARD_LIST: '0' }, /SHARD_LIST=0 needs TOTAL_SHARDS/],
    [{ SHARDS: 'auto', SHARD_LIST: '0' }, /not "auto"/],
    [{ TOTAL_SHARDS: '2', SHARD_LIST: '2' }, /names shard 2, but shards are numbered 0–1 of TOTAL_SHARDS=2/],
    [{ TOTAL_SHARDS: '4', SHARD_LIST: '1,1' }, /names shard 1 twice/],
    [{ TOTAL_SHARDS: '4', SHARD_LIST: '0,,1' }, /empty item/],
    [{ TOTAL_SHARDS: '4', SHARD_LIST: '3-1' }, /runs backwards/],
    [{ TOTAL_SHARDS: '4', SHARD_LIST: 'a' }, /SHARD_LIST=a is not a whole number:/],
  ];
  await assert.rejects(startDiscord({ env: { ...base, HEALTH_PORT: 'x' }, games: GAMES, log: () => undefined }), (e: unknown) => e instanceof ConfigError && /^HEALTH_PORT=x is not a port number/.test((e as Error).message));
  for (const [env, re] of bad) {
    assert.throws(() => readConfig({ ...base, ...env }), (e: unknown) => e instanceof ConfigError && re.test((e as Error).message), JSON.stringify(env));
  }
  // Part of the shards on SQLite: refused at start, before anything connects, with what to do.
  await assert.rejects(
    startDiscord({ env: { ...base, TOTAL_SHARDS: '2', SHARD_LIST: '1', DATABASE_PATH: ':memory:' }, games: GAMES, log: () => undefined }),
    (e: unknown) => e instanceof ConfigError && /SHARD_LIST=1 of TOTAL_SHARDS=2 leaves the other shards to other processes, which must share one PostgreSQL store: set DATABASE_URL=postgres:\/\//.test((e as Error).message),
  );
});
