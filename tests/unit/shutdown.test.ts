/**
 * Issue 16, graceful shutdown: `npm start` (the Discord bot on a SQLite file, against the local stand-in for Discord)
 * gets SIGTERM while a /game new is in flight — the game is written and its lease taken, the post announcing it is
 * still on its way to Discord. The process finishes that command (the post goes out, the slash command's answer is
 * edited in), releases the game's lease, closes the store and exits 0. Its log lines are JSON (LOG_FORMAT=json).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { standIn, gameNew, snowflake } from '../helpers/gateway.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function until(cond: () => boolean, ms = 30000): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((res, rej) => {
    const t = setInterval(() => {
      if (cond()) { clearInterval(t); res(); } else if (Date.now() > end) { clearInterval(t); rej(new Error('timed out')); }
    }, 10);
  });
}

test('SIGTERM during a command: it is finished and answered, the lease released, exit 0, JSON log lines', async () => {
  const guild = { id: snowflake(100_000_000_000, 1), channel: snowflake(200_000_000_000, 2) };
  const channelPosts = `/api/v10/channels/${guild.channel}/messages`;
  // The post announcing the new game is held for a second: SIGTERM arrives while the command waits on it.
  const d = await standIn({ guilds: [guild], hold: (m, url) => (m === 'POST' && url === channelPosts ? 1000 : 0) });
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-sigterm-'));
  const db = join(dir, 'neuwar.db');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'start'], {
    cwd: ROOT,
    env: { ...process.env, DISCORD_TOKEN: 'test-token', DISCORD_API_URL: d.apiUrl, DATABASE_PATH: db, DATABASE_URL: '', LOCAL_CHANNEL: '', LOG_FORMAT: 'json', SHARDS: '', TOTAL_SHARDS: '', SHARD_LIST: '', RENDER_WORKER: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  let code: number | null | undefined;
  const exited = new Promise<void>((r) => child.on('exit', (c, s) => { code = c ?? (s ? -1 : null); r(); }));
  try {
    await until(() => /logged in/.test(out) || code !== undefined);
    assert.equal(code, undefined, `the bot did not start:\n${out}\n${err}`);

    const press = gameNew(guild);
    d.dispatchTo(guild.id, 'INTERACTION_CREATE', press);
    await until(() => d.rest.some((r) => r.method === 'POST' && r.url === channelPosts));
    child.kill('SIGTERM');
    const t0 = Date.now();
    await exited;
    assert.equal(code, 0, `exit code\n${out}\n${err}`);
    assert.ok(Date.now() - t0 < 15000, 'it stopped promptly');

    // The command was finished: its post went out and the slash command's deferred answer was edited in.
    assert.ok(d.answered.some((r) => r.method === 'POST' && r.url === channelPosts), 'the held post was completed');
    assert.ok(d.answered.some((r) => r.method === 'PATCH' && decodeURIComponent(r.url).includes(`/webhooks/1/${press.token}/messages/@original`)), `the answer was sent: ${JSON.stringify(d.answered)}`);

    // The game is stored, and no lease is left behind for another process to wait out.
    const sql = new Database(db, { readonly: true });
    try {
      const games = sql.prepare('SELECT id, channel_id AS channelId, status FROM games').all() as { id: number; channelId: string; status: string }[];
      assert.deepEqual(games.map((g) => [g.channelId, g.status]), [[guild.channel, 'open']]);
      assert.equal((sql.prepare('SELECT count(*) AS n FROM leases').get() as { n: number }).n, 0, 'the lease was released');
    } finally {
      sql.close();
    }

    // Every line on stdout and stderr is one JSON object with time, level and message.
    const lines = `${out}${err}`.split('\n').filter((l) => l.trim());
    assert.ok(lines.length > 0);
    for (const l of lines) {
      const o = JSON.parse(l) as Record<string, unknown>;
      assert.match(String(o.time), /^\d{4}-\d\d-\d\dT/);
      assert.ok(['info', 'warn', 'error'].includes(String(o.level)), l);
      assert.equal(typeof o.message, 'string');
    }
  } finally {
    if (code === undefined) child.kill('SIGKILL');
    d.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const blank = (dir: string): Record<string, string> => ({ DISCORD_TOKEN: 'test-token', DISCORD_API_URL: 'http://127.0.0.1:9/api', DATABASE_PATH: join(dir, 'neuwar.db'), DATABASE_URL: '', SHARDS: '', TOTAL_SHARDS: '', SHARD_LIST: '', LOG_FORMAT: '', HEALTH_PORT: '' });

test('npm start with a bad shard setting stops at once: exit 1 and one line naming the variable', async () => {
  for (const [env, want] of [
    [{ SHARDS: 'two' }, /^SHARDS=two is not a whole number \(or "auto"\): see \.env\.example and docs\/deploy\.md\.\n$/],
    [{ TOTAL_SHARDS: '2', SHARD_LIST: '1', DATABASE_URL: '' }, /^SHARD_LIST=1 of TOTAL_SHARDS=2 leaves the other shards to other processes, which must share one PostgreSQL store: set DATABASE_URL=postgres:\/\/… on every process \(docs\/deploy\.md\)\. On SQLite run every shard in this one process \(SHARDS=N or SHARDS=auto, no SHARD_LIST\)\.\n$/],
    [{ LOG_FORMAT: 'xml' }, /^LOG_FORMAT=xml is not json or text \(see \.env\.example\)\.\n$/],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'neuwar-badenv-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'start'], {
        cwd: ROOT,
        // An API nobody answers: the settings must be refused before anything is asked of Discord.
        env: { ...process.env, ...blank(dir), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (c) => (err += c));
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      assert.equal(code, 1, err);
      assert.match(err, want);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('both adapters (LOCAL_CHANNEL=1) on one service: a Discord game is created, SIGTERM stops both and releases its lease, exit 0', async () => {
  const guild = { id: snowflake(100_000_000_000, 3), channel: snowflake(200_000_000_000, 4) };
  const d = await standIn({ guilds: [guild] });
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-both-'));
  const db = join(dir, 'neuwar.db');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'start'], {
    cwd: ROOT,
    env: { ...process.env, ...blank(dir), DISCORD_API_URL: d.apiUrl, LOCAL_CHANNEL: '1', PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', RENDER_WORKER: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  let code: number | null | undefined;
  const exited = new Promise<void>((r) => child.on('exit', (c, s) => { code = c ?? (s ? -1 : null); r(); }));
  try {
    await until(() => /logged in/.test(out) || code !== undefined);
    assert.equal(code, undefined, `the bot did not start:\n${out}`);
    const press = gameNew(guild);
    d.dispatchTo(guild.id, 'INTERACTION_CREATE', press);
    await until(() => d.answered.some((r) => r.method === 'PATCH' && decodeURIComponent(r.url).includes(`/webhooks/1/${press.token}/messages/@original`)));
    child.kill('SIGTERM');
    await exited;
    assert.equal(code, 0, out);
    const sql = new Database(db, { readonly: true });
    try {
      assert.equal((sql.prepare('SELECT count(*) AS n FROM games WHERE channel_id = ?').get(guild.channel) as { n: number }).n, 1);
      assert.equal((sql.prepare('SELECT count(*) AS n FROM leases').get() as { n: number }).n, 0, 'the lease was released');
    } finally {
      sql.close();
    }
  } finally {
    if (code === undefined) child.kill('SIGKILL');
    d.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
