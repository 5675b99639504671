import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatPort, OutButton, OutMessage } from '../../chat/index.ts';
import { pngSize } from './png.ts';

/** An image of a feed message as the page sees it: served by URL from memory, with its pixel size. */
export interface FeedImage {
  url: string;
  name: string;
  width: number;
  height: number;
  caption?: string;
}

/** One message of a channel's feed: the bot's posts, people's chat, private answers. */
export interface FeedMessage {
  /** Order of creation across the process: clients insert by it. */
  seq: number;
  id: string;
  channelId: string;
  author: { kind: 'bot' } | { kind: 'user'; userId: string; name: string };
  text: string;
  images: FeedImage[];
  buttons: OutButton[];
  /** Only this user sees the message (a private answer, or a private command the author typed). */
  to?: string;
  at: number;
  edited?: boolean;
  /** `<@userId>` mentions in the text with the names to show (filled in by the server). */
  mentions?: Record<string, string>;
  /** A long answer to many orders: how many were accepted and refused (the page folds the rest away). */
  summary?: { accepted: number; refused: number };
}

export type FeedEvent =
  | { kind: 'message'; message: FeedMessage }
  | { kind: 'delete'; channelId: string; id: string; to?: string };

const MAX_FEED = 1000;
const MAX_IMAGES = 400;
const MAX_IMAGE_BYTES = 256 * 1024 * 1024;

/**
 * The local web channel's side of `ChatPort`: keeps each channel's feed and the posted PNGs in memory and
 * tells the server (through `onEvent`) what to push to which sockets.
 */
export class LocalChat implements ChatPort {
  private feeds = new Map<string, FeedMessage[]>();
  private images = new Map<string, Buffer>();
  private imageBytes = 0;
  private seq = 0;
  /** Platform message ids the service knows (Incoming.messageId) → feed ids. */
  private refs = new Map<string, string>();
  private listeners = new Set<(e: FeedEvent) => void>();
  private now: () => number;

  /** Where the feed and its pictures are kept across restarts (null: memory only). */
  private dir: string | null;

  /**
   * `dir`: keep the feeds and pictures there, so a restarted bot shows the channels' history again (the games
   * themselves are in the store): an append-only `feed.jsonl` of message versions and deletions, compacted at
   * load, and `img/<id>.png`.
   */
  constructor(opts: { now?: () => number; dir?: string } = {}) {
    this.now = opts.now ?? Date.now;
    this.dir = opts.dir ?? null;
    if (this.dir) this.load(this.dir);
  }

