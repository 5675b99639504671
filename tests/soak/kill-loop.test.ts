/**
 * Crash safety at scale: a simulated game on the tiny map played through the bot core in a child process, which
 * is SIGKILLed again and again at injected points (after a log write, inside the write's transaction, in the
 * middle of a resolution, before the ack — rotating, each at a seeded random count). After every kill:
 * - the store passes the full audit (auditStore: acked commands logged once, no half-applied turn, snapshots =
 *   folds of the log, snapshot + log = log alone);
 * - the command in flight is on disk exactly when the fault point says it must be (after the write: yes; inside
 *   the transaction or the resolution: no), and its retry (same message id) answers `duplicate` exactly then;
 * - the restarted process holds in memory the very state the log replays to from scratch.
 * Two lanes (own database, own seed) run side by side: starting a tsx child is the slow part.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { rebuildGame } from '../../src/games/neuwar/rebuild.ts';
import type { Game } from '../../src/games/neuwar/engine/index.ts';
import { makeRng, type Rng } from '../../src/games/europe/rng.ts';
import { T0, TINY } from '../helpers/live.ts';
import { auditStore, plain, planAnswers, planCommits, planOrders, SoakBot, tmpDb, type Said } from '../helpers/soak.ts';

const KILLS = Number(process.env.SOAK_KILLS ?? 52);
const LANES = 2;
const KINDS = ['after-log-write', 'mid-commit', 'mid-resolution', 'before-ack'] as const;
type Kind = (typeof KINDS)[number];
/** Whether the command in flight when the fault fires is on disk (the ack is what is lost, not the write). */
const STORED: Record<Kind, boolean> = { 'after-log-write': true, 'mid-commit': false, 'mid-resolution': false, 'before-ack': true };
/** Turns a lane's game is long; long enough that only commits resolve them (a restart sometimes jumps past it). */
const TURN_SECONDS = 3600;
const USERS: Record<string, string> = { A: 'ua', B: 'ub', C: 'uc' };

type Msg = { op: 'msg'; ch: string; user: string; text: string; id: string };

interface LaneReport {
  injected: Record<Kind, number>;
  external: number;
  atStartup: number;
  commands: number;
  turns: number;
  games: number;
  resolutions: number;
  retriesDuplicate: number;
  retriesApplied: number;
  clockShifts: number;
}

async function setupGame(bot: SoakBot, ch: string): Promise<void> {
  const ok = async (cmd: Record<string, unknown>) => assert.equal((await bot.send(cmd))?.ok, true, `${String(cmd.op)} in ${ch}`);
  await ok({ op: 'create', ch, user: 'judge', map: TINY, settings: { turnSeconds: TURN_SECONDS, graceSeconds: 600 } });
  for (const [c, u] of Object.entries(USERS)) await ok({ op: 'join', ch, user: u, country: c });
  await ok({ op: 'start', ch, user: 'judge' });
}

