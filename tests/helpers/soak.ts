/**
 * Shared pieces of the soak tests and the scale benches: the bot core as a child process (live-child.ts), a
 * full audit of a store after a crash, and seeded legal commands for a turn from the simulator's generator
 * (src/sim), written as the chat text a player would type.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { GameMap } from '../../src/games/europe/map/index.ts';
import { stateJson, type Command, type CountryId, type GameState } from '../../src/games/neuwar/engine/index.ts';
import { formatCommand } from '../../src/games/neuwar/parse/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { foldEntries, gameFromSnapshot, rebuildGame } from '../../src/games/neuwar/rebuild.ts';
import { answerFor, DEFAULT_POLICY, diplomacyFor, economyFor, ordersFor, requestCommand, View, type Policy } from '../../src/games/neuwar/sim/generate.ts';
import type { Rng } from '../../src/games/europe/rng.ts';

export const SOAK_CHILD = join(import.meta.dirname, 'live-child.ts');

export type Ack = Record<string, unknown>;

/** One bot process. `fault` is a NEUWAR_FAULT spec; `now` the virtual clock's start. */
export class SoakBot {
  readonly proc: ChildProcess;
  readonly acks: Ack[] = [];
  private waiters: (() => void)[] = [];
  private dead = false;
  /** Resolves with the signal (or exit code) when the process ends. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** True once the parent itself sent the SIGKILL (as opposed to an injected fault point). */
  killedByParent = false;
  stderr = '';

