/**
 * Europe Duel's lobby on the local page (duel.md D10.6): challenge a friend, play a computer opponent, watch, and
 * the seat links `/duel/<gameId>#seat=<token>` that restore a seat in any tab or device.
 *
 * A lobby duel is an ordinary game of the one service, organized by the lobby itself (the `LOBBY` user creates and
 * starts it and is its only judge, so neither player can abort a rated game, D7.6): its seats are taken by rated
 * identities `local:<name>` (seats.ts) and its seat tokens are kept in the meta table beside it. Rated or not is the
 * duel's own D9.2 decision at the start (ratedAtSetup: two people, or a person and the agent, on Europe, default
 * settings); games against the scripted bots are unrated.
 *
 * A duel played on Discord has a page here too (D10.3.2): its [网页] button and `/duel-link` give each player a seat
 * link and anyone else a watch link (SeatBook.grant / grantWatch), and `open` lets such a game's page open with one
 * of those tokens only — a seat plays as that seat's Discord player, a watch token watches, nothing else opens it.
 */
import { LocalIdentities, SeatBook, type GameInfo, type GameServiceApi, type MetaStore, type Result } from '../../session/index.ts';
import type { UserRef } from '../../chat/index.ts';
import type { DuelIdentity, DuelInfo, LobbyView } from './protocol.ts';

/** The duel's game kind. */
export const DUEL_KIND = 'duel';
/** The organizer of lobby duels: creates, seats the computer opponent, starts, withdraws. No page acts as it. */
export const LOBBY: UserRef = { id: 'lobby', name: '对决大厅' };

const fail = <T>(code: string, text: string): Result<T> => ({ ok: false, code, text });
const okr = <T>(value: T, text = ''): Result<T> => ({ ok: true, value, text });
const isBotUser = (userId: string) => userId.startsWith('bot:');

/** What a page holds once a seat link is opened: the seat and the identity that plays it. */
export interface SeatHold { channelId: string; gameId: number; seat: string; userId: string; name: string }

/** What opening a duel's page gives: its channel, the seat held (null: watching), and whether the game is played elsewhere (Discord). */
export interface Opened { channelId: string; hold: SeatHold | null; remote: boolean }

/** The page of a duel played on Discord without a link of its own (duel.md D10.3.2): said without anything of the game. */
export const NEED_LINK_TEXT = '这局欧陆对决在 Discord 上进行，网页只能用你自己的链接打开：请在对局的讨论串里点状态消息上的 [网页] 按钮，或用 /duel-link 取得链接（玩家的链接可以下棋，其他人的链接只能观战）。';
export const REMOTE_BAD_TOKEN_TEXT = '这个对决链接里的密钥不对（可能抄漏了字，或链接已过期）：请在 Discord 里重新点 [网页] 按钮或用 /duel-link 取一条新链接。';

export class DuelLobby {
  readonly seats: SeatBook;
  readonly ids: LocalIdentities;
  private managedIds = new Map<number, boolean>();
  private locks = new Map<number, Promise<unknown>>();
  private offers: { at: number; bots: LobbyView['bots'] } | null = null;

  constructor(private svc: GameServiceApi, private prefix: string, private newChannel: () => string, private now: () => number) {
    const meta: MetaStore = { getMeta: (k) => svc.getMeta!(k), setMeta: (k, v) => svc.setMeta!(k, v) };
    this.seats = new SeatBook(meta);
    this.ids = new LocalIdentities(meta);
  }

  /** Whether this server can hold lobby duels: the service hosts the duel and keeps meta records. */
  available(): boolean {
    return !!this.svc.getMeta && !!this.svc.setMeta && this.svc.kinds().some((k) => k.kind === DUEL_KIND);
  }

  /**
   * A lobby duel (its seats are the lobby's: the page's generic join, leave, start and end do not apply). A duel
   * played on Discord has a seat record too once a link was given (SeatBook.grant), but is no lobby duel.
   */
  async managed(gameId: number): Promise<boolean> {
    const known = this.managedIds.get(gameId);
    if (known !== undefined) return known;
    const rec = await this.seats.get(gameId);
    const m = !!rec && rec.channelId.startsWith(this.prefix);
    this.managedIds.set(gameId, m);
    return m;
  }

  /** Whether a channel is one of this page's own (else the game is played elsewhere: a Discord duel). */
  isLocal(channelId: string): boolean {
    return channelId.startsWith(this.prefix);
  }

