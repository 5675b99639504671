import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadMapFile, normalizeName, type GameMap } from '../../games/europe/map/index.ts';
import {
  applyEntry, isJudgeCommand, isPrivateEntry, newGame, helpText, defaultSettings, mergeSettings, stateJson, cn, type Command, type Game, type GameEvent, type GameState, type Lang,
  type LogEntry, type Settings, type Speaker, type Step,
} from '../../games/neuwar/engine/index.ts';
import { entriesFromText } from '../../games/neuwar/transcript.ts';
import type { ButtonPress, ChatPort, Incoming, OutButton, OutImage, OutMessage, Reply, ReplyItem, UserRef } from '../chat/types.ts';
import { LiveSettingsSchema, reminderTimes, restartShift, type Clock, type LiveSettings, type TimerId } from '../clock/index.ts';
import { faultPoint, isCorruptError, isReadOnlyError, isUniqueViolation, sqliteCode, type Batch, type GameRow, type RequestPostRow, type Store, type TimerRow } from '../store/index.ts';
import { cleanName, nameKey } from '../chat/names.ts';
import { defaultRenderer, PictureRate, RenderQueue, withTimeout } from './renderer.ts';
import { scoreChartPng } from './chart.ts';
import { rebuildGame, snapshotOf, gameFromSnapshot, type MetaEntry, type StartEntry } from './rebuild.ts';
import { list, reminderText, statusText, T, turnSummary, rel } from './texts.ts';
import type { CreateOptions, ExportData, GameInfo, GameServiceApi, GameStatus, Renderer, Result } from './types.ts';

export interface GameServiceOptions {
  store: Store;
  clock: Clock;
  chat: ChatPort;
  /** null: no pictures. Default: src/render. */
  renderer?: Renderer | null;
  /** The process's line of pictures: players' picture queries drawing or waiting at most (default 8), pictures drawn at once (2). */
  renderQueue?: { maxQueries?: number; concurrency?: number };
  /** Project root for map paths (default: cwd). */
  root?: string;
  /** Heartbeat/sweep period (ms) for restart detection and missed timers. Default 30 s. */
  sweepMs?: number;
  /** Where problems the players need not see go (default console.error). */
  logError?: (msg: string, err?: unknown) => void;
}

/** A game the process holds in memory. */
interface Live {
  row: GameRow;
  map: GameMap;
  live: LiveSettings;
  game: Game | null;
  timers: TimerId[];
  /** The status message's text as last posted or edited. */
  statusText?: string;
}

const fail = <T>(code: string, text: string): Result<T> => ({ ok: false, code, text });
const okr = <T>(value: T, text: string): Result<T> => ({ ok: true, value, text });

/** A refusal as a Reply, answered only to the speaker. */
const refusal = (code: string, text: string): Reply => ({ handled: true, ok: false, code, text, private: true, items: [{ ok: false, code, text, private: true }] });

/** How a posted request ended, as its post says once its buttons are gone. */
type RequestOutcome = 'accepted' | 'rejected' | 'countered' | 'lapsed' | 'ended';
const OUTCOME_TEXT: Record<RequestOutcome, [string, string]> = {
  accepted: ['——已同意', '— accepted'],
  rejected: ['——已拒绝', '— rejected'],
  countered: ['——已被反提议取代', '— replaced by a counter-offer'],
  lapsed: ['——已失效', '— lapsed'],
  ended: ['——游戏已结束', '— the game has ended'],
};

/** Why a game's stored data cannot be used, in one line for the game list and the players. */
function brokenReason(e: unknown): string {
  const msg = String((e as Error)?.message ?? e).replace(/\s+/g, ' ').slice(0, 200);
  const code = sqliteCode(e) ?? (e as { code?: string } | null)?.code;
  if (isCorruptError(e)) return `database pages damaged (${code}: ${msg})`;
  if (e instanceof SyntaxError) return `damaged stored data (${msg})`;
  return code ? `${code}: ${msg}` : msg;
}

