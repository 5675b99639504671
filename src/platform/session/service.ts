import type { ButtonPress, ChatPort, Incoming, OutImage, OutMessage, Reply, ReplyItem, UserRef } from '../chat/index.ts';
import { LiveSettingsSchema, type Clock, type LiveSettings, type TimerId } from '../clock/index.ts';
import { faultPoint, isCorruptError, isReadOnlyError, isUniqueViolation, sqliteCode, LeaseLostError, SqliteStore, Store, processHolder, type Batch, type GameStore, type Lease, type RatedGame, type GameRow, type RequestPostRow, type TimerRow } from '../store/index.ts';
import { boardText, cardText, leaderboard, LOCAL_CHANNEL_PREFIX, personIdentity, ratedGameOf, ratingCard, ratingChartPng, ratingHistory, readRatings, type Board, type BoardScope, type Card, type HistoryPoint } from '../ratings/index.ts';
import { cleanName, nameKey } from '../chat/index.ts';
import { PictureRate, RenderQueue } from './renderer.ts';
import { loadGame, type MetaEntry } from './rebuild.ts';
import { withDefaults, type BotMessage, type Entry, type FullRules, type GameModule, type GameRegistry, type Lang, type PageView, type PictureAsk, type SeatLookup, type Speaker, type StepResult } from './module.ts';
import type { CreateOptions, ExportData, GameInfo, GameServiceApi, GameStatus, Result } from './types.ts';

/** One sentence in the game's language. */
const T = (lg: Lang, zh: string, en: string): string => (lg === 'en' ? en : zh);
/** A list joined the way the language joins it. */
const list = (xs: string[], lg: Lang): string => xs.join(lg === 'en' ? ', ' : '、');

export interface GameServiceOptions {
  /** The store (SQLite or PostgreSQL); a synchronous SQLite Store is wrapped (tests and tools that read it directly). */
  store: GameStore | Store;
  clock: Clock;
  chat: ChatPort;
  /** The games this process hosts (src/games' registry); the first is the default of a new game. */
  games: GameRegistry;
  /** The pictures service given to every game's `draw`; null: no pictures. Default: each game's own (GameModule.renderer). */
  renderer?: unknown;
  /** The process's line of pictures: players' picture queries drawing or waiting at most (default 8), pictures drawn at once (2). */
  renderQueue?: { maxQueries?: number; concurrency?: number };
  /** Project root for resource paths (default: cwd). */
  root?: string;
  /** Heartbeat/sweep period (ms) for restart detection and missed timers. Default 30 s. */
  sweepMs?: number;
  /** Where problems the players need not see go (default console.error), with the game and channel when known. */
  logError?: (msg: string, err?: unknown, ctx?: { game?: number; channel?: string }) => void;
  /** Ratings (duel.md D9.6): the board a channel's rated games are filed under, 'discord:<guildId>' (default: none). */
  ratingScope?: (channelId: string) => string | null;
  /** This process's lease holder id (issue 16; default: one per process, host:pid:random). */
  holder?: string;
  /** How often held leases are renewed and expired ones taken over (ms; default a third of the store's lease time). */
  leaseEveryMs?: number;
}

/** One lease holder per process: every GameService of a process writes as the same holder (tests restart in-process). */
let processLeaseHolder: string | null = null;
export const defaultHolder = (): string => (processLeaseHolder ??= processHolder());

