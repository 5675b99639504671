import { loadMapFile } from '../../src/games/europe/map/index.ts';
import type { ChatPort, OutMessage, Incoming } from '../../src/platform/chat/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { GameService } from '../../src/games/index.ts';
import type { NeuwarRenderer as Renderer } from '../../src/games/neuwar/module.ts';

export const TINY = 'tests/fixtures/tiny.json';
export const tinyMap = () => loadMapFile(TINY);

export interface Posted { kind: 'post' | 'edit' | 'private' | 'delete'; channelId: string; userId?: string; messageId: string; msg: OutMessage }

/** A ChatPort that records everything the bot says. */
export class FakeChat implements ChatPort {
  log: Posted[] = [];
  private n = 0;
  async post(channelId: string, msg: OutMessage): Promise<string> {
    const messageId = `m${++this.n}`;
    this.log.push({ kind: 'post', channelId, messageId, msg });
    return messageId;
  }
  async edit(channelId: string, messageId: string, msg: OutMessage): Promise<void> {
    this.log.push({ kind: 'edit', channelId, messageId, msg });
  }
  async privateReply(channelId: string, userId: string, msg: OutMessage): Promise<void> {
    this.log.push({ kind: 'private', channelId, userId, messageId: '', msg });
  }
  /** false: behave like a Discord channel where the bot lacks Manage Messages. */
  canDelete = true;
  async delete(channelId: string, messageId: string): Promise<boolean> {
    this.log.push({ kind: 'delete', channelId, messageId, msg: { text: '' } });
    return this.canDelete;
  }
  posts(channelId?: string): string[] {
    return this.log.filter((p) => p.kind === 'post' && (!channelId || p.channelId === channelId)).map((p) => p.msg.text);
  }
  privates(userId?: string): Posted[] {
    return this.log.filter((p) => p.kind === 'private' && (!userId || p.userId === userId));
  }
  /** The latest text of the status message (edited in place). */
  status(channelId: string, id: string): string | undefined {
    return [...this.log].reverse().find((p) => (p.kind === 'edit' || p.kind === 'post') && p.channelId === channelId && p.messageId === id)?.msg.text;
  }
  clear(): void {
    this.log = [];
  }
}

/** A renderer that returns tiny fake PNGs (tagged) and counts calls. */
export function fakeRenderer(): Renderer & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async mapPng(_m, s, o) { calls.push(`map:${s.turn}:${o.region ?? ''}`); return Buffer.from(`MAP${s.turn}`); },
    async scoresPng(_m, s) { calls.push(`scores:${s.turn}`); return Buffer.from(`SCORES${s.turn}`); },
  };
}

export const T0 = 1_700_000_000_000;

export interface Live {
  store: Store;
  clock: VirtualClock;
  chat: FakeChat;
  svc: GameService;
  renderer: ReturnType<typeof fakeRenderer>;
}

export async function liveSetup(opts: { store?: Store; clock?: VirtualClock; start?: boolean; logError?: (msg: string, err?: unknown) => void } = {}): Promise<Live> {
  const store = opts.store ?? new Store(':memory:');
  const clock = opts.clock ?? new VirtualClock(T0);
  const chat = new FakeChat();
  const renderer = fakeRenderer();
  const svc = new GameService({ store, clock, chat, renderer, sweepMs: 30_000, logError: opts.logError ?? (() => undefined) });
  await svc.startUp();
  return { store, clock, chat, svc, renderer };
}

export const alice = { id: 'u-alice', name: 'Alice' };
export const bob = { id: 'u-bob', name: 'Bob' };
export const carol = { id: 'u-carol', name: 'Carol' };
export const judy = { id: 'u-judy', name: 'Judy' };
export const sam = { id: 'u-sam', name: 'Sam' };

/** A started two-player game on the tiny map in channel `ch`: Alice = 甲国 (A), Bob = 乙国 (B); Judy created it. */
export async function twoPlayerGame(l: Live, ch = 'ch1', settings: Record<string, unknown> = {}, live: Record<string, unknown> = {}): Promise<void> {
  const c = await l.svc.createGame(ch, judy, { map: TINY, settings, live });
  if (!c.ok) throw new Error(c.text);
  for (const [u, k] of [[alice, 'A'], [bob, 'B']] as const) {
    const j = await l.svc.join(ch, u, k);
    if (!j.ok) throw new Error(j.text);
  }
  const s = await l.svc.start(ch, judy);
  if (!s.ok) throw new Error(s.text);
}

let msgN = 0;
export function say(l: Live, ch: string, user: { id: string; name: string }, text: string, extra: Partial<Incoming> = {}) {
  return l.svc.handleMessage({ channelId: ch, userId: user.id, userName: user.name, text, messageId: `in-${++msgN}`, ...extra });
}
