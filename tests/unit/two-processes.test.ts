/**
 * Issue 16: two processes on one store. A child process and this one each own half the games (each holds their
 * leases); the child is SIGKILLed in the middle of a turn, with a command sent but not acknowledged; after the
 * lease timeout (LEASE_SECONDS=1 here) the survivor takes the child's games over and plays them on. Every
 * acknowledged command is in the log exactly once, none doubled; the dead holder's lease can write nothing.
 * SQLite (a file) always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { openStore, LeaseLostError, type OpenedStore } from '../../src/platform/store/index.ts';
import { GameService } from '../../src/games/index.ts';
import { FakeChat, TINY } from '../helpers/live.ts';

const CHILD = join(import.meta.dirname, '../helpers/live-child.ts');
const T0 = 1_700_000_000_000;

class Child {
  proc: ChildProcess;
  acks: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];
  exited: Promise<unknown>;
  constructor(env: Record<string, string>) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, ...env, NEUWAR_NOW: String(T0), LEASE_SECONDS: '1', NEUWAR_FAULT: '' }, stdio: ['pipe', 'pipe', 'ignore'] });
    this.exited = new Promise((r) => this.proc.on('exit', (c, s) => r(s ?? c)));
    createInterface({ input: this.proc.stdout! }).on('line', (l) => { this.acks.push(JSON.parse(l) as Record<string, unknown>); this.waiters.splice(0).forEach((w) => w()); });
  }
  async next(n: number): Promise<Record<string, unknown> | null> {
    let dead = false;
    void this.exited.then(() => { dead = true; this.waiters.splice(0).forEach((w) => w()); });
    while (this.acks.length <= n && !dead) await new Promise<void>((r) => this.waiters.push(r));
    return this.acks[n] ?? null;
  }
  send(cmd: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const n = this.acks.length;
    this.proc.stdin!.write(`${JSON.stringify(cmd)}\n`);
    return this.next(n);
  }
}

const ORDERS = [['ua', '【宣战】甲国向乙国宣战'], ['ua', '【调兵】甲乡→中原 5'], ['ub', '【军事】5']] as const;

async function run(label: string, env: Record<string, string>, open: () => Promise<OpenedStore>): Promise<void> {
  const store = await open();
  store.leaseMs = 1000;
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  // Another "host": the child's lease is not taken for a dead pid here, only once it expires.
  const svc = new GameService({ store, clock, chat, renderer: null, holder: `survivor-${label}:1:t`, leaseEveryMs: 100, logError: () => undefined });
  await svc.startUp();
  const child = new Child(env);
  try {
    assert.ok((await child.next(0))?.ready, 'the child started');
    const judge = { id: 'judge', name: 'judge' };
    // Each owns two games.
    for (const ch of ['c1', 'c2']) {
      { const made = await child.send({ op: 'create', ch, user: 'judge', map: TINY }); assert.equal(made?.ok, true, JSON.stringify(made)); }
      assert.equal((await child.send({ op: 'join', ch, user: 'ua', country: 'A' }))?.ok, true);
      assert.equal((await child.send({ op: 'join', ch, user: 'ub', country: 'B' }))?.ok, true);
      assert.equal((await child.send({ op: 'start', ch, user: 'judge' }))?.ok, true);
    }
    for (const ch of ['p1', 'p2']) {
      assert.ok((await svc.createGame(ch, judge, { map: TINY })).ok);
      assert.ok((await svc.join(ch, { id: 'ua', name: 'ua' }, 'A')).ok);
      assert.ok((await svc.join(ch, { id: 'ub', name: 'ub' }, 'B')).ok);
      assert.ok((await svc.start(ch, judge)).ok);
    }
    const mine = (await svc.health()).games.map((g) => g.channelId).sort();
    assert.deepEqual(mine, ['p1', 'p2'], 'this process holds its own games only');
    // A command for the child's game is not played here while the child holds it.
    const away = await svc.handleMessage({ channelId: 'c1', userId: 'ua', userName: 'ua', text: ORDERS[0][1], messageId: 'probe', deliver: false });
    assert.equal(away.code, 'GAME_MOVED');

    const acked: Record<string, string[]> = { c1: [], c2: [], p1: [], p2: [] };
    for (const [i, [user, text]] of ORDERS.entries()) {
      const id = `c1-m${i + 1}`;
      const a = await child.send({ op: 'msg', ch: 'c1', user, text, id });
      if (a?.ok) acked.c1!.push(id);
      const r = await svc.handleMessage({ channelId: 'p1', userId: user, userName: user, text, messageId: `p1-m${i + 1}`, deliver: false });
      if (r.ok) acked.p1!.push(`p1-m${i + 1}`);
    }
    const a1 = await child.send({ op: 'msg', ch: 'c2', user: 'ua', text: ORDERS[0][1], id: 'c2-m1' });
    if (a1?.ok) acked.c2!.push('c2-m1');
    const oldLease = await store.lease((await store.liveGameIn('c2'))!.id);
    assert.ok(oldLease && oldLease.holder !== svc.holder, 'the child holds c2');
    // Mid-turn: the next order is sent and the child killed before it answers.
    child.proc.stdin!.write(`${JSON.stringify({ op: 'msg', ch: 'c2', user: 'ua', text: ORDERS[1][1], id: 'c2-m2' })}\n`);
    child.proc.kill('SIGKILL');
    await child.exited;

    // Not before the lease's timeout…
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual((await svc.health()).games.map((g) => g.channelId).sort(), ['p1', 'p2'], 'the dead process\'s games wait for its lease to expire');
    // …but after it the survivor takes them over.
    await clock.advance(1500);
    const t0 = Date.now();
    while ((await svc.health()).games.length < 4 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual((await svc.health()).games.map((g) => g.channelId).sort(), ['c1', 'c2', 'p1', 'p2'], 'the survivor took the child\'s games over');
    assert.ok((await svc.health()).leases.some((l) => l.gameId === oldLease.gameId), 'and holds their leases');
    // The dead holder's lease writes nothing any more.
    await assert.rejects(store.commit({ gameId: oldLease.gameId, handled: { messageId: 'stale', at: T0, reply: null }, lease: oldLease.holder }), LeaseLostError);

    // The unanswered command is sent again (a client retries): applied once, or answered as a duplicate.
    const again = await svc.handleMessage({ channelId: 'c2', userId: 'ua', userName: 'ua', text: ORDERS[1][1], messageId: 'c2-m2', deliver: false });
    assert.ok(again.ok, again.text);
    acked.c2!.push('c2-m2');
    const r3 = await svc.handleMessage({ channelId: 'c2', userId: 'ub', userName: 'ub', text: ORDERS[2][1], messageId: 'c2-m3', deliver: false });
    assert.ok(r3.ok, r3.text);
    acked.c2!.push('c2-m3');
    assert.equal(acked.c1!.length, 3, 'the child acknowledged its orders');

    for (const ch of ['c1', 'c2', 'p1', 'p2']) {
      const g = (await store.liveGameIn(ch))!;
      const ids = (await store.entries(g.id)).filter((e) => e.messageId).map((e) => `${e.messageId}:${e.part}`);
      assert.equal(new Set(ids).size, ids.length, `${ch}: no command doubled`);
      for (const id of acked[ch]!) assert.equal(ids.filter((x) => x === `${id}:0`).length, 1, `${ch}: acknowledged ${id} is in the log exactly once`);
    }
    // The survivor plays the taken games on: both sides done resolves the turn.
    const done = await svc.handleMessage({ channelId: 'c1', userId: 'ua', userName: 'ua', text: '【完成】', messageId: 'c1-m4', deliver: false });
    assert.ok(done.ok, done.text);
  } finally {
    child.proc.kill('SIGKILL');
    await svc.close();
    // A graceful close gives the leases up.
    assert.deepEqual(await store.leasesOf(svc.holder), []);
    await store.close();
  }
}

test('two processes on one SQLite file: the survivor takes a SIGKILLed process\'s games over after the lease timeout, every acknowledged command once', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-two-'));
  const path = join(dir, 'bot.db');
  try {
    await run('sqlite', { DATABASE_PATH: path, DATABASE_URL: '' }, () => openStore(`sqlite:${path}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const PG = process.env.TEST_DATABASE_URL;
test('two processes on one PostgreSQL database: the same', { skip: !PG && 'TEST_DATABASE_URL is not set', timeout: 60_000 }, async () => {
  // A database of its own (the store suite may be using TEST_DATABASE_URL's at the same time).
  const { default: pg } = await import('pg');
  const name = `neuwar_two_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  try {
    await run('pg', { DATABASE_URL: url.toString(), DATABASE_PATH: '' }, () => openStore(url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
});
