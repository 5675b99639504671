/**
 * Seat tokens and local rated identities (duel.md D10.6), kept beside a game and never in its log or export.
 *
 * - A **seat token** is a secret of 128 random bits (base64url, 22 characters) that is a player's seat in one game:
 *   whoever presents it (the page sends it over the WebSocket; in the link it stands after `#`, which a browser never
 *   sends to the server) plays that seat, from any tab or device. Only its SHA-256 is stored, under the game's id,
 *   so a copy of the database does not hand out seats.
 * - A **personal link** to a game played elsewhere (a Discord duel, D10.3.2 [网页] and `/duel-link`): `grant` issues a
 *   fresh token for one seat (its player's) and keeps the last few of that seat valid, so pressing the button again
 *   does not break a tab already open; anyone else gets a **watch token** (`grantWatch`), which only watches. Such a
 *   game's page opens only with one of them (the game may be in a private server).
 * - A **local identity** `local:<name>` (D9.1) is registered at first use with a secret the browser keeps; a
 *   registered name is only used again with its secret. The platform user id of an identity is derived from its
 *   name, so one person is the same player in every game (D9.5's one duel at a time) and rated as `local:<name>`.
 *
 * Both live in the store's meta key/value table (`getMeta`/`setMeta`), which the caller hands in: synchronous
 * (SQLite) or asynchronous (another store), every call is awaited.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { cleanName } from '../chat/index.ts';
import { localIdentity } from '../ratings/index.ts';

/** The store's meta key/value table, as this module uses it. */
export interface MetaStore {
  getMeta(key: string): string | null | Promise<string | null>;
  setMeta(key: string, value: string): void | Promise<void>;
}

/** D10.6: 128 random bits. */
export const SECRET_BYTES = 16;
/** 16 bytes in base64url without padding are 22 characters. */
export const SECRET_RE = /^[A-Za-z0-9_-]{22}$/;

/** A fresh secret: a seat token or an identity's secret. */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** What is stored of a secret. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one `hash` was made from (constant time; a malformed secret is simply wrong). */
export function secretMatches(secret: unknown, hash: string): boolean {
  if (typeof secret !== 'string' || !SECRET_RE.test(secret) || !/^[0-9a-f]{64}$/.test(hash)) return false;
  return timingSafeEqual(Buffer.from(secretHash(secret), 'hex'), Buffer.from(hash, 'hex'));
}

/** One game's seats as stored: each seat's token hash and when a person first took it. */
export interface SeatRecord {
  v: 1;
  gameId: number;
  channelId: string;
  createdAt: number;
  /** `older`: earlier tokens of the seat still valid (grant keeps KEEP_SEAT_TOKENS in all), newest first. */
  seats: Record<string, { hash: string; claimedAt: number | null; older?: string[] }>;
  /** Hashes of the game's watch tokens (grantWatch), newest first, at most KEEP_WATCH_TOKENS. */
  watch?: string[];
}

/** How many tokens of one seat open it at once (the newest and the ones before it): a re-pressed [网页] keeps old tabs. */
export const KEEP_SEAT_TOKENS = 3;
/** How many watch tokens of one game open it at once (each press of a non-player makes one). */
export const KEEP_WATCH_TOKENS = 20;

/** What a token opens in a game: a seat, or the game to watch. */
export type SeatAccess = { kind: 'seat'; seat: string } | { kind: 'watch' };

const seatKey = (gameId: number) => `seats:${gameId}`;

/** Serializes read-modify-write steps per key (two sockets racing for one seat or one name). */
class KeyLock {
  private tails = new Map<string, Promise<unknown>>();
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => { if (this.tails.get(key) === tail) this.tails.delete(key); });
    return next;
  }
}

/** The seat tokens of games, in the meta table. */
export class SeatBook {
  private lock = new KeyLock();
  constructor(private meta: MetaStore) {}

  async get(gameId: number): Promise<SeatRecord | null> {
    const raw = await this.meta.getMeta(seatKey(gameId));
    if (!raw) return null;
    try {
      const r = JSON.parse(raw) as SeatRecord;
      return r && r.v === 1 && r.seats && typeof r.seats === 'object' ? r : null;
    } catch {
      return null;
    }
  }