async function lane(index: number, kills: number, seed: number): Promise<LaneReport> {
  const db = tmpDb();
  const map = loadMapFile(TINY);
  const maps = (_p: string): GameMap => map;
  const rng: Rng = makeRng(seed);
  const rep: LaneReport = {
    injected: { 'after-log-write': 0, 'mid-commit': 0, 'mid-resolution': 0, 'before-ack': 0 },
    external: 0, atStartup: 0, commands: 0, turns: 0, games: 0, resolutions: 0, retriesDuplicate: 0, retriesApplied: 0, clockShifts: 0,
  };
  const acked: string[] = [];
  let now = T0;
  let ch = '';
  let games = 0;
  let msgN = 0;
  let queue: Msg[] = [];
  let phase: 'orders' | 'answers' | 'commits' = 'orders';
  let inflight: Msg | null = null;
  let reader: Store | undefined;
  const kinds = () => Object.values(rep.injected).reduce((a, b) => a + b, 0);

  /** A fresh game in a new channel, set up by a fault-free process that is then killed between commands. */
  const newGame = async () => {
    ch = `c${index}-${++games}`;
    const bot = new SoakBot(db.path, (now += 1000));
    assert.ok(await bot.ready(), 'setup child started');
    await setupGame(bot, ch);
    await bot.kill();
    rep.external++;
    phase = 'orders';
    queue = [];
    reader ??= new Store(db.path);
  };

  const state = () => {
    const g = reader!.liveGameIn(ch);
    return g ? rebuildGame(reader!, g.id, map).game!.state : null;
  };

  /** The next messages: each phase is generated from the state on disk when it begins. */
  const refill = () => {
    const s = state();
    if (!s || s.status !== 'running') return false;
    const said: Said[] = phase === 'orders' ? planOrders(map, s, rng) : phase === 'answers' ? planAnswers(map, s, rng) : planCommits(s, rng);
    phase = phase === 'orders' ? 'answers' : phase === 'answers' ? 'commits' : 'orders';
    queue = said.map((x) => ({ op: 'msg', ch, user: USERS[x.country]!, text: x.text, id: `L${index}-${++msgN}` }));
    return true;
  };

  try {
    await newGame();
    let k = 0;
    while (kinds() < kills) {
      if (!state() || state()!.status !== 'running') { await newGame(); continue; }
      const kind = KINDS[(k + index) % KINDS.length]!;
      const n = kind === 'mid-resolution' ? 1 : rng.int(1, 12);
      k++;
      // Usually a second later; every seventh restart comes after the deadline passed (the clock shifts it).
      const s0 = state()!;
      now = k % 7 === 0 ? Math.max(now + 1000, s0.clock.deadlineAt + 5_000) : now + 1000;
      const bot = new SoakBot(db.path, now, `${kind}:${n}`);
      try {
        if (!(await bot.ready())) {
          // The fault hit during startUp (the clock's restart pause/resume is a logged write): a kill too.
          assert.equal(await bot.exited, 'SIGKILL', `died at startup by the fault, not otherwise: ${bot.stderr}`);
          rep.atStartup++;
          rep.injected[kind]++;
          auditStore(reader!, maps, acked);
          continue;
        }
        // The restarted process holds what the log replays to from scratch.
        const live = await bot.send({ op: 'state', ch });
        assert.ok(live, 'state answered');
        const g = reader!.liveGameIn(ch)!;
        const fresh: Game = rebuildGame(reader!, g.id, map, false).game!;
        assert.deepEqual(live.full, plain(fresh.state), `lane ${index} restart ${k}: in-memory state = log replayed from scratch`);
        if (fresh.state.clock.deadlineAt !== s0.clock.deadlineAt && fresh.state.turn === s0.turn) rep.clockShifts++;

        // The platform retries the message whose ack was lost.
        if (inflight) {
          const stored: boolean = reader!.handled(inflight.id) !== null;
          const r = await bot.send(inflight);
          if (r) {
            assert.equal(r.handled, true, `retry of ${inflight.id} handled`);
            assert.equal(r.duplicate, stored, `retry of ${inflight.id}: duplicate exactly when it was already on disk`);
            if (stored) rep.retriesDuplicate++;
            else rep.retriesApplied++;
            acked.push(inflight.id);
            inflight = null;
          }
        }
        for (let sent = 0; bot.alive && sent < 120; sent++) {
          // A phase may have nothing to say (no open request to answer): go on to the next.
          for (let tries = 0; !queue.length && tries < 3 && refill(); tries++);
          const m = queue.shift();
          if (!m) break;
          inflight = m;
          const r = await bot.send(m);
          if (!r) break;
          assert.equal(r.handled, true, `${m.text} was understood`);
          acked.push(m.id);
          inflight = null;
          rep.commands++;
        }
        if (bot.alive) {
          await bot.kill();
          rep.external++;
        } else {
          assert.equal(await bot.exited, 'SIGKILL', `the child died by the injected fault: ${bot.stderr}`);
          rep.injected[kind]++;
          if (inflight) {
            assert.equal(reader!.handled(inflight.id) !== null, STORED[kind], `${kind}:${n} — the command in flight (${inflight.text}) is ${STORED[kind] ? '' : 'not '}on disk`);
          }
        }
      } finally {
        await bot.kill();
      }
      const a = auditStore(reader!, maps, acked);
      rep.resolutions = a.resolutions;
      rep.games = a.games;
      rep.turns = [...a.states.values()].reduce((t, s) => t + s.turn - 1, 0);
    }
    return rep;
  } finally {
    (reader as Store | undefined)?.close();
    db.done();
  }
}

test(`kill loop: ≥ ${KILLS} SIGKILLs at injected points over a simulated tiny-map game, audited after each`, { timeout: 360_000 }, async () => {
  const t0 = Date.now();
  const per = Math.ceil(KILLS / LANES);
  const reps = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, per, 0x50a4 + i * 7919)));
  const total = { injected: 0, external: 0, turns: 0, commands: 0, atStartup: 0, dup: 0, applied: 0, shifts: 0 };
  const byKind: Record<string, number> = {};
  for (const r of reps) {
    for (const [k, v] of Object.entries(r.injected)) { byKind[k] = (byKind[k] ?? 0) + v; total.injected += v; }
    total.external += r.external;
    total.turns += r.turns;
    total.commands += r.commands;
    total.atStartup += r.atStartup;
    total.dup += r.retriesDuplicate;
    total.applied += r.retriesApplied;
    total.shifts += r.clockShifts;
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`kill loop: ${total.injected} injected kills (${Object.entries(byKind).map(([k, v]) => `${k} ${v}`).join(', ')}; ${total.atStartup} at startup), `
    + `${total.external} parent kills, ${total.commands} commands acked, ${total.turns} turns resolved, retries: ${total.dup} duplicate / ${total.applied} applied, `
    + `${total.shifts} restart clock shifts, ${secs} s`);
  assert.ok(total.injected >= KILLS, `at least ${KILLS} injected kills (${total.injected})`);
  for (const k of KINDS) assert.ok((byKind[k] ?? 0) >= Math.floor(KILLS / KINDS.length) - 2, `every fault kind fired (${k}: ${byKind[k] ?? 0})`);
  assert.ok(total.turns >= Math.floor(KILLS / 5), `several turns resolved (${total.turns})`);
  if (KILLS >= 20) assert.ok(total.dup > 0 && total.applied > 0, 'retries found both a written and an unwritten command in flight');
});
