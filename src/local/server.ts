import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { WebSocketServer, WebSocket } from 'ws';
import type { GameInfo, GameServiceApi } from '../game/types.ts';
import type { UserRef } from '../chat/types.ts';
import type { GameMap } from '../map/index.ts';
import { LocalChat, type FeedEvent, type FeedMessage } from './chat.ts';
import { parseSlash, SLASH_HELP } from './slash.ts';
import {
  MAX_CLIENT_ID, MAX_FRAME, MAX_NAME, MAX_TEXT,
  type Ack, type ClientMsg, type GameListItem, type NamesView, type ServerMsg, type StatusView,
} from './protocol.ts';

const STATIC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'static');
const STATIC: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/app.js': 'app.js',
  '/style.css': 'style.css',
  '/favicon.svg': 'favicon.svg',
};
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

export interface LocalServerOptions {
  port: number;
  host: string;
  password?: string;
  service: GameServiceApi;
  chat: LocalChat;
  /** Project root: where maps/ and tests/fixtures/ are listed from. */
  root: string;
  now?: () => number;
}

interface Client {
  ws: WebSocket;
  userId: string | null;
  channel: string | null;
  queue: Promise<void>;
}

interface User { id: string; name: string | null }

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\./.test(h) || h === '::ffff:127.0.0.1';
}

/** Cleans a display name: no control characters, single spaces, at most MAX_NAME characters. */
export function cleanName(raw: unknown): string {
  const s = String(raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '').replace(/\s+/g, ' ').trim();
  return [...s].slice(0, MAX_NAME).join('');
}

/** A stable user id from the tab's secret token: the same token after a reload (or a restart) is the same person. */
export function userIdOf(token: string): string {
  return 'web-' + createHash('sha256').update(token).digest('hex').slice(0, 16);
}

const TOKEN_RE = /^[0-9a-f]{32,128}$/;

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