/** Text that is meant as a command even when no map is at hand to parse it (a broken game's channel). */
const LOOKS_LIKE_COMMAND = /[【〖［〔]|^\s*[[/]/;

/** Which pictures to draw: the map (of a region) and/or the score table. */
interface Pictures { map?: boolean; scores?: boolean; region?: string }

/** 【地图】 and 【分数】: the queries that cost a render. */
const pictureQuery = (e: LogEntry): 'map' | 'scores' | null =>
  e.type === 'command' && e.command.kind === 'query' && (e.command.what === 'map' || e.command.what === 'scores') ? e.command.what : null;

/**
 * The live-games layer: one per process. Holds every open and running game, turns chat input into log
 * entries, writes them (one transaction per message, before answering), folds them into the engine, runs the
 * turn clock and speaks through the ChatPort.
 */
export class GameService implements GameServiceApi {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly chat: ChatPort;
  private readonly renderer: Renderer | null;
  private readonly renders: RenderQueue;
  private readonly pictureRate = new PictureRate();
  /** Pictures a deliver:false query waits for, by its Reply: awaited after the game's lock is released. */
  private readonly pictureWaits = new WeakMap<Reply, Promise<OutImage[]>>();
  private readonly root: string;
  private readonly logError: (msg: string, err?: unknown) => void;
  private readonly games = new Map<number, Live>();
  /**
   * Games whose stored data cannot be loaded (damaged pages or JSON, a missing map), by id, with the reason:
   * listed as broken and answered GAME_BROKEN, never loaded again in this process; every other game plays on.
   */
  private readonly broken = new Map<number, string>();
  private readonly locks = new Map<number, Promise<unknown>>();
  private readonly background = new Set<Promise<unknown>>();
  private stopSweep: (() => void) | null = null;
  private readonly sweepMs: number;

  constructor(opts: GameServiceOptions) {
    this.store = opts.store;
    this.clock = opts.clock;
    this.chat = opts.chat;
    this.renderer = opts.renderer === undefined ? defaultRenderer() : opts.renderer;
    this.renders = new RenderQueue(opts.renderQueue);
    this.root = opts.root ?? process.cwd();
    this.sweepMs = opts.sweepMs ?? 30_000;
    this.logError = opts.logError ?? ((m, e) => console.error(m, e ?? ''));
  }

  // ── startup, shutdown ────────────────────────────────────────────────────────────────────────────────

  async startUp(): Promise<void> {
    const lastAlive = Number(this.store.getMeta('alive_at') ?? '0');
    for (const row of this.store.games(['open', 'running'])) {
      let lv: Live;
      try {
        lv = this.load(row);
      } catch (e) {
        this.markBroken(row, e);
        continue;
      }
      // One game failing to come back (its store damaged past what load read) must not keep the others down.
      if (row.status === 'running' && lv.game) await this.locked(row.id, () => this.afterRestart(lv, lastAlive)).catch((e: unknown) => { this.markBroken(row, e); });
      else if (row.status === 'running') this.reschedule(lv);
    }
    this.heartbeat();
    this.stopSweep = this.clock.every(this.sweepMs, () => this.sweep());
  }

  /** Waits until background work (pictures, posts) is done; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  close(): void {
    this.stopSweep?.();
    for (const lv of this.games.values()) for (const t of lv.timers) this.clock.cancel(t);
    this.games.clear();
  }

  /** Last time `alive_at` was written: it only dates an outage, so once every few seconds is plenty. */
  private lastBeat = -Infinity;

  private heartbeat(): void {
    const now = this.clock.now();
    if (now - this.lastBeat < 5000) return;
    this.lastBeat = now;
    try {
      this.store.setMeta('alive_at', String(now));
    } catch (e) {
      this.logError('heartbeat failed', e);
    }
  }

  private sweep(): void {
    this.heartbeat();
    this.pictureRate.prune(this.clock.now());
    // A timer lost to a sleeping host still fires: any running game past its hard close gets its tick.
    for (const lv of this.games.values()) {
      const s = lv.game?.state;
      if (lv.row.status !== 'running' || !s || s.status !== 'running' || s.clock.pausedAt !== null) continue;
      if (this.clock.now() >= s.clock.deadlineAt + s.settings.graceSeconds * 1000) void this.locked(lv.row.id, () => this.tick(lv, 'hardClose'));
    }
  }

  private load(row: GameRow): Live {
    const cached = this.games.get(row.id);
    if (cached) return cached;
    if (row.broken) throw new Error(row.broken);
    const map = loadMapFile(this.mapPath(row.mapPath));
    const live = LiveSettingsSchema.parse(row.live);
    const { game } = row.status === 'open' ? { game: null } : rebuildGame(this.store, row.id, map);
    const lv: Live = { row, map, live, game, timers: [] };
    this.games.set(row.id, lv);
    return lv;
  }

  private mapPath(p: string): string {
    return resolve(this.root, p);
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

  private lang(lv: Live): Lang {
    return (lv.game?.state.settings.language ?? (lv.row.settings as Partial<Settings>).language ?? 'zh') as Lang;
  }

  private isJudge(row: GameRow, user: { id: string; isModerator?: boolean }): boolean {
    return user.isModerator === true || row.creator === user.id || row.judges.includes(user.id);
  }

  private countryOfUser(row: GameRow, userId: string): string | null {
    return this.store.players(row.id).find((p) => p.userId === userId)?.country ?? null;
  }

  /** The channel's open or running game, loaded; null when there is none or it is broken (see brokenIn). */
  private liveIn(channelId: string): Live | null {
    const row = this.store.liveGameIn(channelId);
    if (!row || this.broken.has(row.id)) return null;
    try {
      const lv = this.load(row);
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
    if (!this.broken.has(row.id)) this.logError(`game ${row.id} in ${row.channelId} is broken and set aside, other games play on: ${reason}`, e);
    this.broken.set(row.id, reason);
    const lv = this.games.get(row.id);
    if (lv) {
      for (const t of lv.timers) this.clock.cancel(t);
      this.games.delete(row.id);
    }
    return reason;
  }

  /** The channel's open or running game when it is broken. */
  private brokenIn(channelId: string): { row: GameRow; reason: string } | null {
    let row: GameRow | null;
    try {
      row = this.store.liveGameIn(channelId);
    } catch (e) {
      this.logError(`the game of ${channelId} could not be read`, e);
      return null;
    }
    if (!row) return null;
    if (!this.broken.has(row.id)) this.liveIn(channelId);
    const reason = this.broken.get(row.id);
    return reason ? { row, reason } : null;
  }

  private brokenResult<T>(row: GameRow, reason: string): Result<T> {
    const lg: Lang = (row.settings as Partial<Settings>).language === 'en' ? 'en' : 'zh';
    return fail('GAME_BROKEN', T(lg,
      `本频道的游戏（第${row.id}局）存档已损坏，暂停使用：${reason}。其他游戏不受影响；请管理员检查数据库（可从备份恢复），或由裁判用 /end 结束这一局后重新开局。`,
      `this channel's game (#${row.id}) has damaged stored data and is set aside: ${reason}. Other games are not affected; an admin can check the database (or restore a backup), or a judge can /end this game and create a new one.`));
  }

  /** No playable game in the channel: GAME_BROKEN when it holds a broken one, else NO_GAME with `text`. */
  private missing<T>(channelId: string, text: string): Result<T> {
    const b = this.brokenIn(channelId);
    return b ? this.brokenResult<T>(b.row, b.reason) : fail<T>('NO_GAME', text);
  }

  /**
   * A write (or read) that failed, answered as what it is: STORAGE_READ_ONLY when the storage refuses writes,
   * INTERNAL_ERROR otherwise; the cause is logged. `notDone` says, in both languages, what did not happen.
   */
  private writeFailure<T>(e: unknown, lg: Lang, what: string, notDone: [string, string]): Result<T> {
    this.logError(`${what} failed`, e);
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
  private gameFor(inc: { channelId: string; userId: string; private?: boolean; dmGame?: string }): Live | null {
    if (inc.private && inc.dmGame) return this.liveIn(inc.dmGame);
    const here = this.liveIn(inc.channelId);
    if (here || !inc.private) return here;
    const mine = this.store.gamesOfUser(inc.userId)[0];
    return mine ? this.liveIn(mine.channelId) : null;
  }

  // ── public queries ───────────────────────────────────────────────────────────────────────────────────

  private info(lv: { row: GameRow; map: GameMap; game: Game | null }): GameInfo {
    const s = lv.game?.state ?? null;
    return {
      id: lv.row.id, channelId: lv.row.channelId, status: lv.row.status, mapPath: lv.row.mapPath, mapId: lv.row.mapId,
      language: (s?.settings.language ?? (lv.row.settings as Partial<Settings>).language ?? 'zh') as Lang,
      creator: lv.row.creator, judges: lv.row.judges,
      players: this.playersOf(lv.row),
      createdAt: lv.row.createdAt, startedAt: lv.row.startedAt, endedAt: lv.row.endedAt,
      turn: s ? s.turn : null, deadlineAt: s && s.status === 'running' && lv.row.status === 'running' ? s.clock.deadlineAt : null,
      winner: s?.winner ?? null,
    };
  }

  /** The players of a game as listed; a damaged players table lists none rather than failing the whole list. */
  private playersOf(row: GameRow): GameInfo['players'] {
    try {
      return this.store.players(row.id).map((p) => ({ userId: p.userId, name: p.name, country: p.country }));
    } catch (e) {
      this.logError(`the players of game ${row.id} could not be read`, e);
      return [];
    }
  }

  private brokenInfo(row: GameRow, reason: string): GameInfo {
    return { ...this.info({ row, map: { id: row.mapId } as GameMap, game: null }), broken: reason };
  }

  /** An ended game, rebuilt read-only (not kept in memory with timers). */
  private archived(channelId: string): { row: GameRow; map: GameMap; game: Game | null } | null {
    const row = this.store.lastGameIn(channelId);
    if (!row || row.status !== 'ended' || this.broken.has(row.id)) return null;
    try {
      if (row.broken) throw new Error(row.broken);
      const map = loadMapFile(this.mapPath(row.mapPath));
      return { row, map, game: rebuildGame(this.store, row.id, map).game };
    } catch (e) {
      this.markBroken(row, e);
      return null;
    }
  }

  /** The channel's game of any status; never throws (a broken or unreadable game is null here, see gameOf). */
  private anyGame(channelId: string): { row: GameRow; map: GameMap; game: Game | null } | null {
    try {
      return this.liveIn(channelId) ?? this.archived(channelId);
    } catch (e) {
      this.logError(`the game of ${channelId} could not be read`, e);
      return null;
    }
  }

  listGames(opts: { status?: GameStatus[] } = {}): GameInfo[] {
    let rows: GameRow[];
    try {
      rows = this.store.games(opts.status);
    } catch (e) {
      this.logError('the game list could not be read', e);
      return [];
    }
    return rows.map((row) => {
      if (row.broken && !this.broken.has(row.id)) this.markBroken(row, new Error(row.broken));
      const reason = this.broken.get(row.id);
      if (reason) return this.brokenInfo(row, reason);
      const lv = this.games.get(row.id);
      if (lv) { lv.row = row; return this.info(lv); }
      return this.info({ row, map: { id: row.mapId } as GameMap, game: null });
    });
  }

  gameOf(channelId: string): GameInfo | null {
    const g = this.anyGame(channelId);
    if (g) return this.info(g);
    try {
      const row = this.store.lastGameIn(channelId);
      const reason = row ? this.broken.get(row.id) : undefined;
      return row && reason ? this.brokenInfo(row, reason) : null;
    } catch (e) {
      this.logError(`the game of ${channelId} could not be read`, e);
      return null;
    }
  }

  mapOf(channelId: string): GameMap | null {
    return this.anyGame(channelId)?.map ?? null;
  }

  stateOf(channelId: string): GameState | null {
    return this.anyGame(channelId)?.game?.state ?? null;
  }

  countryOf(channelId: string, userId: string): string | null {
    const g = this.anyGame(channelId);
    return g ? this.countryOfUser(g.row, userId) : null;
  }

  /**
   * Pictures that are never refused (turn posts, start and end, history), ahead of every query in the render
   * line. `state` must not change until they are drawn (a frozen copy, a snapshot, an ended game).
   */
  private async pictures(map: GameMap, state: GameState, lg: Lang, which: Pictures, timeoutMs: number): Promise<OutImage[]> {
    if (!this.renderer) return [];
    return (await this.renders.post((left) => this.draw(map, state, lg, which, left), timeoutMs)) ?? [];
  }

  /** Draws now; a picture not ready within `timeoutMs` is left out, the others still come. */
  private async draw(map: GameMap, state: GameState, lg: Lang, which: Pictures, timeoutMs: number): Promise<OutImage[]> {
    const r = this.renderer!;
    const [m, sc] = await Promise.all([
      which.map ? withTimeout(r.mapPng(map, state, which.region ? { region: which.region, lang: lg } : { lang: lg }), timeoutMs) : null,
      which.scores ? withTimeout(r.scoresPng(map, state, { lang: lg }), timeoutMs) : null,
    ]);
    const out: OutImage[] = [];
    if (m) out.push({ name: `map-turn${state.turn}.png`, png: m });
    if (sc) out.push({ name: `scores-turn${state.turn}.png`, png: sc });
    return out;
  }

  async renderMap(channelId: string, region?: string): Promise<Buffer | null> {
    const g = this.anyGame(channelId);
    if (!g?.game || !this.renderer) return null;
    const s = structuredClone(g.game.state);
    const imgs = await this.pictures(g.map, s, s.settings.language, { map: true, ...(region ? { region } : {}) }, 30_000);
    return imgs[0]?.png ?? null;
  }

  async renderScores(channelId: string): Promise<Buffer | null> {
    const g = this.anyGame(channelId);
    if (!g?.game || !this.renderer) return null;
    const s = structuredClone(g.game.state);
    const imgs = await this.pictures(g.map, s, s.settings.language, { scores: true }, 30_000);
    return imgs[0]?.png ?? null;
  }

  async history(channelId: string, turn: number): Promise<Result<{ text: string; images: OutImage[] }>> {
    const g = this.anyGame(channelId);
    if (!g?.game) return fail('NO_GAME', 'no game in this channel / 本频道没有游戏');
    const lg = g.game.state.settings.language;
    // From the log as it stands: the resolution of `turn` that no 【撤回】 has taken back (not the undo's snapshot).
    const snap = this.store.resolutionOpening(g.row.id, turn + 1);
    if (!snap) return fail('NO_SUCH_TURN', T(lg, `没有第${turn}回合的记录（已结算的回合：1–${g.game.state.turn - 1}）`, `no record of turn ${turn} (resolved turns: 1–${g.game.state.turn - 1})`));
    const past = gameFromSnapshot(g.map, snap.game);
    const text = turnSummary(g.map, turn, past.state.lastEvents, lg);
    const images = await this.pictures(g.map, past.state, lg, { map: true, scores: true }, 30_000);
    return okr({ text, images }, text);
  }

  export(channelId: string, user: UserRef): Result<ExportData> {
    const g = this.anyGame(channelId);
    if (!g) return fail('NO_GAME', 'no game in this channel / 本频道没有游戏');
    const lg = this.info(g).language;
    if (g.row.status !== 'ended' && !this.isJudge(g.row, user)) return fail('NOT_JUDGE', T(lg, '游戏结束前只有裁判可以导出', 'only a judge may export before the game ends'));
    const data: ExportData = {
      game: this.info(g),
      state: g.game ? stateJson(g.game.state, g.map) : null,
      log: this.store.entries(g.row.id).map((e) => ({ seq: e.seq, at: e.at, entry: e.entry, userId: e.userId, messageId: e.messageId, undone: e.undone })),
    };
    return okr(data, T(lg, '导出完成', 'exported'));
  }

  async scoreChart(channelId: string): Promise<Result<Buffer>> {
    const g = this.anyGame(channelId);
    if (!g?.game) return fail('NO_GAME', 'no running game in this channel / 本频道没有进行中的游戏');
    return okr(await scoreChartPng(g.map, g.game.state), 'chart');
  }

  // ── lifecycle ────────────────────────────────────────────────────────────────────────────────────────

  private readonly onceRunning = new Map<string, Promise<Result<unknown>>>();

  async once<T>(key: string, fn: () => Promise<Result<T>>): Promise<Result<T> & { duplicate?: boolean }> {
    const seen = this.store.handled(`once:${key}`) as Result<T> | null;
    if (seen) return { ...seen, duplicate: true };
    // The same key twice at once (a resend racing the first): the second waits for the first's result.
    const running = this.onceRunning.get(key) as Promise<Result<T>> | undefined;
    if (running) return { ...(await running), duplicate: true };
    const p = fn();
    this.onceRunning.set(key, p as Promise<Result<unknown>>);
    try {
      const r = await p;
      try {
        this.store.commit({ gameId: null, handled: { messageId: `once:${key}`, at: this.clock.now(), reply: r } });
      } catch (e) {
        this.logError(`could not record request ${key}`, e);
      }
      return r;
    } finally {
      this.onceRunning.delete(key);
    }
  }

  private defaultMap(): string {
    const env = process.env.MAP_PATH?.trim();
    if (env && existsSync(resolve(this.root, env))) return env;
    return existsSync(resolve(this.root, 'maps/europe.json')) ? 'maps/europe.json' : 'tests/fixtures/tiny.json';
  }

  async createGame(channelId: string, creator: UserRef, opts: CreateOptions = {}): Promise<Result<GameInfo>> {
    const lg0: Lang = (opts.settings?.language === 'en' ? 'en' : 'zh');
    // An interaction from outside a channel (a DM, an unknown context) carries no channel id to hold the game.
    if (typeof channelId !== 'string' || !channelId.trim()) {
      return fail('NO_CHANNEL', T(lg0, '这里没有可以开局的频道（例如私信中）；请在服务器的文字频道里创建游戏', 'there is no channel here to hold a game (e.g. a direct message); create the game in a server text channel'));
    }
    const broken = this.brokenIn(channelId);
    if (broken) return this.brokenResult(broken.row, broken.reason);
    if (this.store.liveGameIn(channelId)) return fail('GAME_EXISTS', T(lg0, '本频道已经有一局游戏；一个频道一局', 'this channel already has a game; one game per channel'));
    const mapPath = opts.map ?? this.defaultMap();
    let map: GameMap;
    try {
      map = loadMapFile(this.mapPath(mapPath));
    } catch (e) {
      return fail('BAD_MAP', T(lg0, `地图无法载入：${(e as Error).message}`, `the map could not be loaded: ${(e as Error).message}`));
    }
    const merged = mergeSettings(defaultSettings(), opts.settings ?? {});
    if (!merged.ok) return fail('BAD_SETTINGS', T(lg0, `设置${merged.key}不合法：${merged.reason}`, `bad setting ${merged.key}: ${merged.reason}`));
    const live = LiveSettingsSchema.safeParse(opts.live ?? {});
    if (!live.success) {
      const i = live.error.issues[0]!;
      return fail('BAD_SETTINGS', T(lg0, `设置${String(i.path[0] ?? '')}不合法：${i.message}`, `bad setting ${String(i.path[0] ?? '')}: ${i.message}`));
    }
    let row: GameRow;
    try {
      row = this.store.createGame({
        channelId, mapPath, mapId: map.id, settings: merged.settings, live: live.data, creator: creator.id, judges: [], createdAt: this.clock.now(),
      });
    } catch (e) {
      // Only the one-live-game-per-channel index means a duplicate (two creates racing); any other failure is ours.
      if (isUniqueViolation(e)) return fail('GAME_EXISTS', T(lg0, '本频道已经有一局游戏', 'this channel already has a game'));
      return this.writeFailure(e, lg0, `creating a game in ${channelId}`, ['游戏没有创建', 'the game was not created']);
    }
    const lv: Live = { row, map, live: live.data, game: null, timers: [] };
    this.games.set(row.id, lv);
    const lg = merged.settings.language;
    const free = map.countries.filter((c) => c.playable !== false).map((c) => c.name[lg]);
    const by = cleanName(creator.name ?? '') || creator.id;
    const text = T(lg, `🆕 ${by}创建了新游戏（地图：${map.file.name.zh}）。可选国家：${list(free, lg)}。用 /join 加入，裁判用 /start 开始。`,
      `🆕 ${by} created a game (map: ${map.file.name.en}). Countries: ${list(free, lg)}. /join to play; a judge starts it with /start.`);
    await this.post(channelId, { text });
    return okr(this.info(lv), text);
  }

  async join(channelId: string, user: UserRef, country?: string): Promise<Result<{ country: string }>> {
    const lv = this.liveIn(channelId);
    if (!lv) return this.missing(channelId, 'no game in this channel; create one first / 本频道没有游戏，请先创建');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (lv.row.status !== 'open') return fail<{ country: string }>('ALREADY_STARTED', T(lg, '游戏已经开始，不能再加入；请裁判替换玩家', 'the game has started; ask a judge to replace a player'));
      const players = this.store.players(lv.row.id);
      if (players.some((p) => p.userId === user.id)) return fail<{ country: string }>('ALREADY_JOINED', T(lg, `你已经加入了（${cn(lv.map, players.find((p) => p.userId === user.id)!.country, lg)}）`, `you have already joined (${cn(lv.map, players.find((p) => p.userId === user.id)!.country, lg)})`));
      const name = cleanName(user.name ?? '');
      const clash = this.nameProblem<{ country: string }>(lv, name, players.filter((p) => p.userId !== user.id), lg);
      if (clash) return clash;
      const taken = new Set(players.map((p) => p.country));
      const playable = lv.map.countries.filter((c) => c.playable !== false).map((c) => c.id);
      let id: string | undefined;
      if (country) {
        id = lv.map.countryByName.get(normalizeName(country));
        if (!id || !playable.includes(id)) return fail<{ country: string }>('UNKNOWN_COUNTRY', T(lg, `没有可选的国家"${country}"；可选：${list(playable.filter((c) => !taken.has(c)).map((c) => cn(lv.map, c, lg)), lg)}`, `no playable country "${country}"; free: ${list(playable.filter((c) => !taken.has(c)).map((c) => cn(lv.map, c, lg)), lg)}`));
        if (taken.has(id)) return fail<{ country: string }>('COUNTRY_TAKEN', T(lg, `${cn(lv.map, id, lg)}已经有人了；空闲：${list(playable.filter((c) => !taken.has(c)).map((c) => cn(lv.map, c, lg)), lg) || '无'}`, `${cn(lv.map, id, lg)} is taken; free: ${list(playable.filter((c) => !taken.has(c)).map((c) => cn(lv.map, c, lg)), lg) || 'none'}`));
      } else {
        id = playable.find((c) => !taken.has(c));
        if (!id) return fail<{ country: string }>('COUNTRY_TAKEN', T(lg, '没有空闲的国家了', 'no free country left'));
      }
      try {
        this.store.commit({ gameId: lv.row.id, players: { set: [{ country: id, userId: user.id, name, joinedAt: this.clock.now() }] } });
      } catch (e) {
        return this.writeFailure<{ country: string }>(e, lg, `join in game ${lv.row.id}`, ['没有加入', 'you have not joined']);
      }
      const text = T(lg, `${name}加入游戏，扮演${cn(lv.map, id, lg)}`, `${name} joined as ${cn(lv.map, id, lg)}`);
      await this.post(channelId, { text });
      return okr({ country: id }, text);
    });
  }

  /**
   * A player's name must show and must not pass for another player's of the game (`others`): an empty
   * cleaned name is BAD_NAME, one equal by nameKey to another's is NAME_TAKEN (refused, not shown marked).
   */
  private nameProblem<T>(lv: Live, name: string, others: { name: string; country: string }[], lg: Lang): Result<T> | null {
    if (!name) return fail('BAD_NAME', T(lg, '名字里没有看得见的字符（只有空白或不可见字符）；请换一个看得见的名字（昵称）再试', 'the name has no visible characters (only blanks or invisible ones); choose a visible name (nickname) and try again'));
    const key = nameKey(name);
    const same = others.find((p) => nameKey(p.name) === key);
    if (!same) return null;
    return fail('NAME_TAKEN', T(lg, `名字“${name}”和${cn(lv.map, same.country, lg)}的玩家“${same.name}”相同或几乎一样，大家会分不清；请换一个名字（昵称）再试`,
      `the name "${name}" is the same as (or looks like) "${same.name}", the player of ${cn(lv.map, same.country, lg)}, so nobody could tell you apart; choose another name (nickname) and try again`));
  }

  async leave(channelId: string, user: UserRef): Promise<Result> {
    const lv = this.liveIn(channelId);
    if (!lv) return this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      const c = this.countryOfUser(lv.row, user.id);
      if (!c) return fail<null>('NOT_PLAYER', T(lg, '你没有加入这局游戏', 'you have not joined this game'));
      if (lv.row.status !== 'open') return fail<null>('ALREADY_STARTED', T(lg, '游戏已经开始：用【退出】退出游戏，或请裁判替换你', 'the game has started: use 【退出】 or ask a judge to replace you'));
      try {
        this.store.commit({ gameId: lv.row.id, players: { remove: [c] } });
      } catch (e) {
        return this.writeFailure<null>(e, lg, `leave in game ${lv.row.id}`, ['你还在游戏里', 'you are still in the game']);
      }
      const text = T(lg, `${cleanName(user.name ?? '') || user.id}退出，${cn(lv.map, c, lg)}空出`, `${user.name} left; ${cn(lv.map, c, lg)} is free`);
      await this.post(channelId, { text });
      return okr(null, text);
    });
  }

  async start(channelId: string, by: UserRef): Promise<Result<GameInfo>> {
    const lv = this.liveIn(channelId);
    if (!lv) return this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<GameInfo>('NOT_JUDGE', T(lg, '只有裁判（创建者或裁判角色）可以开始游戏', 'only a judge (the creator or the judge role) may start the game'));
      if (lv.row.status !== 'open') return fail<GameInfo>('ALREADY_STARTED', T(lg, '游戏已经开始了', 'the game has already started'));
      const players = this.store.players(lv.row.id);
      if (players.length < 2) return fail<GameInfo>('NOT_ENOUGH_PLAYERS', T(lg, `至少需要2个国家才能开始（现在${players.length}个）`, `at least 2 countries are needed (now ${players.length})`));
      const at = this.clock.now();
      const settings = lv.row.settings as Settings;
      const start: StartEntry = { type: 'start', at, players: players.map((p) => p.country).sort(), settings, mapId: lv.map.id };
      const g = newGame(lv.map, { players: start.players, settings, at });
      const seq = this.store.lastSeq(lv.row.id) + 1;
      try {
        this.store.commit({
          gameId: lv.row.id,
          entries: [{ at, entry: start, userId: by.id, turn: 1 }],
          snapshots: [{ seq, turn: 1, at, game: snapshotOf(g) }],
          timers: this.timerRows(lv, g.state),
          game: { status: 'running', startedAt: at },
        });
      } catch (e) {
        return this.writeFailure<GameInfo>(e, lg, `starting game ${lv.row.id}`, ['游戏没有开始', 'the game has not started']);
      }
      lv.game = g;
      lv.row = this.store.game(lv.row.id)!;
      const neutral = Object.keys(g.state.countries).filter((c) => !g.state.countries[c]!.player);
      const lines = [
        T(lg, `🚩 游戏开始！第1回合，截止 ${rel(g.state.clock.deadlineAt)}`, `🚩 The game begins! Turn 1, deadline ${rel(g.state.clock.deadlineAt)}`),
        ...players.map((p) => `· ${cn(lv.map, p.country, lg)}：${p.name}`),
      ];
      if (neutral.length) lines.push(T(lg, `中立：${list(neutral.map((c) => cn(lv.map, c, lg)), lg)}`, `Neutral: ${list(neutral.map((c) => cn(lv.map, c, lg)), lg)}`));
      const text = lines.join('\n');
      await this.post(channelId, { text });
      this.postPictures(lv, g.state, { map: true, scores: true });
      await this.updateStatus(lv);
      this.reschedule(lv);
      return okr(this.info(lv), text);
    });
  }

  async end(channelId: string, by: UserRef): Promise<Result<GameInfo>> {
    const lv = this.liveIn(channelId);
    if (!lv) {
      const b = this.brokenIn(channelId);
      return b ? this.endBroken(b.row, b.reason, by) : fail('NO_GAME', 'no game in this channel / 本频道没有游戏');
    }
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<GameInfo>('NOT_JUDGE', T(lg, '只有裁判可以结束游戏（R13）', 'only a judge may end the game (R13)'));
      if (lv.row.status === 'running' && lv.game?.state.status === 'running') {
        // The engine records the end (R13 【结束】), so the state and its export say `ended` with the winner;
        // afterChange then archives the game.
        const r = await this.applyAndAnswer(lv, [{
          type: 'command', at: this.clock.now(), speaker: { kind: 'judge', name: by.name }, command: { kind: 'endGame' }, user: by.id,
        }], { userId: by.id, messageId: null, public: true, deliver: false });
        if (!r.ok) return fail<GameInfo>(r.code ?? 'INTERNAL_ERROR', r.text);
        // Still held: the engine ended the game but archiving it failed (logged).
        if (this.games.has(lv.row.id)) return fail<GameInfo>('INTERNAL_ERROR', T(lg, '内部错误：游戏已结束，但没能存档；请稍后再试 /end', 'internal error: the game ended but could not be archived; try /end again later'));
        return okr(this.info(lv), T(lg, '游戏已结束并存档', 'the game has ended and is archived'));
      }
      try {
        await this.archive(lv, { by: by.name, byId: by.id });
      } catch (e) {
        return this.writeFailure<GameInfo>(e, lg, `ending game ${lv.row.id}`, ['游戏没有结束', 'the game has not ended']);
      }
      return okr(this.info(lv), T(lg, '游戏已结束并存档', 'the game has ended and is archived'));
    });
  }

  /** A broken game cannot be played or rebuilt, but a judge may archive it so the channel can hold a new game. */
  private async endBroken(row: GameRow, reason: string, by: UserRef): Promise<Result<GameInfo>> {
    const lg: Lang = (row.settings as Partial<Settings>).language === 'en' ? 'en' : 'zh';
    if (!this.isJudge(row, by)) return fail('NOT_JUDGE', T(lg, '只有裁判可以结束游戏（R13）', 'only a judge may end the game (R13)'));
    const at = this.clock.now();
    try {
      this.store.commit({ gameId: row.id, game: { status: 'ended', endedAt: at }, timers: [] });
    } catch (e) {
      return this.writeFailure(e, lg, `ending broken game ${row.id}`, ['游戏没有结束', 'the game has not ended']);
    }
    const name = cleanName(by.name ?? '') || by.id;
    const text = T(lg, `🏁 裁判${name}结束了存档损坏的第${row.id}局（R13）。本频道可以开新局了。`, `🏁 Judge ${name} ended game #${row.id}, whose stored data is damaged (R13). A new game may be created here.`);
    await this.post(row.channelId, { text });
    return okr(this.brokenInfo({ ...row, status: 'ended', endedAt: at }, reason), text);
  }

  /** Ends a game: winner and final table posted, chart, then read-only. */
  private async archive(lv: Live, judge: { by: string; byId: string } | null): Promise<void> {
    const lg = this.lang(lv);
    const at = this.clock.now();
    const entries: Batch['entries'] = judge ? [{ at, entry: { type: 'meta', at, action: 'end', by: judge.by } satisfies MetaEntry, userId: judge.byId, turn: lv.game?.state.turn ?? 0 }] : [];
    this.store.commit({ gameId: lv.row.id, entries, game: { status: 'ended', endedAt: at }, timers: [] });
    for (const t of lv.timers) this.clock.cancel(t);
    lv.timers = [];
    lv.row = this.store.game(lv.row.id)!;
    this.games.delete(lv.row.id);
    await this.settleRequests(lv, []);
    const s = lv.game?.state;
    const win = s?.winner?.length ? list(s.winner.map((c) => cn(lv.map, c, lg)), lg) : null;
    const lines = [judge
      ? T(lg, `🏁 裁判${judge.by}结束了游戏（R13）。`, `🏁 Judge ${judge.by} ended the game (R13).`)
      : T(lg, '🏁 游戏结束！', '🏁 The game is over!')];
    if (win) lines.push(T(lg, `胜者：${win}`, `Winner: ${win}`));
    if (s) {
      const ranking = Object.keys(s.countries).filter((c) => s.countries[c]!.player).sort((a, b) => s.countries[b]!.score - s.countries[a]!.score || a.localeCompare(b));
      lines.push(T(lg, '最终分数：', 'Final scores:'), ...ranking.map((c, i) => `${i + 1}. ${cn(lv.map, c, lg)} ${s.countries[c]!.score}`));
    }
    await this.post(lv.row.channelId, { text: lines.join('\n') });
    if (s) {
      const map = lv.map;
      this.bg((async () => {
        const imgs = await this.pictures(map, s, lg, { scores: true }, lv.live.renderTimeoutMs);
        try { imgs.push({ name: 'score-chart.png', png: await scoreChartPng(map, s, lg) }); } catch (e) { this.logError('chart failed', e); }
        if (imgs.length) await this.post(lv.row.channelId, { text: T(lg, '最终分数表与分数走势', 'Final table and score chart'), images: imgs });
      })());
      if (lv.row.statusMessageId) await this.edit(lv.row.channelId, lv.row.statusMessageId, { text: statusText(lv.map, s, lg) + (s.status === 'running' ? T(lg, '\n（已由裁判结束）', '\n(ended by the judge)') : '') });
    }
  }

  private async judgeMeta(channelId: string, by: UserRef, action: string, detail: Record<string, unknown>, apply: (lv: Live, lg: Lang) => Result<Partial<Batch>> | Promise<Result<Partial<Batch>>>): Promise<Result> {
    const lv = this.liveIn(channelId);
    if (!lv) return this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<null>('NOT_JUDGE', T(lg, '只有裁判可以这样做（R13）', 'only a judge may do this (R13)'));
      const r = await apply(lv, lg);
      if (!r.ok) return r;
      const at = this.clock.now();
      const meta: MetaEntry = { type: 'meta', at, action, by: by.name, detail };
      try {
        this.store.commit({ gameId: lv.row.id, ...r.value, entries: [...(r.value.entries ?? []), { at, entry: meta, userId: by.id, turn: lv.game?.state.turn ?? 0 }] });
      } catch (e) {
        return this.writeFailure<null>(e, lg, `judge action ${action} in game ${lv.row.id}`, ['没有做任何改动', 'nothing was changed']);
      }
      lv.row = this.store.game(lv.row.id)!;
      await this.post(channelId, { text: `⚖️ ${r.text}` });
      return okr(null, r.text);
    });
  }

  /** House rules before the start (rules.md preamble): a judge changes the game's settings while it is open. */
  updateSettings(channelId: string, by: UserRef, patch: Record<string, unknown>): Promise<Result> {
    return this.judgeMeta(channelId, by, 'settings', { patch }, (lv, lg) => {
      if (lv.row.status !== 'open') return fail('ALREADY_STARTED', T(lg, '游戏已经开始：请用【规则】修改规则（R13）', 'the game has started: change rules with 【规则】 (R13)'));
      const merged = mergeSettings(mergeSettings(defaultSettings(), lv.row.settings).ok ? (mergeSettings(defaultSettings(), lv.row.settings) as { settings: Settings }).settings : defaultSettings(), patch);
      if (!merged.ok) return fail('BAD_SETTINGS', T(lg, `设置${merged.key}不合法：${merged.reason}`, `bad setting ${merged.key}: ${merged.reason}`));
      const shown = Object.entries(patch).map(([k, v]) => `${k}=${String(v)}`).join(' ');
      return okr({ game: { settings: merged.settings } }, T(lg, `${by.name}修改了规则设置：${shown}`, `${by.name} changed the settings: ${shown}`));
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

  async replacePlayer(channelId: string, by: UserRef, country: string, user: UserRef): Promise<Result> {
    let revive: string | null = null;
    const name = cleanName(user.name ?? '');
    const r = await this.judgeMeta(channelId, by, 'replacePlayer', { country, user: user.id, name }, (lv, lg) => {
      const id = lv.map.countryByName.get(normalizeName(country));
      const players = this.store.players(lv.row.id);
      const cur = players.find((p) => p.country === id);
      // A country in civil disorder (its player removed, R3.2) may be given a new player too.
      const orphan = !!id && !cur && lv.game?.state.countries[id]?.alive === true && lv.game.state.countries[id]!.player === false;
      if (!id || (!cur && !orphan)) return fail('UNKNOWN_COUNTRY', T(lg, `没有玩家扮演"${country}"`, `nobody plays "${country}"`));
      if (players.some((p) => p.userId === user.id)) return fail('ALREADY_JOINED', T(lg, `${name || user.id}已经在这局游戏里了`, `${name || user.id} already plays in this game`));
      // The player being replaced leaves, so the newcomer may carry the same name.
      const clash = this.nameProblem<Partial<Batch>>(lv, name, players.filter((p) => p.country !== id), lg);
      if (clash) return clash;
      if (orphan) revive = id;
      const was = cur ? cur.name : T(lg, '（托管）', '(no player)');
      return okr({ players: { set: [{ country: id, userId: user.id, name, joinedAt: this.clock.now() }] } },
        T(lg, `裁判${by.name}将${cn(lv.map, id, lg)}的玩家由${was}换为${name}（R13）`, `Judge ${by.name} replaced ${was} with ${name} as ${cn(lv.map, id, lg)} (R13)`));
    });
    const lv = this.liveIn(channelId);
    if (r.ok && revive && lv?.game) {
      const id = revive;
      await this.locked(lv.row.id, () => this.applyAndAnswer(lv, [{
        type: 'command', at: this.clock.now(), speaker: { kind: 'judge', name: by.name }, command: { kind: 'control', country: id, player: true }, user: by.id,
      }], { userId: by.id, messageId: null, public: true, deliver: false }));
    }
    return r;
  }

  /**
   * R13 remove a player: in a running game its country goes into civil disorder (the judge's 【托管】: it stays,
   * counts as committed and is never late, R3.2); the judge may later make it 【退出】 or give it a new player.
   */
  async removePlayer(channelId: string, by: UserRef, country: string): Promise<Result> {
    const lv = this.liveIn(channelId);
    if (!lv) return this.missing(channelId, 'no game in this channel / 本频道没有游戏');
    return this.locked(lv.row.id, async () => {
      const lg = this.lang(lv);
      if (!this.isJudge(lv.row, by)) return fail<null>('NOT_JUDGE', T(lg, '只有裁判可以移除玩家（R13）', 'only a judge may remove a player (R13)'));
      const id = lv.map.countryByName.get(normalizeName(country));
      if (!id || !this.store.players(lv.row.id).some((p) => p.country === id)) return fail<null>('UNKNOWN_COUNTRY', T(lg, `没有玩家扮演"${country}"`, `nobody plays "${country}"`));
      const at = this.clock.now();
      const text = T(lg, `裁判${by.name}移除了${cn(lv.map, id, lg)}的玩家（R13）`, `Judge ${by.name} removed the player of ${cn(lv.map, id, lg)} (R13)`);
      const meta: MetaEntry = { type: 'meta', at, action: 'removePlayer', by: by.name, detail: { country: id } };
      try {
        this.store.commit({ gameId: lv.row.id, players: { remove: [id] }, entries: [{ at, entry: meta, userId: by.id, turn: lv.game?.state.turn ?? 0 }] });
      } catch (e) {
        return this.writeFailure<null>(e, lg, `removing a player in game ${lv.row.id}`, ['玩家没有被移除', 'the player was not removed']);
      }
      await this.post(channelId, { text: `⚖️ ${text}` });
      if (lv.row.status === 'running' && lv.game) {
        const r = await this.applyAndAnswer(lv, [{
          type: 'command', at, speaker: { kind: 'judge', name: by.name }, command: { kind: 'control', country: id, player: false }, user: by.id,
        }], { userId: by.id, messageId: null, public: true, deliver: false });
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
      this.logError(`message ${inc.messageId} in ${inc.channelId} failed`, e);
      const text = isReadOnlyError(e) ? '存储是只读的，命令没有执行 / the storage is read-only; the command was not carried out'
        : '内部错误，命令没有执行；请稍后再试 / internal error; the command was not carried out, please try again later';
      return refusal(isReadOnlyError(e) ? 'STORAGE_READ_ONLY' : 'INTERNAL_ERROR', text);
    }
  }

  private async handleMessageIn(inc: Incoming): Promise<Reply> {
    const seen = this.store.handled(inc.messageId) as Reply | null;
    if (seen) return { ...seen, duplicate: true };
    const lv = this.gameFor(inc);
    if (!lv) {
      const broken = inc.private ? null : this.brokenIn(inc.channelId);
      if (broken) return LOOKS_LIKE_COMMAND.test(inc.text) ? this.answerBroken(inc, broken) : { handled: false, ok: true, text: '', private: false, items: [] };
      const ended = inc.private ? null : this.archived(inc.channelId);
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

  private async answerArchived(inc: Incoming, g: { row: GameRow; map: GameMap; game: Game | null }): Promise<Reply> {
    const lg = this.info(g).language;
    const parsed = entriesFromText(g.map, inc.text, { kind: 'judge' }, this.clock.now(), lg);
    if (!parsed.length) return { handled: false, ok: true, text: '', private: false, items: [] };
    const text = T(lg, '这局游戏已经结束并存档（只读）；可以用 /history 查看历史', 'this game has ended and is archived (read-only); see /history');
    const reply = refusal('GAME_NOT_RUNNING', text);
    if (inc.deliver !== false) await this.privately(inc.channelId, inc.userId, { text });
    return reply;
  }

  private async handleIn(lv: Live, inc: Incoming): Promise<Reply> {
    const seen = this.store.handled(inc.messageId) as Reply | null;
    if (seen) return { ...seen, duplicate: true };
    const lg = this.lang(lv);
    const now = this.clock.now();
    const country = this.countryOfUser(lv.row, inc.userId);
    const judge = this.isJudge(lv.row, { id: inc.userId, ...(inc.isModerator !== undefined ? { isModerator: inc.isModerator } : {}) });
    const baseSpeaker: Speaker = country ? { kind: 'country', id: country } : { kind: 'judge', name: inc.userName };
    const parsed = entriesFromText(lv.map, inc.text, baseSpeaker, now, lg, undefined, lv.game?.state.settings);
    if (!parsed.length) return { handled: false, ok: true, text: '', private: false, items: [] };
    const channel = lv.row.channelId;

    /** An answer only the speaker sees, recorded so a resent message gets it again (a failed record loses only that). */
    const answer = async (reply: Reply): Promise<Reply> => {
      try {
        this.store.commit({ gameId: lv.row.id, handled: { messageId: inc.messageId, at: now, reply } });
      } catch (e) {
        this.logError(`recording the answer to ${inc.messageId} failed`, e);
      }
      if (inc.deliver !== false) await this.privately(channel, inc.userId, { text: reply.text });
      return reply;
    };
    const refuse = (code: string, text: string): Promise<Reply> => answer(refusal(code, text));

    if (lv.row.status === 'open' || !lv.game) {
      // In the lobby 【帮助】 is answered (anyone may read how to play); every real command waits for the start.
      if (parsed.every((e) => e.type === 'command' && e.command.kind === 'query' && e.command.what === 'help')) {
        const text = helpText(lg, lv.map);
        return answer({ handled: true, ok: true, text, private: true, items: [{ ok: true, text, private: true }] });
      }
      return refuse('NOT_STARTED', T(lg, '游戏还没有开始；用 /join 加入，裁判用 /start 开始', 'the game has not started yet; /join to play, and a judge starts it with /start'));
    }
    if (!country && !judge) {
      // Spectators may look (map, scores, help) but not act.
      const looks = parsed.every((e) => e.type === 'command' && e.command.kind === 'query' && (e.command.what === 'map' || e.command.what === 'scores' || e.command.what === 'help'));
      if (looks && lv.game) return this.spectatorLook(lv, inc, parsed);
      return refuse('SPECTATOR', T(lg, '你是观众，可以观看但不能下命令；想参加请等下一局或请裁判替换玩家', 'you are watching this game: spectators may look but not act; ask a judge to take over a country'));
    }
    const entries: LogEntry[] = parsed.map((e) => {
      const withUser = { ...e, user: inc.userId };
      if (e.type === 'command' && judge && isJudgeCommand(e.command.kind)) return { ...withUser, speaker: { kind: 'judge', name: inc.userName } };
      return withUser;
    });
    return this.applyAndAnswer(lv, entries, { userId: inc.userId, messageId: inc.messageId, public: !inc.private, deliver: inc.deliver !== false });
  }

  private async spectatorLook(lv: Live, inc: Incoming, parsed: LogEntry[]): Promise<Reply> {
    const s = lv.game!.state;
    const lg = s.settings.language;
    const { keep, notes, refused } = this.screenPictures(lv, inc.userId, parsed, true);
    const items: ReplyItem[] = [];
    const which: Pictures = {};
    for (const e of keep) {
      if (e.type !== 'command' || e.command.kind !== 'query') continue;
      if (e.command.what === 'help') items.push({ ok: true, text: helpText(lg, lv.map), private: true });
      else {
        items.push({ ok: true, text: (e.command.what === 'map' ? T(lg, '地图', 'Map') : T(lg, '分数表', 'Score table')) + (notes.get(e) ?? ''), private: true });
        if (e.command.what === 'scores') which.scores = true;
        else Object.assign(which, { map: true }, e.command.region ? { region: e.command.region } : {});
      }
    }
    items.push(...refused);
    const text = items.map((i) => (i.ok ? i.text : `✗ ${i.text}`)).join('\n');
    const code = refused[0]?.code;
    const reply: Reply = { handled: true, ok: !code, ...(code ? { code } : {}), text, private: true, items };
    this.store.commit({ gameId: lv.row.id, handled: { messageId: inc.messageId, at: this.clock.now(), reply } });
    // A spectator's pictures come to the spectator alone, drawn outside the game's lock.
    this.deliverPictures(lv, inc.userId, this.askPictures(lv, s, inc.userId, which), which, { privately: true, deliver: inc.deliver !== false }, reply);
    if (inc.deliver !== false) await this.privately(lv.row.channelId, inc.userId, { text });
    return reply;
  }

  /**
   * A message's picture queries before they reach the engine (issue 11 item 1): the first 【地图】 and the first
   * 【分数】 stay and repeats fold into a note on them; each picture takes one of the user's tokens and the
   * message's pictures need room in the render line. A refused picture is answered without a log row or a render.
   */
  private screenPictures(lv: Live, userId: string, entries: LogEntry[], privately: boolean): { keep: LogEntry[]; notes: Map<LogEntry, string>; refused: ReplyItem[] } {
    const lg = this.lang(lv);
    const keep: LogEntry[] = [];
    const first = new Map<'map' | 'scores', LogEntry>();
    const repeats = { map: 0, scores: 0 };
    const refused: ReplyItem[] = [];
    for (const e of entries) {
      const what = pictureQuery(e);
      if (!what) {
        keep.push(e);
        continue;
      }
      // After a refusal the message's other pictures would be refused for the same reason: one answer is enough.
      if (first.has(what) || refused.length) {
        repeats[what]++;
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
    const notes = new Map<LogEntry, string>();
    for (const [what, e] of first) {
      if (repeats[what]) notes.set(e, what === 'map' ? T(lg, '（同一条消息里只发一张地图）', ' (one map per message)') : T(lg, '（同一条消息里只发一张分数表）', ' (one score table per message)'));
    }
    return { keep, notes, refused };
  }

  /** Why a picture query of `userId` cannot be drawn now (the render line is full, or the user asks too often), or null. */
  private pictureRefusal(lv: Live, userId: string, lg: Lang): { code: string; text: string } | null {
    if (!this.renderer) return null;
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
    if (src.messageId) this.store.commit({ gameId: lv.row.id, handled: { messageId: src.messageId, at: this.clock.now(), reply } });
    if (src.userId && src.deliver !== false) await this.privately(lv.row.channelId, src.userId, { text });
    return reply;
  }

  /**
   * Puts the pictures a message asked for in the render line, drawn from `state` as it is now (copied only
   * once the line has taken them). Called in the same synchronous run as screenPictures, so the room it saw
   * is still there.
   */
  private askPictures(lv: Live, state: GameState, userId: string, which: Pictures): Promise<OutImage[]> | null {
    if (!this.renderer || !(which.map || which.scores)) return null;
    const lg = state.settings.language;
    const map = lv.map;
    const job = this.renders.query(userId, () => {
      const frozen = structuredClone(state);
      return (left) => this.draw(map, frozen, lg, which, left);
    }, lv.live.renderTimeoutMs);
    return job ? job.then((v) => v ?? []) : null;
  }

  /**
   * Delivers a query's pictures when drawn: in the Reply when the adapter answers (deliver:false;
   * handleMessage waits for them after the game's lock), privately for a query that came privately, else in
   * the channel.
   */
  private deliverPictures(lv: Live, userId: string, images: Promise<OutImage[]> | null, which: Pictures, to: { privately: boolean; deliver: boolean }, reply: Reply): void {
    if (!images) return;
    if (!to.deliver) {
      this.pictureWaits.set(reply, images);
      return;
    }
    const lg = this.lang(lv);
    const channel = lv.row.channelId;
    const caption = [which.map ? T(lg, '地图', 'Map') : '', which.scores ? T(lg, '分数表', 'Score table') : ''].filter(Boolean).join(' · ');
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
  private async applyAndAnswer(lv: Live, entries: LogEntry[], src: { userId: string | null; messageId: string | null; public: boolean; deliver?: boolean }): Promise<Reply> {
    const g = lv.game!;
    const lg = g.state.settings.language;
    const channel = lv.row.channelId;
    const startSeq = this.store.lastSeq(lv.row.id);
    const items: ReplyItem[] = [];
    const resolved: Step['resolved'] = [];
    const snapshots: NonNullable<Batch['snapshots']> = [];
    const batchEntries: NonNullable<Batch['entries']> = [];
    let undoneFrom: number | undefined;
    let undoSeq: number | undefined;
    /** Answers and lapses of requests: which posted requests lose their buttons, and how they ended. */
    const requestEvents: GameEvent[] = [];
    const requestOf = new Map<OutMessage, number>();
    const wasEnded = g.state.status === 'ended';
    // A person's 【地图】【分数】 are screened before anything is applied: repeats fold, a flood is refused unlogged.
    const pics = src.userId ? this.screenPictures(lv, src.userId, entries, !src.public) : null;
    if (pics) entries = pics.keep;
    if (pics?.refused.length && !entries.length) return this.refusePictures(lv, pics.refused, src);
    const which: Pictures = {};

    /** Public posts in order: plain answers, and requests with their Accept/Reject buttons. */
    const posts: OutMessage[] = [];
    entries.forEach((e, i) => {
      const turn = g.state.turn;
      const step = applyEntry(g, e);
      batchEntries.push({ at: e.at, entry: e, userId: src.userId, messageId: src.messageId, part: i, turn });
      if (step.resolved.length) {
        resolved.push(...step.resolved);
        for (const r of step.resolved) requestEvents.push(...r.events);
        faultPoint('mid-resolution');
        snapshots.push({ seq: startSeq + i + 1, turn: g.state.turn, at: e.at, game: snapshotOf(g) });
      }
      if (e.type === 'tick' || !step.outcome) return;
      const o = step.outcome;
      if (o.ok && e.type === 'command' && e.command.kind === 'query' && pictureQuery(e)) {
        // Item 29: a picture asked for privately (a DM, an ephemeral slash command) or answered by the adapter
        // (deliver:false) is not announced in the channel; one typed in the channel is, as before.
        const text = o.message + (pics?.notes.get(e) ?? '');
        items.push({ ok: true, text, private: !src.public });
        if (src.public && src.deliver !== false) posts.push({ text });
        if (e.command.what === 'scores') which.scores = true;
        else Object.assign(which, { map: true }, e.command.region ? { region: e.command.region } : {});
        return;
      }
      const priv = isPrivateEntry(e) || (e.type === 'command' && o.ok && o.private);
      if (o.ok) {
        items.push({ ok: true, text: o.message, private: priv });
        requestEvents.push(...o.events);
        const req = o.events.find((ev): ev is Extract<GameEvent, { type: 'request' }> => ev.type === 'request');
        if (req) {
          const m: OutMessage = { text: o.message, buttons: this.requestButtons(req.id, lg) };
          posts.push(m);
          requestOf.set(m, req.id);
        } else if (!priv) posts.push({ text: o.message });
        if (e.type === 'command' && e.command.kind === 'undo') {
          undoneFrom = g.state.turn;
          undoSeq = startSeq + i + 1;
          snapshots.push({ seq: startSeq + i + 1, turn: g.state.turn, at: e.at, game: snapshotOf(g) });
        }
      } else {
        items.push({ ok: false, code: o.code, text: o.message, private: priv });
        // A refusal is the speaker's business: public only when the speaker spoke publicly and deliver is on.
        if (!priv && src.deliver !== false && src.userId) posts.push({ text: `✗ ${o.message}` });
      }
    });
    if (pics) items.push(...pics.refused);

    const ok = items.length === 0 || items.every((x) => x.ok);
    const anyPrivate = items.some((x) => x.private);
    const reply: Reply = {
      handled: true, ok, text: items.map((x) => (x.ok ? x.text : `✗ ${x.text}`)).join('\n'), private: anyPrivate, items,
      ...(items.find((x) => !x.ok)?.code ? { code: items.find((x) => !x.ok)!.code! } : {}),
      ...(anyPrivate && src.public && src.messageId ? { deleteOriginal: true } : {}),
    };
    try {
      this.store.commit({
        gameId: lv.row.id, entries: batchEntries, snapshots,
        ...(undoneFrom !== undefined ? { undoneFromTurn: undoneFrom, undoneBeforeSeq: undoSeq! } : {}),
        ...(src.messageId ? { handled: { messageId: src.messageId, at: this.clock.now(), reply } } : {}),
        timers: this.timerRows(lv, g.state),
      });
    } catch (e) {
      // Memory must not run ahead of the disk: the game goes back to what the store holds.
      const r = this.writeFailure<null>(e, lg, `the write for game ${lv.row.id}`, ['命令没有记录', 'the command was not recorded']);
      try {
        lv.game = rebuildGame(this.store, lv.row.id, lv.map).game;
      } catch (e2) {
        this.markBroken(lv.row, e2);
      }
      const failed = r.ok ? refusal('INTERNAL_ERROR', '') : refusal(r.code, r.text);
      if (src.userId && src.deliver !== false) await this.privately(channel, src.userId, { text: failed.text });
      return failed;
    }
    faultPoint('before-ack');
    this.heartbeat();
    const drawing = src.userId ? this.askPictures(lv, g.state, src.userId, which) : null;

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
      if (request !== undefined && id) this.rememberRequest(lv, request, id, m.text);
    }
    await this.settleRequests(lv, requestEvents);
    // A refused picture of a public message is the asker's business: told privately, never in the channel.
    const told = pics?.refused.filter((x) => !x.private) ?? [];
    if (told.length && src.userId && src.deliver !== false) await this.privately(channel, src.userId, { text: told.map((x) => `✗ ${x.text}`).join('\n') });
    if (src.userId) this.deliverPictures(lv, src.userId, drawing, which, { privately: !src.public, deliver: src.deliver !== false }, reply);
    await this.afterChange(lv, resolved, wasEnded, undoneFrom !== undefined);
    return reply;
  }

  private requestButtons(id: number, lg: Lang): OutButton[] {
    return [
      { id: `req:${id}:accept`, label: T(lg, '同意', 'Accept'), style: 'primary' },
      { id: `req:${id}:reject`, label: T(lg, '拒绝', 'Reject'), style: 'danger' },
    ];
  }

  /** After any applied entry: turn posts for resolutions (or the reopened turn after 【撤回】), the status message, timers, the end. */
  private async afterChange(lv: Live, resolved: Step['resolved'], wasEnded: boolean, reopened = false): Promise<void> {
    const g = lv.game!;
    const lg = g.state.settings.language;
    for (const r of resolved) await this.postTurn(lv, r.turn, r.events);
    if (resolved.length && g.state.status === 'running') {
      await this.post(lv.row.channelId, { text: T(lg, `▶ 第${g.state.turn}回合开始，截止 ${rel(g.state.clock.deadlineAt)}`, `▶ Turn ${g.state.turn} opens, deadline ${rel(g.state.clock.deadlineAt)}`) });
      this.postPictures(lv, g.state, { map: true, scores: true });
    } else if (reopened && g.state.status === 'running') {
      // The last map and table in the channel show the undone resolution: the restored turn replaces them.
      await this.post(lv.row.channelId, { text: T(lg, `↩ 第${g.state.turn}回合重新开始（撤回后的局面），截止 ${rel(g.state.clock.deadlineAt)}`, `↩ Turn ${g.state.turn} opens again (as before the undone resolution), deadline ${rel(g.state.clock.deadlineAt)}`) });
      this.postPictures(lv, g.state, { map: true, scores: true });
    }
    await this.updateStatus(lv);
    if (!wasEnded && g.state.status === 'ended') await this.archive(lv, null).catch((e: unknown) => this.logError(`archiving game ${lv.row.id} failed`, e));
    else this.reschedule(lv);
  }

  private async postTurn(lv: Live, turn: number, events: GameEvent[]): Promise<void> {
    await this.post(lv.row.channelId, { text: turnSummary(lv.map, turn, events, lv.game!.state.settings.language) });
  }

  /** Pictures never hold up command handling: rendered in the background, posted when ready. */
  private postPictures(lv: Live, state: GameState, which: { map?: boolean; scores?: boolean; region?: string }): void {
    if (!this.renderer) return;
    const frozen = structuredClone(state);
    this.bg((async () => {
      const imgs = await this.pictures(lv.map, frozen, frozen.settings.language, which, lv.live.renderTimeoutMs);
      if (imgs.length) await this.post(lv.row.channelId, { text: '', images: imgs });
    })());
  }

  private async updateStatus(lv: Live): Promise<void> {
    const s = lv.game?.state;
    if (!s) return;
    const msg = { text: statusText(lv.map, s, s.settings.language) };
    if (lv.row.statusMessageId) {
      // Most commands change nothing the status message shows: edit it only when its text changes.
      if (lv.statusText === msg.text) return;
      lv.statusText = msg.text;
      await this.edit(lv.row.channelId, lv.row.statusMessageId, msg);
      return;
    }
    lv.statusText = msg.text;
    const id = await this.post(lv.row.channelId, msg);
    if (id) {
      lv.row = { ...lv.row, statusMessageId: id };
      try {
        this.store.commit({ gameId: lv.row.id, game: { statusMessageId: id } });
      } catch (e) {
        this.logError(`the status message of game ${lv.row.id} could not be recorded`, e);
      }
    }
  }

  /** Remembers a request's post (in the store, so a restarted bot can still edit it once the request is settled). */
  private rememberRequest(lv: Live, requestId: number, messageId: string, text: string): void {
    try {
      this.store.addRequestPost(lv.row.id, { requestId, messageId, text, turn: lv.game?.state.turn ?? 0 });
    } catch (e) {
      this.logError(`the post of request ${requestId} in game ${lv.row.id} could not be recorded`, e);
    }
  }

  /**
   * Request posts whose request is no longer open are edited: the original text plus how it ended, and no
   * buttons. `events` (answers, R4.3 lapses) say how; a request gone otherwise lapsed (an undone turn, a
   * country gone), and every one still open when the game ends ends with it.
   */
  private async settleRequests(lv: Live, events: GameEvent[]): Promise<void> {
    let open: RequestPostRow[];
    try {
      open = this.store.openRequestPosts(lv.row.id);
    } catch (e) {
      this.logError(`the request posts of game ${lv.row.id} could not be read`, e);
      return;
    }
    if (!open.length) return;
    const s = lv.game?.state;
    const ended = lv.row.status === 'ended' || !s || s.status !== 'running';
    const pending = new Set(ended ? [] : s.pending.map((r) => r.id));
    const how = new Map<number, RequestOutcome>();
    for (const ev of events) {
      if (ev.type === 'answered') how.set(ev.id, ev.answer === 'accept' ? 'accepted' : ev.answer === 'reject' ? 'rejected' : 'countered');
      else if (ev.type === 'lapsed') how.set(ev.id, 'lapsed');
    }
    const lg = this.lang(lv);
    for (const p of open) {
      if (pending.has(p.requestId)) continue;
      let outcome = how.get(p.requestId) ?? (ended ? 'ended' : 'lapsed');
      if (ended && outcome === 'lapsed') outcome = 'ended';
      try {
        this.store.closeRequestPost(lv.row.id, p.messageId, outcome);
      } catch (e) {
        this.logError(`the post of request ${p.requestId} in game ${lv.row.id} could not be closed`, e);
        continue;
      }
      const [zh, en] = OUTCOME_TEXT[outcome];
      await this.edit(lv.row.channelId, p.messageId, { text: `${p.text}\n${T(lg, zh, en)}`, buttons: [] });
    }
  }

  async handleButton(press: ButtonPress): Promise<Reply> {
    const seen = this.store.handled(press.interactionId) as Reply | null;
    if (seen) return { ...seen, duplicate: true };
    const lv = this.liveIn(press.channelId);
    const m = /^req:(\d+):(accept|reject)$/.exec(press.buttonId);
    if (!lv && m) {
      const broken = this.brokenIn(press.channelId);
      if (broken) return this.answerBroken(press, broken);
    }
    if (!lv || !lv.game || !m) return { handled: false, ok: true, text: '', private: false, items: [] };
    return this.locked(lv.row.id, async () => {
      const g = lv.game!;
      const lg = g.state.settings.language;
      const id = Number(m[1]);
      const answer = m[2] as 'accept' | 'reject';
      const refuse = async (code: string, text: string): Promise<Reply> => {
        const reply = refusal(code, text);
        try {
          this.store.commit({ gameId: lv.row.id, handled: { messageId: press.interactionId, at: this.clock.now(), reply } });
        } catch (e) {
          this.logError(`recording the answer to ${press.interactionId} failed`, e);
        }
        if (press.deliver !== false) await this.privately(press.channelId, press.userId, { text });
        return reply;
      };
      const req = g.state.pending.find((r) => r.id === id);
      if (!req) return refuse('NO_SUCH_REQUEST', T(lg, '这个请求已经回答过或已失效', 'this request has been answered or has lapsed'));
      const country = this.countryOfUser(lv.row, press.userId);
      if (country !== req.to) return refuse('NOT_ADDRESSED', T(lg, `只有${cn(lv.map, req.to, lg)}的玩家可以回答这个请求`, `only the player of ${cn(lv.map, req.to, lg)} may answer this request`));
      const request = { kind: req.base ?? req.kind, from: req.from, to: req.to } as unknown as Command;
      const entry: LogEntry = { type: 'command', at: this.clock.now(), speaker: { kind: 'country', id: country }, command: { kind: 'answer', answer, request }, user: press.userId, text: `button ${press.buttonId}` };
      return this.applyAndAnswer(lv, [entry], { userId: press.userId, messageId: press.interactionId, public: true, ...(press.deliver !== undefined ? { deliver: press.deliver } : {}) });
    }).catch((e: unknown) => this.faultReply(lv, press, e));
  }

  // ── the turn clock ───────────────────────────────────────────────────────────────────────────────────

  private timerRows(lv: Live, s: GameState): TimerRow[] {
    const t = reminderTimes(s, lv.live);
    if (!t) return [];
    return [
      { kind: 'deadline', at: t.deadline, turn: t.turn },
      { kind: 'hardClose', at: t.hardClose, turn: t.turn },
      ...t.reminders.map((r) => ({ kind: r.kind, at: r.at, turn: t.turn })),
    ];
  }

  private reschedule(lv: Live): void {
    for (const t of lv.timers) this.clock.cancel(t);
    lv.timers = [];
    const s = lv.game?.state;
    if (!s || lv.row.status !== 'running') return;
    const times = reminderTimes(s, lv.live);
    if (!times) return;
    const now = this.clock.now();
    const id = lv.row.id;
    for (const r of times.reminders) {
      if (r.at <= now) continue;
      const sec = Number(r.kind.split(':')[1]);
      lv.timers.push(this.clock.at(r.at, () => void this.locked(id, () => this.remind(lv, times.turn, times.deadline, sec))));
    }
    if (times.deadline > now) lv.timers.push(this.clock.at(times.deadline, () => void this.locked(id, () => this.tick(lv, 'deadline'))));
    lv.timers.push(this.clock.at(times.hardClose, () => void this.locked(id, () => this.tick(lv, 'hardClose'))));
  }

  private async remind(lv: Live, turn: number, deadline: number, seconds: number): Promise<void> {
    const s = lv.game?.state;
    if (!s || s.status !== 'running' || s.turn !== turn || s.clock.deadlineAt !== deadline || s.clock.pausedAt !== null || lv.row.status !== 'running') return;
    const left = Object.keys(s.countries).filter((c) => s.countries[c]!.alive && s.countries[c]!.player && !s.countries[c]!.committed);
    if (!left.length) return;
    const text = reminderText(lv.map, s, seconds, s.settings.language);
    const late = this.store.players(lv.row.id).filter((p) => left.includes(p.country));
    // The channel post mentions exactly the players who have not committed (<@id>: a ping on Discord, a name on
    // the web page); players who chose reminders by direct message get it there instead of the ping.
    const mentions = late.filter((p) => !this.store.remindByDm(p.userId)).map((p) => `<@${p.userId}>`);
    await this.post(lv.row.channelId, { text: mentions.length ? `${text}\n${mentions.join(' ')}` : text });
    for (const p of late) if (this.store.remindByDm(p.userId)) await this.privately(lv.row.channelId, p.userId, { text });
  }

  /** A player's choice: turn reminders by direct message (true) or as a mention in the channel (false). */
  setReminderDm(user: UserRef, dm: boolean): Result {
    this.store.setRemindByDm(user.id, dm);
    return okr(null, dm ? '之后的回合提醒会私信给你 / reminders will come by direct message'
      : '之后的回合提醒会在频道里提到你 / reminders will mention you in the channel');
  }

  remindsByDm(userId: string): boolean {
    return this.store.remindByDm(userId);
  }

  /** A clock tick: logged like any entry; at the hard close it resolves the turn (the engine decides). */
  private async tick(lv: Live, kind: 'deadline' | 'hardClose'): Promise<void> {
    const g = lv.game;
    if (!g || lv.row.status !== 'running' || g.state.status !== 'running' || !this.games.has(lv.row.id)) return;
    const now = this.clock.now();
    if (kind === 'hardClose' && (g.state.clock.pausedAt !== null || now < g.state.clock.deadlineAt + g.state.settings.graceSeconds * 1000)) {
      this.reschedule(lv);
      return;
    }
    if (kind === 'deadline' && now < g.state.clock.deadlineAt) {
      this.reschedule(lv);
      return;
    }
    await this.applyAndAnswer(lv, [{ type: 'tick', at: now }], { userId: null, messageId: null, public: true });
  }

  /**
   * After a restart: a deadline (or hard close) that passed while the bot was down moves to now + the
   * restart window, by a pause/resume from the judge "clock" — logged, so replay is exact, and announced.
   */
  private async afterRestart(lv: Live, lastAlive: number): Promise<void> {
    const g = lv.game!;
    const now = this.clock.now();
    const shift = restartShift(g.state, now, lastAlive, lv.live);
    if (!shift) { this.reschedule(lv); return; }
    const lg = g.state.settings.language;
    const sp: Speaker = { kind: 'judge', name: 'clock' };
    await this.applyAndAnswer(lv, [
      { type: 'command', at: shift.pauseAt, speaker: sp, command: { kind: 'pause' } },
      { type: 'command', at: now, speaker: sp, command: { kind: 'resume' } },
    ], { userId: null, messageId: null, public: true, deliver: false });
    await this.post(lv.row.channelId, { text: T(lg, `⚠️ 机器人停机期间错过了截止时间。第${g.state.turn}回合截止顺延至 ${rel(g.state.clock.deadlineAt)}——停机不算任何人超时。`,
      `⚠️ The bot was down over the deadline. Turn ${g.state.turn} now closes ${rel(g.state.clock.deadlineAt)} — nobody pays lateness for our outage.`) });
  }

  // ── speaking ─────────────────────────────────────────────────────────────────────────────────────────

  private async post(channelId: string, msg: OutMessage): Promise<string> {
    try {
      return await this.chat.post(channelId, msg);
    } catch (e) {
      this.logError(`post to ${channelId} failed`, e);
      return '';
    }
  }

  private async edit(channelId: string, messageId: string, msg: OutMessage): Promise<void> {
    try {
      await this.chat.edit(channelId, messageId, msg);
    } catch (e) {
      this.logError(`edit in ${channelId} failed`, e);
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

