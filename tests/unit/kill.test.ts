/**
 * Kill tests: the bot core runs as a child process and is SIGKILLed between commands, right after a log
 * write, inside the write's transaction and in the middle of a resolution. After each restart every
 * acknowledged command is in the log and no turn is half applied (snapshot state = state folded from the log).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Store } from '../../src/platform/store/index.ts';
import { rebuildGame, foldEntries, gameFromSnapshot } from '../../src/games/neuwar/rebuild.ts';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { T0, TINY } from '../helpers/live.ts';

const CHILD = join(import.meta.dirname, '../helpers/live-child.ts');

class Bot {
  proc: ChildProcess;
  acks: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];
  exited: Promise<NodeJS.Signals | number | null>;

  constructor(db: string, now: number, fault?: string) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_PATH: db, NEUWAR_NOW: String(now), ...(fault ? { NEUWAR_FAULT: fault } : { NEUWAR_FAULT: '' }) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    this.exited = new Promise((r) => this.proc.on('exit', (code, sig) => r(sig ?? code)));
    createInterface({ input: this.proc.stdout! }).on('line', (l) => {
      this.acks.push(JSON.parse(l) as Record<string, unknown>);
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  /** Sends a command; resolves with its ack, or null if the process died first. */
  async send(cmd: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const n = this.acks.length;
    this.proc.stdin!.write(`${JSON.stringify(cmd)}\n`);
    return this.next(n);
  }

  async next(n: number): Promise<Record<string, unknown> | null> {
    let dead = false;
    void this.exited.then(() => { dead = true; this.waiters.splice(0).forEach((w) => w()); });
    while (this.acks.length <= n && !dead) await new Promise<void>((r) => this.waiters.push(r));
    return this.acks[n] ?? null;
  }

  async ready(): Promise<void> {
    const r = await this.next(0);
    assert.ok(r && r.ready, 'child started');
  }

  async kill(): Promise<void> {
    this.proc.kill('SIGKILL');
    await this.exited;
  }
}

function tmpDb(): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-kill-'));
  return { path: join(dir, 'bot.db'), done: () => rmSync(dir, { recursive: true, force: true }) };
}

async function setupGame(bot: Bot): Promise<void> {
  assert.equal((await bot.send({ op: 'create', ch: 'c', user: 'judge', map: TINY }))?.ok, true);
  assert.equal((await bot.send({ op: 'join', ch: 'c', user: 'ua', country: 'A' }))?.ok, true);
  assert.equal((await bot.send({ op: 'join', ch: 'c', user: 'ub', country: 'B' }))?.ok, true);
  assert.equal((await bot.send({ op: 'start', ch: 'c', user: 'judge' }))?.ok, true);
}

/** Every check of a store after a crash: acked ids logged once, snapshots = folds of the log, rebuilds agree. */
function checkStore(path: string, acked: string[]): { turn: number; ids: Set<string>; state: Record<string, unknown> } {
  const store = new Store(path);
  try {
    const map = loadMapFile(TINY);
    const [game] = store.games();
    assert.ok(game, 'the game survived');
    const entries = store.entries(game.id);
    const ids = entries.map((e) => e.messageId).filter((x): x is string => !!x);
    for (const id of acked) assert.ok(ids.includes(id), `acknowledged ${id} is in the log`);
    // One message may hold several commands (parts), but a message id is never applied twice.
    const parts = entries.filter((e) => e.messageId).map((e) => `${e.messageId}:${e.part}`);
    assert.equal(new Set(parts).size, parts.length, 'no message applied twice');
    // No half-applied turn: each snapshot equals the log folded up to its seq.
    for (const snap of store.snapshots(game.id)) {
      const folded = foldEntries(map, null, entries.filter((e) => e.seq <= snap.seq))!;
      assert.deepEqual(stateJson(folded.state, map), stateJson(gameFromSnapshot(map, snap.game).state, map), `snapshot at seq ${snap.seq}`);
    }
    const a = rebuildGame(store, game.id, map, true).game!;
    const b = rebuildGame(store, game.id, map, false).game!;
    assert.deepEqual(stateJson(a.state, map), stateJson(b.state, map), 'snapshot + log = log alone');
    return { turn: a.state.turn, ids: new Set(ids), state: stateJson(a.state, map) };
  } finally {
    store.close();
  }
}

