import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { WebSocketServer, WebSocket } from 'ws';
import type { GameInfo, GameServiceApi, Result } from '../../session/index.ts';
import type { OutImage, UserRef } from '../../chat/index.ts';
import { cleanName } from '../../chat/index.ts';
import { LocalChat, type FeedEvent, type FeedMessage } from './chat.ts';
import { parseSlash, SLASH_HELP } from './slash.ts';
import { Buckets, DEFAULT_LIMITS, PasswordGuard, secondsOf, type Limits } from './limits.ts';
import { DuelLobby, DUEL_KIND, LOBBY, type SeatHold } from './duels.ts';
import {
  MAX_CLIENT_ID, MAX_FRAME, MAX_TEXT,
  type Ack, type ClientMsg, type GameListItem, type NamesView, type PracticeView, type ServerMsg, type StatusView,
} from './protocol.ts';

const STATIC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'static');
const STATIC: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/app.js': 'app.js',
  '/format.js': 'format.js',
  '/dom.js': 'dom.js',
  '/style.css': 'style.css',
  '/favicon.svg': 'favicon.svg',
  '/duel.js': 'duel.js',
  '/duel.css': 'duel.css',
  '/lobby.js': 'lobby.js',
  '/guozhan.js': 'guozhan.js',
  '/guozhan.css': 'guozhan.css',
};
/** A lobby duel's page, `/duel/<gameId>` (duel.md D10.6): the same page, which reads the seat from its fragment. */
const DUEL_PAGE = /^\/duel\/[1-9][0-9]{0,15}$/;
/** The CJK font the renderer uses, offered to browsers that have none (a bare Linux box, a CI container). */
const require = createRequire(import.meta.url);
function fontFile(weight: 'Regular' | 'Bold'): string | null {
  try {
    return join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', `NotoSansHans-${weight}.otf`);
  } catch {
    return null;
  }
}
const FONTS: Record<string, 'Regular' | 'Bold'> = { '/fonts/sc-regular.otf': 'Regular', '/fonts/sc-bold.otf': 'Bold' };
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};
/** No inline script anywhere: even a rendering bug could not run a player's `<script>`. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export const CHANNEL_PREFIX = 'local-';
/** How often every open channel's status is looked at for changes that posted nothing (ms). */
const STATUS_TICK_MS = 2000;
/** How long one build of the game list serves welcomes and pushes at most (ms), when no change of it was seen. */
export const LIST_TTL_MS = 1000;
/**
 * The game list goes to the pages at most this often (ms): a change waits 50 ms for the ones that come with it,
 * and changes within this time of the last push go out together in the next. Every push is the whole list to
 * every signed-in page, so a busy server (games created, joined and started many a second) sent it ~20 times a
 * second: with 1,000 games and 100 pages ~150 MB a second of one JSON list (docs/scale.md).
 */
const GAMES_PUSH_MS = 1000;

export interface LocalServerOptions {
  port: number;
  host: string;
  password?: string;
  service: GameServiceApi;
  chat: LocalChat;
  /** Project root: where maps/ and tests/fixtures/ are listed from. */
  root: string;
  now?: () => number;
  /** Rate limits, identity caps and the password backoff (DEFAULT_LIMITS where not given). */
  limits?: Partial<Limits>;
  /** Where security lines go (wrong passwords, lockouts); default console.warn. */
  log?: (line: string) => void;
  /**
   * PUBLIC_URL: the address people reach this server by through a reverse proxy (the Discord duel's [网页] links,
   * D10.3.2). Its host is answered to as well, so a proxy that keeps the `Host` header passes the DNS-rebinding
   * check, and the WebSocket's Origin (the public address) matches that Host.
   */
  publicUrl?: string;
}

interface Client {
  ws: WebSocket;
  /** The peer's address: identity caps and the password backoff count by it. */
  address: string;
  /** Bucket key of this socket. */
  key: string;
  userId: string | null;
  channel: string | null;
  queue: Promise<void>;
  /** Frames refused in a row (a flood that goes on after being told is cut off). */
  refused: number;
  /** When a refused frame without an id was last answered (such answers go out once a second at most). */
  lastNoIdRefusal: number;
  /**
   * The lobby duel seat this socket plays (a seat link opened, duel.md D10.6): in that channel it speaks, sees and is
   * answered as the seat's identity; anywhere else, and once another socket takes the seat over, as the tab's person.
   */
  seat: SeatHold | null;
  /**
   * A duel played on Discord that this socket may show (duel.md D10.3.2): opened with a seat or watch token of its
   * [网页] link. Only such a channel of another platform is ever shown, and only to the socket that had the token.
   */
  guest: string | null;
  /**
   * The only game this socket may see when it came in by a duel's seat or watch link instead of the password
   * (LOCAL_PASSWORD set): a Discord player's [网页] link, a friend's challenge link. Everything else is refused.
   */
  linkOnly: { gameId: number; channelId: string } | null;
}

interface User { id: string; name: string | null }

/**
 * A loopback interface: `localhost` or a loopback IP literal. Only literals: a name such as
 * `127.evil.example` resolves wherever its owner likes.
 */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIPv4(h)) return h.startsWith('127.');
  if (isIPv6(h)) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\.\d+\.\d+\.\d+$/.test(h);
  return false;
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The Host header values this server answers to: the loopback names, the configured HOST, and when bound to
 * every interface this machine's own addresses and name, each with the port. A browser tricked by DNS
 * rebinding sends the attacker's name, which is none of these.
 */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  const bracket = (h: string) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);
  if (!WILDCARD.has(host)) names.add(bracket(host.toLowerCase()));
  else {
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.add(bracket(a.address.toLowerCase().replace(/%.*$/, '')));
    names.add(hostname().toLowerCase());
  }
  const out = new Set<string>();
  for (const n of names) {
    out.add(`${n}:${port}`);
    if (port === 80) out.add(n);
  }
  return out;
}