  /** A duel by its id, wherever it is played (a Discord duel's page opens only with a link's token: `open`). */
  async gameById(gameId: number): Promise<GameInfo | null> {
    if (!Number.isSafeInteger(gameId) || gameId <= 0) return null;
    return (await this.svc.listGames()).find((g) => g.id === gameId && g.kind === DUEL_KIND) ?? null;
  }

  /** One claim or withdrawal at a time per game (two tabs opening one link at once). */
  private async locked<T>(gameId: number, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(gameId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.locks.set(gameId, tail);
    void tail.then(() => { if (this.locks.get(gameId) === tail) this.locks.delete(gameId); });
    return next;
  }

  /** D9.5: the running duel an identity already plays, if any. */
  private async runningDuelOf(userId: string): Promise<GameInfo | null> {
    return (await this.svc.listGames({ status: ['running'] })).find((g) => g.kind === DUEL_KIND && g.players.some((p) => p.userId === userId)) ?? null;
  }

  private inDuelText(name: string, g: GameInfo): string {
    return `你（local:${name}）已经在一局进行中的欧陆对决里了（第 ${g.id} 局）：一次只能下一局（D9.5）。在大厅的“我的对局”里点“继续”回到那一局，下完或认输后再开新局。`;
  }

  /** Challenges of this identity that nobody took yet: withdrawn when it starts or accepts another duel. */
  private async withdrawOpen(userId: string, except?: number): Promise<void> {
    for (const g of (await this.svc.listGames({ status: ['open'] }))) {
      if (g.id === except || g.kind !== DUEL_KIND || !g.players.some((p) => p.userId === userId)) continue;
      if (await this.managed(g.id)) await this.svc.end(g.channelId, LOBBY);
    }
  }

  /** The settings a page may send (D10.9's keys: numbers and strings only; the duel's rules check ranges). */
  private static settings(raw: unknown): Record<string, unknown> | string {
    const out: Record<string, unknown> = {};
    if (raw === undefined || raw === null) return out;
    if (typeof raw !== 'object') return '设置格式不对';
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (!/^[a-zA-Z]{1,40}$/.test(k)) return `设置 ${k} 无效`;
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[k] = v;
    }
    return out;
  }

  /**
   * D10.6 challenge (`friend`: both seats, the creator as A, the second seat's token returned to send) or a game
   * against a computer opponent (`bot`: started at once). Returns the channel, the game and seat A's token.
   */
  async create(mode: unknown, bot: unknown, identity: DuelIdentity | undefined, rawSettings: unknown): Promise<Result<{ channelId: string; gameId: number; token: string; invite?: string }>> {
    if (mode !== 'friend' && mode !== 'bot') return fail('BAD_MODE', '请选择“挑战好友”或“对战电脑”');
    const settings = DuelLobby.settings(rawSettings);
    if (typeof settings === 'string') return fail('BAD_SETTINGS', settings);
    let botId: string | null = null;
    if (mode === 'bot') {
      const offer = this.botOffers().find((o) => o.id === String(bot ?? ''));
      if (!offer) return fail('UNKNOWN_BOT', `没有“${String(bot ?? '')}”这种电脑对手；可选：${this.botOffers().map((o) => `${o.label}（${o.id}）`).join('、')}`);
      if (!offer.available) return fail('AGENT_UNAVAILABLE', offer.note ?? '这个电脑对手暂时不可用');
      botId = offer.id;
    }
    const id = await this.ids.check(identity?.name, identity?.secret, this.now());
    if (!id.ok) return fail(id.code, id.text);
    const busy = await this.runningDuelOf(id.userId);
    if (busy) return fail('ALREADY_IN_DUEL', this.inDuelText(id.name, busy));
    await this.withdrawOpen(id.userId);
    const ch = this.newChannel();
    // `via`: the first message says the lobby seats the players (no /join, no /start).
    const made = await this.svc.createGame(ch, LOBBY, { game: DUEL_KIND, settings: { ...settings, via: 'lobby' } });
    if (!made.ok) return fail(made.code, made.text);
    const gameId = made.value.id;
    // The tokens exist before anyone can sit: from here on the game's seats are the lobby's.
    const tokens = await this.seats.issue(gameId, ch, mode === 'friend' ? ['A', 'B'] : ['A'], this.now());
    this.managedIds.set(gameId, true);
    const me: UserRef = { id: id.userId, name: id.name };
    const steps: (() => Promise<Result<unknown>>)[] = [() => this.svc.join(ch, me, 'A')];
    if (botId) steps.push(() => this.svc.fillBots(ch, LOBBY, 1, botId!), () => this.svc.start(ch, LOBBY));
    for (const step of steps) {
      const r = await step();
      if (!r.ok) {
        await this.svc.end(ch, LOBBY);
        return fail(r.code, r.text);
      }
    }
    await this.seats.claimed(gameId, 'A', this.now());
    return okr({ channelId: ch, gameId, token: tokens.A!, ...(tokens.B ? { invite: `/duel/${gameId}#seat=${tokens.B}` } : {}) });
  }