  private load(dir: string): void {
    mkdirSync(join(dir, 'img'), { recursive: true });
    const file = join(dir, 'feed.jsonl');
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        let rec: { m?: FeedMessage; d?: { channelId: string; id: string } };
        try { rec = JSON.parse(line); } catch { continue; } // a line cut short by a crash
        if (rec.m) {
          const f = this.feed(rec.m.channelId);
          const i = f.findIndex((x) => x.id === rec.m!.id);
          if (i >= 0) f[i] = rec.m;
          else {
            let at = f.length;
            while (at > 0 && f[at - 1]!.seq > rec.m.seq) at--;
            f.splice(at, 0, rec.m);
          }
          this.seq = Math.max(this.seq, rec.m.seq);
        } else if (rec.d) {
          const f = this.feed(rec.d.channelId);
          const i = f.findIndex((x) => x.id === rec.d!.id);
          if (i >= 0) f.splice(i, 1);
        }
      }
    }
    for (const f of this.feeds.values()) if (f.length > MAX_FEED) f.splice(0, f.length - MAX_FEED);
    // Compact: one line per message kept.
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, [...this.feeds.values()].flat().map((m) => JSON.stringify({ m })).join('\n') + '\n');
    renameSync(tmp, file);
    this.onEvent((e) => this.persist(e));
  }

  private persist(e: FeedEvent): void {
    if (!this.dir) return;
    const rec = e.kind === 'message' ? { m: e.message } : { d: { channelId: e.channelId, id: e.id } };
    try {
      appendFileSync(join(this.dir, 'feed.jsonl'), JSON.stringify(rec) + '\n');
    } catch (err) {
      console.error('local channel: the feed could not be saved:', err);
    }
  }

  onEvent(fn: (e: FeedEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(e: FeedEvent): void {
    for (const fn of this.listeners) {
      try { fn(e); } catch (err) { console.error('local channel listener failed:', err); }
    }
  }

  /** The PNG behind `/img/<id>.png`. */
  image(id: string): Buffer | undefined {
    const hit = this.images.get(id);
    if (hit || !this.dir || !/^[0-9a-f]{32}$/.test(id)) return hit;
    const path = join(this.dir, 'img', `${id}.png`);
    return existsSync(path) ? readFileSync(path) : undefined;
  }

  /** Pictures being written to `dir`, by id. */
  private readonly writes = new Map<string, Promise<void>>();

  /** Resolves when every picture handed over so far is on disk (a post's caller waits for its own). */
  async saved(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }

  private storeImages(msg: OutMessage): FeedImage[] {
    const out: FeedImage[] = [];
    for (const img of msg.images ?? []) {
      const size = pngSize(img.png);
      if (!size) continue;
      const id = randomBytes(16).toString('hex');
      this.images.set(id, img.png);
      if (this.dir) {
        // Written off the main thread (issue 11: a turn's map written synchronously stalled every other game's
        // commands for milliseconds); the picture is served from memory meanwhile, and a deletion waits for it.
        const w = writeFile(join(this.dir, 'img', `${id}.png`), img.png)
          .catch((err: unknown) => { console.error('local channel: a picture could not be saved:', err); })
          .finally(() => { if (this.writes.get(id) === w) this.writes.delete(id); });
        this.writes.set(id, w);
      }
      this.imageBytes += img.png.length;
      out.push({ url: `/img/${id}.png`, name: img.name, width: size.width, height: size.height, ...(img.caption ? { caption: img.caption } : {}) });
    }
    // Oldest pictures go first; their feed entries then show a broken image, which the page hides.
    while (this.images.size > MAX_IMAGES || this.imageBytes > MAX_IMAGE_BYTES) {
      const first = this.images.keys().next();
      if (first.done) break;
      this.imageBytes -= this.images.get(first.value)!.length;
      this.images.delete(first.value);
      if (this.dir) {
        const path = join(this.dir, 'img', `${first.value}.png`);
        void (this.writes.get(first.value) ?? Promise.resolve()).then(() => rm(path, { force: true })).catch(() => undefined);
      }
    }
    return out;
  }

  private feed(channelId: string): FeedMessage[] {
    let f = this.feeds.get(channelId);
    if (!f) { f = []; this.feeds.set(channelId, f); }
    return f;
  }

  /** 4 random bytes as hex, cut from a pool drawn 4 KB at a time (one system call per 1,024 messages, not per message). */
  private randomHex4(): string {
    if (this.pool.length - this.poolAt < 4) { this.pool = randomBytes(4096); this.poolAt = 0; }
    this.poolAt += 4;
    return this.pool.toString('hex', this.poolAt - 4, this.poolAt);
  }

  private pool = Buffer.alloc(0);
  private poolAt = 0;

  /** Appends a message (bot or person) and announces it. */
  add(channelId: string, author: FeedMessage['author'], msg: OutMessage, to?: string, opts: { ref?: string; id?: string } = {}): FeedMessage {
    const m: FeedMessage = {
      seq: ++this.seq,
      id: opts.id ?? `m${this.seq}-${this.randomHex4()}`,
      channelId,
      author,
      text: String(msg.text ?? ''),
      images: this.storeImages(msg),
      buttons: (msg.buttons ?? []).map((b) => ({ id: String(b.id), label: String(b.label), ...(b.style ? { style: b.style } : {}) })),
      at: this.now(),
      ...(to !== undefined ? { to } : {}),
    };
    const f = this.feed(channelId);
    f.push(m);
    if (opts.ref) {
      this.refs.set(opts.ref, m.id);
      if (this.refs.size > 20000) this.refs.delete(this.refs.keys().next().value!);
    }
    if (f.length > MAX_FEED) f.splice(0, f.length - MAX_FEED);
    this.emit({ kind: 'message', message: m });
    return m;
  }

  /** Changes who sees a message (a held chat line made public, or kept private) and announces it. */
  reveal(channelId: string, id: string, to: string | undefined): FeedMessage | null {
    const m = this.feed(channelId).find((x) => x.id === id);
    if (!m) return null;
    if (to === undefined) delete m.to; else m.to = to;
    this.emit({ kind: 'message', message: m });
    return m;
  }

  /** Marks a message as a long answer with its counts, and announces it. */
  summarize(channelId: string, id: string, summary: { accepted: number; refused: number }): void {
    const m = this.feed(channelId).find((x) => x.id === id);
    if (!m) return;
    m.summary = summary;
    this.emit({ kind: 'message', message: m });
  }

  /** Messages `userId` may see, oldest first. */
  history(channelId: string, userId: string): FeedMessage[] {
    return this.feed(channelId).filter((m) => m.to === undefined || m.to === userId);
  }

  has(channelId: string): boolean {
    return this.feeds.has(channelId);
  }

  async post(channelId: string, msg: OutMessage): Promise<string> {
    const id = this.add(channelId, { kind: 'bot' }, msg).id;
    if (msg.images?.length) await this.saved();
    return id;
  }

  async edit(channelId: string, messageId: string, msg: OutMessage): Promise<void> {
    const m = this.feed(channelId).find((x) => x.id === messageId);
    if (!m) {
      // A message posted before a restart (the status message): show it again, under the id the service keeps.
      this.add(channelId, { kind: 'bot' }, msg, undefined, { id: messageId });
      return;
    }
    m.text = String(msg.text ?? '');
    if (msg.images !== undefined) m.images = this.storeImages(msg);
    // ChatPort.edit: exactly the given buttons, so an answered request loses its Accept/Reject.
    m.buttons = (msg.buttons ?? []).map((b) => ({ id: String(b.id), label: String(b.label), ...(b.style ? { style: b.style } : {}) }));
    m.edited = true;
    this.emit({ kind: 'message', message: m });
    if (msg.images?.length) await this.saved();
  }

  /**
   * A message of a channel played on another platform (a Discord duel's thread that a page shows, duel.md D10.3.2),
   * kept under that platform's message id so its later edits and deletion find it: added the first time, edited
   * after. The page's own link (`page:` buttons) is left out: the page is already open.
   */
  mirror(channelId: string, id: string, msg: OutMessage): void {
    const out: OutMessage = { ...msg, buttons: (msg.buttons ?? []).filter((b) => !String(b.id).startsWith('page:')) };
    if (this.feed(channelId).some((x) => x.id === id)) void this.edit(channelId, id, out);
    else this.add(channelId, { kind: 'bot' }, out, undefined, { id });
  }

  async privateReply(channelId: string, userId: string, msg: OutMessage): Promise<void> {
    this.add(channelId, { kind: 'bot' }, msg, userId);
    if (msg.images?.length) await this.saved();
  }

  async delete(channelId: string, messageId: string): Promise<boolean> {
    const f = this.feed(channelId);
    const id = this.refs.get(messageId) ?? messageId;
    const i = f.findIndex((x) => x.id === id);
    if (i < 0) return true;
    const target = f[i]!;
    if (target.author.kind === 'user') {
      // A private order typed in the channel: others never see it, its author keeps it (marked private).
      if (target.to === undefined) this.emit({ kind: 'delete', channelId, id });
      target.to = target.author.userId;
      this.emit({ kind: 'message', message: target });
      return true;
    }
    const [m] = f.splice(i, 1);
    this.emit({ kind: 'delete', channelId, id, ...(m!.to !== undefined ? { to: m!.to } : {}) });
    return true;
  }
}