  constructor(db: string, now: number, fault = '') {
    this.proc = spawn(process.execPath, ['--import', 'tsx', SOAK_CHILD], {
      env: { ...process.env, DATABASE_PATH: db, NEUWAR_NOW: String(now), NEUWAR_FAULT: fault },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.proc.stdin!.on('error', () => undefined); // writing to a child that just died
    this.proc.stderr!.on('data', (d: Buffer) => { this.stderr += d.toString(); });
    this.exited = new Promise((r) => this.proc.on('exit', (code, sig) => {
      this.dead = true;
      this.waiters.splice(0).forEach((w) => w());
      r(sig ?? code);
    }));
    createInterface({ input: this.proc.stdout! }).on('line', (l) => {
      this.acks.push(JSON.parse(l) as Ack);
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  get alive(): boolean { return !this.dead; }

  /** The n-th line, or null if the process died before printing it. */
  async next(n: number): Promise<Ack | null> {
    while (this.acks.length <= n && !this.dead) await new Promise<void>((r) => this.waiters.push(r));
    return this.acks[n] ?? null;
  }

  /** True once the child has rebuilt its games and is ready; false if it died on the way (a fault at startup). */
  async ready(): Promise<boolean> {
    const r = await this.next(0);
    return !!r && r.ready === true;
  }

  /** Sends a command; its ack, or null if the process died first. */
  async send(cmd: Record<string, unknown>): Promise<Ack | null> {
    if (this.dead) return null;
    const n = this.acks.length;
    this.proc.stdin!.write(`${JSON.stringify(cmd)}\n`);
    return this.next(n);
  }

  async kill(): Promise<void> {
    if (!this.dead) {
      this.killedByParent = true;
      this.proc.kill('SIGKILL');
    }
    await this.exited;
  }
}

export function tmpDb(prefix = 'neuwar-soak-'): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { path: join(dir, 'bot.db'), done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** JSON round trip: what crosses the process boundary (undefined fields dropped). */
export const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export interface AuditResult {
  games: number;
  entries: number;
  snapshots: number;
  resolutions: number;
  /** Per game id: the state rebuilt from the log alone (§4 JSON with orders, and the whole engine state). */
  states: Map<number, { json: Record<string, unknown>; full: GameState; turn: number; status: string }>;
}

/**
 * Everything a crash must not break, for every game in the store:
 * - every acknowledged message id is in the log (and in `handled`), and no message id + part is logged twice;
 * - the log's seqs run 1..n without a gap;
 * - no half-applied turn: every resolution the log's fold goes through has its snapshot at that very seq, and every
 *   snapshot equals the log folded up to its seq;
 * - the state from the latest snapshot + the entries after it equals the log replayed from scratch.
 */
export function auditStore(store: Store, maps: (mapPath: string) => GameMap, acked: Iterable<string>): AuditResult {
  const res: AuditResult = { games: 0, entries: 0, snapshots: 0, resolutions: 0, states: new Map() };
  const logged = new Set<string>();
  for (const game of store.games()) {
    if (game.status === 'open') continue;
    res.games++;
    const map = maps(game.mapPath);
    const entries = store.entries(game.id);
    res.entries += entries.length;
    entries.forEach((e, i) => assert.equal(e.seq, i + 1, `game ${game.id}: seq ${i + 1} is entry ${i + 1}`));
    const parts = entries.filter((e) => e.messageId).map((e) => `${e.messageId}#${e.part}`);
    assert.equal(new Set(parts).size, parts.length, `game ${game.id}: no message applied twice`);
    for (const e of entries) if (e.messageId) logged.add(e.messageId);

    const snaps = store.snapshots(game.id);
    res.snapshots += snaps.length;
    const snapSeqs = new Set(snaps.map((s) => s.seq));
    // Turn boundaries the log goes through: each must have been written together with its snapshot.
    foldEntries(map, null, entries, (se, step) => {
      if (!step.resolved.length) return;
      res.resolutions += step.resolved.length;
      assert.ok(snapSeqs.has(se.seq), `game ${game.id}: the resolution at seq ${se.seq} has its snapshot (no half-applied turn)`);
    });
    for (const snap of snaps) {
      const folded = foldEntries(map, null, entries.filter((e) => e.seq <= snap.seq));
      assert.ok(folded, `game ${game.id}: the log up to snapshot seq ${snap.seq} starts the game`);
      assert.deepEqual(plain(gameFromSnapshot(map, snap.game).state), plain(folded.state), `game ${game.id}: snapshot at seq ${snap.seq} = the log folded to it`);
    }
    const fromLog = rebuildGame(store, game.id, map, false).game;
    const fromSnap = rebuildGame(store, game.id, map, true).game;
    assert.ok(fromLog && fromSnap, `game ${game.id} rebuilds`);
    assert.deepEqual(plain(fromSnap.state), plain(fromLog.state), `game ${game.id}: snapshot + log = log alone`);
    res.states.set(game.id, {
      json: plain(stateJson(fromLog.state, map, { withOrders: true })), full: plain(fromLog.state), turn: fromLog.state.turn, status: fromLog.state.status,
    });
  }
  for (const id of acked) {
    assert.ok(logged.has(id), `acknowledged ${id} is in the log`);
    assert.ok(store.handled(id) !== null, `acknowledged ${id} is marked handled`);
  }
  return res;
}

/** A message a player types: who (country) and the text. */
export interface Said { country: CountryId; text: string }

const active = (s: GameState): CountryId[] => Object.keys(s.countries).filter((c) => s.countries[c]!.alive && s.countries[c]!.player).sort();

/**
 * A turn's diplomacy, purchases and army orders for every active country, from one state (the generator's
 * legality is judged against it; a few may be refused once earlier commands changed things, which is fine).
 */
export function planOrders(map: GameMap, s: GameState, rng: Rng, policy: Partial<Policy> = {}, queries = 0.2): Said[] {
  const p = { ...DEFAULT_POLICY, ...policy };
  const out: Said[] = [];
  const v = new View(s, map);
  const say = (c: CountryId, cmd: Command) => out.push({ country: c, text: formatCommand(cmd, map, 'zh') });
  for (const c of rng.shuffle(active(s))) {
    for (const cmd of diplomacyFor(v, rng, c, p)) say(c, cmd);
    for (const cmd of economyFor(v, rng, c, p)) say(c, cmd);
    for (const cmd of ordersFor(v, rng, c, p)) say(c, cmd);
    if (rng.chance(queries)) out.push({ country: c, text: rng.pick(['【状态】', '【命令】', '【分数】']) });
  }
  return out;
}

/** Answers to the open requests (the newest one a country has may be answered in short form). */
export function planAnswers(map: GameMap, s: GameState, rng: Rng, policy: Partial<Policy> = {}): Said[] {
  const p = { ...DEFAULT_POLICY, ...policy };
  const v = new View(s, map);
  const out: Said[] = [];
  for (const r of [...s.pending].sort((a, b) => b.id - a.id)) {
    if (!s.countries[r.to]?.alive) continue;
    const a = answerFor(v, rng, r, p);
    if (!a) continue;
    const mine = s.pending.filter((x) => x.to === r.to);
    const req = requestCommand(r);
    const cmd: Command = mine[mine.length - 1] === r ? a : req ? { ...a, request: req } : a;
    out.push({ country: r.to, text: formatCommand(cmd, map, 'zh') });
  }
  return out;
}

/** Every active country commits (the last commit resolves the turn, R3.2). */
export function planCommits(s: GameState, rng: Rng): Said[] {
  return rng.shuffle(active(s)).map((c) => ({ country: c, text: '【完成】' }));
}