/** Whether a lease holder (host:pid:random) is a process on this host that is gone: its games need not wait out the lease. */
function deadHolder(holder: string, self: string): boolean {
  const [host, pidText] = holder.split(':');
  const [myHost] = self.split(':');
  const pid = Number(pidText);
  if (host !== myHost || !Number.isInteger(pid) || pid <= 0 || holder === self) return false;
  if (pid === process.pid) return true; // an earlier process that had this pid (a restarted container)
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** What the players of a game another process took over are told (issue 16). */
const MOVED_TEXT = '这局游戏已经转到另一个机器人进程主持（本进程失去了它的租约），刚才的命令没有执行；请稍后重发一次命令。 / this game moved to another bot process (this one lost its lease); the command was not carried out, please send it again shortly.';

/** A game the process holds in memory. */
interface Live {
  row: GameRow;
  mod: GameModule<unknown>;
  rules: FullRules<unknown>;
  live: LiveSettings;
  game: unknown | null;
  timers: TimerId[];
  /**
   * The timer rows this process last committed for the game (JSON), or undefined when unknown (just loaded): a
   * commit carries the game's timers only when they differ, instead of rewriting them every time (docs/scale.md).
   */
  timersWritten?: string;
  /** The status message's text (and buttons) as last posted or edited. */
  statusText?: string;
  /** Computer players' decisions already sent in this process (BotMessage keys), and whether they are being sent now. */
  botDone?: Set<string>;
  driving?: boolean;
}

/** A seat a computer player takes before the start is a players row with this user id (issue 13): `bot:<seat>:<style>`. */
export const BOT_USER_PREFIX = 'bot:';

/** A game that shuffles takes its seed from the start entry, so a replay deals the same: drawn from the start's time and the game's id. */
export function startSeed(at: number, gameId: number): number {
  return (at ^ (gameId * 2654435761)) >>> 0;
}
const botUserId = (seat: string, style: string) => `${BOT_USER_PREFIX}${seat}:${style}`;
const isBotUser = (userId: string) => userId.startsWith(BOT_USER_PREFIX);
/** The style of a computer player's players row. */
const botStyleOfUser = (userId: string) => userId.slice(BOT_USER_PREFIX.length).split(':')[1] ?? '';

/** A game of any status as read from the store (an archived one is not held). */
type Held = { row: GameRow; rules: FullRules<unknown>; game: unknown | null };

const fail = <T>(code: string, text: string): Result<T> => ({ ok: false, code, text });
const okr = <T>(value: T, text: string): Result<T> => ({ ok: true, value, text });

/** A refusal as a Reply, answered only to the speaker. */
const refusal = (code: string, text: string): Reply => ({ handled: true, ok: false, code, text, private: true, items: [{ ok: false, code, text, private: true }] });

/** Why a game's stored data cannot be used, in one line for the game list and the players. */
function brokenReason(e: unknown): string {
  const msg = String((e as Error)?.message ?? e).replace(/\s+/g, ' ').slice(0, 200);
  const code = sqliteCode(e) ?? (e as { code?: string } | null)?.code;
  if (isCorruptError(e)) return `database pages damaged (${code}: ${msg})`;
  if (e instanceof SyntaxError) return `damaged stored data (${msg})`;
  return code ? `${code}: ${msg}` : msg;
}

/** Text that is meant as a command even when no game is at hand to parse it (a broken game's channel). */
const LOOKS_LIKE_COMMAND = /[【〖［〔]|^\s*[[/]/;

/**
 * How long before a lease's end this process stops trusting its memory of the game's row and reads the store
 * again (liveIn): the lease timer renews at a third of the lease, so a healthy process never gets near it.
 */
const LEASE_MARGIN_MS = 1000;

/** The games this process holds, by id, with an index by channel (one open or running game a channel) kept with every change. */
class HeldGames extends Map<number, Live> {
  private readonly byChannel = new Map<string, number>();
  override set(id: number, lv: Live): this {
    super.set(id, lv);
    this.byChannel?.set(lv.row.channelId, id);
    return this;
  }
  override delete(id: number): boolean {
    const lv = super.get(id);
    if (lv && this.byChannel.get(lv.row.channelId) === id) this.byChannel.delete(lv.row.channelId);
    return super.delete(id);
  }
  override clear(): void {
    this.byChannel.clear();
    super.clear();
  }
  /** The held game of a channel, if any. */
  inChannel(channelId: string): Live | undefined {
    const id = this.byChannel.get(channelId);
    return id === undefined ? undefined : super.get(id);
  }
}

/** Two picture asks as one: what either wants drawn. */
function mergeAsk(a: PictureAsk | null, b: PictureAsk): PictureAsk {
  if (!a) return { which: [...b.which], ...(b.region ? { region: b.region } : {}) };
  return { which: [...new Set([...a.which, ...b.which])], ...(b.region ? { region: b.region } : a.region ? { region: a.region } : {}) };
}

/**
 * The live-games layer: one per process, for every game kind of the registry. Holds every open and running
 * game, turns chat input into log entries (through the game's parse), writes them (one transaction per
 * message, before answering), folds them into the game, runs the clock and speaks through the ChatPort.
 * It knows no game's rules: those come through each game's GameModule.
 */
export class GameService implements GameServiceApi {
  private readonly store: GameStore;
  private readonly clock: Clock;
  private readonly chat: ChatPort;
  private readonly registry: GameRegistry;
  private readonly rendererOpt: unknown;
  private readonly renderers = new Map<string, unknown>();
  private readonly renders: RenderQueue;
  private readonly pictureRate = new PictureRate();
  /** Pictures a deliver:false query waits for, by its Reply: awaited after the game's lock is released. */
  private readonly pictureWaits = new WeakMap<Reply, Promise<OutImage[]>>();
  private readonly root: string;
  private readonly logError: (msg: string, err?: unknown, ctx?: { game?: number; channel?: string }) => void;
  private readonly games = new HeldGames();
  /**
   * Until when (this process's clock, ms) each held game's lease is known to be this process's: taken or renewed at
   * that lease's start. While it runs no other process can have written the game (docs/scale.md), so the
   * channel's game is answered from memory (liveIn) rather than read again from the store.
   */
  private readonly leaseUntil = new Map<number, number>();
  /**
   * Games whose stored data cannot be loaded (damaged pages or JSON, a missing resource), by id, with the reason:
   * listed as broken and answered GAME_BROKEN, never loaded again in this process; every other game plays on.
   */
  private readonly broken = new Map<number, string>();
  private readonly locks = new Map<number, Promise<unknown>>();
  private readonly background = new Set<Promise<unknown>>();
  private stopSweep: (() => void) | null = null;
  private readonly sweepMs: number;
  private readonly ratingScope: ((channelId: string) => string | null) | undefined;
  /** This process's lease holder (issue 16): it writes only the games whose lease it holds. */
  readonly holder: string;
  private readonly leaseEveryMs: number;
  private leaseTimer: ReturnType<typeof setInterval> | null = null;
  private leaseRound: Promise<void> | null = null;
  private closing = false;
  /** Games another process holds (their lease is not ours), by id: answered GAME_MOVED while it holds them. */
  private readonly elsewhere = new Set<number>();

  constructor(opts: GameServiceOptions) {
    this.store = opts.store instanceof Store ? new SqliteStore(opts.store) : opts.store;
    this.clock = opts.clock;
    this.chat = opts.chat;
    this.registry = opts.games;
    if (!this.registry.length) throw new Error('GameService: no games in the registry');
    this.rendererOpt = opts.renderer;
    this.renders = new RenderQueue(opts.renderQueue);
    this.root = opts.root ?? process.cwd();
    this.sweepMs = opts.sweepMs ?? 30_000;
    this.logError = opts.logError ?? ((m, e) => console.error(m, e ?? ''));
    this.ratingScope = opts.ratingScope;
    this.holder = opts.holder ?? defaultHolder();
    this.leaseEveryMs = opts.leaseEveryMs ?? Math.max(50, Math.floor(this.store.leaseMs / 3));
  }

  /** The module of a game kind; an unknown kind (a database from a newer version) cannot be played here. */
  private moduleOf(kind: string | undefined): GameModule<unknown> {
    const k = kind ?? this.registry[0]!.kind;
    const m = this.registry.find((g) => g.kind === k);
    if (!m) throw new Error(`unknown game kind "${k}" (this version hosts: ${this.registry.map((g) => g.kind).join(', ')})`);
    return m;
  }

  /** The kinds this process hosts, the default first. */
  kinds(): { kind: string; title: Record<Lang, string> }[] {
    return this.registry.map((g) => ({ kind: g.kind, title: g.title }));
  }

  /**
   * An adapter's own small records in the store's meta table (the local page's seat tokens and identities, duel.md
   * D10.6): beside the games, never in a game's log or export. Keys are the adapter's (prefixed, e.g. `seats:`).
   */
  async getMeta(key: string): Promise<string | null> {
    return this.store.getMeta(key);
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.store.setMeta(key, value);
  }

  private readonly lobbyRules = new Map<string, FullRules<unknown>>();

  /** The computer opponents a lobby may offer for a game kind (its rules on the default resource, opened once). */
  botOffers(kind: string, lang: Lang = 'zh'): { id: string; label: string; available: boolean; note?: string }[] {
    let rules = this.lobbyRules.get(kind);
    if (!rules) {
      const mod = this.moduleOf(kind);
      rules = withDefaults(mod.open(mod.defaultResource(this.root), this.root));
      this.lobbyRules.set(kind, rules);
    }
    return rules.botOffers(lang);
  }

  /** The pictures service of a game kind (null: none). */
  private rendererOf(mod: GameModule<unknown>): unknown {
    if (this.rendererOpt !== undefined) return this.rendererOpt;
    if (!this.renderers.has(mod.kind)) this.renderers.set(mod.kind, mod.renderer?.() ?? null);
    return this.renderers.get(mod.kind);
  }

  private rulesFor(row: GameRow): { mod: GameModule<unknown>; rules: FullRules<unknown> } {
    const mod = this.moduleOf(row.kind);
    return { mod, rules: withDefaults(mod.open(row.mapPath, this.root)) };
  }

  // ── startup, shutdown ────────────────────────────────────────────────────────────────────────────────

  async startUp(): Promise<void> {
    for (const row of await this.store.games(['open', 'running'])) await this.adopt(row);
    await this.heartbeat();
    this.stopSweep = this.clock.every(this.sweepMs, () => this.sweep());
    this.leaseTimer = setInterval(() => { void this.leaseTick(); }, this.leaseEveryMs);
    this.leaseTimer.unref?.();
  }

  /**
   * Takes a game this process does not hold yet (at start, or taken over from a process that stopped renewing its
   * lease): its lease, then the game itself rebuilt from the store; a running game's passed deadlines move as after a
   * restart. False when another process holds it.
   */
  private async adopt(row: GameRow): Promise<boolean> {
    if (this.games.has(row.id) || this.broken.has(row.id)) return this.games.has(row.id);
    const prev = await this.store.lease(row.id).catch(() => null);
    if (!(await this.acquire(row.id, prev))) return false;
    // When the game's previous holder was last alive: its own heartbeat, else (a database from before leases) the shared one.
    const beat = prev ? await this.store.getMeta(`alive_at:${prev.holder}`) : null;
    const lastAlive = Math.max(Number(beat ?? (await this.store.getMeta('alive_at')) ?? '0'), prev && prev.holder !== this.holder ? prev.expiresAt - this.store.leaseMs : 0);
    let lv: Live;
    try {
      lv = await this.load(row);
    } catch (e) {
      this.markBroken(row, e);
      return false;
    }
    // One game failing to come back (its store damaged past what load read) must not keep the others down.
    if (row.status === 'running' && lv.game) await this.locked(row.id, async () => { await this.afterRestart(lv, lastAlive); await this.driveBots(lv); }).catch((e: unknown) => { this.markBroken(row, e); });
    else if (row.status === 'running') this.reschedule(lv);
    return true;
  }

  /** Takes (or renews) the game's lease for this process; a holder on this host whose process is gone loses it at once. */
  private async acquire(gameId: number, prev?: Lease | null): Promise<boolean> {
    const now = this.clock.now();
    let lease = await this.store.takeLease(gameId, this.holder, { now });
    if (!lease) {
      const cur = prev === undefined ? await this.store.lease(gameId) : prev;
      if (cur && deadHolder(cur.holder, this.holder)) {
        // Taken as if at the dead lease's expiry (the store only hands over an expired lease), lasting the usual time from now.
        const at = Math.max(now, cur.expiresAt);
        lease = await this.store.takeLease(gameId, this.holder, { now: at, ttlMs: now + this.store.leaseMs - at });
      }
    }
    if (lease) {
      this.elsewhere.delete(gameId);
      this.leaseUntil.set(gameId, lease.expiresAt);
    } else {
      this.elsewhere.add(gameId);
      this.leaseUntil.delete(gameId);
    }
    return lease !== null;
  }

  /** The lease timer: every held game's lease renewed (a lost one is dropped), then games whose lease expired taken over. */
  private leaseTick(): Promise<void> {
    if (this.leaseRound || this.closing) return this.leaseRound ?? Promise.resolve();
    this.leaseRound = (async () => {
      const now = this.clock.now();
      // Every held lease in one store call (one UPDATE … WHERE game_id IN …), not one call a game: with 100 games
      // that was 100 writes a round on the one loop (docs/scale.md).
      const ids = [...this.games.keys()];
      if (ids.length) {
        try {
          const renewed = new Set(await this.store.renewLeases(ids, this.holder, { now }));
          for (const id of ids) {
            if (renewed.has(id)) { if (this.games.has(id)) this.leaseUntil.set(id, now + this.store.leaseMs); }
            // Released meanwhile (archived, ended) is not lost: only a game still held here and not renewed is another's.
            else if (this.games.has(id)) this.lose(id);
          }
        } catch (e) {
          this.logError(`renewing the leases of ${ids.length} games failed`, e);
        }
      }
      if (this.closing) return;
      try {
        // Only the games this process might take (no lease, an expired one, or another's on this host whose process may
        // be gone): not every row with each of another live process's games tried in turn, nor a game this process is
        // creating right now (its lease is already ours, the game not yet in memory).
        for (const row of await this.store.takeoverCandidates(this.holder, { now: this.clock.now() })) {
          if (this.closing) return;
          if (this.games.has(row.id) || this.broken.has(row.id)) continue;
          if (await this.adopt(row)) this.logError(`game ${row.id} in ${row.channelId} taken over by ${this.holder} (its lease had expired)`, undefined, { game: row.id, channel: row.channelId });
        }
      } catch (e) {
        this.logError('taking over games failed', e);
      }
    })().finally(() => { this.leaseRound = null; });
    return this.leaseRound;
  }

  /** The game is another process's now (its lease was lost): dropped from memory, never written by this process again. */
  private lose(gameId: number): void {
    const lv = this.games.get(gameId);
    if (lv) for (const t of lv.timers) this.clock.cancel(t);
    this.games.delete(gameId);
    this.leaseUntil.delete(gameId);
    this.elsewhere.add(gameId);
    this.logError(`game ${gameId}: the lease is lost to another process; dropped here`, undefined, { game: gameId });
  }

  /** Every write of a game carries this process's lease: a game another process took over is refused and dropped here. */
  private async commit(b: Batch): Promise<number[]> {
    if (b.gameId === null) return this.store.commit(b);
    this.touch(b.gameId);
    try {
      return await this.store.commit({ ...b, lease: this.holder });
    } catch (e) {
      if (e instanceof LeaseLostError) this.lose(b.gameId);
      throw e;
    } finally {
      this.touch(b.gameId);
    }
  }

  /** Writes begun and ended a game (changeStamp); objects numbered for it (a Live, a row, a game state replaced). */
  private readonly writes = new Map<number, number>();
  private readonly objectIds = new WeakMap<object, number>();
  private objectSeq = 0;

  private touch(gameId: number): void {
    this.writes.set(gameId, (this.writes.get(gameId) ?? 0) + 1);
  }

  private oid(o: unknown): number | string {
    if (typeof o !== 'object' || o === null) return String(o);
    let n = this.objectIds.get(o);
    if (n === undefined) this.objectIds.set(o, n = ++this.objectSeq);
    return n;
  }

  /**
   * See GameServiceApi.changeStamp: for a game held here under a running lease (as liveIn answers from memory), the
   * Live, its row and its game state by identity (every reload or replacement is a new object) and the writes begun
   * and ended (every change of a held game is written through commit, which counts before and after). Anything else:
   * null (the caller reads the store as before).
   */
  changeStamp(channelId: string): string | null {
    const held = this.games.inChannel(channelId);
    if (!held || !this.fromMemory(held)) return null;
    return `${this.oid(held)}.${this.oid(held.row)}.${this.oid(held.game)}.${this.writes.get(held.row.id) ?? 0}`;
  }

  /** What this process holds (for /healthz): its games and leases, and the store's driver, schema and a round trip's time. */
  async health(): Promise<{ ok: boolean; holder: string; games: { id: number; kind: string; channelId: string; status: string }[]; leases: Lease[]; store: { driver: string; location: string; schemaVersion: number | null; roundTripMs: number | null; error?: string } }> {
    const games = [...this.games.values()].map((lv) => ({ id: lv.row.id, kind: lv.row.kind, channelId: lv.row.channelId, status: lv.row.status }));
    const t0 = performance.now();
    try {
      const schemaVersion = await this.store.schemaVersion();
      const roundTripMs = Math.round((performance.now() - t0) * 1000) / 1000;
      const leases = await this.store.leasesOf(this.holder);
      return { ok: true, holder: this.holder, games, leases, store: { driver: this.store.driver, location: this.store.location, schemaVersion, roundTripMs } };
    } catch (e) {
      return { ok: false, holder: this.holder, games, leases: [], store: { driver: this.store.driver, location: this.store.location, schemaVersion: null, roundTripMs: null, error: String((e as Error)?.message ?? e) } };
    }
  }

  /** Waits until background work (pictures, posts) is done; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  /**
   * Stops: no timer fires any more, the commands in flight finish, and this process's leases are given up so
   * another process may take its games at once (SIGTERM). The store is the caller's to close.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.stopSweep?.();
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    for (const lv of this.games.values()) for (const t of lv.timers) this.clock.cancel(t);
    const ids = [...this.games.keys()];
    this.games.clear();
    this.leaseUntil.clear();
    await Promise.allSettled([...this.locks.values()]);
    if (this.leaseRound) await this.leaseRound;
    for (const id of ids) await this.store.releaseLease(id, this.holder).catch((e: unknown) => this.logError(`releasing the lease of game ${id} failed`, e, { game: id }));
  }

  /** Last time `alive_at` was written: it only dates an outage, so once every few seconds is plenty. */
  private lastBeat = -Infinity;

  private async heartbeat(): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastBeat < 5000) return;
    this.lastBeat = now;
    try {
      await this.store.setMeta(`alive_at:${this.holder}`, String(now));
    } catch (e) {
      this.logError('heartbeat failed', e);
    }
  }

  private async sweep(): Promise<void> {
    await this.heartbeat();
    this.pictureRate.prune(this.clock.now());
    // A timer lost to a sleeping host still fires: any running game past a deadline gets its tick.
    const now = this.clock.now();
    for (const lv of this.games.values()) {
      if (lv.row.status !== 'running' || !lv.game) continue;
      const t = lv.rules.timers(lv.game, lv.live);
      const last = t?.deadlines[t.deadlines.length - 1];
      if (last && now >= last.at) void this.locked(lv.row.id, () => this.tick(lv, last.kind));
    }
  }

  private async load(row: GameRow): Promise<Live> {
    const cached = this.games.get(row.id);
    if (cached) return cached;
    if (row.broken) throw new Error(row.broken);
    const { mod, rules } = this.rulesFor(row);
    const live = LiveSettingsSchema.parse(row.live);
    const game = row.status === 'open' ? null : (await loadGame(this.store, row.id, rules)).game;
    const lv: Live = { row, mod, rules, live, game, timers: [] };
    this.games.set(row.id, lv);
    this.warm(rules, this.langOf(lv));
    return lv;
  }

  /**
   * Builds now what a game's first command would otherwise build inside a player's round trip: the parser's
   * tables of its map (Europe: 0.1–0.3 s of one main-thread task, once a map a process — issue 11's abuse run
   * had its p99 over 100 ms from that stall alone). At load and creation, where nobody waits on it.
   */
  private warm(rules: FullRules<unknown>, lg: Lang): void {
    try {
      rules.parse('【帮助】', null, { kind: 'judge', name: '' }, false, this.clock.now(), lg);
    } catch {
      // Only a warm-up: the real command says what is wrong.
    }
  }

  /** Runs `fn` after every earlier operation on the same game (posts stay in order; no interleaving). */
  private locked<T>(gameId: number, fn: () => Promise<T> | T): Promise<T> {
    const prev = this.locks.get(gameId) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(gameId, tail);
    return run;
  }

  private bg(p: Promise<unknown>): void {
    const q = p.catch((e) => this.logError('background task failed', e)).finally(() => this.background.delete(q));
    this.background.add(q);
  }

  // ── who is who ───────────────────────────────────────────────────────────────────────────────────────

  /** The game's language: a running game's own settings (a judge may change them), else the stored ones. */
  private langOf(h: Held): Lang {
    return h.rules.language(h.game !== null ? h.rules.settingsOf(h.game) : h.row.settings);
  }

  private lang(lv: Live): Lang {
    return this.langOf(lv);
  }

  /** The language of a row whose game cannot be read. */
  private rowLang(row: GameRow): Lang {
    return (row.settings as { language?: unknown }).language === 'en' ? 'en' : 'zh';
  }

  private isJudge(row: GameRow, user: { id: string; isModerator?: boolean }): boolean {
    return user.isModerator === true || row.creator === user.id || row.judges.includes(user.id);
  }

  private async seatOfUser(row: GameRow, userId: string): Promise<string | null> {
    return (await this.store.players(row.id)).find((p) => p.userId === userId)?.seat ?? null;
  }

  /** Whether a held game is answered from memory (see liveIn): not ended, its lease running by this process's clock. */
  private fromMemory(lv: Live): boolean {
    return lv.row.status !== 'ended' && this.clock.now() < (this.leaseUntil.get(lv.row.id) ?? -Infinity) - LEASE_MARGIN_MS;
  }

  /**
   * The channel's open or running game, loaded; null when there is none or it is broken (see brokenIn).
   *
   * A game this process holds, under a lease that has not run out by this process's clock, is answered from memory:
   * only the lease's holder writes a game's row, and every write of this process keeps `lv.row` as stored (start,
   * archive and judge actions read it back; the status message id is set in memory). The index follows `games`
   * (HeldGames: load, create, archive, broken, lost lease, close) and the lease (leaseUntil: taken, renewed, lost).
   * Anything else — no game held here, a lease near its end — reads the store as before.
   */
  private async liveIn(channelId: string): Promise<Live | null> {
    const held = this.games.inChannel(channelId);
    if (held && this.fromMemory(held)) return held;
    const row = await this.store.liveGameIn(channelId);
    if (!row || this.broken.has(row.id)) return null;
    // A game not held here yet is loaded only with its lease (another process may be playing it).
    if (!this.games.has(row.id) && !row.broken && (this.closing || !(await this.acquire(row.id)))) return null;
    try {
      const lv = await this.load(row);
      lv.row = row;
      return lv;
    } catch (e) {
      this.markBroken(row, e);
      return null;
    }
  }

  /** Sets a game aside: its timers stop, it is no longer held, and the reason is kept for the list and the players. */
  private markBroken(row: GameRow, e: unknown): string {
    const reason = row.broken ?? brokenReason(e);
    if (!this.broken.has(row.id)) this.logError(`game ${row.id} in ${row.channelId} is broken and set aside, other games play on: ${reason}`, e, { game: row.id, channel: row.channelId });
    this.broken.set(row.id, reason);
    const lv = this.games.get(row.id);
    if (lv) {
      for (const t of lv.timers) this.clock.cancel(t);
      this.games.delete(row.id);
    }
    this.leaseUntil.delete(row.id);
    return reason;
  }

  /** The channel's open or running game when it is broken. */
  private async brokenIn(channelId: string): Promise<{ row: GameRow; reason: string } | null> {
    let row: GameRow | null;
    try {
      row = await this.store.liveGameIn(channelId);
    } catch (e) {
      this.logError(`the game of ${channelId} could not be read`, e, { channel: channelId });
      return null;
    }
    if (!row) return null;
    if (!this.broken.has(row.id)) await this.liveIn(channelId);
    const reason = this.broken.get(row.id);
    return reason ? { row, reason } : null;
  }

  private brokenResult<T>(row: GameRow, reason: string): Result<T> {
    const lg = this.rowLang(row);
    return fail('GAME_BROKEN', T(lg,
      `本频道的游戏（第${row.id}局）存档已损坏，暂停使用：${reason}。其他游戏不受影响；请管理员检查数据库（可从备份恢复），或由裁判用 /end 结束这一局后重新开局。`,
      `this channel's game (#${row.id}) has damaged stored data and is set aside: ${reason}. Other games are not affected; an admin can check the database (or restore a backup), or a judge can /end this game and create a new one.`));
  }

  /** No playable game in the channel: GAME_BROKEN when it holds a broken one, else NO_GAME with `text`. */
  private async missing<T>(channelId: string, text: string): Promise<Result<T>> {
    const b = await this.brokenIn(channelId);
    if (b) return this.brokenResult<T>(b.row, b.reason);
    const row = this.elsewhere.size ? await this.store.liveGameIn(channelId).catch(() => null) : null;
    return row && this.elsewhere.has(row.id) ? fail<T>('GAME_MOVED', MOVED_TEXT) : fail<T>('NO_GAME', text);
  }

  /**
   * A write (or read) that failed, answered as what it is: STORAGE_READ_ONLY when the storage refuses writes,
   * INTERNAL_ERROR otherwise; the cause is logged. `notDone` says, in both languages, what did not happen.
   */
  private writeFailure<T>(e: unknown, lg: Lang, what: string, notDone: [string, string]): Result<T> {
    this.logError(`${what} failed`, e);
    if (e instanceof LeaseLostError) return fail('GAME_MOVED', MOVED_TEXT);
    if (isReadOnlyError(e)) {
      return fail('STORAGE_READ_ONLY', T(lg, `存储是只读的，${notDone[0]}；请管理员让数据库文件可写后再试`, `the storage is read-only, ${notDone[1]}; an admin must make the database writable`));
    }
    return fail('INTERNAL_ERROR', T(lg, `内部错误，${notDone[0]}；请稍后再试`, `internal error, ${notDone[1]}; please try again later`));
  }

  /** A command that failed inside a game: a damaged store sets the game aside (GAME_BROKEN), anything else is INTERNAL_ERROR. */
  private async faultReply(lv: Live, who: { channelId: string; userId: string; deliver?: boolean }, e: unknown): Promise<Reply> {
    const r = isCorruptError(e)
      ? this.brokenResult<null>(lv.row, this.markBroken(lv.row, e))
      : this.writeFailure<null>(e, this.lang(lv), `a command in game ${lv.row.id}`, ['命令没有执行', 'the command was not carried out']);
    const reply = r.ok ? refusal('INTERNAL_ERROR', '') : refusal(r.code, r.text);
    if (who.deliver !== false) await this.privately(who.channelId, who.userId, { text: reply.text });
    return reply;
  }

  /** A command typed in a broken game's channel: the players learn why nothing happens. */
  private async answerBroken(who: { channelId: string; userId: string; deliver?: boolean }, b: { row: GameRow; reason: string }): Promise<Reply> {
    const r = this.brokenResult<null>(b.row, b.reason);
    const reply = r.ok ? refusal('GAME_BROKEN', '') : refusal(r.code, r.text);
    if (who.deliver !== false) await this.privately(who.channelId, who.userId, { text: reply.text });
    return reply;
  }

  /** The game a message is for: the channel's, or for a private message the named game or the user's default. */
  private async gameFor(inc: { channelId: string; userId: string; private?: boolean; dmGame?: string }): Promise<Live | null> {
    if (inc.private && inc.dmGame) return await this.liveIn(inc.dmGame);
    const here = await this.liveIn(inc.channelId);
    if (here || !inc.private) return here;
    const mine = (await this.store.gamesOfUser(inc.userId))[0];
    return mine ? await this.liveIn(mine.channelId) : null;
  }

  // ── public queries ───────────────────────────────────────────────────────────────────────────────────

  /** A held game: its row's info with what the game itself says (language in force, turn, deadline, winner). */
  private async info(h: Held): Promise<GameInfo> {
    const g = h.game;
    if (g === null) return { ...await this.rowInfo(h.row), language: this.langOf(h) };
    const running = h.rules.phase(g) !== 'ended' && h.row.status === 'running';
    return { ...await this.rowInfo(h.row), language: this.langOf(h), turn: h.rules.turn(g), deadlineAt: running ? h.rules.deadline(g) : null, winner: h.rules.winner(g) };
  }

  /** The players of a game as listed; a damaged players table lists none rather than failing the whole list. */
  private async playersOf(row: GameRow): Promise<GameInfo['players']> {
    try {
      return (await this.store.players(row.id)).map((p) => ({ userId: p.userId, name: p.name, country: p.seat }));
    } catch (e) {
      this.logError(`the players of game ${row.id} could not be read`, e, { game: row.id, channel: row.channelId });
      return [];
    }
  }

  /** A game known only by its row (not held, or broken): no rules are opened for it. */
  private async rowInfo(row: GameRow): Promise<GameInfo> {
    return {
      id: row.id, kind: row.kind ?? this.registry[0]!.kind, channelId: row.channelId, status: row.status, mapPath: row.mapPath, mapId: row.mapId,
      language: this.rowLang(row), creator: row.creator, judges: row.judges, players: await this.playersOf(row),
      createdAt: row.createdAt, startedAt: row.startedAt, endedAt: row.endedAt, turn: null, deadlineAt: null, winner: null,
    };
  }

  private async brokenInfo(row: GameRow, reason: string): Promise<GameInfo> {
    return { ...await this.rowInfo(row), broken: reason };
  }

  /** An ended game, rebuilt read-only (not kept in memory with timers). */
  private async archived(channelId: string): Promise<Held | null> {
    const row = await this.store.lastGameIn(channelId);
    if (!row || row.status !== 'ended' || this.broken.has(row.id)) return null;
    try {
      if (row.broken) throw new Error(row.broken);
      const { rules } = this.rulesFor(row);
      return { row, rules, game: (await loadGame(this.store, row.id, rules)).game };
    } catch (e) {
      this.markBroken(row, e);
      return null;
    }
  }

  /** The channel's game of any status; never throws (a broken or unreadable game is null here, see gameOf). */
  private async anyGame(channelId: string): Promise<Held | null> {
    try {
      return await this.liveIn(channelId) ?? await this.archived(channelId);
    } catch (e) {
      this.logError(`the game of ${channelId} could not be read`, e, { channel: channelId });
      return null;
    }
  }

  async listGames(opts: { status?: GameStatus[] } = {}): Promise<GameInfo[]> {
    let rows: GameRow[];
    try {
      rows = await this.store.games(opts.status);
    } catch (e) {
      this.logError('the game list could not be read', e);
      return [];
    }
    return Promise.all(rows.map(async (row) => {
      if (row.broken && !this.broken.has(row.id)) this.markBroken(row, new Error(row.broken));
      const reason = this.broken.get(row.id);
      if (reason) return await this.brokenInfo(row, reason);
      const lv = this.games.get(row.id);
      // A held game's row is only ever written by this process (kept as stored): replacing it here would only make
      // every channel's change stamp differ after each list build.
      if (lv) { if (!this.fromMemory(lv)) lv.row = row; return await this.info(lv); }
      return await this.rowInfo(row);
    }));
  }

  async gameOf(channelId: string): Promise<GameInfo | null> {
    const g = await this.anyGame(channelId);
    if (g) return await this.info(g);
    try {
      const row = await this.store.lastGameIn(channelId);
      const reason = row ? this.broken.get(row.id) : undefined;
      return row && reason ? await this.brokenInfo(row, reason) : null;
    } catch (e) {
      this.logError(`the game of ${channelId} could not be read`, e, { channel: channelId });
      return null;
    }
  }

  async rulesOf(channelId: string): Promise<FullRules<unknown> | null> {
    return (await this.anyGame(channelId))?.rules ?? null;
  }

  async stateOf(channelId: string): Promise<unknown> {
    const g = await this.anyGame(channelId);
    return g && g.game !== null ? g.rules.stateOf(g.game) : null;
  }

  async seatOf(channelId: string, userId: string): Promise<string | null> {
    const g = await this.anyGame(channelId);
    return g ? await this.seatOfUser(g.row, userId) : null;
  }

  async settingsOf(channelId: string): Promise<Record<string, unknown> | null> {
    const g = await this.anyGame(channelId);
    return g && g.game !== null ? (g.rules.settingsOf(g.game) as Record<string, unknown>) : null;
  }

  /** What the local page's panel shows of the channel's game (see Rules.page). */
  async pageOf(channelId: string): Promise<PageView | null> {
    const g = await this.anyGame(channelId);
    return g ? g.rules.page(g.game) : null;
  }

  /** Who judges the channel's game: its creator and the judges granted (moderators are the adapter's to add). */
  async judgesOf(channelId: string): Promise<string[]> {
    const g = await this.anyGame(channelId);
    return g ? [...new Set([g.row.creator, ...g.row.judges])] : [];
  }

  /** What adapters show of a channel's game: its kind, the viewer's seat and judge right, what is awaited. */
  async viewOf(channelId: string, userId: string | null): Promise<{ info: GameInfo; seat: string | null; judge: boolean; laggards: string[] } | null> {
    const g = await this.anyGame(channelId);
    if (!g) return null;
    const seat = userId ? await this.seatOfUser(g.row, userId) : null;
    return {
      info: await this.info(g), seat, judge: userId ? this.isJudge(g.row, { id: userId }) : false,
      laggards: g.game !== null && g.row.status === 'running' ? g.rules.laggards(g.game) : [],
    };
  }

  async seatView(channelId: string, userId: string | null): Promise<unknown> {
    const g = await this.anyGame(channelId);
    if (!g || g.game === null) return null;
    return g.rules.view(g.game, (userId ? await this.seatOfUser(g.row, userId) : null) ?? 'public');
  }

  /**
   * Pictures that are never refused (turn posts, start and end, history), ahead of every query in the render
   * line. `game` must not change until they are drawn (a frozen copy, a snapshot, an ended game).
   */
  private async pictures(h: { rules: FullRules<unknown>; mod?: GameModule<unknown>; row: GameRow }, game: unknown, lg: Lang, ask: PictureAsk, timeoutMs: number): Promise<OutImage[]> {
    const renderer = this.rendererOf(h.mod ?? this.moduleOf(h.row.kind));
    if (!renderer) return [];
    return (await this.renders.post((left) => h.rules.draw(renderer, game, ask, lg, left), timeoutMs)) ?? [];
  }

  /** Pictures of the channel's game as it stands now (null: no game, or no pictures). */
  async picture(channelId: string, ask: PictureAsk): Promise<OutImage[] | null> {
    const g = await this.anyGame(channelId);
    if (!g || g.game === null) return null;
    const frozen = g.rules.freeze(g.game);
    return this.pictures(g, frozen, this.langOf(g), ask, 30_000);
  }

  async history(channelId: string, turn: number): Promise<Result<{ text: string; images: OutImage[] }>> {
    const g = await this.anyGame(channelId);
    if (!g || g.game === null) return fail('NO_GAME', 'no game in this channel / 本频道没有游戏');
    const lg = this.langOf(g);
    const now = g.rules.turn(g.game);
    // From the log as it stands: the resolution of `turn` that no undo has taken back (not the undo's snapshot).
    const snap = await this.store.resolutionOpening(g.row.id, turn + 1);
    if (!snap) return fail('NO_SUCH_TURN', T(lg, `没有第${turn}回合的记录（已结算的回合：1–${now - 1}）`, `no record of turn ${turn} (resolved turns: 1–${now - 1})`));
    const past = g.rules.history(snap.game, turn, lg);
    const images = await this.pictures(g, past.game, lg, { which: g.rules.pictureKinds() }, 30_000);
    return okr({ text: past.text, images }, past.text);
  }

  async export(channelId: string, user: UserRef): Promise<Result<ExportData>> {
    const g = await this.anyGame(channelId);
    if (!g) return fail('NO_GAME', 'no game in this channel / 本频道没有游戏');
    const lg = this.langOf(g);
    if (g.row.status !== 'ended' && !this.isJudge(g.row, user)) return fail('NOT_JUDGE', T(lg, '游戏结束前只有裁判可以导出', 'only a judge may export before the game ends'));
    const data: ExportData = {
      game: await this.info(g),
      state: g.game !== null ? g.rules.view(g.game, null) : null,
      log: (await this.store.entries(g.row.id)).map((e) => ({ seq: e.seq, at: e.at, entry: e.entry, userId: e.userId, messageId: e.messageId, undone: e.undone })),
    };
    return okr(data, T(lg, '导出完成', 'exported'));
  }

  // ── ratings (duel.md D9.6; the tables are the platform's, per game kind) ──

  /** The board a channel's 'server' scope means: the local page's own, the channel's Discord server's, else the global one. */
  private boardScope(channelId: string, scope: 'server' | 'global'): BoardScope {
    if (scope === 'global') return { kind: 'global' };
    if (channelId.startsWith(LOCAL_CHANNEL_PREFIX)) return { kind: 'local' };
    const server = this.ratingScope?.(channelId) ?? null;
    return server ? { kind: 'server', scope: server } : { kind: 'global' };
  }

  /** D9.6 `/leaderboard`, `【排行】`: the top 10 of a game kind's board and the asker's own line. */
  async leaderboard(kind: string, channelId: string, asker: UserRef, scope: 'server' | 'global' = 'server', lang: Lang = 'zh'): Promise<Result<{ text: string; board: Board }>> {
    const board = await readRatings(this.store, (r) => leaderboard(r, kind, this.boardScope(channelId, scope), personIdentity(channelId, asker.id, cleanName(asker.name ?? ''))));
    const text = boardText(board, lang);
    return okr({ text, board }, text);
  }

  /** D9.6 `/rating [user]`, `【等级分】`: one player's rating, rank and last 10 results with Δ, and the history series a chart draws. */
  async ratingCard(kind: string, channelId: string, user: UserRef, lang: Lang = 'zh'): Promise<Result<{ text: string; card: Card; history: HistoryPoint[] }>> {
    const name = cleanName(user.name ?? '') || user.id;
    const id = personIdentity(channelId, user.id, name);
    if (!id) return fail('BAD_NAME', T(lang, '没有名字，查不到等级分', 'no name to look the rating up by'));
    const card = await readRatings(this.store, (r) => ratingCard(r, kind, id));
    const text = cardText(card, name, lang);
    return okr({ text, card, history: await readRatings(this.store, (r) => ratingHistory(r, kind, id)) }, text);
  }

  /** The rating history chart (PNG, for Discord; the page draws ratingChartSvg from ratingCard's history). */
  async ratingChart(kind: string, channelId: string, user: UserRef, lang: Lang = 'zh'): Promise<Result<Buffer>> {
    const r = await this.ratingCard(kind, channelId, user, lang);
    if (!r.ok) return r;
    return okr(await ratingChartPng(r.value.history, cleanName(user.name ?? '') || user.id, lang), 'chart');
  }

  /** A game's 【排行】/【等级分】 (the rules classify the query), answered from the tables as its speaker sees them. */
  private async ratingsAnswer(lv: Live, userId: string | null, what: 'board' | 'card', lg: Lang): Promise<string> {
    const p = userId ? (await this.store.players(lv.row.id)).find((x) => x.userId === userId) : undefined;
    const who: UserRef = { id: userId ?? '', name: p?.name ?? '' };
    if (what === 'board') return (await this.leaderboard(lv.row.kind, lv.row.channelId, who, 'server', lg)).text;
    return (await this.ratingCard(lv.row.kind, lv.row.channelId, who, lg)).text;
  }

  async scoreChart(channelId: string): Promise<Result<Buffer>> {
    const g = await this.anyGame(channelId);
    if (!g || g.game === null || !g.rules.chart) return fail('NO_GAME', 'no running game in this channel / 本频道没有进行中的游戏');
    return okr(await g.rules.chart(g.game, this.langOf(g)), 'chart');
  }

  // ── lifecycle ────────────────────────────────────────────────────────────────────────────────────────

  private readonly onceRunning = new Map<string, Promise<Result<unknown>>>();

  async once<T>(key: string, fn: () => Promise<Result<T>>): Promise<Result<T> & { duplicate?: boolean }> {
    const seen = await this.store.handled(`once:${key}`) as Result<T> | null;
    if (seen) return { ...seen, duplicate: true };
    // The same key twice at once (a resend racing the first): the second waits for the first's result.
    const running = this.onceRunning.get(key) as Promise<Result<T>> | undefined;
    if (running) return { ...(await running), duplicate: true };
    const p = fn();
    this.onceRunning.set(key, p as Promise<Result<unknown>>);
    try {
      const r = await p;
      try {
        await this.commit({ gameId: null, handled: { messageId: `once:${key}`, at: this.clock.now(), reply: r } });
      } catch (e) {
        this.logError(`could not record request ${key}`, e);
      }
      return r;
    } finally {
      this.onceRunning.delete(key);
    }
  }

  async createGame(channelId: string, creator: UserRef, opts: CreateOptions = {}): Promise<Result<GameInfo>> {
    const lg0: Lang = (opts.settings?.language === 'en' ? 'en' : 'zh');
    // An interaction from outside a channel (a DM, an unknown context) carries no channel id to hold the game.
    if (typeof channelId !== 'string' || !channelId.trim()) {
      return fail('NO_CHANNEL', T(lg0, '这里没有可以开局的频道（例如私信中）；请在服务器的文字频道里创建游戏', 'there is no channel here to hold a game (e.g. a direct message); create the game in a server text channel'));
    }
    let mod: GameModule<unknown>;
    try {
      mod = this.moduleOf(opts.game);
    } catch {
      const known = this.registry.map((g) => `${g.kind}（${g.title.zh}）`).join('、');
      return fail('UNKNOWN_GAME', T(lg0, `没有叫"${opts.game}"的游戏；可选：${known}`, `there is no game "${opts.game}"; choose one of: ${this.registry.map((g) => g.kind).join(', ')}`));
    }
    const broken = await this.brokenIn(channelId);
    if (broken) return this.brokenResult(broken.row, broken.reason);
    if (await this.store.liveGameIn(channelId)) return fail('GAME_EXISTS', T(lg0, '本频道已经有一局游戏；一个频道一局', 'this channel already has a game; one game per channel'));
    const mapPath = opts.map ?? mod.defaultResource(this.root);
    let rules: FullRules<unknown>;
    try {
      rules = withDefaults(mod.open(mapPath, this.root));
    } catch (e) {
      return fail('BAD_MAP', T(lg0, `地图无法载入：${(e as Error).message}`, `the map could not be loaded: ${(e as Error).message}`));
    }
    const merged = rules.settings({}, opts.settings ?? {});
    if (!merged.ok) return fail('BAD_SETTINGS', T(lg0, `设置${merged.key}不合法：${merged.reason}`, `bad setting ${merged.key}: ${merged.reason}`));
    const live = LiveSettingsSchema.safeParse(opts.live ?? {});
    if (!live.success) {
      const i = live.error.issues[0]!;
      return fail('BAD_SETTINGS', T(lg0, `设置${String(i.path[0] ?? '')}不合法：${i.message}`, `bad setting ${String(i.path[0] ?? '')}: ${i.message}`));
    }
    let row: GameRow;
    try {
      row = await this.store.createGame({
        kind: mod.kind, channelId, mapPath, mapId: rules.resourceId, settings: merged.settings as Record<string, unknown>, live: live.data, creator: creator.id, judges: [], createdAt: this.clock.now(),
      }, { holder: this.holder, now: this.clock.now() });
    } catch (e) {
      // Only the one-live-game-per-channel index means a duplicate (two creates racing); any other failure is ours.
      if (isUniqueViolation(e)) return fail('GAME_EXISTS', T(lg0, '本频道已经有一局游戏', 'this channel already has a game'));
      return this.writeFailure(e, lg0, `creating a game in ${channelId}`, ['游戏没有创建', 'the game was not created']);
    }
    // A new game is this process's: created with its lease (one transaction), noted here as held.
    if (!(await this.acquire(row.id))) return fail('GAME_MOVED', MOVED_TEXT);
    const lv: Live = { row, mod, rules, live: live.data, game: null, timers: [] };
    this.games.set(row.id, lv);
    const lg = rules.language(merged.settings);
    this.warm(rules, lg);
    const text = rules.created(cleanName(creator.name ?? '') || creator.id, lg);
    await this.post(channelId, { text });
    return okr(await this.info(lv), text);
  }

  async join(channelId: string, user: UserRef, seatName?: string): Promise<Result<{ country: string }>> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel; create one first / 本频道没有游戏，请先创建');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      const sn = (s: string) => lv.rules.seatName(s, lg);
      if (lv.row.status !== 'open') return fail<{ country: string }>('ALREADY_STARTED', T(lg, '游戏已经开始，不能再加入；请裁判替换玩家', 'the game has started; ask a judge to replace a player'));
      const players = await this.store.players(lv.row.id);
      const mine = players.find((p) => p.userId === user.id);
      if (mine) return fail<{ country: string }>('ALREADY_JOINED', T(lg, `你已经加入了（${sn(mine.seat)}）`, `you have already joined (${sn(mine.seat)})`));
      // A game kind may hold a person to one unfinished game of its kind (Europe Duel, D9.5: ALREADY_IN_DUEL).
      const busy = lv.mod.seatRefusal ? lv.mod.seatRefusal(user.id, lv.row.id, await this.seatLookup(user.id), lg) : null;
      if (busy) return fail<{ country: string }>(busy.code, busy.text);
      const name = cleanName(user.name ?? '');
      const clash = this.nameProblem<{ country: string }>(lv, name, players.filter((p) => p.userId !== user.id), lg);
      if (clash) return clash;
      const taken = new Set(players.map((p) => p.seat));
      const playable = lv.rules.seats(lv.row.settings);
      const free = () => list(playable.filter((c) => !taken.has(c)).map(sn), lg);
      let id: string | undefined;
      if (seatName) {
        id = lv.rules.findSeat(seatName) ?? undefined;
        if (!id || !playable.includes(id)) return fail<{ country: string }>('UNKNOWN_COUNTRY', T(lg, `没有可选的国家"${seatName}"；可选：${free()}`, `no playable country "${seatName}"; free: ${free()}`));
        if (taken.has(id)) return fail<{ country: string }>('COUNTRY_TAKEN', T(lg, `${sn(id)}已经有人了；空闲：${free() || '无'}`, `${sn(id)} is taken; free: ${free() || 'none'}`));
      } else {
        id = playable.find((c) => !taken.has(c));
        if (!id) return fail<{ country: string }>('COUNTRY_TAKEN', T(lg, '没有空闲的国家了', 'no free country left'));
      }
      try {
        await this.commit({ gameId: lv.row.id, players: { set: [{ seat: id, userId: user.id, name, joinedAt: this.clock.now() }] } });
      } catch (e) {
        return this.writeFailure<{ country: string }>(e, lg, `join in game ${lv.row.id}`, ['没有加入', 'you have not joined']);
      }
      const text = T(lg, `${name}加入游戏，扮演${sn(id)}`, `${name} joined as ${sn(id)}`);
      await this.post(channelId, { text });
      return okr({ country: id }, text);
    });
  }

  /** What a module's seatRefusal reads (SeatLookup, synchronous), read ahead from the store: the user's unfinished games and their kinds. */
  private async seatLookup(userId: string): Promise<SeatLookup> {
    const mine = await this.store.gamesOfUser(userId);
    const kinds = new Map<number, { kind: string } | null>();
    for (const g of mine) {
      const row = this.games.get(g.gameId)?.row ?? await this.store.game(g.gameId);
      kinds.set(g.gameId, row ? { kind: row.kind } : null);
    }
    return { gamesOfUser: (u) => (u === userId ? mine : []), game: (id) => kinds.get(id) ?? null };
  }

  /**
   * A player's name must show and must not pass for another player's of the game (`others`): an empty
   * cleaned name is BAD_NAME, one equal by nameKey to another's is NAME_TAKEN (refused, not shown marked).
   */
  private nameProblem<T>(lv: Live, name: string, others: { name: string; seat: string }[], lg: Lang): Result<T> | null {
    if (!name) return fail('BAD_NAME', T(lg, '名字里没有看得见的字符（只有空白或不可见字符）；请换一个看得见的名字（昵称）再试', 'the name has no visible characters (only blanks or invisible ones); choose a visible name (nickname) and try again'));
    const key = nameKey(name);
    const same = others.find((p) => nameKey(p.name) === key);
    if (!same) return null;
    const seat = lv.rules.seatName(same.seat, lg);
    return fail('NAME_TAKEN', T(lg, `名字“${name}”和${seat}的玩家“${same.name}”相同或几乎一样，大家会分不清；请换一个名字（昵称）再试`,
      `the name "${name}" is the same as (or looks like) "${same.name}", the player of ${seat}, so nobody could tell you apart; choose another name (nickname) and try again`));
  }

  async leave(channelId: string, user: UserRef): Promise<Result> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      const c = await this.seatOfUser(lv.row, user.id);
      if (!c) return fail<null>('NOT_PLAYER', T(lg, '你没有加入这局游戏', 'you have not joined this game'));
      if (lv.row.status !== 'open') return fail<null>('ALREADY_STARTED', T(lg, '游戏已经开始：用【退出】退出游戏，或请裁判替换你', 'the game has started: use 【退出】 or ask a judge to replace you'));
      try {
        await this.commit({ gameId: lv.row.id, players: { remove: [c] } });
      } catch (e) {
        return this.writeFailure<null>(e, lg, `leave in game ${lv.row.id}`, ['你还在游戏里', 'you are still in the game']);
      }
      const text = T(lg, `${cleanName(user.name ?? '') || user.id}退出，${lv.rules.seatName(c, lg)}空出`, `${user.name} left; ${lv.rules.seatName(c, lg)} is free`);
      await this.post(channelId, { text });
      return okr(null, text);
    });
  }

  async start(channelId: string, by: UserRef): Promise<Result<GameInfo>> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<GameInfo>('NOT_JUDGE', T(lg, '只有裁判（创建者或裁判角色）可以开始游戏', 'only a judge (the creator or the judge role) may start the game'));
      if (lv.row.status !== 'open') return fail<GameInfo>('ALREADY_STARTED', T(lg, '游戏已经开始了', 'the game has already started'));
      const players = await this.store.players(lv.row.id);
      const min = lv.rules.minSeats;
      if (players.length < min) return fail<GameInfo>('NOT_ENOUGH_PLAYERS', T(lg, `至少需要${min}个国家才能开始（现在${players.length}个）`, `at least ${min} countries are needed (now ${players.length})`));
      const at = this.clock.now();
      const seed = startSeed(at, lv.row.id);
      const bots = Object.fromEntries(players.filter((p) => isBotUser(p.userId)).map((p) => [p.seat, botStyleOfUser(p.userId)]));
      const startEntry = lv.rules.setup(players.map((p) => p.seat), lv.row.settings, seed, at, bots);
      const g = lv.rules.apply(null, startEntry).game;
      if (g === null) return fail<GameInfo>('INTERNAL_ERROR', T(lg, '内部错误：游戏没有开始', 'internal error: the game did not start'));
      const seq = await this.store.lastSeq(lv.row.id) + 1;
      const timers = this.timerRows(lv, g);
      try {
        await this.commit({
          gameId: lv.row.id,
          entries: [{ at, entry: startEntry, userId: by.id, turn: lv.rules.turn(g) }],
          snapshots: [{ seq, turn: lv.rules.turn(g), at, game: lv.rules.snapshot(g) }],
          timers,
          game: { status: 'running', startedAt: at },
        });
      } catch (e) {
        return this.writeFailure<GameInfo>(e, lg, `starting game ${lv.row.id}`, ['游戏没有开始', 'the game has not started']);
      }
      lv.timersWritten = JSON.stringify(timers);
      lv.game = g;
      lv.row = (await this.store.game(lv.row.id))!;
      const glg = this.lang(lv);
      const posts = lv.rules.started(g, players.map((p) => ({ seat: p.seat, name: p.name })), glg);
      for (const p of posts) {
        await this.post(channelId, { text: p.text });
        if (p.pictures) this.postPictures(lv, g, p.pictures);
      }
      await this.updateStatus(lv);
      this.reschedule(lv);
      // Issue 13: computer players play their first turn at once.
      await this.driveBots(lv);
      // Computer against computer may be over already: archived now, unless its host tells it first (D10.4).
      if (lv.game !== null && lv.rules.phase(lv.game) === 'ended' && this.games.has(lv.row.id) && !lv.rules.pacedEnd(lv.game, lv.row.settings)) {
        await this.archive(lv, null).catch((e: unknown) => this.logError(`archiving game ${lv.row.id} failed`, e, { game: lv.row.id, channel: channelId }));
      }
      return okr(await this.info(lv), posts.map((p) => p.text).join('\n'));
    });
  }

  async end(channelId: string, by: UserRef): Promise<Result<GameInfo>> {
    const lv = await this.liveIn(channelId);
    if (!lv) {
      const b = await this.brokenIn(channelId);
      return b ? this.endBroken(b.row, b.reason, by) : fail('NO_GAME', 'no game in this channel / 本频道没有游戏');
    }
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<GameInfo>('NOT_JUDGE', T(lg, '只有裁判可以结束游戏（R13）', 'only a judge may end the game (R13)'));
      const endEntry = lv.row.status === 'running' && lv.game !== null && lv.rules.phase(lv.game) !== 'ended' ? lv.rules.endEntry(lv.game, by.name, this.clock.now()) : null;
      if (endEntry) {
        // The game records the end (New European War: R13 【结束】), so the state and its export say `ended`
        // with the winner; afterChange then archives the game.
        const r = await this.applyAndAnswer(lv, [{ ...endEntry, user: by.id }], { userId: by.id, messageId: null, public: true, deliver: false });
        if (!r.ok) return fail<GameInfo>(r.code ?? 'INTERNAL_ERROR', r.text);
        // Still held: the game ended but archiving it failed (logged).
        if (this.games.has(lv.row.id)) return fail<GameInfo>('INTERNAL_ERROR', T(lg, '内部错误：游戏已结束，但没能存档；请稍后再试 /end', 'internal error: the game ended but could not be archived; try /end again later'));
        return okr(await this.info(lv), T(lg, '游戏已结束并存档', 'the game has ended and is archived'));
      }
      try {
        await this.archive(lv, { by: by.name, byId: by.id });
      } catch (e) {
        return this.writeFailure<GameInfo>(e, lg, `ending game ${lv.row.id}`, ['游戏没有结束', 'the game has not ended']);
      }
      return okr(await this.info(lv), T(lg, '游戏已结束并存档', 'the game has ended and is archived'));
    });
  }

  /** A broken game cannot be played or rebuilt, but a judge may archive it so the channel can hold a new game. */
  private async endBroken(row: GameRow, reason: string, by: UserRef): Promise<Result<GameInfo>> {
    const lg = this.rowLang(row);
    if (!this.isJudge(row, by)) return fail('NOT_JUDGE', T(lg, '只有裁判可以结束游戏（R13）', 'only a judge may end the game (R13)'));
    const at = this.clock.now();
    try {
      if (!(await this.acquire(row.id))) return fail('GAME_MOVED', MOVED_TEXT);
      await this.commit({ gameId: row.id, game: { status: 'ended', endedAt: at }, timers: [] });
      await this.store.releaseLease(row.id, this.holder);
    } catch (e) {
      return this.writeFailure(e, lg, `ending broken game ${row.id}`, ['游戏没有结束', 'the game has not ended']);
    }
    const name = cleanName(by.name ?? '') || by.id;
    const text = T(lg, `🏁 裁判${name}结束了存档损坏的第${row.id}局（R13）。本频道可以开新局了。`, `🏁 Judge ${name} ended game #${row.id}, whose stored data is damaged (R13). A new game may be created here.`);
    await this.post(row.channelId, { text });
    return okr(await this.brokenInfo({ ...row, status: 'ended', endedAt: at }, reason), text);
  }

  /** duel.md D10.3 step 4: a rated end's rating changes, one line ('' when the game was not rated). */
  private async ratingChange(lv: Live, lg: Lang): Promise<string> {
    const r = await this.store.ratingOfGame(lv.row.kind, lv.row.id);
    if (!r) return '';
    const players = await this.store.players(lv.row.id);
    const side = (seat: string, id: string, before: number, delta: number) => {
      const who = players.find((p) => p.seat === seat)?.name ?? id.replace(/^bot:/, '');
      const d = delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
      return `${lv.rules.seatName(seat, lg)} ${cleanName(who) || who} ${before}→${before + delta}（${d}）`;
    };
    return T(lg, '等级分：', 'Ratings: ') + [side(r.aSeat, r.a, r.aBefore, r.aDelta), side(r.bSeat, r.b, r.bBefore, r.bDelta)].join(' · ');
  }

  /** Ends a game: winner and final table posted, chart, then read-only. */
  private async archive(lv: Live, judge: { by: string; byId: string } | null): Promise<void> {
    const lg = this.lang(lv);
    const at = this.clock.now();
    const turn = lv.game !== null ? lv.rules.turn(lv.game) : 0;
    const entries: Batch['entries'] = judge ? [{ at, entry: { type: 'meta', at, action: 'end', by: judge.by } satisfies MetaEntry, userId: judge.byId, turn }] : [];
    await this.commit({ gameId: lv.row.id, entries, game: { status: 'ended', endedAt: at }, timers: [] });
    for (const t of lv.timers) this.clock.cancel(t);
    lv.timers = [];
    lv.row = (await this.store.game(lv.row.id))!;
    this.games.delete(lv.row.id);
    this.leaseUntil.delete(lv.row.id);
    // An ended game is read-only: nobody needs its lease any more.
    await this.store.releaseLease(lv.row.id, this.holder).catch((e: unknown) => this.logError(`releasing the lease of game ${lv.row.id} failed`, e, { game: lv.row.id, channel: lv.row.channelId }));
    await this.settleRequests(lv, []);
    const g = lv.game;
    const end = lv.rules.ended(g, judge?.by ?? null, lg);
    await this.post(lv.row.channelId, { text: [end.text, await this.ratingChange(lv, lg)].filter(Boolean).join('\n') });
    if (g !== null) {
      const rules = lv.rules;
      this.bg((async () => {
        const imgs = end.pictures ? await this.pictures(lv, g, lg, end.pictures, lv.live.renderTimeoutMs) : [];
        if (end.chart && rules.chart) {
          try { imgs.push({ name: 'score-chart.png', png: await rules.chart(g, lg) }); } catch (e) { this.logError('chart failed', e); }
        }
        const caption = [end.pictures ? rules.pictureCaption?.(end.pictures, lg) : '', end.chart && rules.chart ? T(lg, '分数走势', 'score chart') : ''].filter(Boolean).join(' · ');
        if (imgs.length) await this.post(lv.row.channelId, { text: T(lg, `最终${caption || '局面'}`, `Final ${caption.toLowerCase() || 'position'}`), images: imgs });
      })());
      if (lv.row.statusMessageId) await this.edit(lv.row.channelId, lv.row.statusMessageId, { text: lv.rules.finalStatus(g, judge !== null, lg) });
    }
    if (this.chat.gameEnded) await this.chat.gameEnded(lv.row.channelId, lv.row.kind).catch((e: unknown) => this.logError(`tidying up after game ${lv.row.id} failed`, e, { game: lv.row.id, channel: lv.row.channelId }));
  }

  private async judgeMeta(channelId: string, by: UserRef, action: string, detail: Record<string, unknown>, apply: (lv: Live, lg: Lang) => Result<Partial<Batch>> | Promise<Result<Partial<Batch>>>): Promise<Result> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<null>('NOT_JUDGE', T(lg, '只有裁判可以这样做（R13）', 'only a judge may do this (R13)'));
      const r = await apply(lv, lg);
      if (!r.ok) return r;
      const at = this.clock.now();
      const meta: MetaEntry = { type: 'meta', at, action, by: by.name, detail };
      try {
        await this.commit({ gameId: lv.row.id, ...r.value, entries: [...(r.value.entries ?? []), { at, entry: meta, userId: by.id, turn: lv.game !== null ? lv.rules.turn(lv.game) : 0 }] });
      } catch (e) {
        return this.writeFailure<null>(e, lg, `judge action ${action} in game ${lv.row.id}`, ['没有做任何改动', 'nothing was changed']);
      }
      lv.row = (await this.store.game(lv.row.id))!;
      await this.post(channelId, { text: `⚖️ ${r.text}` });
      return okr(null, r.text);
    });
  }

  /** House rules before the start (rules.md preamble): a judge changes the game's settings while it is open. */
  updateSettings(channelId: string, by: UserRef, patch: Record<string, unknown>): Promise<Result> {
    return this.judgeMeta(channelId, by, 'settings', { patch }, (lv, lg) => {
      if (lv.row.status !== 'open') return fail('ALREADY_STARTED', T(lg, '游戏已经开始：请用【规则】修改规则（R13）', 'the game has started: change rules with 【规则】 (R13)'));
      const merged = lv.rules.settings(lv.row.settings, patch);
      if (!merged.ok) return fail('BAD_SETTINGS', T(lg, `设置${merged.key}不合法：${merged.reason}`, `bad setting ${merged.key}: ${merged.reason}`));
      const shown = Object.entries(patch).map(([k, v]) => `${k}=${String(v)}`).join(' ');
      return okr({ game: { settings: merged.settings as Record<string, unknown> } }, T(lg, `${by.name}修改了规则设置：${shown}`, `${by.name} changed the settings: ${shown}`));
    });
  }

  addJudge(channelId: string, by: UserRef, judgeUserId: string): Promise<Result> {
    return this.judgeMeta(channelId, by, 'addJudge', { user: judgeUserId }, (lv, lg) => {
      const judges = [...new Set([...lv.row.judges, judgeUserId])];
      return okr({ game: { judges } }, T(lg, `${by.name}任命<@${judgeUserId}>为裁判`, `${by.name} made <@${judgeUserId}> a judge`));
    });
  }

  removeJudge(channelId: string, by: UserRef, judgeUserId: string): Promise<Result> {
    return this.judgeMeta(channelId, by, 'removeJudge', { user: judgeUserId }, (lv, lg) => {
      if (!lv.row.judges.includes(judgeUserId)) return fail('NOT_JUDGE', T(lg, '此人不在裁判名单上', 'not on the judge list'));
      return okr({ game: { judges: lv.row.judges.filter((j) => j !== judgeUserId) } }, T(lg, `${by.name}撤销了<@${judgeUserId}>的裁判身份`, `${by.name} removed <@${judgeUserId}> as judge`));
    });
  }

  async replacePlayer(channelId: string, by: UserRef, seatName: string, user: UserRef): Promise<Result> {
    let revive: string | null = null;
    const name = cleanName(user.name ?? '');
    const r = await this.judgeMeta(channelId, by, 'replacePlayer', { country: seatName, user: user.id, name }, async (lv, lg) => {
      const id = lv.rules.findSeat(seatName);
      const players = await this.store.players(lv.row.id);
      const cur = players.find((p) => p.seat === id);
      // A seat in civil disorder (its player removed, R3.2) may be given a new player too.
      const orphan = !!id && (!cur || isBotUser(cur.userId)) && lv.game !== null && lv.rules.vacant(lv.game, id);
      if (!id || (!cur && !orphan)) return fail('UNKNOWN_COUNTRY', T(lg, `没有玩家扮演"${seatName}"`, `nobody plays "${seatName}"`));
      if (players.some((p) => p.userId === user.id)) return fail('ALREADY_JOINED', T(lg, `${name || user.id}已经在这局游戏里了`, `${name || user.id} already plays in this game`));
      // The player being replaced leaves, so the newcomer may carry the same name.
      const clash = this.nameProblem<Partial<Batch>>(lv, name, players.filter((p) => p.seat !== id), lg);
      if (clash) return clash;
      if (orphan) revive = id;
      const was = cur ? cur.name : T(lg, '（托管）', '(no player)');
      const sn = lv.rules.seatName(id, lg);
      return okr({ players: { set: [{ seat: id, userId: user.id, name, joinedAt: this.clock.now() }] } },
        T(lg, `裁判${by.name}将${sn}的玩家由${was}换为${name}（R13）`, `Judge ${by.name} replaced ${was} with ${name} as ${sn} (R13)`));
    });
    const lv = await this.liveIn(channelId);
    if (r.ok && revive && lv && lv.game !== null && lv.row.status === 'running') {
      const entry = lv.rules.control(revive, true, by.name, this.clock.now());
      if (entry) await this.locked(lv.row.id, () => this.applyAndAnswer(lv, [{ ...entry, user: by.id }], { userId: by.id, messageId: null, public: true, deliver: false }));
    }
    return r;
  }

  /**
   * R13 remove a player: in a running game the seat goes into civil disorder (New European War's 【托管】: it
   * stays, counts as committed and is never late, R3.2); the judge may later give it a new player.
   */
  async removePlayer(channelId: string, by: UserRef, seatName: string): Promise<Result> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<null>('NOT_JUDGE', T(lg, '只有裁判可以移除玩家（R13）', 'only a judge may remove a player (R13)'));
      const id = lv.rules.findSeat(seatName);
      if (!id || !(await this.store.players(lv.row.id)).some((p) => p.seat === id)) return fail<null>('UNKNOWN_COUNTRY', T(lg, `没有玩家扮演"${seatName}"`, `nobody plays "${seatName}"`));
      const at = this.clock.now();
      const sn = lv.rules.seatName(id, lg);
      const text = T(lg, `裁判${by.name}移除了${sn}的玩家（R13）`, `Judge ${by.name} removed the player of ${sn} (R13)`);
      const meta: MetaEntry = { type: 'meta', at, action: 'removePlayer', by: by.name, detail: { country: id } };
      try {
        await this.commit({ gameId: lv.row.id, players: { remove: [id] }, entries: [{ at, entry: meta, userId: by.id, turn: lv.game !== null ? lv.rules.turn(lv.game) : 0 }] });
      } catch (e) {
        return this.writeFailure<null>(e, lg, `removing a player in game ${lv.row.id}`, ['玩家没有被移除', 'the player was not removed']);
      }
      await this.post(channelId, { text: `⚖️ ${text}` });
      const entry = lv.row.status === 'running' && lv.game !== null ? lv.rules.control(id, false, by.name, at) : null;
      if (entry) {
        const r = await this.applyAndAnswer(lv, [{ ...entry, user: by.id }], { userId: by.id, messageId: null, public: true, deliver: false });
        if (!r.ok) return fail<null>(r.code ?? 'INTERNAL_ERROR', r.text);
      }
      return okr(null, text);
    });
  }

  // ── chat input ───────────────────────────────────────────────────────────────────────────────────────

  /** Whatever goes wrong inside, a message gets an answer and never takes the bot (or another game) down. */
  async handleMessage(inc: Incoming): Promise<Reply> {
    try {
      return await this.handleMessageIn(inc);
    } catch (e) {
      this.logError(`message ${inc.messageId} in ${inc.channelId} failed`, e, { channel: inc.channelId });
      const text = isReadOnlyError(e) ? '存储是只读的，命令没有执行 / the storage is read-only; the command was not carried out'
        : '内部错误，命令没有执行；请稍后再试 / internal error; the command was not carried out, please try again later';
      return refusal(isReadOnlyError(e) ? 'STORAGE_READ_ONLY' : 'INTERNAL_ERROR', text);
    }
  }

  private async handleMessageIn(inc: Incoming): Promise<Reply> {
    const lv = await this.gameFor(inc);
    if (!lv) {
      // A message already answered is answered the same again, whatever became of the game since. (With a game at
      // hand handleIn asks this under the game's lock, where it counts: one read of `handled` a command, not two.)
      const seen = await this.store.handled(inc.messageId) as Reply | null;
      if (seen) return { ...seen, duplicate: true };
      const broken = inc.private ? null : await this.brokenIn(inc.channelId);
      if (broken) return LOOKS_LIKE_COMMAND.test(inc.text) ? this.answerBroken(inc, broken) : { handled: false, ok: true, text: '', private: false, items: [] };
      if (this.elsewhere.size && !inc.private) {
        const row = await this.store.liveGameIn(inc.channelId);
        if (row && this.elsewhere.has(row.id)) {
          if (!LOOKS_LIKE_COMMAND.test(inc.text)) return { handled: false, ok: true, text: '', private: false, items: [] };
          const reply = refusal('GAME_MOVED', MOVED_TEXT);
          if (inc.deliver !== false) await this.privately(inc.channelId, inc.userId, { text: MOVED_TEXT });
          return reply;
        }
      }
      const ended = inc.private ? null : await this.archived(inc.channelId);
      if (!ended) return { handled: false, ok: true, text: '', private: false, items: [] };
      return this.answerArchived(inc, ended);
    }
    const reply = await this.locked(lv.row.id, () => this.handleIn(lv, inc)).catch((e: unknown) => this.faultReply(lv, inc, e));
    // A query answered in the Reply (deliver:false) waits for its pictures here, after the game's lock: the
    // game's other commands go on meanwhile.
    const waiting = this.pictureWaits.get(reply);
    if (!waiting) return reply;
    this.pictureWaits.delete(reply);
    const images = await waiting;
    return images.length ? { ...reply, images } : reply;
  }

  private async answerArchived(inc: Incoming, g: Held): Promise<Reply> {
    const lg = this.langOf(g);
    const parsed = g.rules.parse(inc.text, null, { kind: 'judge', name: inc.userName }, false, this.clock.now(), lg);
    if (!parsed.length) return { handled: false, ok: true, text: '', private: false, items: [] };
    const text = T(lg, '这局游戏已经结束并存档（只读）；可以用 /history 查看历史', 'this game has ended and is archived (read-only); see /history');
    const reply = refusal('GAME_NOT_RUNNING', text);
    if (inc.deliver !== false) await this.privately(inc.channelId, inc.userId, { text });
    return reply;
  }

  private async handleIn(lv: Live, inc: Incoming): Promise<Reply> {
    const seen = await this.store.handled(inc.messageId) as Reply | null;
    if (seen) return { ...seen, duplicate: true };
    const lg = this.lang(lv);
    const now = this.clock.now();
    const seat = await this.seatOfUser(lv.row, inc.userId);
    const judge = this.isJudge(lv.row, { id: inc.userId, ...(inc.isModerator !== undefined ? { isModerator: inc.isModerator } : {}) });
    const speaker: Speaker = seat ? { kind: 'seat', seat, name: inc.userName } : { kind: 'judge', name: inc.userName };
    const parsed = lv.rules.parse(inc.text, lv.game, speaker, judge, now, lg);
    if (!parsed.length) return { handled: false, ok: true, text: '', private: false, items: [] };
    const channel = lv.row.channelId;

    /** An answer only the speaker sees, recorded so a resent message gets it again (a failed record loses only that). */
    const answer = async (reply: Reply): Promise<Reply> => {
      try {
        await this.commit({ gameId: lv.row.id, handled: { messageId: inc.messageId, at: now, reply } });
      } catch (e) {
        this.logError(`recording the answer to ${inc.messageId} failed`, e, { channel: inc.channelId });
      }
      if (inc.deliver !== false) await this.privately(channel, inc.userId, { text: reply.text });
      return reply;
    };
    const refuse = (code: string, text: string): Promise<Reply> => answer(refusal(code, text));

    if (lv.row.status === 'open' || lv.game === null) {
      // Issue 13: the judge seats computer players in the lobby with the game's own command (【机器人】法国 进攻).
      const seating = parsed.map((e) => lv.rules.seatsBot(e));
      if (seating.length && seating.every((x) => x !== null)) {
        const by = { id: inc.userId, name: inc.userName, ...(inc.isModerator !== undefined ? { isModerator: inc.isModerator } : {}) };
        const items: ReplyItem[] = [];
        for (const x of seating) {
          if ('code' in x!) { items.push({ ok: false, code: x.code, text: x.text, private: true }); continue; }
          const r = judge ? await this.seatBotOpen(lv, by, x!.seat, x!.style)
            : fail<{ country: string }>('NOT_JUDGE', T(lg, '只有裁判（创建者或裁判角色）可以安排机器人', 'only a judge (the creator or the judge role) may seat a computer player'));
          items.push(r.ok ? { ok: true, text: r.text, private: true } : { ok: false, code: r.code, text: r.text, private: true });
        }
        const bad = items.find((x) => !x.ok);
        return answer({ handled: true, ok: !bad, ...(bad?.code ? { code: bad.code } : {}), text: items.map((x) => (x.ok ? x.text : `✗ ${x.text}`)).join('\n'), private: true, items });
      }
      // In the lobby help is answered (anyone may read how to play); every real command waits for the start.
      if (parsed.every((e) => lv.rules.classify(e).help)) {
        const text = lv.rules.help(lg);
        return answer({ handled: true, ok: true, text, private: true, items: [{ ok: true, text, private: true }] });
      }
      return refuse('NOT_STARTED', T(lg, '游戏还没有开始；用 /join 加入，裁判用 /start 开始', 'the game has not started yet; /join to play, and a judge starts it with /start'));
    }
    if (!seat && !judge) {
      // Spectators may look (pictures, help) but not act.
      const looks = parsed.every((e) => { const c = lv.rules.classify(e); return c.help || c.picture; });
      if (looks) return this.spectatorLook(lv, inc, parsed);
      return refuse('SPECTATOR', T(lg, '你是观众，可以观看但不能下命令；想参加请等下一局或请裁判替换玩家', 'you are watching this game: spectators may look but not act; ask a judge to take over a country'));
    }
    const entries: Entry[] = parsed.map((e) => ({ ...e, user: inc.userId }));
    return this.applyAndAnswer(lv, entries, { userId: inc.userId, messageId: inc.messageId, public: !inc.private, deliver: inc.deliver !== false });
  }

  private async spectatorLook(lv: Live, inc: Incoming, parsed: Entry[]): Promise<Reply> {
    const g = lv.game!;
    const lg = this.lang(lv);
    const { keep, notes, refused } = this.screenPictures(lv, inc.userId, parsed, true);
    const items: ReplyItem[] = [];
    let ask: PictureAsk | null = null;
    for (const e of keep) {
      const c = lv.rules.classify(e);
      if (c.help) items.push({ ok: true, text: lv.rules.help(lg), private: true });
      else if (c.picture) {
        items.push({ ok: true, text: lv.rules.pictureCaption(c.picture, lg) + (notes.get(e) ?? ''), private: true });
        ask = mergeAsk(ask, c.picture);
      }
    }
    items.push(...refused);
    const text = items.map((i) => (i.ok ? i.text : `✗ ${i.text}`)).join('\n');
    const code = refused[0]?.code;
    const reply: Reply = { handled: true, ok: !code, ...(code ? { code } : {}), text, private: true, items };
    await this.commit({ gameId: lv.row.id, handled: { messageId: inc.messageId, at: this.clock.now(), reply } });
    // A spectator's pictures come to the spectator alone, drawn outside the game's lock.
    this.deliverPictures(lv, inc.userId, ask ? this.askPictures(lv, g, inc.userId, ask) : null, ask, { privately: true, deliver: inc.deliver !== false }, reply);
    if (inc.deliver !== false) await this.privately(lv.row.channelId, inc.userId, { text });
    return reply;
  }

  /**
   * A message's picture queries before they reach the game (issue 11 item 1): the first of each kind stays
   * and repeats fold into a note on it; each picture takes one of the user's tokens and the message's
   * pictures need room in the render line. A refused picture is answered without a log row or a render.
   */
  private screenPictures(lv: Live, userId: string, entries: Entry[], privately: boolean): { keep: Entry[]; notes: Map<Entry, string>; refused: ReplyItem[] } {
    const lg = this.lang(lv);
    const keep: Entry[] = [];
    const first = new Map<string, Entry>();
    const repeats = new Map<string, number>();
    const refused: ReplyItem[] = [];
    for (const e of entries) {
      const what = lv.rules.classify(e).picture?.which[0];
      if (!what) {
        keep.push(e);
        continue;
      }
      // After a refusal the message's other pictures would be refused for the same reason: one answer is enough.
      if (first.has(what) || refused.length) {
        repeats.set(what, (repeats.get(what) ?? 0) + 1);
        continue;
      }
      const no = this.pictureRefusal(lv, userId, lg);
      if (no) {
        refused.push({ ok: false, code: no.code, text: no.text, private: privately });
        continue;
      }
      first.set(what, e);
      keep.push(e);
    }
    const notes = new Map<Entry, string>();
    for (const [what, e] of first) if (repeats.get(what)) notes.set(e, lv.rules.onePerMessage(what, lg));
    return { keep, notes, refused };
  }

  /** Why a picture query of `userId` cannot be drawn now (the render line is full, or the user asks too often), or null. */
  private pictureRefusal(lv: Live, userId: string, lg: Lang): { code: string; text: string } | null {
    if (!this.rendererOf(lv.mod)) return null;
    const busy = this.renders.refusal(userId);
    if (busy) {
      return {
        code: 'RENDER_BUSY',
        text: busy === 'full' ? T(lg, '图片生成繁忙，请稍后再试', 'pictures are busy; please try again shortly')
          : T(lg, '图片生成繁忙，请稍后再试（你要的上一张图片还在生成）', 'pictures are busy; please try again shortly (your last picture is still being drawn)'),
      };
    }
    const { pictureBurst: burst, pictureRefillSeconds: every } = lv.live;
    const wait = this.pictureRate.take(userId, this.clock.now(), burst, every * 1000);
    if (wait === null) return null;
    return {
      code: 'RATE_LIMITED',
      text: T(lg, `图片查询太频繁：每${every}秒可以再查一张（最多连续${burst}张），请${wait}秒后再试`,
        `too many picture requests: one every ${every} s (up to ${burst} in a row); ask again in ${wait} s`),
    };
  }

  /**
   * A message that held only refused picture queries: nothing applied, logged or drawn; only the handled id
   * is kept (a resend is answered the same) and the asker is told privately. Cheap, so a flood costs little.
   */
  private async refusePictures(lv: Live, refused: ReplyItem[], src: { userId: string | null; messageId: string | null; public: boolean; deliver?: boolean }): Promise<Reply> {
    const text = refused.map((x) => `✗ ${x.text}`).join('\n');
    const reply: Reply = { handled: true, ok: false, code: refused[0]!.code!, text, private: !src.public, items: refused };
    if (src.messageId) await this.commit({ gameId: lv.row.id, handled: { messageId: src.messageId, at: this.clock.now(), reply } });
    if (src.userId && src.deliver !== false) await this.privately(lv.row.channelId, src.userId, { text });
    return reply;
  }

  /**
   * Puts the pictures a message asked for in the render line, drawn from the game as it is now (copied only
   * once the line has taken them). Called in the same synchronous run as screenPictures, so the room it saw
   * is still there.
   */
  private askPictures(lv: Live, game: unknown, userId: string, ask: PictureAsk): Promise<OutImage[]> | null {
    const renderer = this.rendererOf(lv.mod);
    if (!renderer || !ask.which.length) return null;
    const lg = this.lang(lv);
    const rules = lv.rules;
    const job = this.renders.query(userId, () => {
      const frozen = rules.freeze(game);
      return (left) => rules.draw(renderer, frozen, ask, lg, left);
    }, lv.live.renderTimeoutMs);
    return job ? job.then((v) => v ?? []) : null;
  }

  /**
   * Delivers a query's pictures when drawn: in the Reply when the adapter answers (deliver:false;
   * handleMessage waits for them after the game's lock), privately for a query that came privately, else in
   * the channel.
   */
  private deliverPictures(lv: Live, userId: string, images: Promise<OutImage[]> | null, ask: PictureAsk | null, to: { privately: boolean; deliver: boolean }, reply: Reply): void {
    if (!images || !ask) return;
    if (!to.deliver) {
      this.pictureWaits.set(reply, images);
      return;
    }
    const caption = lv.rules.pictureCaption(ask, this.lang(lv));
    const channel = lv.row.channelId;
    this.bg(images.then(async (imgs) => {
      if (!imgs.length) return;
      if (to.privately) await this.privately(channel, userId, { text: caption, images: imgs });
      else await this.post(channel, { text: '', images: imgs });
    }));
  }

  /**
   * The heart: apply entries in memory, write them (with snapshots, timers, the answer) in one transaction,
   * then speak. If the write fails the game is rebuilt from the store, so memory never runs ahead of disk.
   */
  private async applyAndAnswer(lv: Live, entries: Entry[], src: { userId: string | null; messageId: string | null; public: boolean; deliver?: boolean; bot?: boolean }): Promise<Reply> {
    const rules = lv.rules;
    let g = lv.game!;
    const lg = this.lang(lv);
    const channel = lv.row.channelId;
    const startSeq = await this.store.lastSeq(lv.row.id);
    const items: ReplyItem[] = [];
    const steps: StepResult[] = [];
    const snapshots: NonNullable<Batch['snapshots']> = [];
    const batchEntries: NonNullable<Batch['entries']> = [];
    let undoneFrom: number | undefined;
    let undoSeq: number | undefined;
    const requestOf = new Map<OutMessage, string>();
    const wasEnded = rules.phase(g) === 'ended';
    // A person's picture queries are screened before anything is applied: repeats fold, a flood is refused unlogged.
    const pics = src.userId ? this.screenPictures(lv, src.userId, entries, !src.public) : null;
    if (pics) entries = pics.keep;
    if (pics?.refused.length && !entries.length) return this.refusePictures(lv, pics.refused, src);
    let ask: PictureAsk | null = null;

    /** Public posts in order: plain answers, and requests with their buttons. */
    const posts: OutMessage[] = [];
    for (const [i, e] of entries.entries()) {
      const turn = rules.turn(g);
      const r = rules.apply(g, e);
      g = r.game!;
      const step = r.step;
      batchEntries.push({ at: e.at, entry: e, userId: src.userId, messageId: src.messageId, part: i, turn });
      if (!step) continue;
      steps.push(step);
      if (step.resolved.length) {
        faultPoint('mid-resolution');
        snapshots.push({ seq: startSeq + i + 1, turn: rules.turn(g), at: e.at, game: rules.snapshot(g) });
      }
      const a = step.answer;
      if (!a) continue;
      const ratings = a.ok ? rules.classify(e).ratings : undefined;
      if (ratings) {
        // D9.6: the game names the query; the platform's tables answer it, to the speaker alone.
        items.push({ ok: true, text: await this.ratingsAnswer(lv, src.userId, ratings, lg), private: true });
        continue;
      }
      if (a.ok && step.picture) {
        // Item 29: a picture asked for privately (a DM, an ephemeral slash command) or answered by the adapter
        // (deliver:false) is not announced in the channel; one typed in the channel is, as before.
        const text = a.text + (pics?.notes.get(e) ?? '');
        items.push({ ok: true, text, private: !src.public });
        if (src.public && src.deliver !== false) posts.push({ text });
        ask = mergeAsk(ask, step.picture);
        continue;
      }
      if (a.ok) {
        items.push({ ok: true, text: a.text, private: a.private });
        if (step.request) {
          const m: OutMessage = { text: a.text, buttons: step.request.buttons };
          posts.push(m);
          requestOf.set(m, step.request.key);
        } else if (!a.private && !(src.bot && rules.classify(e).routine)) posts.push({ text: a.text });
        if (step.undoneFromTurn !== undefined) {
          undoneFrom = step.undoneFromTurn;
          undoSeq = startSeq + i + 1;
          snapshots.push({ seq: startSeq + i + 1, turn: rules.turn(g), at: e.at, game: rules.snapshot(g) });
        }
      } else {
        items.push({ ok: false, ...(a.code ? { code: a.code } : {}), text: a.text, private: a.private });
        // A refusal is the speaker's business: public only when the speaker spoke publicly and deliver is on.
        if (!a.private && src.deliver !== false && src.userId) posts.push({ text: `✗ ${a.text}` });
      }
    }
    lv.game = g;
    if (pics) items.push(...pics.refused);
    // Ratings (duel.md D9.6): a rated end writes both ratings and its result row in the transaction below.
    const rating = !wasEnded && rules.phase(g) === 'ended' ? await this.ratedEnd(lv, g) : null;

    const ok = items.length === 0 || items.every((x) => x.ok);
    const anyPrivate = items.some((x) => x.private);
    const reply: Reply = {
      handled: true, ok, text: items.map((x) => (x.ok ? x.text : `✗ ${x.text}`)).join('\n'), private: anyPrivate, items,
      ...(items.find((x) => !x.ok)?.code ? { code: items.find((x) => !x.ok)!.code! } : {}),
      ...(anyPrivate && src.public && src.messageId ? { deleteOriginal: true } : {}),
    };
    // The timers are written only when they changed (most commands move no deadline): two statements fewer a commit.
    const timers = this.timerRows(lv, g);
    const timersKey = JSON.stringify(timers);
    const timersChanged = timersKey !== lv.timersWritten;
    try {
      await this.commit({
        gameId: lv.row.id, entries: batchEntries, snapshots,
        ...(undoneFrom !== undefined ? { undoneFromTurn: undoneFrom, undoneBeforeSeq: undoSeq! } : {}),
        ...(src.messageId ? { handled: { messageId: src.messageId, at: this.clock.now(), reply } } : {}),
        ...(rating ? { rating } : {}),
        ...(timersChanged ? { timers } : {}),
      });
      lv.timersWritten = timersKey;
    } catch (e) {
      // Memory must not run ahead of the disk: the game goes back to what the store holds.
      const r = this.writeFailure<null>(e, lg, `the write for game ${lv.row.id}`, ['命令没有记录', 'the command was not recorded']);
      try {
        if (!(e instanceof LeaseLostError)) lv.game = (await loadGame(this.store, lv.row.id, lv.rules)).game;
      } catch (e2) {
        this.markBroken(lv.row, e2);
      }
      const failed = r.ok ? refusal('INTERNAL_ERROR', '') : refusal(r.code, r.text);
      if (src.userId && src.deliver !== false) await this.privately(channel, src.userId, { text: failed.text });
      return failed;
    }
    faultPoint('before-ack');
    await this.heartbeat();
    const drawing = src.userId && ask ? this.askPictures(lv, g, src.userId, ask) : null;

    // Speak: the speaker's private answers, public answers, requests with buttons, then turn posts.
    if (src.userId && src.deliver !== false) {
      const priv = items.filter((x) => x.private).map((x) => (x.ok ? x.text : `✗ ${x.text}`));
      if (priv.length) await this.privately(channel, src.userId, { text: priv.join('\n') });
      if (reply.deleteOriginal && src.messageId && this.chat.delete) {
        // Only a definite "may not delete" (false) is reported; a failed call is logged, its outcome unknown.
        const gone = await this.chat.delete(channel, src.messageId).catch((e: unknown) => { this.logError(`deleting ${src.messageId} failed`, e); return true; });
        if (!gone) {
          await this.privately(channel, src.userId, { text: T(lg,
            '⚠️ 你在频道里发的私密命令仍然对所有人可见：机器人没有“管理消息”（Manage Messages）权限，删不掉它。请管理员给机器人这个权限，或者下次用斜杠命令或私信发送私密命令。',
            '⚠️ The private order you typed in the channel is still visible to everyone: the bot lacks the Manage Messages permission to delete it. Ask an admin to grant it, or send private orders as slash commands or by direct message next time.') });
        }
      }
    }
    for (const m of posts) {
      const id = await this.post(channel, m);
      const request = requestOf.get(m);
      if (request !== undefined && id) await this.rememberRequest(lv, request, id, m.text);
    }
    await this.settleRequests(lv, steps);
    // A refused picture of a public message is the asker's business: told privately, never in the channel.
    const told = pics?.refused.filter((x) => !x.private) ?? [];
    if (told.length && src.userId && src.deliver !== false) await this.privately(channel, src.userId, { text: told.map((x) => `✗ ${x.text}`).join('\n') });
    if (src.userId) this.deliverPictures(lv, src.userId, drawing, ask, { privately: !src.public, deliver: src.deliver !== false }, reply);
    await this.afterChange(lv, steps, wasEnded);
    return reply;
  }

  /** The ratings a game's end writes (its rules say whether and how it counts), or null; a failure to tell is logged and rates nothing. */
  private async ratedEnd(lv: Live, g: unknown): Promise<RatedGame | null> {
    try {
      return ratedGameOf(lv.rules.rated(g), {
        kind: lv.row.kind, gameId: lv.row.id, channelId: lv.row.channelId, at: this.clock.now(), players: await this.store.players(lv.row.id), isBotUser,
        ...(this.ratingScope ? { scopeOf: this.ratingScope } : {}),
      });
    } catch (e) {
      this.logError(`rating game ${lv.row.id} failed; it ends unrated`, e, { game: lv.row.id, channel: lv.row.channelId });
      return null;
    }
  }

  /** After any applied entry: the game's posts (resolutions, a reopened turn), the status message, timers, the end. */
  private async afterChange(lv: Live, steps: StepResult[], wasEnded: boolean): Promise<void> {
    const g = lv.game!;
    const lg = this.lang(lv);
    for (const p of lv.rules.present(g, steps, lg)) {
      await this.post(lv.row.channelId, { text: p.text });
      if (p.pictures) this.postPictures(lv, g, p.pictures);
    }
    await this.updateStatus(lv);
    if (!wasEnded && lv.rules.phase(g) === 'ended') await this.archive(lv, null).catch((e: unknown) => this.logError(`archiving game ${lv.row.id} failed`, e, { game: lv.row.id, channel: lv.row.channelId }));
    else {
      this.reschedule(lv);
      await this.driveBots(lv);
    }
  }

  // ── computer players (issue 13) ──────────────────────────────────────────────────────────────────────

  /**
   * Whatever computer players owe now (a turn that opened, a request addressed to one), sent as their seats'
   * messages through the one path (parse → apply → log → speak). Called under the game's lock after every
   * change; the messages it sends change the game in turn, so it asks again until nothing is owed. A failing
   * decision or a refused command is logged and never stops the game.
   */
  private async driveBots(lv: Live): Promise<void> {
    if (lv.driving || lv.game === null || lv.row.status !== 'running') return;
    lv.driving = true;
    const done = (lv.botDone ??= new Set());
    try {
      for (let round = 0; round < 60; round++) {
        const g = lv.game;
        if (g === null || lv.rules.phase(g) === 'ended' || !this.games.has(lv.row.id) || lv.row.status !== 'running') return;
        let work: BotMessage[];
        try {
          work = lv.rules.bots(g, lv.row.id).filter((w) => !done.has(w.key));
        } catch (e) {
          this.logError(`the computer players of game ${lv.row.id} could not decide`, e, { game: lv.row.id, channel: lv.row.channelId });
          return;
        }
        if (!work.length) return;
        const turn = lv.rules.turn(g);
        for (const w of work) {
          // Decided on this turn's game: once a message resolved the turn, the rest are decided again.
          if (lv.game === null || lv.rules.turn(lv.game) !== turn || lv.rules.phase(lv.game) === 'ended') break;
          done.add(w.key);
          await this.botSays(lv, w);
        }
        if (done.size > 5000) done.clear();
      }
      this.logError(`the computer players of game ${lv.row.id} were still talking after 60 rounds; left for the next change`, undefined, { game: lv.row.id, channel: lv.row.channelId });
    } finally {
      lv.driving = false;
    }
  }

  /** One computer player's message: what a person would type, applied and answered the same way (private answers go to nobody). */
  private async botSays(lv: Live, w: BotMessage): Promise<void> {
    try {
      const g = lv.game!;
      const lg = this.lang(lv);
      const name = `${lv.rules.seatName(w.seat, lg)}${T(lg, '（机器人）', ' (bot)')}`;
      const entries = lv.rules.parse(w.text, g, { kind: 'seat', seat: w.seat, name, bot: true }, false, this.clock.now(), lg);
      if (!entries.length) return;
      // What it typed shows in the channel like a player's message, but for its private orders and the bare 【完成】.
      const shown = entries.filter((e) => !lv.rules.classify(e).private).map((e) => String((e as { text?: unknown }).text ?? '')).filter((t) => t && !/^【完成】$/.test(t.trim()));
      if (shown.length) await this.post(lv.row.channelId, { text: `🤖 ${name}：${shown.join('\n')}` });
      const reply = await this.applyAndAnswer(lv, entries, { userId: null, messageId: null, public: true, bot: true });
      const refused = reply.items.filter((x) => !x.ok);
      if (refused.length) this.logError(`⚠ computer player ${w.seat} in game ${lv.row.id}: refused ${refused.map((x) => `${x.code ?? ''} ${x.text}`).join(' | ')} (it said: ${w.text.replace(/\n/g, ' ')})`, undefined, { game: lv.row.id, channel: lv.row.channelId });
      if (w.note) await this.post(lv.row.channelId, { text: `🤖 ${name}：${w.note}` });
    } catch (e) {
      this.logError(`computer player ${w.seat} in game ${lv.row.id} failed`, e, { game: lv.row.id, channel: lv.row.channelId });
    }
  }

  /**
   * Seats a computer player (issue 13): before the start in a free seat (a players row `bot:<seat>:<style>`),
   * during the game in a seat without a player (the game's entry, e.g. New European War's 【机器人】). Judges only.
   */
  async seatBot(channelId: string, by: UserRef, seatName: string, styleName?: string): Promise<Result<{ country: string }>> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel; create one first / 本频道没有游戏，请先创建');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<{ country: string }>('NOT_JUDGE', T(lg, '只有裁判（创建者或裁判角色）可以安排机器人', 'only a judge (the creator or the judge role) may seat a computer player'));
      const style = lv.rules.botStyle(styleName, lg);
      if (!style && lv.rules.botStyle(undefined, lg) === null) return fail<{ country: string }>('NOT_ALLOWED', T(lg, '这个游戏没有机器人', 'this game has no computer players'));
      if (!style) return fail<{ country: string }>('UNKNOWN_STYLE', T(lg, `没有"${styleName}"这种机器人风格；可选：${lv.rules.botStyles(lg)}`, `no computer player style "${styleName}"; styles: ${lv.rules.botStyles(lg)}`));
      const id = lv.rules.findSeat(seatName);
      if (lv.row.status === 'open' || lv.game === null) {
        if (!id) return fail<{ country: string }>('UNKNOWN_COUNTRY', T(lg, `没有可选的国家"${seatName}"`, `no playable country "${seatName}"`));
        return this.seatBotOpen(lv, by, id, style.id);
      }
      if (!id) return fail<{ country: string }>('UNKNOWN_COUNTRY', T(lg, `没有国家"${seatName}"`, `no country "${seatName}"`));
      const entry = lv.rules.botEntry(id, style.id, cleanName(by.name ?? '') || by.id, this.clock.now());
      if (!entry) return fail<{ country: string }>('NOT_ALLOWED', T(lg, '这个游戏没有机器人', 'this game has no computer players'));
      const r = await this.applyAndAnswer(lv, [{ ...entry, user: by.id }], { userId: by.id, messageId: null, public: true, deliver: false });
      return r.ok ? okr({ country: id }, r.text) : fail<{ country: string }>(r.code ?? 'NOT_ALLOWED', r.text);
    });
  }

  /** Before the start: a free seat gets a computer player (the caller holds the game's lock and has checked the judge). */
  private async seatBotOpen(lv: Live, by: UserRef, id: string, style: string): Promise<Result<{ country: string }>> {
    const lg = this.lang(lv);
    const sn = (s: string) => lv.rules.seatName(s, lg);
    const playable = lv.rules.seats(lv.row.settings);
    if (!playable.includes(id)) return fail('UNKNOWN_COUNTRY', T(lg, `${sn(id)}不是可选的国家；可选：${list(playable.map(sn), lg)}`, `${sn(id)} is not a playable country; choose one of: ${list(playable.map(sn), lg)}`));
    const players = await this.store.players(lv.row.id);
    const taken = players.find((p) => p.seat === id);
    if (taken) {
      const free = playable.filter((c) => !players.some((p) => p.seat === c)).map(sn);
      return fail('COUNTRY_TAKEN', T(lg, `${sn(id)}已经有人了（${taken.name}）；空闲：${free.length ? list(free, lg) : '无'}`, `${sn(id)} is taken (${taken.name}); free: ${free.length ? list(free, lg) : 'none'}`));
    }
    const label = lv.rules.botStyle(style, lg)?.label ?? style;
    try {
      await this.commit({ gameId: lv.row.id, players: { set: [{ seat: id, userId: botUserId(id, style), name: lv.rules.botName(id, label), joinedAt: this.clock.now() }] } });
    } catch (e) {
      return this.writeFailure(e, lg, `seating a computer player in game ${lv.row.id}`, ['机器人没有加入', 'the computer player was not seated']);
    }
    const text = T(lg, `${cleanName(by.name ?? '') || by.id}为${sn(id)}安排了${label}`, `${cleanName(by.name ?? '') || by.id} seated a ${label} as ${sn(id)}`);
    await this.post(lv.row.channelId, { text: `⚖️ ${text}` });
    return okr({ country: id }, text);
  }

  /** Before the start: computer players of a style in the free seats (at most `count`, in the game's seat order). Judges only. */
  async fillBots(channelId: string, by: UserRef, count?: number, styleName?: string): Promise<Result<{ countries: string[] }>> {
    const lv = await this.liveIn(channelId);
    if (!lv) return await this.missing(channelId, 'no game in this channel; create one first / 本频道没有游戏，请先创建');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<{ countries: string[] }>('NOT_JUDGE', T(lg, '只有裁判（创建者或裁判角色）可以安排机器人', 'only a judge (the creator or the judge role) may seat computer players'));
      if (lv.row.status !== 'open') return fail<{ countries: string[] }>('ALREADY_STARTED', T(lg, '游戏已经开始：用 /judge bot 国家 为没有玩家的国家安排机器人', 'the game has started: use /judge bot <country> for a country without a player'));
      const style = lv.rules.botStyle(styleName, lg);
      if (!style && lv.rules.botStyle(undefined, lg) === null) return fail<{ countries: string[] }>('NOT_ALLOWED', T(lg, '这个游戏没有机器人', 'this game has no computer players'));
      if (!style) return fail<{ countries: string[] }>('UNKNOWN_STYLE', T(lg, `没有"${styleName}"这种机器人风格；可选：${lv.rules.botStyles(lg)}`, `no computer player style "${styleName}"; styles: ${lv.rules.botStyles(lg)}`));
      const players = await this.store.players(lv.row.id);
      const free = lv.rules.seats(lv.row.settings).filter((c) => !players.some((p) => p.seat === c)).slice(0, count ?? Infinity);
      if (!free.length) return fail<{ countries: string[] }>('COUNTRY_TAKEN', T(lg, '没有空闲的国家了', 'no free country left'));
      const at = this.clock.now();
      try {
        await this.commit({ gameId: lv.row.id, players: { set: free.map((seat, i) => ({ seat, userId: botUserId(seat, style.id), name: lv.rules.botName(seat, style.label), joinedAt: at + i })) } });
      } catch (e) {
        return this.writeFailure<{ countries: string[] }>(e, lg, `seating computer players in game ${lv.row.id}`, ['机器人没有加入', 'no computer player was seated']);
      }
      const names = list(free.map((s) => lv.rules.seatName(s, lg)), lg);
      const text = T(lg, `${cleanName(by.name ?? '') || by.id}为${names}安排了${style.label}`, `${cleanName(by.name ?? '') || by.id} seated a ${style.label} in each of ${names}`);
      await this.post(lv.row.channelId, { text: `⚖️ ${text}` });
      return okr({ countries: free }, text);
    });
  }

  /** Pictures never hold up command handling: rendered in the background, posted when ready. */
  private postPictures(lv: Live, game: unknown, ask: PictureAsk): void {
    if (!this.rendererOf(lv.mod)) return;
    const frozen = lv.rules.freeze(game);
    const lg = this.lang(lv);
    this.bg((async () => {
      const imgs = await this.pictures(lv, frozen, lg, ask, lv.live.renderTimeoutMs);
      if (imgs.length) await this.post(lv.row.channelId, { text: '', images: imgs });
    })());
  }

  /** The status message as the game shows it: its text and, while it runs, the game's buttons (none: a plain text). */
  private statusMessage(lv: Live, g: unknown): OutMessage & { key: string } {
    const lg = this.lang(lv);
    const text = lv.rules.status(g, lg);
    const buttons = lv.rules.phase(g) === 'ended' ? [] : lv.rules.statusButtons(g, lg);
    return { text, ...(buttons.length ? { buttons } : {}), key: buttons.length ? `${text}\u0000${buttons.map((b) => `${b.id}=${b.label}`).join(',')}` : text };
  }

  private async updateStatus(lv: Live): Promise<void> {
    const g = lv.game;
    if (g === null) return;
    const { key, ...msg } = this.statusMessage(lv, g);
    if (lv.row.statusMessageId) {
      // Most commands change nothing the status message shows: edit it only when its text (or buttons) change.
      if (lv.statusText === key) return;
      lv.statusText = key;
      await this.edit(lv.row.channelId, lv.row.statusMessageId, msg);
      return;
    }
    lv.statusText = key;
    const id = await this.post(lv.row.channelId, msg);
    if (id) {
      lv.row = { ...lv.row, statusMessageId: id };
      try {
        await this.commit({ gameId: lv.row.id, game: { statusMessageId: id } });
      } catch (e) {
        this.logError(`the status message of game ${lv.row.id} could not be recorded`, e, { game: lv.row.id, channel: lv.row.channelId });
      }
    }
  }

  /** Remembers a request's post (in the store, so a restarted bot can still edit it once the request is settled). */
  private async rememberRequest(lv: Live, key: string, messageId: string, text: string): Promise<void> {
    try {
      await this.store.addRequestPost(lv.row.id, { requestId: Number(key), messageId, text, turn: lv.game !== null ? lv.rules.turn(lv.game) : 0 });
    } catch (e) {
      this.logError(`the post of request ${key} in game ${lv.row.id} could not be recorded`, e, { game: lv.row.id, channel: lv.row.channelId });
    }
  }

  /**
   * Request posts whose request is no longer open are edited: the original text plus how it ended (the game
   * says), and no buttons — also for every request still open when the game ends.
   */
  private async settleRequests(lv: Live, steps: StepResult[]): Promise<void> {
    let open: RequestPostRow[];
    try {
      open = await this.store.openRequestPosts(lv.row.id);
    } catch (e) {
      this.logError(`the request posts of game ${lv.row.id} could not be read`, e, { game: lv.row.id, channel: lv.row.channelId });
      return;
    }
    if (!open.length) return;
    const settled = lv.rules.settled(lv.game, open.map((p) => String(p.requestId)), steps, lv.row.status === 'ended');
    const how = new Map(settled.map((x) => [x.key, x]));
    for (const p of open) {
      const outcome = how.get(String(p.requestId));
      if (outcome === undefined) continue;
      try {
        await this.store.closeRequestPost(lv.row.id, p.messageId, outcome.code);
      } catch (e) {
        this.logError(`the post of request ${p.requestId} in game ${lv.row.id} could not be closed`, e, { game: lv.row.id, channel: lv.row.channelId });
        continue;
      }
      await this.edit(lv.row.channelId, p.messageId, { text: `${p.text}\n${outcome.text}`, buttons: [] });
    }
  }

  async handleButton(press: ButtonPress): Promise<Reply> {
    const seen = await this.store.handled(press.interactionId) as Reply | null;
    if (seen) return { ...seen, duplicate: true };
    const lv = await this.liveIn(press.channelId);
    if (!lv) {
      const broken = await this.brokenIn(press.channelId);
      if (broken && this.registry.some((m) => m.ownsButton?.(press.buttonId))) return this.answerBroken(press, broken);
    }
    if (!lv || lv.game === null) return { handled: false, ok: true, text: '', private: false, items: [] };
    return this.locked(lv.row.id, async () => {
      const g = lv.game!;
      const seat = await this.seatOfUser(lv.row, press.userId);
      const r = lv.rules.press(g, press.buttonId, seat, this.clock.now());
      if (!r) return { handled: false, ok: true, text: '', private: false, items: [] } as Reply;
      if ('refuse' in r) {
        const reply = refusal(r.refuse.code, r.refuse.text);
        try {
          await this.commit({ gameId: lv.row.id, handled: { messageId: press.interactionId, at: this.clock.now(), reply } });
        } catch (e) {
          this.logError(`recording the answer to ${press.interactionId} failed`, e);
        }
        if (press.deliver !== false) await this.privately(press.channelId, press.userId, { text: r.refuse.text });
        return reply;
      }
      return this.applyAndAnswer(lv, [{ ...r.entry, user: press.userId }], { userId: press.userId, messageId: press.interactionId, public: true, ...(press.deliver !== undefined ? { deliver: press.deliver } : {}) });
    }).catch((e: unknown) => this.faultReply(lv, press, e));
  }

  // ── the clock ────────────────────────────────────────────────────────────────────────────────────────

  private timerRows(lv: Live, game: unknown): TimerRow[] {
    const t = lv.rules.timers(game, lv.live);
    if (!t) return [];
    return [...t.deadlines, ...t.reminders].map((x) => ({ kind: x.kind, at: x.at, turn: t.turn }));
  }

  private reschedule(lv: Live): void {
    for (const t of lv.timers) this.clock.cancel(t);
    lv.timers = [];
    const g = lv.game;
    if (g === null || lv.row.status !== 'running') return;
    const times = lv.rules.timers(g, lv.live);
    if (!times) return;
    const now = this.clock.now();
    const id = lv.row.id;
    for (const r of times.reminders) {
      if (r.at <= now) continue;
      lv.timers.push(this.clock.at(r.at, () => void this.locked(id, () => this.remind(lv, times.turn, r.kind, r.at, r.seconds))));
    }
    // Every deadline but the last is skipped once passed; the last always fires (at once when overdue).
    times.deadlines.forEach((d, i) => {
      if (d.at <= now && i < times.deadlines.length - 1) return;
      lv.timers.push(this.clock.at(d.at, () => void this.locked(id, () => this.tick(lv, d.kind))));
    });
  }

  private async remind(lv: Live, turn: number, kind: string, at: number, seconds: number): Promise<void> {
    const g = lv.game;
    if (g === null || lv.row.status !== 'running') return;
    // A reminder of a turn that has moved on, or of a deadline that moved, is stale.
    const t = lv.rules.timers(g, lv.live);
    if (!t || t.turn !== turn || !t.reminders.some((r) => r.kind === kind && r.at === at)) return;
    const left = lv.rules.laggards(g);
    if (!left.length) return;
    const text = lv.rules.reminder(g, seconds, this.lang(lv));
    const late = (await this.store.players(lv.row.id)).filter((p) => left.includes(p.seat) && !isBotUser(p.userId));
    // The channel post mentions exactly the players who still owe an action (<@id>: a ping on Discord, a name on
    // the web page); players who chose reminders by direct message get it there instead of the ping.
    const byDm = new Set<string>();
    for (const p of late) if (await this.store.remindByDm(p.userId)) byDm.add(p.userId);
    const mentions = late.filter((p) => !byDm.has(p.userId)).map((p) => `<@${p.userId}>`);
    await this.post(lv.row.channelId, { text: mentions.length ? `${text}\n${mentions.join(' ')}` : text });
    for (const p of late) if (byDm.has(p.userId)) await this.privately(lv.row.channelId, p.userId, { text });
  }

  /** A player's choice: turn reminders by direct message (true) or as a mention in the channel (false). */
  async setReminderDm(user: UserRef, dm: boolean): Promise<Result> {
    await this.store.setRemindByDm(user.id, dm);
    return okr(null, dm ? '之后的回合提醒会私信给你 / reminders will come by direct message'
      : '之后的回合提醒会在频道里提到你 / reminders will mention you in the channel');
  }

  async remindsByDm(userId: string): Promise<boolean> {
    return this.store.remindByDm(userId);
  }

  /** A deadline: the game says what it means (New European War: a tick, which at the hard close resolves the turn). */
  private async tick(lv: Live, kind: string): Promise<void> {
    const g = lv.game;
    if (g === null || lv.row.status !== 'running' || lv.rules.phase(g) === 'ended' || !this.games.has(lv.row.id)) return;
    const entry = lv.rules.tick(g, kind, this.clock.now());
    if (!entry) {
      this.reschedule(lv);
      return;
    }
    await this.applyAndAnswer(lv, [entry], { userId: null, messageId: null, public: true });
  }

  /**
   * After a restart: a deadline that passed while the bot was down moves, as the game says (New European War:
   * to now + the restart window, by a pause/resume from the judge "clock") — logged, so replay is exact, and announced.
   */
  private async afterRestart(lv: Live, lastAlive: number): Promise<void> {
    const g = lv.game!;
    const now = this.clock.now();
    const shift = lv.rules.restart(g, now, lastAlive, lv.live);
    if (!shift) { this.reschedule(lv); return; }
    await this.applyAndAnswer(lv, shift.entries, { userId: null, messageId: null, public: true, deliver: false });
    await this.post(lv.row.channelId, { text: shift.text() });
  }

  // ── speaking ─────────────────────────────────────────────────────────────────────────────────────────

  private async post(channelId: string, msg: OutMessage): Promise<string> {
    try {
      return await this.chat.post(channelId, msg);
    } catch (e) {
      this.logError(`post to ${channelId} failed`, e, { channel: channelId });
      return '';
    }
  }

  private async edit(channelId: string, messageId: string, msg: OutMessage): Promise<void> {
    try {
      await this.chat.edit(channelId, messageId, msg);
    } catch (e) {
      this.logError(`edit in ${channelId} failed`, e, { channel: channelId });
    }
  }

  private async privately(channelId: string, userId: string, msg: OutMessage): Promise<void> {
    try {
      await this.chat.privateReply(channelId, userId, msg);
    } catch (e) {
      this.logError(`private reply to ${userId} failed`, e);
    }
  }
}