function namesOf(map: GameMap): NamesView {
  return {
    countries: map.countries.map((c) => ({ id: c.id, zh: c.name.zh, en: c.name.en, aliases: c.aliases ?? [] })),
    territories: map.territories.map((t) => ({ id: t.id, zh: t.name.zh, en: t.name.en, aliases: t.aliases ?? [], kind: t.kind })),
  };
}

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
  private maps: { path: string; name: string }[];
  private unsubscribe: () => void;

  constructor(private opts: LocalServerOptions) {
    this.wss = new WebSocketServer({ server: this.http, path: '/ws', maxPayload: MAX_FRAME });
    this.wss.on('connection', (ws, req) => this.connect(ws, req));
    this.maps = listMaps(opts.root);
    this.unsubscribe = opts.chat.onEvent((e) => this.onFeed(e));
    // Timers inside the service (turn resolution, reminders) post through the chat, which triggers a push;
    // this tick also catches changes that post nothing.
    this.tick = setInterval(() => {
      for (const ch of new Set([...this.clients].map((c) => c.channel).filter((c): c is string => !!c))) this.pushStatus(ch);
    }, 2000);
    this.tick.unref();
  }

  listen(): Promise<{ url: string; port: number }> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.opts.port, this.opts.host, () => {
        const a = this.http.address();
        const port = typeof a === 'object' && a ? a.port : this.opts.port;
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

  // ---- HTTP ----

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://local');
    const base: Record<string, string> = {
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...base, Allow: 'GET, HEAD' }).end();
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
    if (font) {
      const path = fontFile(font);
      let body: Buffer | null = null;
      try { body = path ? readFileSync(path) : null; } catch { body = null; }
      if (!body) { res.writeHead(404, base).end(); return; }
      res.writeHead(200, { ...base, 'Content-Type': 'font/otf', 'Content-Length': String(body.length), 'Cache-Control': 'public, max-age=604800' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const file = STATIC[url.pathname];
    if (!file) { res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found'); return; }
    let body: Buffer;
    try { body = readFileSync(join(STATIC_DIR, file)); } catch { res.writeHead(404, base).end(); return; }
    res.writeHead(200, { ...base, 'Content-Type': TYPES[file.split('.').pop()!] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  // ---- WebSocket ----

  private connect(ws: WebSocket, req: IncomingMessage): void {
    // A web page elsewhere may not drive a player's browser into this server (cross-site WebSocket hijacking).
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let ok = false;
      try { ok = new URL(origin).host === req.headers.host; } catch { ok = false; }
      if (!ok) { ws.close(1008, 'origin'); return; }
    }
    const c: Client = { ws, userId: null, channel: null, queue: Promise.resolve() };
    this.clients.add(c);
    ws.on('message', (data, isBinary) => {
      if (isBinary) { this.send(c, { t: 'error', code: 'BAD_FRAME', text: '只接受文本消息' }); return; }
      let msg: ClientMsg;
      try { msg = JSON.parse(data.toString()) as ClientMsg; } catch { this.send(c, { t: 'error', code: 'BAD_FRAME', text: '消息格式错误' }); return; }
      if (!msg || typeof msg !== 'object' || typeof (msg as { t?: unknown }).t !== 'string') { this.send(c, { t: 'error', code: 'BAD_FRAME', text: '消息格式错误' }); return; }
      c.queue = c.queue.then(() => this.handle(c, msg)).catch((e) => {
        console.error('local channel: message failed:', e);
        const id = (msg as { id?: unknown }).id;
        if (typeof id === 'string') this.send(c, { t: 'ack', id, ok: false, code: 'INTERNAL', text: '服务器出错了，请重试。' });
      });
    });
    ws.on('close', () => {
      this.clients.delete(c);
      if (c.channel) this.schedulePush(c.channel);
    });
    ws.on('error', () => { /* a closed socket is cleaned up on 'close' */ });
  }

  private send(c: Client, m: ServerMsg): void {
    if (c.ws.readyState === WebSocket.OPEN) c.ws.send(JSON.stringify(m));
  }

  private checkPassword(given: unknown): boolean {
    const want = this.opts.password;
    if (!want) return true;
    const a = createHash('sha256').update(String(given ?? '')).digest();
    const b = createHash('sha256').update(want).digest();
    return timingSafeEqual(a, b);
  }

  private async handle(c: Client, msg: ClientMsg): Promise<void> {
    if (msg.t === 'ping') { this.send(c, { t: 'pong', now: this.now() }); return; }
    if (msg.t === 'hello') {
      if (!this.checkPassword(msg.password)) {
        this.send(c, { t: 'error', code: 'BAD_PASSWORD', text: '密码不对' });
        c.ws.close(1008, 'password');
        return;
      }
      const token = typeof msg.token === 'string' && TOKEN_RE.test(msg.token) ? msg.token : randomBytes(24).toString('hex');
      const id = userIdOf(token);
      const user = this.users.get(id) ?? { id, name: null };
      const name = cleanName(msg.name);
      if (name) user.name = name;
      this.users.set(id, user);
      c.userId = id;
      this.send(c, { t: 'welcome', token, userId: id, name: user.name, games: this.gameList(), maps: this.maps });
      return;
    }
    if (!c.userId) { this.send(c, { t: 'error', code: 'NO_HELLO', text: '请先连接' }); return; }
    const user = this.users.get(c.userId)!;
    if (msg.t === 'open') {
      const ch = String(msg.channelId ?? '');
      const game = this.opts.service.gameOf(ch);
      if (!game || !ch.startsWith(CHANNEL_PREFIX)) { this.send(c, { t: 'error', code: 'NO_GAME', text: '没有这个游戏' }); return; }
      const prev = c.channel;
      c.channel = ch;
      const map = this.opts.service.mapOf(ch);
      this.send(c, { t: 'channel', channelId: ch, feed: this.opts.chat.history(ch, user.id).map((m) => this.decorate(m)), status: this.statusOf(ch, user.id), names: map ? namesOf(map) : null });
      if (prev && prev !== ch) this.schedulePush(prev);
      this.schedulePush(ch);
      return;
    }
    const id = (msg as { id?: unknown }).id;
    if (typeof id !== 'string' || !id || id.length > MAX_CLIENT_ID) { this.send(c, { t: 'error', code: 'BAD_ID', text: '消息缺少编号' }); return; }
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

  private ref(user: User): UserRef {
    return { id: user.id, name: user.name ?? user.id };
  }

  /** One action; its acknowledgement is kept so a resend with the same id gets it again without acting twice. */
  private async act(c: Client, user: User, msg: ClientMsg): Promise<Ack> {
    const id = (msg as { id: string }).id;
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    if (msg.t === 'name') {
      const name = cleanName(msg.name);
      if (!name) return fail('BAD_NAME', '名字不能为空');
      user.name = name;
      for (const o of this.clients) if (o.userId === user.id) this.send(o, { t: 'you', userId: user.id, name });
      if (c.channel) this.schedulePush(c.channel);
      return { t: 'ack', id, ok: true };
    }
    if (!user.name) return fail('NO_NAME', '请先起一个名字');
    const svc = this.opts.service;
    const me = this.ref(user);
    if (msg.t === 'create') {
      const map = this.maps.find((m) => m.path === msg.map);
      if (!map) return fail('BAD_MAP', '请选择列表里的地图');
      const settings: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(msg.settings ?? {})) {
        if (!/^[a-zA-Z]{1,40}$/.test(k)) return fail('BAD_SETTINGS', `设置 ${k} 无效`);
        if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') settings[k] = v;
      }
      const channelId = `${CHANNEL_PREFIX}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
      const r = await svc.createGame(channelId, me, { map: map.path, settings });
      if (!r.ok) return fail(r.code, r.text);
      this.pushGames();
      return { t: 'ack', id, ok: true, text: r.text, channelId };
    }
    const channelId = String((msg as { channelId?: unknown }).channelId ?? '');
    if (!channelId.startsWith(CHANNEL_PREFIX) || !svc.gameOf(channelId)) return fail('NO_GAME', '没有这个游戏');
    // The service announces joins, starts, ends and new judges itself.
    const lifecycle = async (r: { ok: boolean; text: string; code?: string }, announce = false): Promise<Ack> => {
      if (r.ok && announce) this.announce(channelId, r.text);
      this.schedulePush(channelId);
      this.pushGames();
      return r.ok ? { t: 'ack', id, ok: true, text: r.text } : fail(r.code ?? 'REFUSED', r.text);
    };
    switch (msg.t) {
      case 'join': return lifecycle(await svc.join(channelId, me, String(msg.country ?? '')));
      case 'leave': return lifecycle(await svc.leave(channelId, me));
      case 'start': return lifecycle(await svc.start(channelId, me));
      case 'end': return lifecycle(await svc.end(channelId, me));
      case 'judge': return lifecycle(await svc.addJudge(channelId, me, String(msg.userId ?? '')));
      case 'button': {
        const reply = await svc.handleButton({
          channelId, userId: user.id, userName: me.name, buttonId: String(msg.buttonId ?? '').slice(0, 200),
          interactionId: `web:${user.id}:${id}`, deliver: true,
        });
        this.schedulePush(channelId, false);
        return reply.ok ? { t: 'ack', id, ok: true, ...(reply.duplicate ? { duplicate: true } : {}) } : fail(reply.code ?? 'REFUSED', reply.text);
      }
      case 'say': return this.say(c, user, id, channelId, msg.text);
    }
    return fail('BAD_TYPE', '未知的消息类型');
  }

  private async say(c: Client, user: User, id: string, channelId: string, raw: unknown): Promise<Ack> {
    const fail = (code: string, text: string): Ack => ({ t: 'ack', id, ok: false, code, text });
    const text = typeof raw === 'string' ? raw : '';
    if (text.length > MAX_TEXT) return fail('MESSAGE_TOO_LONG', `消息太长（${text.length} 字），上限 ${MAX_TEXT} 字。`);
    if (!text.trim()) return fail('EMPTY', '消息是空的');
    const svc = this.opts.service;
    const me = this.ref(user);
    const slash = parseSlash(text);
    if (slash && slash.kind !== 'text') {
      const priv = (t: string) => { this.opts.chat.add(channelId, { kind: 'bot' }, { text: t }, user.id); };
      const lifecycle = (r: { ok: boolean; text: string; code?: string }, announce = false): Ack => {
        if (!r.ok) priv(r.text);
        else if (announce) this.announce(channelId, r.text);
        this.schedulePush(channelId);
        this.pushGames();
        return r.ok ? { t: 'ack', id, ok: true, text: r.text } : fail(r.code ?? 'REFUSED', r.text);
      };
      switch (slash.kind) {
        case 'error': priv(slash.text); return fail('BAD_SLASH', slash.text);
        case 'help': priv(SLASH_HELP); return { t: 'ack', id, ok: true };
        case 'join': return lifecycle(await svc.join(channelId, me, slash.country));
        case 'watch': {
          if (svc.countryOf(channelId, user.id)) return lifecycle(await svc.leave(channelId, me));
          priv('你正在观战：可以看地图和分数，但不能下命令。');
          return { t: 'ack', id, ok: true };
        }
        case 'leave': return lifecycle(await svc.leave(channelId, me));
        case 'start': return lifecycle(await svc.start(channelId, me));
        case 'end': return lifecycle(await svc.end(channelId, me));
        case 'judge': {
          const target = this.findMember(channelId, slash.who);
          if (!target) { priv(`找不到"${slash.who}"。`); return fail('NO_SUCH_USER', `找不到"${slash.who}"`); }
          return lifecycle(await svc.addJudge(channelId, me, target));
        }
        case 'name': {
          const name = cleanName(slash.name);
          if (!name) return fail('BAD_NAME', '名字不能为空');
          user.name = name;
          for (const o of this.clients) if (o.userId === user.id) this.send(o, { t: 'you', userId: user.id, name });
          this.schedulePush(channelId);
          return { t: 'ack', id, ok: true };
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
          const r = svc.export(channelId, me);
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
    this.schedulePush(channelId, false);
    if (reply.duplicate) return { t: 'ack', id, ok: true, duplicate: true };
    if (!reply.handled) return { t: 'ack', id, ok: true };
    return reply.ok ? { t: 'ack', id, ok: true } : fail(reply.code ?? 'REFUSED', reply.text);
  }

  /** Names for the `<@userId>` mentions the service writes (Discord markup). */
  private decorate(m: FeedMessage): FeedMessage {
    const ids = [...m.text.matchAll(/<@!?([\w:-]{1,80})>/g)].map((x) => x[1]!);
    if (!ids.length) return m;
    const g = this.opts.service.gameOf(m.channelId);
    return { ...m, mentions: Object.fromEntries(ids.map((id) => [id, this.nameOf(id, g)])) };
  }

  private announce(channelId: string, text: string): void {
    if (text) this.opts.chat.add(channelId, { kind: 'bot' }, { text });
  }

  private findMember(channelId: string, who: string): string | null {
    const w = who.trim().toLowerCase();
    const st = this.statusOf(channelId, '');
    const m = st?.members.find((x) => x.userId.toLowerCase() === w || x.name.toLowerCase() === w);
    if (m) return m.userId;
    for (const u of this.users.values()) if (u.name && u.name.toLowerCase() === w) return u.id;
    return null;
  }

  // ---- pushes ----

  private onFeed(e: FeedEvent): void {
    const ch = e.kind === 'message' ? e.message.channelId : e.channelId;
    for (const c of this.clients) {
      if (c.channel !== ch || !c.userId) continue;
      if (e.kind === 'message') {
        const to = e.message.to;
        if (to !== undefined && to !== c.userId) continue;
        this.send(c, { t: 'msg', m: this.decorate(e.message) });
      } else {
        if (e.to !== undefined && e.to !== c.userId) continue;
        this.send(c, { t: 'del', channelId: ch, id: e.id });
      }
    }
    this.schedulePush(ch);
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
      this.pushStatus(channelId, forced);
    }, 30);
    t.unref();
    this.statusTimers.set(channelId, t);
  }

  private pushStatus(channelId: string, force = false): void {
    const viewers = [...this.clients].filter((c) => c.channel === channelId && c.userId);
    if (viewers.length === 0) return;
    const shared = JSON.stringify(this.statusOf(channelId, ''));
    if (!force && this.lastStatus.get(channelId) === shared) return;
    const changedList = this.lastStatus.get(channelId) !== shared;
    this.lastStatus.set(channelId, shared);
    for (const c of viewers) this.send(c, { t: 'status', channelId, status: this.statusOf(channelId, c.userId!) });
    if (changedList) this.pushGames();
  }

  private pushGames(): void {
    if (this.gamesTimer) return;
    this.gamesTimer = setTimeout(() => {
      this.gamesTimer = null;
      const games = this.gameList();
      for (const c of this.clients) if (c.userId) this.send(c, { t: 'games', games });
    }, 50);
    this.gamesTimer.unref();
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private nameOf(userId: string, game?: GameInfo | null): string {
    return this.users.get(userId)?.name ?? game?.players.find((p) => p.userId === userId)?.name ?? userId;
  }

  gameList(): GameListItem[] {
    return this.opts.service.listGames()
      .filter((g) => g.channelId.startsWith(CHANNEL_PREFIX))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((g) => {
        const map = this.opts.service.mapOf(g.channelId);
        return {
          channelId: g.channelId, id: g.id, title: `第 ${g.id} 局`, status: g.status,
          mapName: map?.file.name.zh ?? g.mapId, players: g.players.length, turn: g.turn,
        };
      });
  }

  statusOf(channelId: string, userId: string): StatusView | null {
    const svc = this.opts.service;
    const g = svc.gameOf(channelId);
    if (!g) return null;
    const map = svc.mapOf(channelId);
    const st = svc.stateOf(channelId);
    const countries = (map?.countries ?? []).map((c) => {
      const p = g.players.find((x) => x.country === c.id);
      const cs = st?.countries[c.id];
      return {
        id: c.id, zh: c.name.zh, en: c.name.en, color: c.color, playable: c.playable !== false,
        player: p ? { userId: p.userId, name: this.nameOf(p.userId, g) } : null,
        committed: cs?.committed ?? false, score: cs ? cs.score : null, alive: cs ? cs.alive : true,
      };
    });
    // The creator is a judge too (the service's rule); GameInfo.judges lists only the seats granted.
    const judges = [...new Set([g.creator, ...g.judges])];
    const members = new Map<string, StatusView['members'][number]>();
    for (const p of g.players) members.set(p.userId, { userId: p.userId, name: this.nameOf(p.userId, g), country: p.country, judge: judges.includes(p.userId), online: false });
    for (const j of judges) if (!members.has(j)) members.set(j, { userId: j, name: this.nameOf(j, g), country: null, judge: true, online: false });
    for (const c of this.clients) {
      if (c.channel !== channelId || !c.userId) continue;
      const m = members.get(c.userId) ?? { userId: c.userId, name: this.nameOf(c.userId, g), country: null, judge: false, online: false };
      m.online = true;
      members.set(c.userId, m);
    }
    const turnSeconds = (st?.settings.turnSeconds ?? null);
    return {
      status: g.status,
      title: `第 ${g.id} 局`,
      mapName: map?.file.name.zh ?? g.mapId,
      turn: g.turn,
      deadlineAt: g.status === 'running' ? (g.deadlineAt ?? st?.clock.deadlineAt ?? null) : null,
      paused: st?.clock.pausedAt != null,
      winner: g.winner,
      creator: g.creator,
      judges: judges.map((j) => ({ userId: j, name: this.nameOf(j, g) })),
      countries,
      members: [...members.values()],
      me: { country: userId ? svc.countryOf(channelId, userId) : null, judge: userId ? judges.includes(userId) : false },
      settings: { turnSeconds },
    };
  }
}