  /** New tokens for `seats` of a game (any earlier record of the game is replaced); the tokens are returned once, never stored. */
  async issue(gameId: number, channelId: string, seats: readonly string[], at: number): Promise<Record<string, string>> {
    return this.lock.run(seatKey(gameId), async () => {
      const tokens: Record<string, string> = {};
      const rec: SeatRecord = { v: 1, gameId, channelId, createdAt: at, seats: {} };
      for (const s of seats) {
        tokens[s] = newSecret();
        rec.seats[s] = { hash: secretHash(tokens[s]!), claimedAt: null };
      }
      await this.meta.setMeta(seatKey(gameId), JSON.stringify(rec));
      return tokens;
    });
  }

  /** A new token for one seat of a game that has a record (the old links stop working); null: no such seat. */
  async rotate(gameId: number, seat: string): Promise<string | null> {
    return this.lock.run(seatKey(gameId), async () => {
      const rec = await this.get(gameId);
      if (!rec || !rec.seats[seat]) return null;
      const token = newSecret();
      const { older: _gone, ...kept } = rec.seats[seat]!;
      rec.seats[seat] = { ...kept, hash: secretHash(token) };
      await this.meta.setMeta(seatKey(gameId), JSON.stringify(rec));
      return token;
    });
  }

  /**
   * A personal link's token for `seat` of a game played elsewhere (a Discord duel's [网页]): the record is made if the
   * game has none; the seat's earlier tokens stay valid, the last KEEP_SEAT_TOKENS in all, so a tab already open on
   * an earlier link keeps working. The token is returned once, never stored.
   */
  async grant(gameId: number, channelId: string, seat: string, at: number): Promise<string> {
    return this.lock.run(seatKey(gameId), async () => {
      const rec = (await this.get(gameId)) ?? { v: 1, gameId, channelId, createdAt: at, seats: {} };
      const token = newSecret();
      const prev = rec.seats[seat];
      const older = prev ? [prev.hash, ...(prev.older ?? [])].slice(0, KEEP_SEAT_TOKENS - 1) : [];
      rec.seats[seat] = { hash: secretHash(token), claimedAt: prev?.claimedAt ?? at, ...(older.length ? { older } : {}) };
      await this.meta.setMeta(seatKey(gameId), JSON.stringify(rec));
      return token;
    });
  }

  /** A watch token of a game played elsewhere (it opens the game's page to watch, never a seat); the last KEEP_WATCH_TOKENS stay valid. */
  async grantWatch(gameId: number, channelId: string, at: number): Promise<string> {
    return this.lock.run(seatKey(gameId), async () => {
      const rec = (await this.get(gameId)) ?? { v: 1, gameId, channelId, createdAt: at, seats: {} };
      const token = newSecret();
      rec.watch = [secretHash(token), ...(Array.isArray(rec.watch) ? rec.watch : [])].slice(0, KEEP_WATCH_TOKENS);
      await this.meta.setMeta(seatKey(gameId), JSON.stringify(rec));
      return token;
    });
  }

  /** The seat `token` opens in the game, or null (no record, a wrong or malformed token, a watch token). */
  async verify(gameId: number, token: unknown): Promise<string | null> {
    const a = await this.access(gameId, token);
    return a?.kind === 'seat' ? a.seat : null;
  }

  /** What `token` opens in the game: a seat (its current or one of its kept tokens), the game to watch, or nothing. */
  async access(gameId: number, token: unknown): Promise<SeatAccess | null> {
    const rec = await this.get(gameId);
    if (!rec) return null;
    // Every stored hash is compared, so the time taken does not tell which one came close.
    let found: SeatAccess | null = null;
    for (const [seat, s] of Object.entries(rec.seats)) {
      for (const h of [s.hash, ...(Array.isArray(s.older) ? s.older : [])]) if (secretMatches(token, h)) found = { kind: 'seat', seat };
    }
    let watch = false;
    for (const h of Array.isArray(rec.watch) ? rec.watch : []) if (secretMatches(token, h)) watch = true;
    return found ?? (watch ? { kind: 'watch' } : null);
  }