/** The host (with its port when not the scheme's default) of PUBLIC_URL, lower case; null when none or not a URL. */
export function publicHost(url: string | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** A stable user id from the tab's secret token: the same token after a reload (or a restart) is the same person. */
export function userIdOf(token: string): string {
  return 'web-' + createHash('sha256').update(token).digest('hex').slice(0, 16);
}

const TOKEN_RE = /^[0-9a-f]{32,128}$/;

/** The page's seat and lifecycle actions that a lobby duel does not take: its seats come by links, its start and end by the lobby. */
const LOBBY_ONLY = new Set(['join', 'leave', 'watch', 'start', 'end', 'judge']);
const LOBBY_DUEL_TEXT = '这局欧陆对决由对决大厅安排：座位只能用对决链接（/duel/…#seat=…）领取，开局和结束也由大厅负责。想下棋请在大厅发起挑战或对战电脑；不带链接打开就是观战。';
/** A Discord duel's page (D10.3.2): what the page does not do there, and why. */
const REMOTE_LIFECYCLE_TEXT = '这局欧陆对决在 Discord 上进行：入座、开局、结束和裁判都在 Discord 里办（斜杠命令）。网页上可以下对决命令、准备和认输。';
const REMOTE_WATCH_TEXT = '你用的是观战链接：只能看，不能下命令，也不能在这里发言（聊天请到 Discord 的讨论串）。玩家请用自己在 Discord 里点 [网页] 得到的链接。';
const REMOTE_CHAT_TEXT = '这不是对决命令，没有发出：这局在 Discord 上进行，网页上只收命令（【调兵】【准备】…或点地图），聊天请到 Discord 的讨论串。';
const REMOTE_SLASH_TEXT = '这局在 Discord 上进行：网页上的 / 命令只有 /help；对决命令直接输入（【调兵】【准备】…）或点地图，其他的请在 Discord 里用斜杠命令。';
/** How many Discord channels opened by links are remembered for mirroring their posts (the oldest are forgotten first). */
const MAX_GUEST_CHANNELS = 1000;

/** A fresh local channel id. */
const newChannelId = () => `${CHANNEL_PREFIX}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A private answer longer than this many lines is folded on the page (a phone shows about this many). */
const LONG_ANSWER_LINES = 8;

const brokenText = (why: string) => `这局游戏的数据已损坏，不能打开（${why}）。其他游戏不受影响；请告诉运行服务器的人。`;

/** maps/*.json and tests/fixtures/*.json with their display names: the only maps a page may choose. */
export function listMaps(root: string): { path: string; name: string }[] {
  const out: { path: string; name: string }[] = [];
  for (const [dir, tag] of [['maps', ''], ['tests/fixtures', '（测试）']] as const) {
    let names: string[] = [];
    try { names = readdirSync(join(root, dir)).filter((n) => n.endsWith('.json')).sort(); } catch { continue; }
    for (const n of names) {
      try {
        const raw = JSON.parse(readFileSync(join(root, dir, n), 'utf8')) as { name?: { zh?: string; en?: string }; countries?: unknown; territories?: unknown };
        if (!Array.isArray(raw.countries) || !Array.isArray(raw.territories)) continue;
        out.push({ path: `${dir}/${n}`, name: `${raw.name?.zh ?? raw.name?.en ?? n}${tag}` });
      } catch { /* not a map */ }
    }
  }
  return out;
}

/** The map 单人练习 plays on (issue 13: Europe) and its playable countries; null when the project has no such map. */
export function practiceOf(root: string, path = 'maps/europe.json'): PracticeView | null {
  try {
    const raw = JSON.parse(readFileSync(join(root, path), 'utf8')) as { name?: { zh?: string }; countries?: { id: string; name: { zh: string; en: string }; color?: string; playable?: boolean }[] };
    const countries = (raw.countries ?? []).filter((c) => c.playable !== false).map((c) => ({ id: c.id, zh: c.name.zh, en: c.name.en, color: c.color ?? '#888888' }));
    return countries.length >= 2 ? { map: path, mapName: raw.name?.zh ?? path, countries } : null;
  } catch {
    return null;
  }
}

/** The game list as built once for every page: its items, their JSON, and the build's number (later: newer). */
interface SharedList { games: GameListItem[]; json: string; seq: number }

/** The HTTP + WebSocket server of the local web channel. */
export class LocalServer {
  readonly http = createServer((req, res) => this.serve(req, res));
  readonly wss: WebSocketServer;
  private clients = new Set<Client>();
  private users = new Map<string, User>();
  private acks = new Map<string, Promise<Ack>>();
  private statusTimers = new Map<string, NodeJS.Timeout>();
  private forcedPush = new Set<string>();
  /** Exports waiting to be downloaded (/download/<id>.json), the newest 20. */
  private downloads = new Map<string, Buffer>();
  private gamesTimer: NodeJS.Timeout | null = null;
  private tick: NodeJS.Timeout;
  private lastStatus = new Map<string, string>();
  /** Sockets corked until the end of the current tick (see sendRaw). */
  private readonly corked = new Set<object>();
  private lastListKey = new Map<string, string>();
  /** When each channel's status was last built (ms, performance.now()): the 2 s tick leaves out channels built since its last round. */
  private lastBuilt = new Map<string, number>();
  /**
   * The game list as last built, with its JSON: the welcome of every hello and every push of the list share one
   * build (building it reads every game; 2,000 pages reconnecting built it 2,000 times). Dropped by pushGames (each
   * change of the list this server sees), and at most LIST_TTL_MS old in any case (a change it does not see).
   */
  private listMemo: { at: number; list: Promise<SharedList> } | null = null;
  /**
   * The list as last pushed (its build's seq, JSON and each game's JSON): a push sends only what changed since it
   * (gamesDiff), to the pages listed (welcomed with a list at least this new); other signed-in pages get it whole.
   */
  private lastSent: { seq: number; json: string; items: Map<string, string> } | null = null;
  private listSeq = 0;
  /** Pages whose welcome carried a list at least as new as lastSent: they keep theirs up to date by the diffs. */
  private listed = new WeakSet<Client>();
  private maps: { path: string; name: string }[];
  /** 单人练习's map and countries (issue 13), read once. */
  private practice: PracticeView | null | undefined;
  private unsubscribe: () => void;
  private limits: Limits;
  private socketBuckets: Buckets;
  private userBuckets: Buckets;
  private identityBuckets: Buckets;
  private passwords: PasswordGuard;
  /** Open sockets per person: a person with none may be forgotten to make room (limits.maxUsers). */
  private online = new Map<string, number>();
  private hosts: Set<string> | null = null;
  /** Fonts and icons, read once and kept (a font is 8 MB: reading it per request stalled every socket). */
  private assets = new Map<string, Promise<{ body: Buffer; etag: string } | null>>();
  private socketSeq = 0;
  private log: (line: string) => void;
  /** Channels whose game draws its own board (PageView.board): their viewers get the seat's view pushed. */
  private boards = new Set<string>();
  /** The last view sent to each socket (a view goes out only when it changed). */
  private lastView = new WeakMap<Client, string>();
  /** Europe Duel's lobby and seat links (duel.md D10.6). */
  readonly duels: DuelLobby;
  /** The status of each lobby duel shown last: a change (the start, the end) sends its sides and ratings again. */
  private duelStatus = new Map<string, string>();
  /** Discord duels' channels opened here by a seat or watch link: their posts are mirrored into the feed (mirrors). */
  private guests = new Set<string>();

  constructor(private opts: LocalServerOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.socketBuckets = new Buckets(this.limits.socketBurst, this.limits.socketPerSecond);
    this.userBuckets = new Buckets(this.limits.userBurst, this.limits.userPerSecond);
    this.identityBuckets = new Buckets(this.limits.identitiesPerAddress, this.limits.identitiesPerAddress / 3600);
    this.passwords = new PasswordGuard(this.limits);
    this.log = opts.log ?? ((l) => console.warn(l));
    this.wss = new WebSocketServer({
      server: this.http, path: '/ws', maxPayload: MAX_FRAME,
      verifyClient: (info, cb) => (this.hostAllowed(info.req.headers.host) ? cb(true) : cb(false, 421, 'Misdirected Request')),
    });
    this.wss.on('connection', (ws, req) => this.connect(ws, req));
    this.maps = listMaps(opts.root);
    this.duels = new DuelLobby(opts.service, CHANNEL_PREFIX, newChannelId, () => this.now());
    // Feed events go out in the order they happened, one after another (naming mentions reads the service).
    this.unsubscribe = opts.chat.onEvent((e) => { this.feedChain = this.feedChain.then(() => this.onFeed(e)).catch((err: unknown) => console.error('local channel: a feed event failed:', err)); });
    // Timers inside the service (turn resolution, reminders) post through the chat, which triggers a push;
    // this tick also catches changes that post nothing.
    // A channel whose status was built since the last round (a command, a join, a post) is left out: under load
    // every busy channel is built many times a second already, and the tick only adds a rebuild of each.
    // An idle channel (nothing it shows changed: the service's change stamp, the names and who views it) is not built
    // at all: with 100 idle games that was 50 builds a second for nothing (docs/scale.md).
    this.tick = setInterval(() => {
      const since = performance.now() - STATUS_TICK_MS + 100;
      for (const ch of new Set([...this.clients].map((c) => c.channel).filter((c): c is string => !!c))) {
        if ((this.lastBuilt.get(ch) ?? -Infinity) > since) continue;
        const key = this.buildKey(ch);
        if (key !== null && this.lastKey.get(ch) === key) continue;
        this.safely('status tick', () => this.pushStatus(ch));
      }
    }, STATUS_TICK_MS);
    this.tick.unref();
  }

  listen(): Promise<{ url: string; port: number }> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.opts.port, this.opts.host, () => {
        const a = this.http.address();
        const port = typeof a === 'object' && a ? a.port : this.opts.port;
        this.hosts = allowedHosts(this.opts.host, port);
        const pub = publicHost(this.opts.publicUrl);
        if (pub) this.hosts.add(pub);
        const h = this.opts.host.includes(':') ? `[${this.opts.host}]` : this.opts.host;
        resolve({ url: `http://${h === '0.0.0.0' || h === '[::]' ? '127.0.0.1' : h}:${port}/`, port });
      });
    });
  }

  async close(): Promise<void> {
    clearInterval(this.tick);
    for (const t of this.statusTimers.values()) clearTimeout(t);
    if (this.gamesTimer) clearTimeout(this.gamesTimer);
    this.unsubscribe();
    for (const c of this.clients) c.ws.terminate();
    await new Promise<void>((r) => this.wss.close(() => r()));
    await new Promise<void>((r) => this.http.close(() => r()));
  }

  /**
   * Whether the page shows a channel of another platform (a Discord duel opened by a seat or watch link, D10.3.2),
   * so that its posts, edits, deletions and private answers are mirrored into this channel's feed (src/route-chat.ts).
   */
  mirrors(channelId: string): boolean {
    return this.guests.has(channelId);
  }

  /** Timers and pushes run outside any request: a failure there is logged, never thrown into the process. */
  private safely(what: string, fn: () => void): void {
    try { fn(); } catch (e) { console.error(`local channel: ${what} failed:`, e); }
  }

  private hostAllowed(host: string | undefined): boolean {
    return !!host && !!this.hosts && this.hosts.has(host.toLowerCase());
  }

  // ---- HTTP ----

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://local');
    const base: Record<string, string> = {
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    };
    if (!this.hostAllowed(req.headers.host)) {
      res.writeHead(421, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end(`This server answers to ${[...this.hosts ?? []].join(', ')} only.\n`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...base, Allow: 'GET, HEAD' }).end();
      return;
    }
    if (url.pathname === '/healthz') {
      // Issue 16: this process's games and leases and its store's health, as JSON (503 when the store does not answer).
      const svc = this.opts.service;
      void (async () => {
        const h = svc.health ? await svc.health() : { ok: true };
        res.writeHead(h.ok ? 200 : 503, { ...base, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : `${JSON.stringify(h)}\n`);
      })().catch(() => { if (!res.headersSent) res.writeHead(500, base).end(); });
      return;
    }
    const img = /^\/img\/([0-9a-f]{32})\.png$/.exec(url.pathname);
    if (img) {
      const png = this.opts.chat.image(img[1]!);
      if (!png) { res.writeHead(404, base).end(); return; }
      // Image ids are random 128-bit names handed only to sockets that passed the password.
      res.writeHead(200, { ...base, 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': 'private, max-age=86400, immutable' });
      res.end(req.method === 'HEAD' ? undefined : png);
      return;
    }
    const dl = /^\/download\/([0-9a-f]{32})\.json$/.exec(url.pathname);
    if (dl) {
      const body = this.downloads.get(dl[1]!);
      if (!body) { res.writeHead(404, base).end(); return; }
      // Like pictures: a random 128-bit name handed only to the judge's own socket.
      res.writeHead(200, { ...base, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), 'Content-Disposition': 'attachment; filename="neuwar-export.json"' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const font = FONTS[url.pathname];
    const icon = /^\/icons\/([a-z0-9-]{1,40})\.svg$/.exec(url.pathname);
    if (font || icon) {
      const path = font ? fontFile(font) : join(STATIC_DIR, 'icons', `${icon![1]}.svg`);
      const type = font ? 'font/otf' : TYPES.svg!;
      void this.asset(path).then((a) => {
        if (!a) { res.writeHead(404, base).end(); return; }
        // These files never change while the server runs: browsers keep them and revalidate by ETag.
        const cache = { ETag: a.etag, 'Cache-Control': font ? 'public, max-age=31536000, immutable' : 'public, max-age=86400' };
        if (req.headers['if-none-match'] === a.etag) { res.writeHead(304, { ...base, ...cache }).end(); return; }
        res.writeHead(200, { ...base, ...cache, 'Content-Type': type, 'Content-Length': String(a.body.length) });
        res.end(req.method === 'HEAD' ? undefined : a.body);
      });
      return;
    }
    const file = STATIC[url.pathname] ?? (DUEL_PAGE.test(url.pathname) ? 'index.html' : undefined);
    if (!file) { res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found'); return; }
    let body: Buffer;
    try { body = readFileSync(join(STATIC_DIR, file)); } catch { res.writeHead(404, base).end(); return; }
    res.writeHead(200, { ...base, 'Content-Type': TYPES[file.split('.').pop()!] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A file read once, asynchronously, and kept with its ETag; null when it cannot be read. */
  private asset(path: string | null): Promise<{ body: Buffer; etag: string } | null> {
    if (!path) return Promise.resolve(null);
    let p = this.assets.get(path);
    if (!p) {
      p = readFile(path).then(
        (body) => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }),
        () => null,
      );
      this.assets.set(path, p);
    }
    return p;
  }

  // ---- WebSocket ----

  private async connect(ws: WebSocket, req: IncomingMessage): Promise<void> {
    // A web page elsewhere may not drive a player's browser into this server (cross-site WebSocket hijacking).
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let ok = false;
      try { ok = new URL(origin).host === req.headers.host; } catch { ok = false; }
      if (!ok) { ws.close(1008, 'origin'); return; }
    }
    const c: Client = {
      ws, address: req.socket.remoteAddress ?? '?', key: `s${++this.socketSeq}`, userId: null, channel: null,
      queue: Promise.resolve(), refused: 0, lastNoIdRefusal: 0, seat: null, guest: null, linkOnly: null,
    };
    this.clients.add(c);
    ws.on('message', (data, isBinary) => {
      let msg: ClientMsg | null = null;
      try { msg = isBinary ? null : JSON.parse(data.toString()) as ClientMsg; } catch { msg = null; }
      const id = msg && typeof msg === 'object' && typeof (msg as { id?: unknown }).id === 'string' ? (msg as { id: string }).id.slice(0, MAX_CLIENT_ID) : undefined;
      if (!this.admit(c, id)) return;
      if (isBinary) { this.send(c, { t: 'error', code: 'BAD_FRAME', text: '只接受文本消息（JSON）' }); return; }
      if (!msg || typeof msg !== 'object' || typeof (msg as { t?: unknown }).t !== 'string') { this.send(c, { t: 'error', code: 'BAD_FRAME', text: '消息格式错误：应是带 t 字段的 JSON 对象' }); return; }
      const m = msg;
      c.queue = c.queue.then(() => this.handle(c, m)).catch((e) => {
        // Whatever failed, the page hears about it: a request left unanswered hangs the page.
        console.error('local channel: message failed:', e);
        this.send(c, { t: 'error', code: 'INTERNAL_ERROR', text: '服务器出错了，这个请求没有完成。请重试；一再出错请告诉裁判。', ...(id !== undefined ? { id } : {}) });
      });
    });
    ws.on('close', () => {
      this.clients.delete(c);
      this.socketBuckets.delete(c.key);
      if (c.userId) {
        const n = (this.online.get(c.userId) ?? 1) - 1;
        if (n > 0) this.online.set(c.userId, n); else this.online.delete(c.userId);
      }
      if (c.channel) this.schedulePush(c.channel);
    });
    ws.on('error', () => { /* a closed socket is cleaned up on 'close' */ });
  }

  /**
   * The frame rate limits: one socket, and one person over all their sockets. A refused frame is answered
   * (with its id, so the page's request settles) and not handled; a flood that goes on is cut off.
   */
  private admit(c: Client, id: string | undefined): boolean {
    const now = this.now();
    let wait = this.socketBuckets.take(c.key, now);
    if (!wait && c.userId) wait = this.userBuckets.take(c.userId, now);
    if (!wait) { c.refused = 0; return true; }
    c.refused += 1;
    if (c.refused > this.limits.closeAfterRefusals) { c.ws.close(1008, 'rate'); return false; }
    if (id === undefined) {
      if (now - c.lastNoIdRefusal < 1000) return false;
      c.lastNoIdRefusal = now;
    }
    this.send(c, {
      t: 'error', code: 'RATE_LIMITED', retryAfterMs: wait, ...(id !== undefined ? { id } : {}),
      text: `发得太快了：请放慢一点，${secondsOf(wait)} 秒后再试（每个页面每秒最多 ${this.limits.socketPerSecond} 条）。`,
    });
    return false;
  }

  private send(c: Client, m: ServerMsg): void {
    this.sendRaw(c, JSON.stringify(m));
  }

  /**
   * Every frame goes out through here. The socket is corked for the rest of the tick, so the frames one command
   * produces for a page (its ack, the feed lines, the status) leave in one write instead of one system call each:
   * under load, writes were the server's largest cost (issue 11's abuse run).
   */
  private sendRaw(c: Client, text: string): void {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    const sock = (c.ws as unknown as { _socket?: { cork(): void; uncork(): void; destroyed?: boolean } })._socket;
    if (sock && !this.corked.has(sock)) {
      sock.cork();
      this.corked.add(sock);
      process.nextTick(() => { this.corked.delete(sock); if (!sock.destroyed) sock.uncork(); });
    }
    c.ws.send(text);
  }

  private checkPassword(given: unknown): boolean {
    const want = this.opts.password;
    if (!want) return true;
    const a = createHash('sha256').update(String(given ?? '')).digest();
    const b = createHash('sha256').update(want).digest();
    return timingSafeEqual(a, b);
  }

  private async hello(c: Client, msg: Extract<ClientMsg, { t: 'hello' }>): Promise<void> {
    const now = this.now();
    if (this.opts.password) {
      const locked = this.passwords.wait(c.address, now);
      if (locked) {
        this.send(c, { t: 'error', code: 'TOO_MANY_ATTEMPTS', retryAfterMs: locked, text: `密码错误次数太多，这个地址暂时被锁定：请在 ${secondsOf(locked)} 秒后再试。` });
        c.ws.close(1008, 'locked');
        return;
      }
      const linked = (typeof msg.password !== 'string' || !msg.password) && msg.link ? await this.linkGame(msg.link) : undefined;
      if (linked === null) {
        // A link whose token opens nothing is a guess like a wrong password (the tokens are secrets too).
        const { lockMs } = this.passwords.fail(c.address, now);
        this.log(`本地频道：来自 ${c.address} 的对决链接无效 / local channel: an invalid duel link from ${c.address}`);
        this.send(c, { t: 'error', code: 'BAD_LINK', text: lockMs ? `这个对决链接无效。错误次数太多，请在 ${secondsOf(lockMs)} 秒后再试。` : '这个对决链接无效或已过期（链接里的密钥不对）：请在 Discord 里重新点 [网页]，或请发链接的人再发一次；也可以输入这个本地频道的密码。' });
        c.ws.close(1008, 'link');
        return;
      }
      if (linked !== undefined) c.linkOnly = linked;
      else if (typeof msg.password !== 'string' || !msg.password) {
        // A first visit asks for the password: not a guess, so it neither counts nor is logged.
        this.send(c, { t: 'error', code: 'BAD_PASSWORD', text: '这个本地频道需要密码。' });
        c.ws.close(1008, 'password');
        return;
      }
      else if (!this.checkPassword(msg.password)) {
        const { failures, lockMs } = this.passwords.fail(c.address, now);
        this.log(`本地频道：来自 ${c.address} 的密码错误（连续第 ${failures} 次${lockMs ? `，锁定 ${secondsOf(lockMs)} 秒` : ''}）/ local channel: wrong password from ${c.address} (${failures} in a row${lockMs ? `, locked out for ${secondsOf(lockMs)} s` : ''})`);
        this.send(c, { t: 'error', code: 'BAD_PASSWORD', text: lockMs ? `密码不对。错误次数太多，请在 ${secondsOf(lockMs)} 秒后再试。` : '密码不对，请重新输入。' });
        c.ws.close(1008, 'password');
        return;
      }
      else {
        this.passwords.succeed(c.address);
        c.linkOnly = null;
      }
    }
    const token = typeof msg.token === 'string' && TOKEN_RE.test(msg.token) ? msg.token : randomBytes(24).toString('hex');
    const id = userIdOf(token);
    let user = this.users.get(id);
    if (!user) {
      const refusal = this.roomForIdentity(c, now);
      if (refusal) {
        this.send(c, { t: 'error', code: 'TOO_MANY_USERS', ...refusal });
        c.ws.close(1008, 'identities');
        return;
      }
      user = { id, name: null };
      this.users.set(id, user);
      this.namesVersion++;
    }
    const name = cleanName(String(msg.name ?? ''));
    if (name && user.name !== name) { user.name = name; this.namesVersion++; }
    if (c.userId !== id) {
      if (c.userId) {
        const n = (this.online.get(c.userId) ?? 1) - 1;
        if (n > 0) this.online.set(c.userId, n); else this.online.delete(c.userId);
      }
      this.online.set(id, (this.online.get(id) ?? 0) + 1);
    }
    c.userId = id;
    const games: GameListItem[] = [];
    let listFailed = false;
    // A socket let in by a duel link sees no list of the server's games.
    let gamesJson = '[]';
    if (c.linkOnly === null) try {
      const l = await this.sharedList();
      // Never older than the list the next diff starts from (a build begun before the last push).
      gamesJson = this.lastSent && this.lastSent.seq > l.seq ? this.lastSent.json : l.json;
    } catch (e) {
      console.error('local channel: the game list could not be read:', e);
      listFailed = true;
    }
    this.practice ??= practiceOf(this.opts.root);
    // The list goes in as the JSON built once for every page (see listMemo); the rest is this page's own.
    const welcome = JSON.stringify({ t: 'welcome', token, userId: id, name: user.name, games, maps: this.maps, kinds: this.opts.service.kinds(), practice: this.practice } satisfies ServerMsg);
    const at = welcome.indexOf('"games":[]');
    this.sendRaw(c, at < 0 ? welcome : `${welcome.slice(0, at)}"games":${gamesJson}${welcome.slice(at + 10)}`);
    // From here (nothing awaited since the list was chosen) the page follows the list by diffs.
    if (c.linkOnly === null && !listFailed) this.listed.add(c); else this.listed.delete(c);
    if (listFailed) this.send(c, { t: 'error', code: 'INTERNAL_ERROR', text: '游戏列表读取失败（服务器的数据出了问题）。已有的频道可用链接直接打开；请告诉运行服务器的人。' });
  }

  /**
   * Whether a new identity may be made: so many per address an hour, and so many held at once (the
   * longest-known person with no open socket is forgotten to make room; they get their name back from their
   * page on the next hello). A refusal's text and wait, or null.
   */
  private roomForIdentity(c: Client, now: number): { text: string; retryAfterMs?: number } | null {
    const wait = this.identityBuckets.take(c.address, now);
    if (wait) {
      return {
        retryAfterMs: wait,
        text: `这个地址新建的身份太多了（每小时最多 ${this.limits.identitiesPerAddress} 个）。请回到原来的标签页，或 ${Math.ceil(wait / 60_000)} 分钟后再试。`,
      };
    }
    if (this.users.size < this.limits.maxUsers) return null;
    for (const u of this.users.keys()) {
      if (!this.online.has(u)) { this.users.delete(u); this.namesVersion++; return null; }
    }
    return { text: `在线的身份已满（${this.limits.maxUsers} 个），暂时不能加入新身份。请稍后再试。`, retryAfterMs: 60_000 };
  }

  private async handle(c: Client, msg: ClientMsg): Promise<void> {
    if (msg.t === 'ping') { this.send(c, { t: 'pong', now: this.now() }); return; }
    if (msg.t === 'hello') { await this.hello(c, msg); return; }
    if (!c.userId) { this.send(c, { t: 'error', code: 'NO_HELLO', text: '请先连接' }); return; }
    if (c.linkOnly !== null && !this.linkAllows(c.linkOnly, msg)) {
      const id = (msg as { id?: unknown }).id;
      const text = '你是用对决链接进来的：这个网页只能打开那一局对决。要用本地频道的其他功能，请输入密码（刷新页面后从首页进入）。';
      this.send(c, typeof id === 'string' && id ? { t: 'ack', id, ok: false, code: 'NEED_PASSWORD', text } : { t: 'error', code: 'NEED_PASSWORD', text });
      return;
    }
    const tab = this.users.get(c.userId)!;
    if (msg.t === 'open') {
      const ch = String(msg.channelId ?? '');
      const game = (await this.opts.service.gameOf(ch));
      // A channel of another platform (a Discord duel) only on the socket that opened it with its link's token.
      if (!game || (!ch.startsWith(CHANNEL_PREFIX) && c.guest !== ch)) { this.send(c, { t: 'error', code: 'NO_GAME', text: '没有这个游戏' }); return; }
      if (game.broken) { this.send(c, { t: 'error', code: 'GAME_BROKEN', text: brokenText(game.broken) }); return; }
      // A seat is held only while its page shows that game.
      if (c.seat && c.seat.channelId !== ch) c.seat = null;
      this.openChannel(c, ch);
      return;
    }
    const id = (msg as { id?: unknown }).id;
    if (typeof id !== 'string' || !id || id.length > MAX_CLIENT_ID) { this.send(c, { t: 'error', code: 'BAD_ID', text: '消息缺少编号' }); return; }
    // A seat link binds this socket, so it is answered on every send (a resend after a reconnect binds the new socket).
    if (msg.t === 'seat') { this.send(c, await this.openSeat(c, id, msg)); return; }
    // In the channel of the seat it holds, the socket speaks as the seat's identity.
    const chOf = (msg as { channelId?: unknown }).channelId;
    const user: User = c.seat && chOf === c.seat.channelId ? { id: c.seat.userId, name: c.seat.name } : tab;
    const key = `${user.id}|${id}`;
    const prior = this.acks.get(key);
    if (prior) {
      const ack = await prior;
      this.send(c, { ...ack, duplicate: true });
      return;
    }
    const p = this.act(c, user, msg);
    this.acks.set(key, p);
    if (this.acks.size > 20000) this.acks.delete(this.acks.keys().next().value!);
    let ack: Ack;
    try { ack = await p; } catch (e) {
      this.acks.delete(key);
      throw e;
    }
    this.send(c, ack);
  }

  /**
   * 单人练习 (issue 13): `npm start` and one click is a game — a new game on the practice map with the visitor in
   * the country they chose and balanced computer players in every other one (autopilot=bot, so an absent visitor's
   * country plays on too), started at once. Applied once per request id, like every lifecycle action.
   */
  private async startPractice(user: User, id: string, country: string): Promise<Ack> {
    const svc = this.opts.service;
    const me = this.ref(user);
    const practice = this.practice ??= practiceOf(this.opts.root);
    if (!practice) return { t: 'ack', id, ok: false, code: 'BAD_MAP', text: '没有欧洲地图（maps/europe.json），不能单人练习' };
    const pick = practice.countries.find((c) => c.id === country || c.zh === country || c.en === country);
    if (!pick) return { t: 'ack', id, ok: false, code: 'UNKNOWN_COUNTRY', text: `没有可选的国家"${country}"；可选：${practice.countries.map((c) => c.zh).join('、')}` };
    const r = await svc.once(`local:${user.id}:${id}`, async (): Promise<Result<GameInfo>> => {
      const ch = `${CHANNEL_PREFIX}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
      const made = await svc.createGame(ch, me, { map: practice.map, settings: { autopilot: 'bot' } });
      if (!made.ok) return made;
      const steps = [() => svc.join(ch, me, pick.id), () => svc.fillBots(ch, me), () => svc.start(ch, me)];
      for (const step of steps) {
        const s = await step();
        if (!s.ok) {
          await svc.end(ch, me);
          return s;
        }
      }
      return { ok: true, value: made.value, text: `单人练习：你是${pick.zh}，其余国家由机器人控制` };
    });
    if (!r.ok) return { t: 'ack', id, ok: false, code: r.code, text: r.text };
    this.pushGames();
    return { t: 'ack', id, ok: true, text: r.text, channelId: r.value.channelId, ...(r.duplicate ? { duplicate: true } : {}) };
  }

  /** The duel a hello's link opens, null when its token opens nothing, undefined when it names none. */
  private async linkGame(link: { gameId?: unknown; seat?: unknown; watch?: unknown }): Promise<{ gameId: number; channelId: string } | null | undefined> {
    const gameId = Number(link.gameId);
    if (!Number.isSafeInteger(gameId) || gameId <= 0 || !this.duels.available()) return undefined;
    const g = await this.duels.gameById(gameId);
    if (!g) return null;
    const token = link.seat ?? link.watch;
    return (await this.duels.seats.access(gameId, token)) ? { gameId, channelId: g.channelId } : null;
  }

  /** What a socket let in by a duel link may do: that duel's seat, its channel, a name; nothing else. */
  private linkAllows(link: { gameId: number; channelId: string }, msg: ClientMsg): boolean {
    if (msg.t === 'name') return true;
    if (msg.t === 'seat') return Number(msg.gameId) === link.gameId;
    const ch = String((msg as { channelId?: unknown }).channelId ?? '');
    return ch === link.channelId && !['join', 'leave', 'watch', 'start', 'end', 'judge', 'create', 'practice', 'duel', 'withdraw', 'lobby'].includes(msg.t);
  }

  /** Who a socket is in the channel it shows: the identity of the seat it holds there, else the tab's person. */
  private viewer(c: Client): string {
    return c.seat && c.seat.channelId === c.channel ? c.seat.userId : c.userId!;
  }

  /** Shows a channel on a socket: its feed and panel as the socket's viewer may see them, then the pushes. */
  private async openChannel(c: Client, ch: string): Promise<void> {
    const prev = c.channel;
    c.channel = ch;
    const who = this.viewer(c);
    const rules = (await this.opts.service.rulesOf(ch));
    const page = rules ? rules.page(null) : null;
    const names: NamesView | null = page ? page.names : null;
    if (page?.board) this.boards.add(ch);
    this.lastView.delete(c);
    this.send(c, { t: 'channel', channelId: ch, feed: await Promise.all(this.opts.chat.history(ch, who).map((m) => this.decorate(m))), status: (await this.statusOf(ch, who)), names, ...(page?.board ? { board: page.board } : {}) });
    if (prev && prev !== ch) this.schedulePush(prev);
    this.schedulePush(ch);
  }

  /** Whether the channel holds a lobby duel (its seats come by links only). */
  private async lobbyDuel(channelId: string): Promise<boolean> {
    const g = (await this.opts.service.gameOf(channelId));
    return !!g && g.kind === DUEL_KIND && this.duels.available() && await this.duels.managed(g.id);
  }

  /**
   * D10.6: a lobby duel's page opened (`/duel/<gameId>`, the token from its fragment). With a token the socket takes
   * the seat — a free seat is taken by the page's identity and the game starts — and any other socket on that seat is
   * told it was taken over and goes on watching; without one (or with a wrong one) the page watches.
   */
  private async openSeat(c: Client, id: string, msg: Extract<ClientMsg, { t: 'seat' }>): Promise<Ack> {
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    if (!this.duels.available()) return fail('NO_GAME', '这个服务器没有欧陆对决');
    const gameId = Number(msg.gameId);
    const given = (v: unknown) => v !== undefined && v !== null && v !== '';
    const r = await this.duels.open(gameId, given(msg.token) ? msg.token : msg.watch, msg.identity);
    const g = await this.duels.gameById(gameId);
    if (!g) return fail(r.ok ? 'NO_GAME' : r.code, r.ok ? '没有这局对决' : r.text);
    const remote = !this.duels.isLocal(g.channelId);
    if (remote) {
      // D10.3.2: a Discord duel opens with its link's token only — no spectator view to fall back to.
      if (!r.ok) return { ...fail(r.code, r.text), remote: true };
      c.guest = g.channelId;
      this.guests.delete(g.channelId);
      this.guests.add(g.channelId);
      if (this.guests.size > MAX_GUEST_CHANNELS) this.guests.delete(this.guests.values().next().value!);
    }
    const hold = r.ok ? r.value.hold : null;
    c.seat = hold;
    if (hold) {
      for (const o of this.clients) {
        if (o === c || !o.seat || o.seat.channelId !== hold.channelId || o.seat.seat !== hold.seat) continue;
        o.seat = null;
        this.lastView.delete(o);
        this.send(o, { t: 'seatTaken', channelId: hold.channelId, gameId, text: '你的席位在另一个标签页或设备上打开了，已由那边接管：这里改为观战。点“在这里继续”可以拿回来。' });
        if (o.channel === hold.channelId) this.openChannel(o, hold.channelId);
      }
    }
    this.openChannel(c, g.channelId);
    this.sendDuelInfo(c);
    this.pushGames();
    if (!r.ok) return fail(r.code, r.text);
    return { t: 'ack', id, ok: true, channelId: g.channelId, gameId, seat: hold ? hold.seat : null, ...(remote ? { remote: true } : {}) };
  }

  /** The lobby's own actions: a new duel, a challenge withdrawn, the asker's rating and the opponents on offer. */
  private async duelAction(user: User, id: string, msg: Extract<ClientMsg, { t: 'duel' | 'withdraw' | 'lobby' }>): Promise<Ack> {
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    if (!this.duels.available()) return fail('NO_DUEL', '这个服务器没有欧陆对决');
    if (msg.t === 'lobby') return { t: 'ack', id, ok: true, lobby: await this.duels.lobbyView(msg.name ?? user.name) };
    if (msg.t === 'withdraw') {
      const r = await this.duels.withdraw(Number(msg.gameId), msg.token);
      this.pushGames();
      return r.ok ? { t: 'ack', id, ok: true, text: r.text } : fail(r.code, r.text);
    }
    const r = await this.duels.create(msg.mode, msg.bot, msg.identity, msg.settings);
    this.pushGames();
    if (!r.ok) return fail(r.code, r.text);
    return { t: 'ack', id, ok: true, channelId: r.value.channelId, gameId: r.value.gameId, seat: 'A', token: r.value.token, ...(r.value.invite ? { invite: r.value.invite } : {}) };
  }

  /** A lobby duel's sides and ratings to a socket showing it (nothing for other games). */
  private async sendDuelInfo(c: Client): Promise<void> {
    if (!c.channel) return;
    const info = await this.duels.info(c.channel, c.seat && c.seat.channelId === c.channel ? c.seat.seat : null);
    if (info) this.send(c, { t: 'duelInfo', info });
  }

  private ref(user: User): UserRef {
    return { id: user.id, name: user.name ?? user.id };
  }

  /** One action; its acknowledgement is kept so a resend with the same id gets it again without acting twice. */
  private async act(c: Client, user: User, msg: ClientMsg): Promise<Ack> {
    const id = (msg as { id: string }).id;
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    if (msg.t === 'name') return this.rename(user, id, msg.name, c.channel);
    if (!user.name) return fail('NO_NAME', '请先起一个名字');
    const svc = this.opts.service;
    const me = this.ref(user);
    // Lifecycle actions are applied once per request id even across a restart (the service keeps the key).
    const once = <T>(fn: () => Promise<Result<T>>) => svc.once(`local:${user.id}:${id}`, fn);
    if (msg.t === 'practice') return this.startPractice(user, id, String(msg.country ?? ''));
    if (msg.t === 'duel' || msg.t === 'withdraw' || msg.t === 'lobby') return this.duelAction(user, id, msg);
    if (msg.t === 'create') {
      const kinds = svc.kinds();
      const kind = typeof msg.game === 'string' && msg.game ? msg.game : kinds[0]!.kind;
      if (!kinds.some((k) => k.kind === kind)) return fail('UNKNOWN_GAME', `没有这个游戏：${kind}；可选：${kinds.map((k) => `${k.title.zh}（${k.kind}）`).join('、')}`);
      // The map list is New European War's (the default game); another game may bring its own default resource.
      const map = msg.map === undefined && kind !== kinds[0]!.kind ? null : this.maps.find((m) => m.path === msg.map);
      if (map === undefined) return fail('BAD_MAP', '请选择列表里的地图');
      const settings: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(msg.settings ?? {})) {
        if (!/^[a-zA-Z]{1,40}$/.test(k)) return fail('BAD_SETTINGS', `设置 ${k} 无效`);
        if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') settings[k] = v;
      }
      // D10.6: a rated local player is `local:<name>` proved by the secret the lobby checks; this generic path seats
      // people by the tab's name alone, so a duel made here is unrated (else anyone could play rated as another's name).
      if (kind === DUEL_KIND) settings.rated = false;
      // How a duel came to be is the host's to say (the lobby, /arena), not a page's.
      delete settings.via;
      const r = await once(() => svc.createGame(`${CHANNEL_PREFIX}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`, me, { game: kind, ...(map ? { map: map.path } : {}), settings }));
      if (!r.ok) return fail(r.code, r.text);
      this.pushGames();
      return { t: 'ack', id, ok: true, text: r.text, channelId: r.value.channelId, ...(r.duplicate ? { duplicate: true } : {}) };
    }
    const channelId = String((msg as { channelId?: unknown }).channelId ?? '');
    // The page's own channels, and the Discord duel this socket opened with its link's token (D10.3.2).
    const remote = !channelId.startsWith(CHANNEL_PREFIX) && !!channelId && c.guest === channelId;
    const game = channelId.startsWith(CHANNEL_PREFIX) || remote ? (await svc.gameOf(channelId)) : null;
    if (!game) return fail('NO_GAME', '没有这个游戏');
    if (game.broken) return fail('GAME_BROKEN', brokenText(game.broken));
    if (remote) return this.actRemote(c, user, id, channelId, msg);
    if (LOBBY_ONLY.has(msg.t) && await this.lobbyDuel(channelId)) return fail('LOBBY_DUEL', LOBBY_DUEL_TEXT);
    // The service announces joins, starts, ends and new judges itself.
    const lifecycle = async (r: { ok: boolean; text: string; code?: string; duplicate?: boolean }): Promise<Ack> => {
      this.schedulePush(channelId);
      this.pushGames();
      return r.ok ? { t: 'ack', id, ok: true, text: r.text, ...(r.duplicate ? { duplicate: true } : {}) } : fail(r.code ?? 'REFUSED', r.text);
    };
    switch (msg.t) {
      case 'join': return lifecycle(await once(() => svc.join(channelId, me, String(msg.country ?? ''))));
      case 'leave': return lifecycle(await once(() => svc.leave(channelId, me)));
      case 'start': return lifecycle(await once(() => svc.start(channelId, me)));
      case 'end': return lifecycle(await once(() => svc.end(channelId, me)));
      case 'judge': return lifecycle(await once(() => svc.addJudge(channelId, me, String(msg.userId ?? ''))));
      case 'button': {
        const reply = await svc.handleButton({
          channelId, userId: user.id, userName: me.name, buttonId: String(msg.buttonId ?? '').slice(0, 200),
          interactionId: `web:${user.id}:${id}`, deliver: true,
        });
        this.schedulePush(channelId, false);
        return reply.ok ? { t: 'ack', id, ok: true, ...(reply.duplicate ? { duplicate: true } : {}) } : fail(reply.code ?? 'REFUSED', reply.text);
      }
      case 'say': return this.say(c, user, id, channelId, msg.text);
      case 'playback': {
        // The arena (D10.4) and transcript playback of a game that draws its own board: computed here, sent once.
        const text = typeof msg.text === 'string' ? msg.text : '';
        const r = (await svc.rulesOf(channelId))?.playback(text, this.opts.root);
        if (!r || !r.ok) return fail('BAD_TRANSCRIPT', r ? r.text : '没有这个游戏');
        this.send(c, { t: 'playback', id, data: r.data });
        return { t: 'ack', id, ok: true };
      }
    }
    return fail('BAD_TYPE', '未知的消息类型');
  }

  /**
   * An action on a Discord duel's page (D10.3.2). The seat's socket acts as the seat's Discord player: its commands
   * and clicks reach the service as that player's, like a slash command (deliver:false: the service posts the public
   * side in the Discord thread, and the page shows the private answers and refusals to that player only). A watch
   * link only watches; seats, the start, the end and judges stay Discord's.
   */
  private async actRemote(c: Client, user: User, id: string, channelId: string, msg: ClientMsg): Promise<Ack> {
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    if (LOBBY_ONLY.has(msg.t)) return fail('DISCORD_DUEL', REMOTE_LIFECYCLE_TEXT);
    const seat = c.seat && c.seat.channelId === channelId && c.seat.userId === user.id ? c.seat : null;
    if (!seat) return fail('WATCH_ONLY', REMOTE_WATCH_TEXT);
    const svc = this.opts.service;
    const priv = (text: string, images?: OutImage[]) => { this.opts.chat.add(channelId, { kind: 'bot' }, { text, ...(images?.length ? { images } : {}) }, user.id); };
    switch (msg.t) {
      case 'say': return this.sayRemote(user, id, channelId, msg.text);
      case 'button': {
        const buttonId = String(msg.buttonId ?? '').slice(0, 200);
        if (buttonId.startsWith('page:')) return fail('REFUSED', '你已经在网页上了。');
        const reply = await svc.handleButton({ channelId, userId: user.id, userName: user.name ?? user.id, buttonId, interactionId: `web:${user.id}:${id}`, deliver: false });
        if (!reply.duplicate && reply.text && (!reply.ok || reply.private)) priv(reply.ok ? reply.text : `✗ ${reply.text.replace(/^✗ /, '')}`);
        if (this.boards.has(channelId)) this.safely('view push', () => this.pushViews(channelId));
        this.schedulePush(channelId, false);
        return reply.ok ? { t: 'ack', id, ok: true, ...(reply.duplicate ? { duplicate: true } : {}) } : fail(reply.code ?? 'REFUSED', reply.text);
      }
    }
    return fail('DISCORD_DUEL', REMOTE_LIFECYCLE_TEXT);
  }

  /** A line typed on a Discord duel's page by its seat: a duel command goes to the service as the seat's player; chat stays on Discord. */
  private async sayRemote(user: User, id: string, channelId: string, raw: unknown): Promise<Ack> {
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    const text = typeof raw === 'string' ? raw : '';
    if (text.length > MAX_TEXT) return fail('MESSAGE_TOO_LONG', `消息太长（${text.length} 字），上限 ${MAX_TEXT} 字：请分成几条发送。`);
    if (!text.trim()) return fail('EMPTY', '消息是空的');
    const svc = this.opts.service;
    const chat = this.opts.chat;
    const priv = (t: string, images?: OutImage[]) => { chat.add(channelId, { kind: 'bot' }, { text: t, ...(images?.length ? { images } : {}) }, user.id); };
    const slash = parseSlash(text);
    if (slash && slash.kind === 'help') { priv(SLASH_HELP); return { t: 'ack', id, ok: true }; }
    if (slash && slash.kind !== 'text') { priv(REMOTE_SLASH_TEXT); return fail('DISCORD_DUEL', REMOTE_SLASH_TEXT); }
    const sendText = slash?.kind === 'text' ? slash.text : text;
    const messageId = `web:${user.id}:${id}`;
    // The line stays the author's: nothing typed on the page is posted in the Discord thread.
    const held = chat.add(channelId, { kind: 'user', userId: user.id, name: user.name ?? user.id }, { text: sendText }, user.id, { ref: messageId });
    const reply = await svc.handleMessage({ channelId, userId: user.id, userName: user.name ?? user.id, text: sendText, messageId, deliver: false });
    if (!reply.handled) {
      priv(REMOTE_CHAT_TEXT);
      return fail('NOT_A_COMMAND', REMOTE_CHAT_TEXT);
    }
    if (!reply.duplicate) {
      // What Discord would answer ephemerally: the private answers, the refusals, a picture asked for (the public
      // answers the service posted in the thread, and they come back through the mirror).
      const shown = reply.images?.length ? [reply.text] : reply.items.filter((i) => i.private || !i.ok).map((i) => (i.ok ? i.text : `✗ ${i.text}`));
      if (!reply.items.length && !reply.ok && reply.text) shown.push(reply.text);
      if (shown.some(Boolean) || reply.images?.length) priv(shown.filter(Boolean).join('\n'), reply.images);
      this.summarize(channelId, user.id, held.seq, reply.items);
    }
    if (this.boards.has(channelId)) this.safely('view push', () => this.pushViews(channelId));
    this.schedulePush(channelId, false);
    if (reply.duplicate) return { t: 'ack', id, ok: true, duplicate: true };
    return reply.ok ? { t: 'ack', id, ok: true } : fail(reply.code ?? 'REFUSED', reply.text);
  }

  /** A display name, cleaned (src/chat): an invisible one is refused and the old name kept. */
  private rename(user: User, id: string, raw: unknown, channelId: string | null): Ack {
    const name = cleanName(String(raw ?? ''));
    if (!name) {
      return { t: 'ack', id, ok: false, code: 'BAD_NAME', text: '这个名字里没有看得见的字：空白和不可见字符都会被去掉。请换一个名字（1–32 个字，例如：俾斯麦）。' };
    }
    user.name = name;
    this.namesVersion++;
    for (const o of this.clients) if (o.userId === user.id) this.send(o, { t: 'you', userId: user.id, name });
    if (channelId) this.schedulePush(channelId);
    return { t: 'ack', id, ok: true };
  }

  private async say(c: Client, user: User, id: string, channelId: string, raw: unknown): Promise<Ack> {
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    const text = typeof raw === 'string' ? raw : '';
    if (text.length > MAX_TEXT) return fail('MESSAGE_TOO_LONG', `消息太长（${text.length} 字），上限 ${MAX_TEXT} 字：请分成几条发送。`);
    if (!text.trim()) return fail('EMPTY', '消息是空的');
    const svc = this.opts.service;
    const me = this.ref(user);
    const slash = parseSlash(text);
    if (slash && slash.kind !== 'text') {
      const priv = (t: string) => { this.opts.chat.add(channelId, { kind: 'bot' }, { text: t }, user.id); };
      const lifecycle = (r: { ok: boolean; text: string; code?: string; duplicate?: boolean }): Ack => {
        if (!r.ok && !r.duplicate) priv(r.text);
        this.schedulePush(channelId);
        this.pushGames();
        return r.ok ? { t: 'ack', id, ok: true, text: r.text, ...(r.duplicate ? { duplicate: true } : {}) } : fail(r.code ?? 'REFUSED', r.text);
      };
      const once = <T>(fn: () => Promise<Result<T>>) => svc.once(`local:${user.id}:${id}`, fn);
      if (LOBBY_ONLY.has(slash.kind) && await this.lobbyDuel(channelId)) { priv(LOBBY_DUEL_TEXT); return fail('LOBBY_DUEL', LOBBY_DUEL_TEXT); }
      switch (slash.kind) {
        case 'error': priv(slash.text); return fail('BAD_SLASH', slash.text);
        case 'help': priv(SLASH_HELP); return { t: 'ack', id, ok: true };
        case 'join': return lifecycle(await once(() => svc.join(channelId, me, slash.country)));
        case 'watch': {
          if ((await svc.seatOf(channelId, user.id))) return lifecycle(await once(() => svc.leave(channelId, me)));
          priv('你正在观战：可以看地图和分数，但不能下命令。');
          return { t: 'ack', id, ok: true };
        }
        case 'leave': return lifecycle(await once(() => svc.leave(channelId, me)));
        case 'start': return lifecycle(await once(() => svc.start(channelId, me)));
        case 'end': return lifecycle(await once(() => svc.end(channelId, me)));
        case 'judge': {
          const target = await this.findMember(channelId, slash.who);
          if (!target) { priv(`找不到"${slash.who}"。`); return fail('NO_SUCH_USER', `找不到"${slash.who}"`); }
          return lifecycle(await once(() => svc.addJudge(channelId, me, target)));
        }
        case 'name': {
          const r = this.rename(user, id, slash.name, channelId);
          if (!r.ok) priv(r.text!);
          return r;
        }
        case 'history': {
          const r = await svc.history(channelId, slash.turn);
          if (r.ok) this.opts.chat.add(channelId, { kind: 'bot' }, { text: r.value.text, images: r.value.images }, user.id);
          else priv(r.text);
          return r.ok ? { t: 'ack', id, ok: true } : fail(r.code, r.text);
        }
        case 'chart': {
          const r = await svc.scoreChart(channelId);
          if (r.ok) this.opts.chat.add(channelId, { kind: 'bot' }, { text: '分数走势 / score chart', images: [{ name: 'score-chart.png', png: r.value }] }, user.id);
          else priv(r.text);
          return r.ok ? { t: 'ack', id, ok: true } : fail(r.code, r.text);
        }
        case 'export': {
          // The state JSON and the log (before the end, judges only: orders are secret until resolved).
          const r = (await svc.export(channelId, me));
          if (!r.ok) { priv(r.text); return fail(r.code, r.text); }
          const key = randomBytes(16).toString('hex');
          this.downloads.set(key, Buffer.from(JSON.stringify(r.value, null, 2)));
          if (this.downloads.size > 20) this.downloads.delete(this.downloads.keys().next().value!);
          priv(`导出完成：/download/${key}.json（状态 JSON 与完整记录）`);
          return { t: 'ack', id, ok: true };
        }
      }
    }
    const sendText = slash?.kind === 'text' ? slash.text : text;
    // The author sees the line at once; everyone else once the service has said it was not a private order.
    const messageId = `web:${user.id}:${id}`;
    const held = this.opts.chat.add(channelId, { kind: 'user', userId: user.id, name: me.name }, { text: sendText }, user.id, { ref: messageId });
    let reply;
    try {
      reply = await svc.handleMessage({
        channelId, userId: user.id, userName: me.name, text: sendText, messageId, deliver: true,
      });
    } catch (e) {
      this.opts.chat.reveal(channelId, held.id, undefined);
      throw e;
    }
    const hide = reply.handled && (reply.deleteOriginal === true || (reply.private && reply.items.length > 0 && reply.items.every((i) => i.private)));
    if (!hide) this.opts.chat.reveal(channelId, held.id, undefined);
    if (reply.handled && !reply.duplicate) this.summarize(channelId, user.id, held.seq, reply.items);
    // A board game's page redraws from the view: sent now, not after the status push's 30 ms (D11 B7).
    if (this.boards.has(channelId)) this.safely('view push', () => this.pushViews(channelId));
    this.schedulePush(channelId, false);
    if (reply.duplicate) return { t: 'ack', id, ok: true, duplicate: true };
    if (!reply.handled) return { t: 'ack', id, ok: true };
    return reply.ok ? { t: 'ack', id, ok: true } : fail(reply.code ?? 'REFUSED', reply.text);
  }

  /**
   * A long private answer to many orders (one line each) is shown folded on the page: this marks it with its
   * counts, so the page can say "已接受 N 条，拒绝 M 条" and keep the rest behind a toggle.
   */
  private summarize(channelId: string, userId: string, after: number, items: { ok: boolean; private: boolean }[]): void {
    const priv = items.filter((i) => i.private);
    if (priv.length < 2) return;
    const answer = this.opts.chat.history(channelId, userId).find((m) => m.seq > after && m.author.kind === 'bot' && m.to === userId);
    if (!answer || answer.text.split('\n').length <= LONG_ANSWER_LINES) return;
    const accepted = priv.filter((i) => i.ok).length;
    this.opts.chat.summarize(channelId, answer.id, { accepted, refused: priv.length - accepted });
  }

  /** Names for the `<@userId>` mentions the service writes (Discord markup): only people this server knows. */
  private async decorate(m: FeedMessage): Promise<FeedMessage> {
    const ids = [...m.text.matchAll(/<@!?([\w:-]{1,80})>/g)].map((x) => x[1]!);
    if (!ids.length) return m;
    const g = (await this.opts.service.gameOf(m.channelId));
    const known = ids.flatMap((id) => {
      const name = this.users.get(id)?.name ?? g?.players.find((p) => p.userId === id)?.name;
      return name ? [[id, name] as const] : [];
    });
    return known.length ? { ...m, mentions: Object.fromEntries(known) } : m;
  }

  private async findMember(channelId: string, who: string): Promise<string | null> {
    const w = who.trim().toLowerCase();
    const st = await this.statusOf(channelId, '');
    const m = st?.members.find((x) => x.userId.toLowerCase() === w || x.name.toLowerCase() === w);
    if (m) return m.userId;
    for (const u of this.users.values()) if (u.name && u.name.toLowerCase() === w) return u.id;
    return null;
  }

  // ---- pushes ----

  private feedChain: Promise<void> = Promise.resolve();

  private async onFeed(e: FeedEvent): Promise<void> {
    const ch = e.kind === 'message' ? e.message.channelId : e.channelId;
    // The frame is the same for every viewer who may see it: built and serialized once.
    let frame: string | null = null;
    for (const c of this.clients) {
      if (c.channel !== ch || !c.userId) continue;
      const to = e.kind === 'message' ? e.message.to : e.to;
      if (to !== undefined && to !== this.viewer(c)) continue;
      frame ??= JSON.stringify(e.kind === 'message' ? { t: 'msg', m: (await this.decorate(e.message)) } : { t: 'del', channelId: ch, id: e.id });
      this.sendRaw(c, frame);
    }
    // Sent only if the status changed: a post changes what the panel shows only with the game (a turn, a seat, a
    // judge — all in the shared part, so seen), and a viewer's own `me` changes only with those. Forcing it sent
    // the whole panel to every viewer after every public answer (docs/scale.md: ~10 frames a command).
    this.schedulePush(ch, false);
  }

  /**
   * Pushes the status line soon. After an ordinary command it goes out only if it changed (most commands change
   * nothing that the line shows); `force` (joins, names, lifecycle) sends it to every viewer anyway.
   */
  private schedulePush(channelId: string, force = true): void {
    if (force) this.forcedPush.add(channelId);
    if (this.statusTimers.has(channelId)) return;
    const t = setTimeout(() => {
      this.statusTimers.delete(channelId);
      const forced = this.forcedPush.delete(channelId);
      this.safely('status push', () => this.pushStatus(channelId, forced));
    }, 30);
    t.unref();
    this.statusTimers.set(channelId, t);
  }

  /** A board game's view, as each viewer's seat may see it, to the viewers it changed for. */
  private async pushViews(channelId: string): Promise<void> {
    for (const c of this.clients) {
      if (c.channel !== channelId || !c.userId || c.ws.readyState !== WebSocket.OPEN) continue;
      const view = JSON.stringify((await this.opts.service.seatView(channelId, this.viewer(c))));
      if (this.lastView.get(c) === view) continue;
      this.lastView.set(c, view);
      this.sendRaw(c, `{"t":"view","channelId":${JSON.stringify(channelId)},"view":${view}}`);
    }
  }

  /** Bumped whenever a name shown in any channel's panel may have changed (a rename, an identity added or forgotten). */
  private namesVersion = 0;
  /** What each channel's last build was made from (buildKey), taken as it began: the tick skips a channel until it changes. */
  private lastKey = new Map<string, string>();

  /**
   * What a channel's panel is built from, cheaply and from memory: the service's change stamp of its game, the names'
   * version and the viewers (their online marks). null when the service cannot tell (no game held here): build then.
   */
  private buildKey(channelId: string): string | null {
    const stamp = this.opts.service.changeStamp?.(channelId) ?? null;
    if (stamp === null) return null;
    const viewers: string[] = [];
    for (const c of this.clients) if (c.channel === channelId && c.userId) viewers.push(this.viewer(c));
    return `${stamp}|${this.namesVersion}|${viewers.sort().join(',')}`;
  }

  private async pushStatus(channelId: string, force = false): Promise<void> {
    const viewers = [...this.clients].filter((c) => c.channel === channelId && c.userId);
    if (viewers.length === 0) return;
    // Taken before the build reads anything: a change during the build makes the next tick's key differ.
    const key = this.buildKey(channelId);
    if (key === null) this.lastKey.delete(channelId); else this.lastKey.set(channelId, key);
    if (this.boards.has(channelId)) this.pushViews(channelId);
    // The channel's status is built and serialized once; each viewer's frame differs only in `me`.
    this.lastBuilt.set(channelId, performance.now());
    const base = await this.channelStatus(channelId);
    const shared = JSON.stringify(base);
    if (!force && this.lastStatus.get(channelId) === shared) return;
    this.lastStatus.set(channelId, shared);
    // The game list shows a game's status, turn and number of players: pushed to every page only when those change.
    const listKey = base ? `${base.status}|${base.turn}|${base.countries.filter((c) => c.player).length}` : '';
    const changedList = this.lastListKey.get(channelId) !== listKey;
    this.lastListKey.set(channelId, listKey);
    const head = `{"t":"status","channelId":${JSON.stringify(channelId)},"status":`;
    const judges = (await this.opts.service.judgesOf(channelId));
    for (const c of viewers) {
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      this.sendRaw(c, base ? `${head}${shared.slice(0, -1)},"me":${JSON.stringify((await this.meOf(channelId, this.viewer(c), judges)))}}}` : `${head}null}`);
    }
    // A lobby duel that started or ended: its sides and ratings again (the ratings move at the end, D9.3).
    if (base && this.duelStatus.get(channelId) !== base.status) {
      const first = !this.duelStatus.has(channelId);
      this.duelStatus.set(channelId, base.status);
      if (!first) for (const c of viewers) this.sendDuelInfo(c);
    }
    if (changedList) this.pushGames();
  }

  private lastGamesPush = -Infinity;

  private pushGames(): void {
    this.listMemo = null;
    if (this.gamesTimer) return;
    const wait = Math.max(50, this.lastGamesPush + GAMES_PUSH_MS - performance.now());
    this.gamesTimer = setTimeout(() => {
      this.gamesTimer = null;
      this.lastGamesPush = performance.now();
      this.safely('game list push', async () => {
        // Built and serialized once for every page (it was one JSON.stringify of the whole list a socket); a page
        // that has the list gets only the games that changed or went (it was the whole list to every page: bytes
        // sockets × games on each change, docs/scale.md).
        const l = await this.sharedList();
        const prev = this.lastSent;
        if (prev && prev.seq >= l.seq) return;
        const items = new Map(l.games.map((g) => [g.channelId, JSON.stringify(g)]));
        const upsert = prev ? [...items].filter(([ch, j]) => prev.items.get(ch) !== j).map(([, j]) => j) : [...items.values()];
        const remove = prev ? [...prev.items.keys()].filter((ch) => !items.has(ch)) : [];
        this.lastSent = { seq: l.seq, json: l.json, items };
        if (prev && upsert.length === 0 && remove.length === 0) return;
        const diff = `{"t":"gamesDiff","upsert":[${upsert.join(',')}],"remove":${JSON.stringify(remove)}}`;
        const whole = `{"t":"games","games":${l.json}}`;
        for (const c of this.clients) if (c.userId && c.linkOnly === null) this.sendRaw(c, this.listed.has(c) ? diff : whole);
      });
    }, wait);
    this.gamesTimer.unref();
  }

  /** The game list and its JSON, built once for whoever asks within LIST_TTL_MS and until the list changes (pushGames). */
  private sharedList(): Promise<SharedList> {
    const now = performance.now();
    if (this.listMemo && now - this.listMemo.at < LIST_TTL_MS) return this.listMemo.list;
    // Numbered as the build begins: a later number read the games later.
    const seq = ++this.listSeq;
    const list = this.gameList().then((games) => ({ games, json: JSON.stringify(games), seq }));
    const memo = { at: now, list };
    this.listMemo = memo;
    // A failed build is not kept: the next page asks again.
    list.catch(() => { if (this.listMemo === memo) this.listMemo = null; });
    return list;
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private nameOf(userId: string, game?: GameInfo | null): string {
    if (userId === LOBBY.id) return LOBBY.name;
    // A page that watches without ever giving a name (a lobby duel's spectator) is not shown by its id.
    if (this.users.has(userId) && !this.users.get(userId)!.name && !game?.players.some((p) => p.userId === userId)) return '观众';
    return this.users.get(userId)?.name ?? game?.players.find((p) => p.userId === userId)?.name ?? userId;
  }

  async gameList(): Promise<GameListItem[]> {
    return Promise.all((await this.opts.service.listGames())
      .filter((g) => g.channelId.startsWith(CHANNEL_PREFIX))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map(async (g) => {
        // One game's unreadable map must not take the list (and every page's welcome) down with it.
        let mapName = g.mapId;
        if (!g.broken) {
          try { mapName = (await this.opts.service.rulesOf(g.channelId))?.resourceName('zh') ?? g.mapId; } catch (e) {
            console.error(`local channel: the map of ${g.channelId} could not be read:`, e);
          }
        }
        return {
          channelId: g.channelId, id: g.id, title: `第 ${g.id} 局`, status: g.status, kind: g.kind,
          mapName, players: g.players.length, turn: g.turn, ...(g.broken ? { broken: g.broken } : {}),
        };
      }));
  }

  /** The status panel of a channel as `userId` sees it. */
  async statusOf(channelId: string, userId: string): Promise<StatusView | null> {
    const base = await this.channelStatus(channelId);
    return base ? { ...base, me: (await this.meOf(channelId, userId, (await this.opts.service.judgesOf(channelId)))) } : null;
  }

  /** The viewer's seat and judge right (`judges`: the service's judgesOf, asked once per push). */
  private async meOf(channelId: string, userId: string, judges: readonly string[]): Promise<StatusView['me']> {
    return { country: userId ? (await this.opts.service.seatOf(channelId, userId)) : null, judge: !!userId && judges.includes(userId) };
  }

  /** The status panel of a channel, the same for every viewer. */
  private async channelStatus(channelId: string): Promise<Omit<StatusView, 'me'> | null> {
    const svc = this.opts.service;
    const view = (await svc.viewOf(channelId, null));
    const rules = (await svc.rulesOf(channelId));
    if (!view || !rules) return null;
    const g = view.info;
    const page = (await svc.pageOf(channelId));
    if (!page) return null;
    const countries = page.seats.map((c) => {
      const p = g.players.find((x) => x.country === c.id);
      // Issue 13: a computer player seated mid-game has no players row; the autopilot plays for a person still seated.
      const robot = !p && c.bot ? { userId: `bot:${c.id}`, name: c.bot } : null;
      const marked = (name: string) => (c.bot && c.bot !== '机器人' ? `${name}（${c.bot}）` : name);
      return { ...c, player: p ? { userId: p.userId, name: marked(this.nameOf(p.userId, g)) } : robot };
    });
    // Who judges is the service's rule (the creator, granted judges); moderators are a Discord notion.
    const judges = (await svc.judgesOf(channelId));
    const members = new Map<string, StatusView['members'][number]>();
    for (const p of g.players) members.set(p.userId, { userId: p.userId, name: this.nameOf(p.userId, g), country: p.country, judge: judges.includes(p.userId), online: false });
    for (const j of judges) if (!members.has(j)) members.set(j, { userId: j, name: this.nameOf(j, g), country: null, judge: true, online: false });
    for (const c of this.clients) {
      if (c.channel !== channelId || !c.userId) continue;
      const who = this.viewer(c);
      const m = members.get(who) ?? { userId: who, name: this.nameOf(who, g), country: null, judge: false, online: false };
      m.online = true;
      members.set(who, m);
    }
    const turnSeconds = page.turnSeconds;
    return {
      status: g.status,
      title: `第 ${g.id} 局`,
      mapName: rules.resourceName('zh'),
      turn: g.turn,
      deadlineAt: g.status === 'running' ? g.deadlineAt : null,
      hardCloseAt: g.status === 'running' ? page.hardCloseAt : null,
      paused: page.paused,
      winner: g.winner,
      creator: g.creator,
      judges: judges.map((j) => ({ userId: j, name: this.nameOf(j, g) })),
      countries,
      members: [...members.values()],
      settings: { turnSeconds },
    };
  }
}