// Each test has its own database and child processes: run them side by side (spawning tsx is the slow part).
describe('kill tests', { concurrency: true }, () => {
  test('SIGKILL between commands: every acknowledged command survives, the game goes on after restart', async () => {
    const db = tmpDb();
    try {
      const bot = new Bot(db.path, T0);
      await bot.ready();
      await setupGame(bot);
      const acked: string[] = [];
      for (const [id, user, text] of [['m1', 'ua', '【宣战】甲国向乙国宣战'], ['m2', 'ua', '【调兵】甲乡→中原 5'], ['m3', 'ub', '【军事】5']] as const) {
        const a = await bot.send({ op: 'msg', ch: 'c', user, text, id });
        assert.equal(a?.ok, true, `${id} accepted`);
        acked.push(id);
      }
      await bot.kill();
      const after = checkStore(db.path, acked);
      assert.equal(after.turn, 1);

      const bot2 = new Bot(db.path, T0 + 10_000);
      await bot2.ready();
      // The same message again (a platform retry) is not applied twice.
      const dup = await bot2.send({ op: 'msg', ch: 'c', user: 'ua', text: '【调兵】甲乡→中原 5', id: 'm2' });
      assert.equal(dup?.duplicate, true);
      assert.equal((await bot2.send({ op: 'msg', ch: 'c', user: 'ua', text: '【完成】', id: 'm4' }))?.ok, true);
      assert.equal((await bot2.send({ op: 'msg', ch: 'c', user: 'ub', text: '【完成】', id: 'm5' }))?.ok, true);
      await bot2.kill();
      const done = checkStore(db.path, [...acked, 'm4', 'm5']);
      assert.equal(done.turn, 2, 'turn 1 resolved once all committed');
      const terr = (done.state.territories as Record<string, { owner: string | null }>);
      assert.equal(terr.mid!.owner, 'A', 'the move ordered before the crash executed');
    } finally {
      db.done();
    }
  });

  test('SIGKILL right after a log write (before the ack): the write is kept, nothing else', async () => {
    const db = tmpDb();
    try {
      // Log writes: the start entry is the 1st, m1 the 2nd, m2 the 3rd — die right after m2 is written.
      const bot = new Bot(db.path, T0, 'after-log-write:3');
      await bot.ready();
      await setupGame(bot);
      assert.equal((await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【宣战】甲国向乙国宣战', id: 'm1' }))?.ok, true);
      const lost = await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【调兵】甲乡→中原 5', id: 'm2' });
      assert.equal(lost, null, 'no ack: the process died');
      assert.equal(await bot.exited, 'SIGKILL');
      const after = checkStore(db.path, ['m1']);
      assert.ok(after.ids.has('m2'), 'the written but unacknowledged command is kept (the bot answers it on the retry)');
      const bot2 = new Bot(db.path, T0 + 5_000);
      await bot2.ready();
      assert.equal((await bot2.send({ op: 'msg', ch: 'c', user: 'ua', text: '【调兵】甲乡→中原 5', id: 'm2' }))?.duplicate, true);
      await bot2.kill();
    } finally {
      db.done();
    }
  });

  test('SIGKILL inside the write transaction and in the middle of a resolution: no half-applied turn', async () => {
    const db = tmpDb();
    try {
      const bot = new Bot(db.path, T0, 'mid-resolution:1');
      await bot.ready();
      await setupGame(bot);
      assert.equal((await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【调兵】甲乡→中原 5', id: 'm1' }))?.ok, true);
      assert.equal((await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【完成】', id: 'm2' }))?.ok, true);
      // B's commit resolves the turn: the process dies while resolving, before anything is written.
      assert.equal(await bot.send({ op: 'msg', ch: 'c', user: 'ub', text: '【完成】', id: 'm3' }), null);
      let st = checkStore(db.path, ['m1', 'm2']);
      assert.equal(st.turn, 1, 'the turn is not resolved on disk');
      assert.ok(!st.ids.has('m3'));

      // Now die inside the transaction (log row inserted, snapshot not yet): SQLite rolls it all back.
      const bot2 = new Bot(db.path, T0 + 1_000, 'mid-commit:1');
      await bot2.ready();
      assert.equal(await bot2.send({ op: 'msg', ch: 'c', user: 'ub', text: '【完成】', id: 'm3' }), null);
      st = checkStore(db.path, ['m1', 'm2']);
      assert.equal(st.turn, 1);
      assert.ok(!st.ids.has('m3'), 'a rolled-back write leaves no log row');

      // The retry (same message id) goes through once, and the turn resolves whole.
      const bot3 = new Bot(db.path, T0 + 2_000);
      await bot3.ready();
      assert.equal((await bot3.send({ op: 'msg', ch: 'c', user: 'ub', text: '【完成】', id: 'm3' }))?.ok, true);
      await bot3.kill();
      st = checkStore(db.path, ['m1', 'm2', 'm3']);
      assert.equal(st.turn, 2);
      assert.equal((st.state.territories as Record<string, { owner: string | null }>).mid!.owner, 'A');
    } finally {
      db.done();
    }
  });

  test('rebuilding every game from the log alone equals the snapshot-loaded state, over several turns with a clock resolution and an undo', async () => {
    const db = tmpDb();
    try {
      const bot = new Bot(db.path, T0);
      await bot.ready();
      await setupGame(bot);
      await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【宣战】甲国向乙国宣战', id: 'r1' });
      await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【调兵】甲乡→中原 5', id: 'r2' });
      await bot.send({ op: 'advance', ms: 700_000 }); // past the hard close: the clock resolves turn 1 (B late)
      await bot.send({ op: 'msg', ch: 'c', user: 'ub', text: '【军事】5；【完成】', id: 'r3' });
      await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【完成】', id: 'r4' });
      await bot.send({ op: 'msg', ch: 'c', user: 'judge', text: '【撤回】', id: 'r5' });
      await bot.send({ op: 'msg', ch: 'c', user: 'ua', text: '【完成】', id: 'r6' });
      await bot.send({ op: 'msg', ch: 'c', user: 'ub', text: '【完成】', id: 'r7' });
      await bot.kill();
      const st = checkStore(db.path, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
      assert.equal(st.turn, 3);
      const store = new Store(db.path);
      try {
        const [g] = store.games();
        assert.ok(store.snapshots(g!.id).length >= 4, 'a snapshot at the start, per resolution and at the undo');
        assert.ok(store.entries(g!.id).some((e) => e.undone), 'entries of the undone turn are flagged');
      } finally {
        store.close();
      }
    } finally {
      db.done();
    }
  });
});