  /**
   * A seat link opened: the seat its token opens, taken now by `identity` if nobody has it yet (then the game
   * starts), else restored to whoever holds the token. No token: a spectator (`seat` null).
   *
   * A duel played on Discord (duel.md D10.3.2) opens only with a token its [网页] button or `/duel-link` gave: a
   * seat's plays as that seat's Discord player, a watch token watches; without one, or with a wrong one, it does not
   * open at all (the game may be in a private server: a page must not be a window onto it for whoever counts ids).
   */
  async open(gameId: number, token: unknown, identity: DuelIdentity | undefined): Promise<Result<Opened>> {
    const g0 = await this.gameById(gameId);
    if (g0 && !this.isLocal(g0.channelId)) return this.openRemote(g0, token);
    if (!g0) return fail('NO_GAME', `没有第 ${gameId} 局欧陆对决（链接可能抄错了）。`);
    if (g0.broken) return fail('GAME_BROKEN', `这局对决的数据已损坏，不能打开（${g0.broken}）。`);
    const ch = g0.channelId;
    if (token === undefined || token === null || token === '') return okr({ channelId: ch, hold: null, remote: false });
    return await this.locked(gameId, async () => {
      const seat = await this.seats.verify(gameId, token);
      if (!seat) return fail<Opened>('BAD_TOKEN', '这个对决链接里的席位密钥不对（可能抄漏了字，或对局已换了新链接）：现在以观战身份打开。');
      let g = (await this.svc.gameOf(ch)) ?? g0;
      let p = g.players.find((x) => x.country === seat);
      if (!p) {
        if (g.status !== 'open') return fail<Opened>('CHALLENGE_CLOSED', '这局挑战已经撤回或结束了，不能再加入：请对方重新发起挑战。现在以观战身份打开。');
        const id = await this.ids.check(identity?.name, identity?.secret, this.now());
        if (!id.ok) return fail<Opened>(id.code, id.text);
        if (g.players.some((x) => x.userId === id.userId)) {
          return fail<Opened>('SAME_PLAYER', `这是发给对手的链接，而你（local:${id.name}）已经坐在这局的另一边了：请把链接发给朋友。`);
        }
        const busy = await this.runningDuelOf(id.userId);
        if (busy) return fail<Opened>('ALREADY_IN_DUEL', this.inDuelText(id.name, busy));
        await this.withdrawOpen(id.userId, gameId);
        const j = await this.svc.join(ch, { id: id.userId, name: id.name }, seat);
        if (!j.ok) return fail<Opened>(j.code, j.text);
        await this.seats.claimed(gameId, seat, this.now());
        g = (await this.svc.gameOf(ch)) ?? g;
        p = g.players.find((x) => x.country === seat)!;
      }
      // Both seats taken: the lobby starts the game (again after a failure or a restart in between).
      if (g.status === 'open' && g.players.length >= 2) await this.svc.start(ch, LOBBY);
      return okr({ channelId: ch, hold: { channelId: ch, gameId, seat, userId: p.userId, name: p.name }, remote: false });
    });
  }

  /** A Discord duel's page: its seat (played as the seat's Discord player) or watching, by the link's token only. */
  private async openRemote(g: GameInfo, token: unknown): Promise<Result<Opened>> {
    if (token === undefined || token === null || token === '') return fail('NEED_LINK', NEED_LINK_TEXT);
    const access = await this.seats.access(g.id, token);
    if (!access) return fail('BAD_TOKEN', REMOTE_BAD_TOKEN_TEXT);
    if (g.broken) return fail('GAME_BROKEN', `这局对决的数据已损坏，不能打开（${g.broken}）。`);
    const ch = g.channelId;
    if (access.kind === 'watch') return okr({ channelId: ch, hold: null, remote: true });
    const p = ((await this.svc.gameOf(ch)) ?? g).players.find((x) => x.country === access.seat);
    if (!p) return fail('BAD_TOKEN', REMOTE_BAD_TOKEN_TEXT);
    return okr({ channelId: ch, hold: { channelId: ch, gameId: g.id, seat: access.seat, userId: p.userId, name: p.name }, remote: true });
  }

