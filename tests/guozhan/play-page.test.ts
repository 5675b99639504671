/**
 * Issue 20, private things stay private on the local page: three people play 国战 over the page's WebSocket (each move
 * chosen by bot.ts and typed as a person would), a fourth watches; every frame each socket receives is kept. No
 * socket's traffic ever holds another seat's hand (the pushed view has only its own), a hidden general's name of
 * another seat, or a private message addressed to someone else — and each seat's own view does hold its hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/platform/session/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { guozhan } from '../../src/games/guozhan/module.ts';
import { startLocal } from '../../src/platform/adapters/local/index.ts';
import { botMove } from '../../src/games/guozhan/bot.ts';
import { GENERALS, KINGDOM_ZH } from '../../src/games/guozhan/generals.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { namesGeneral } from './names.ts';

interface Sock { ws: WebSocket; frames: string[]; userId: string; next(pred: (m: Record<string, unknown>) => boolean, ms?: number, what?: string): Promise<Record<string, unknown>> }

async function sock(url: string, name: string): Promise<Sock> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + 'ws');
  const frames: string[] = [];
  const waiters: { pred: (m: Record<string, unknown>) => boolean; res: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (d) => {
    const raw = d.toString();
    frames.push(raw);
    const m = JSON.parse(raw) as Record<string, unknown>;
    for (const w of [...waiters]) if (w.pred(m)) { waiters.splice(waiters.indexOf(w), 1); w.res(m); }
  });
  await new Promise<void>((res, rej) => { ws.once('open', () => res()); ws.once('error', rej); });
  const next = (pred: (m: Record<string, unknown>) => boolean, ms = 5000, what = 'a frame') => new Promise<Record<string, unknown>>((res, rej) => {
    const t = setTimeout(() => rej(new Error(`timed out waiting for ${what}`)), ms);
    waiters.push({ pred, res: (m) => { clearTimeout(t); res(m); } });
  });
  const s: Sock = { ws, frames, userId: '', next };
  const welcome = next((m) => m.t === 'welcome');
  ws.send(JSON.stringify({ t: 'hello', name }));
  s.userId = String((await welcome).userId);
  return s;
}

let ids = 0;
async function act(s: Sock, m: Record<string, unknown>) {
  const id = `a${++ids}`;
  const ack = s.next((f) => (f.t === 'ack' || f.t === 'error') && f.id === id, 10_000, `the ack of ${JSON.stringify(m).slice(0, 80)}`);
  s.ws.send(JSON.stringify({ ...m, id }));
  return ack as Promise<{ ok: boolean; text?: string; channelId?: string }>;
}

test('issue 20 X1.1 on the local page: no socket receives another seat\'s hand, hidden general or private message', async () => {
  const store = new Store(':memory:');
  const clock = new VirtualClock(1_700_000_000_000);
  const h = await startLocal({
    // The moves come as fast as the server answers: the page's rate limits (made for people) are lifted.
    port: 0, host: '127.0.0.1', log: () => undefined, limits: { socketBurst: 10_000, socketPerSecond: 10_000, userBurst: 10_000, userPerSecond: 10_000 },
    service: async (chat) => { const svc = new GameService({ store, clock, chat, games: [neuwar, guozhan], renderer: null, root: process.cwd(), logError: () => undefined }); await svc.startUp(); return svc; },
  });
  try {
    const [a, b, c, w] = [await sock(h.url, '阿甲'), await sock(h.url, '阿乙'), await sock(h.url, '阿丙'), await sock(h.url, '看客')];
    const made = await act(a, { t: 'create', game: 'guozhan', settings: { players: 3, language: 'zh', autopilotAfter: 50 } });
    assert.equal(made.ok, true, made.text);
    const ch = made.channelId!;
    for (const x of [a, b, c, w]) { const f = x.next((m) => m.t === 'channel'); x.ws.send(JSON.stringify({ t: 'open', channelId: ch })); const frame = await f; assert.deepEqual(frame.board, { game: 'guozhan' }); }
    const bySeat: Record<string, Sock> = { 甲: a, 乙: b, 丙: c };
    for (const [seat, x] of Object.entries(bySeat)) assert.equal((await act(x, { t: 'join', channelId: ch, country: seat })).ok, true);
    assert.equal((await act(a, { t: 'start', channelId: ch })).ok, true);
    const state = async () => (await h.service.stateOf(ch)) as State;
    const socks = [a, b, c, w];
    // Every general dealt, whose it is, and how much of each socket's traffic came before it was revealed (never: all).
    const first = await state();
    const owner = new Map<string, string>();
    for (const p of first.players) for (const g of p.dealt) owner.set(g, p.name);
    const revealedAt = new Map<string, number[]>();
    let before = socks.map((x) => x.frames.length);
    const noteReveals = (s: State) => {
      for (const p of s.players) (p.generals ?? []).forEach((g, k) => { if (p.revealed[k] && !revealedAt.has(g)) revealedAt.set(g, before); });
      before = socks.map((x) => x.frames.length);
    };
    // Play: whoever is asked types the bot's move (a nullify window: each asked seat in turn); a dead end times out.
    let moves = 0;
    for (let k = 0; k < 160; k++) {
      const s = await state();
      noteReveals(s);
      if (s.status === 'ended') break;
      const seat = s.ask!.seats[0]!;
      const text = botMove(s, seat);
      if (!text) { await clock.advance(Math.max(1, s.ask!.deadline - clock.now())); continue; }
      const r = await act(bySeat[s.players[seat]!.name]!, { t: 'say', channelId: ch, text });
      if (r.ok) moves++;
    }
    assert.ok(moves > 30, `the game was played (${moves} moves)`);
    await new Promise((r) => setTimeout(r, 200));
    const s = await state();
    noteReveals(s);
    const seatOf = (x: Sock) => Object.entries(bySeat).find(([, y]) => y === x)?.[0] ?? null;
    let views = 0, hidden = 0;
    for (const x of [a, b, c, w]) {
      const me = seatOf(x);
      // The others' generals (the ones dealt and not taken too): never named in this socket's traffic while hidden.
      const i = socks.indexOf(x);
      for (const [g, who] of owner) {
        if (who === me) continue;
        const upto = revealedAt.get(g)?.[i] ?? x.frames.length;
        hidden += upto > 0 ? 1 : 0;
        assert.ok(!namesGeneral(x.frames.slice(0, upto).join('\n'), g), `${GENERALS[g]!.zh} of ${who} (hidden) never reaches ${me ?? 'the spectator'}`);
      }
      for (const raw of x.frames) {
        const f = JSON.parse(raw) as { t: string; m?: { to?: string }; feed?: { to?: string }[]; view?: { me: string | null; seats: { name: string; hand?: string[] }[]; names?: { cards: Record<string, string>; generals: Record<string, string>; about?: Record<string, { kingdom: string; fish: number; skills: string[] }> } } };
        if (f.t === 'msg' && f.m?.to !== undefined) assert.equal(f.m.to, x.userId, 'a private message reaches its addressee only');
        for (const m of f.feed ?? []) if (m.to !== undefined) assert.equal(m.to, x.userId);
        if (f.t !== 'view' || !f.view) continue;
        views++;
        assert.equal(f.view.me, me);
        for (const seat of f.view.seats) assert.equal(seat.hand !== undefined, seat.name === me, `only ${me ?? 'nobody'}'s own hand is in its view`);
        // The names the page writes cards with: its own hand and the public areas only.
        const own = new Set(f.view.seats.find((q) => q.name === me)?.hand ?? []);
        const pub = new Set(f.view.seats.flatMap((q) => [...Object.values((q as unknown as { equip: Record<string, string | null> }).equip).filter(Boolean), ...(q as unknown as { judge: string[] }).judge] as string[]));
        for (const id of Object.keys(f.view.names?.cards ?? {})) assert.ok(own.has(id) || pub.has(id), `card name ${id} is the viewer's to see`);
        // A general's kingdom, health and skills (the choice of generals) only for the generals it may name.
        const about = f.view.names?.about ?? {};
        assert.deepEqual(Object.keys(about).sort(), Object.keys(f.view.names?.generals ?? {}).sort());
        for (const [g, a] of Object.entries(about)) {
          assert.equal(a.kingdom, KINGDOM_ZH[GENERALS[g]!.kingdom]);
          assert.equal(a.fish, GENERALS[g]!.fish);
          assert.ok(a.skills.length > 0, `${GENERALS[g]!.zh} has its skills named`);
        }
      }
    }
    assert.ok(views > 20, `views were pushed (${views})`);
    assert.ok(hidden > 6, `there were hidden generals to keep (${hidden})`);
    for (const x of [a, b, c, w]) x.ws.close();
  } finally {
    await h.close();
    h.service.close();
    store.close();
  }
});