  /**
   * The personal page link of `userId` in a game played elsewhere (D10.3.2 [网页], `/duel-link`):
   * `<base>/<kind>/<id>#seat=<token>` for one of its players (that player's seat), `#watch=<token>` for anyone else.
   * The token stands after `#`, which a browser never sends in an HTTP request.
   */
  async personalLink(base: string, game: { id: number; channelId: string; kind: string; players: readonly { userId: string; country: string }[] }, userId: string, at: number): Promise<{ url: string; seat: string | null }> {
    const seat = game.players.find((p) => p.userId === userId)?.country ?? null;
    const page = `${base.replace(/\/+$/, '')}/${game.kind}/${game.id}`;
    if (seat) return { url: `${page}#seat=${await this.grant(game.id, game.channelId, seat, at)}`, seat };
    return { url: `${page}#watch=${await this.grantWatch(game.id, game.channelId, at)}`, seat: null };
  }

  /** Notes that a person took the seat (the first time only). */
  async claimed(gameId: number, seat: string, at: number): Promise<void> {
    await this.lock.run(seatKey(gameId), async () => {
      const rec = await this.get(gameId);
      const s = rec?.seats[seat];
      if (!rec || !s || s.claimedAt !== null) return;
      s.claimedAt = at;
      await this.meta.setMeta(seatKey(gameId), JSON.stringify(rec));
    });
  }
}

/** A registered local identity as stored. */
interface IdentityRecord { v: 1; name: string; hash: string; at: number }

const identityKey = (name: string) => `identity:${localIdentity(name)}`;

/** The platform user id a local identity plays under: the same in every game, derived from the name alone. */
export function identityUserId(name: string): string {
  return 'lid-' + createHash('sha256').update(localIdentity(cleanName(name)), 'utf8').digest('hex').slice(0, 16);
}

export type IdentityCheck =
  | { ok: true; userId: string; name: string; registered: boolean }
  | { ok: false; code: 'BAD_NAME' | 'BAD_SECRET' | 'IDENTITY_TAKEN'; text: string };

/** D10.6: local rated identities `local:<name>`, each registered at first use with its secret. */
export class LocalIdentities {
  private lock = new KeyLock();
  constructor(private meta: MetaStore) {}

  async registered(name: string): Promise<boolean> {
    const n = cleanName(name);
    return !!n && (await this.meta.getMeta(identityKey(n))) !== null;
  }

  /**
   * The identity of `name` for whoever holds `secret`: a free name is registered to that secret now; a taken one
   * opens only with its own. The refusals say what to do, in Chinese (the page shows them as they are).
   */
  async check(rawName: unknown, secret: unknown, at: number): Promise<IdentityCheck> {
    const name = cleanName(String(rawName ?? ''));
    if (!name) return { ok: false, code: 'BAD_NAME', text: '先起一个名字：排位等级分按名字记（local:名字）。' };
    if (typeof secret !== 'string' || !SECRET_RE.test(secret)) {
      return { ok: false, code: 'BAD_SECRET', text: '这个页面没有发来身份密钥（浏览器的本地存储被禁用或清空了？）。请允许本站使用本地存储后重试。' };
    }
    return this.lock.run(identityKey(name), async () => {
      const raw = await this.meta.getMeta(identityKey(name));
      if (raw === null) {
        const rec: IdentityRecord = { v: 1, name, hash: secretHash(secret), at };
        await this.meta.setMeta(identityKey(name), JSON.stringify(rec));
        return { ok: true, userId: identityUserId(name), name, registered: true };
      }
      let rec: IdentityRecord | null = null;
      try { rec = JSON.parse(raw) as IdentityRecord; } catch { rec = null; }
      if (rec && secretMatches(secret, rec.hash)) return { ok: true, userId: identityUserId(name), name, registered: false };
      return {
        ok: false, code: 'IDENTITY_TAKEN',
        text: `名字“${name}”已经被另一位玩家注册为排位身份（local:${name}），要用它需要它的身份密钥。如果这是你的名字，请在当初用它下棋的浏览器里打开，或在大厅的“在另一台设备上使用同一身份”里粘贴密钥；否则请换一个名字。`,
      };
    });
  }
}