  /** The creator takes back a challenge nobody accepted yet (seat A's token). */
  async withdraw(gameId: number, token: unknown): Promise<Result<null>> {
    return await this.locked(gameId, async () => {
      const g = await this.gameById(gameId);
      if (!g || !this.isLocal(g.channelId)) return fail<null>('NO_GAME', `没有第 ${gameId} 局欧陆对决。`);
      if ((await this.seats.verify(gameId, token)) !== 'A') return fail<null>('BAD_TOKEN', '只有发起挑战的人可以撤回。');
      if (g.status !== 'open') return fail<null>('ALREADY_STARTED', '对手已经加入，对决已经开始：不能撤回了（可以认输）。');
      const r = await this.svc.end(g.channelId, LOBBY);
      return r.ok ? okr(null, '挑战已撤回') : fail<null>(r.code, r.text);
    });
  }

  /** The computer opponents on offer (the agent's weights are looked for at most every 30 s). */
  botOffers(): LobbyView['bots'] {
    const now = this.now();
    if (!this.offers || now - this.offers.at > 30_000 || now < this.offers.at) {
      let bots: LobbyView['bots'] = [];
      try { bots = this.svc.botOffers?.(DUEL_KIND, 'zh') ?? []; } catch (e) { console.error('local channel: the duel\'s computer opponents could not be listed:', e); }
      this.offers = { at: now, bots };
    }
    return this.offers.bots;
  }

  /**
   * A rated identity's standing (no secret needed: ratings are public, D9.6); `delta`: what game `gameId` changed.
   * `where`: the channel and user of a player elsewhere (a Discord duel's player is `discord:<userId>`, not a name).
   */
  async rating(name: string, gameId?: number, where?: { channelId: string; userId: string }): Promise<{ rating: number; provisional: boolean; games: number; delta: number | null } | null> {
    const r = where && !this.isLocal(where.channelId)
      ? (await this.svc.ratingCard?.(DUEL_KIND, where.channelId, { id: where.userId, name }))
      : (await this.svc.ratingCard?.(DUEL_KIND, `${this.prefix}lobby`, { id: '', name }));
    if (!r || !r.ok) return null;
    const c = r.value.card;
    const game = gameId === undefined ? undefined : c.recent.find((x) => x.gameId === gameId);
    return { rating: c.rating, provisional: c.provisional, games: c.games, delta: game ? game.delta : null };
  }

  async lobbyView(rawName: unknown): Promise<LobbyView> {
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    const r = name ? (await this.rating(name)) : null;
    return { rating: r ? { name, rating: r.rating, provisional: r.provisional, games: r.games, registered: await this.ids.registered(name) } : null, bots: this.botOffers() };
  }

  /** The sides of a lobby duel as its page shows them (names, computer opponents, ratings, rated). */
  async info(channelId: string, seat: string | null): Promise<DuelInfo | null> {
    const g = (await this.svc.gameOf(channelId));
    if (!g || g.kind !== DUEL_KIND) return null;
    // The public view (D10.8's state JSON without anyone's secrets) says whether the game is rated.
    const st = (await this.svc.seatView(channelId, null)) as { rated?: boolean } | null;
    const sides: DuelInfo['sides'] = {};
    for (const x of ['A', 'B']) {
      const p = g.players.find((q) => q.country === x);
      const bot = p && isBotUser(p.userId) ? p.name : null;
      const r = p && !bot ? (await this.rating(p.name, g.status === 'ended' ? g.id : undefined, { channelId, userId: p.userId })) : null;
      sides[x] = { name: p ? p.name : null, bot, rating: r ? r.rating : null, provisional: r ? r.provisional : true, games: r ? r.games : 0, delta: r ? r.delta : null };
    }
    return { gameId: g.id, channelId, status: g.status, rated: st && typeof st.rated === 'boolean' ? st.rated : null, seat, sides, ...(this.isLocal(channelId) ? {} : { remote: true }) };
  }
}
