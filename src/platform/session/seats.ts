/**
 * Seat tokens and local rated identities (duel.md D10.6), kept beside a game and never in its log or export.
 *
 * - A **seat token** is a secret of 128 random bits (base64url, 22 characters) that is a player's seat in one game:
 *   whoever presents it (the page sends it over the WebSocket; in the link it stands after `#`, which a browser never
 *   sends to the server) plays that seat, from any tab or device. Only its SHA-256 is stored, under the game's id,
 *   so a copy of the database does not hand out seats.
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
  seats: Record<string, { hash: string; claimedAt: number | null }>;
}

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

  /** A new token for one seat of a game that has a record (the old link stops working); null: no such seat. */
  async rotate(gameId: number, seat: string): Promise<string | null> {
    return this.lock.run(seatKey(gameId), async () => {
      const rec = await this.get(gameId);
      if (!rec || !rec.seats[seat]) return null;
      const token = newSecret();
      rec.seats[seat] = { ...rec.seats[seat]!, hash: secretHash(token) };
      await this.meta.setMeta(seatKey(gameId), JSON.stringify(rec));
      return token;
    });
  }

  /** The seat `token` opens in the game, or null (no record, a wrong or malformed token). */
  async verify(gameId: number, token: unknown): Promise<string | null> {
    const rec = await this.get(gameId);
    if (!rec) return null;
    // Every seat is compared, so the time taken does not tell which one came close.
    let found: string | null = null;
    for (const [seat, s] of Object.entries(rec.seats)) if (secretMatches(token, s.hash)) found = seat;
    return found;
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
