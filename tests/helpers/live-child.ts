/**
 * The bot core as a child process for the kill tests and the soak kill loop: opens the store at DATABASE_PATH,
 * rebuilds every game, then reads one JSON command per line on stdin and prints one JSON ack per command on
 * stdout — a message's ack only after its log write has committed. The `state` op lets the parent compare what a
 * restarted process holds in memory with the log replayed from scratch. NEUWAR_NOW: the virtual clock's start;
 * NEUWAR_FAULT: injected SIGKILLs (see src/store faultPoint).
 */
import { createInterface } from 'node:readline';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { openStore } from '../../src/platform/store/index.ts';
import { GameService } from '../../src/games/index.ts';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { FakeChat } from './live.ts';

// DATABASE_URL (PostgreSQL) when set, else SQLite at DATABASE_PATH; LEASE_SECONDS sets the lease time (issue 16).
const store = await openStore(process.env.DATABASE_URL || undefined, { path: process.env.DATABASE_PATH! });
const clock = new VirtualClock(Number(process.env.NEUWAR_NOW ?? 1_700_000_000_000));
const chat = new FakeChat();
const svc = new GameService({ store, clock, chat, renderer: null, logError: (m, e) => process.stderr.write(`${m} ${String(e ?? '')}\n`) });

type Cmd =
  | { op: 'create'; ch: string; user: string; map: string; settings?: Record<string, unknown> }
  | { op: 'join'; ch: string; user: string; country: string }
  | { op: 'start'; ch: string; user: string }
  | { op: 'msg'; ch: string; user: string; text: string; id: string }
  | { op: 'state'; ch: string }
  | { op: 'advance'; ms: number };

const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

await svc.startUp();
out({ ready: true, now: clock.now() });
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const c = JSON.parse(line) as Cmd;
  const u = (id: string) => ({ id, name: id });
  switch (c.op) {
    case 'create': { const r = await svc.createGame(c.ch, u(c.user), { map: c.map, settings: c.settings ?? {} }); out({ ack: 'create', ok: r.ok, code: r.ok ? null : r.code ?? null }); break; }
    case 'join': { const r = await svc.join(c.ch, u(c.user), c.country); out({ ack: 'join', ok: r.ok }); break; }
    case 'start': { const r = await svc.start(c.ch, u(c.user)); out({ ack: 'start', ok: r.ok }); break; }
    case 'msg': {
      const r = await svc.handleMessage({ channelId: c.ch, userId: c.user, userName: c.user, text: c.text, messageId: c.id });
      out({ ack: c.id, ok: r.ok, handled: r.handled, code: r.code ?? null, duplicate: r.duplicate ?? false });
      break;
    }
    case 'state': {
      const s = (await svc.stateOf(c.ch));
      const map = await svc.mapOf(c.ch);
      // Both the §4 state JSON (with the turn's orders) and the whole engine state, as JSON.
      out({ ack: 'state', state: s && map ? stateJson(s, map, { withOrders: true }) : null, full: s ?? null, game: (await svc.gameOf(c.ch))?.id ?? null });
      break;
    }
    case 'advance': { await clock.advance(c.ms); out({ ack: 'advance', now: clock.now() }); break; }
  }
}
await svc.close();
await store.close();
