/**
 * discord.js's boundary for the Discord adapter's tests: real discord.js objects built from raw gateway payloads
 * (client.actions.*.handle, as the gateway handlers do) and the client's REST with a stubbed request function
 * that records what would be sent to Discord and answers like Discord — threads included (opened, renamed, or
 * refused with 50013 as where the bot may not create them).
 */
import { Client, Partials } from 'discord.js';
import type { GameServiceApi } from '../../src/platform/session/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';
import { DiscordBot, DiscordChat } from '../../src/platform/adapters/discord/index.ts';

export const GUILD = '900000000000000001';
export const CHANNEL = '900000000000000002';
export const APP = '900000000000000003';

/** One request to Discord; `id`: the message id answered (posts and edits); `data`: the attached files' bytes. */
export interface Call { method: string; path: string; body: Record<string, unknown> | null; files: string[]; data: Buffer[]; at: number; id?: string }

export class FakeDiscord {
  calls: Call[] = [];
  private n = 0;
  private threads = 0;
  /** false: opening a thread is refused (Missing Permissions), as in a channel where the bot may not. */
  threadsAllowed = true;
  /** Called at every request; a test may add delays or failures. */
  onRequest?: (c: Call) => void;
  /** A test's own answer to a request (e.g. Discord's 50007 for a DM), instead of the usual one. */
  answer?: (c: Call) => Response | undefined;

  makeRequest = async (url: string, init: { method?: string; body?: unknown }): Promise<Response> => {
    const path = decodeURIComponent(url.replace(/^https:\/\/discord\.com\/api\/v10/, '').replace(/\?.*$/, ''));
    let body: Record<string, unknown> | null = null;
    const files: string[] = [];
    const data: Buffer[] = [];
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    else if (init.body instanceof FormData) {
      const pj = init.body.get('payload_json');
      body = typeof pj === 'string' ? JSON.parse(pj) : null;
      for (const [k, v] of init.body.entries()) {
        if (!k.startsWith('files[') || typeof v === 'string') continue;
        files.push((v as File).name);
        data.push(Buffer.from(await (v as File).arrayBuffer()));
      }
    }
    const call: Call = { method: init.method ?? 'GET', path, body, files, data, at: this.calls.length };
    this.calls.push(call);
    this.onRequest?.(call);
    const own = this.answer?.(call);
    if (own) return own;
    if (path.endsWith('/callback') || path.includes('/reactions/') || call.method === 'DELETE') return new Response(null, { status: 204 });
    if (path === '/users/@me/channels') return json({ id: `dm-${(body as { recipient_id: string }).recipient_id}`, type: 1 });
    const thread = /^\/channels\/(\d+)(?:\/messages\/\d+)?\/threads$/.exec(path);
    if (thread && call.method === 'POST') {
      if (!this.threadsAllowed) return json({ message: 'Missing Permissions', code: 50013 }, 403);
      return json({ id: String(910000000000000000n + BigInt(++this.threads)), type: 11, guild_id: GUILD, parent_id: thread[1], name: body?.name });
    }
    const channel = /^\/channels\/(\d+)/.exec(path)?.[1] ?? CHANNEL;
    const id = String(800000000000000000n + BigInt(++this.n));
    call.id = id;
    return json({
      id, channel_id: channel, type: 0, content: (body?.content as string) ?? '', author: { id: APP, username: 'referee', discriminator: '0', bot: true },
      timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0,
    });
  };

  posts(channel = CHANNEL): Call[] {
    return this.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${channel}/messages`);
  }
  find(pred: (c: Call) => boolean): Call | undefined {
    return this.calls.find(pred);
  }
  clear(): void {
    this.calls = [];
  }
}

export function json(v: unknown, status = 200): Response {
  return new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });
}

const role = (id: string, name: string) => ({ id, name, permissions: '0', position: id === GUILD ? 0 : 1, color: 0, hoist: false, managed: false, mentionable: false });

export function makeClient(discord: FakeDiscord, clients: Client[]): Client {
  const client = new Client({ intents: [], partials: [Partials.Channel], rest: { makeRequest: discord.makeRequest as never, retries: 0 } });
  client.rest.setToken('test-token');
  clients.push(client);
  (client as unknown as { user: { id: string } }).user = { id: APP };
  (client as unknown as { guilds: { _add(d: unknown): unknown } }).guilds._add({
    id: GUILD, name: 'Server', owner_id: '100000000000000099', roles: [role(GUILD, '@everyone')],
    channels: [{ id: CHANNEL, type: 0, name: 'duels', guild_id: GUILD, position: 0 }], members: [],
  });
  return client;
}

export interface Harness { discord: FakeDiscord; client: Client; chat: DiscordChat; bot: DiscordBot; service: GameServiceApi }

export interface HarnessOptions {
  now?: () => number;
  timer?: (ms: number, fn: () => void) => void;
  publicUrl?: string;
}

export function harness(make: (chat: DiscordChat) => GameServiceApi, commands: readonly SlashCommand[], clients: Client[], o: HarnessOptions = {}): Harness {
  const discord = new FakeDiscord();
  const client = makeClient(discord, clients);
  const chat = new DiscordChat(client.rest);
  const service = make(chat);
  const bot = new DiscordBot({
    client, service, chat, commands, log: () => undefined,
    ...(o.now ? { now: o.now } : {}), ...(o.timer ? { timer: o.timer } : {}), ...(o.publicUrl ? { publicUrl: o.publicUrl } : {}),
  }).attach();
  chat.decorate = (ch, m) => bot.decorate(ch, m);
  return { discord, client, chat, bot, service };
}

const actions = (client: Client) => (client as unknown as { actions: Record<string, { handle(d: unknown): unknown }> }).actions;
export const user = (id: string, name: string, bot = false) => ({ id, username: name, discriminator: '0', global_name: name, ...(bot ? { bot: true } : {}) });
const member = (u: ReturnType<typeof user>) => ({ user: u, roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false });
const channelOf = (id: string) => (id === CHANNEL ? { id, type: 0, guild_id: GUILD } : { id, type: 11, guild_id: GUILD, parent_id: CHANNEL });

export type Opt = { name: string; type: number; value?: string | number | boolean; focused?: boolean; options?: Opt[] };
export const str = (name: string, value: string): Opt => ({ name, type: 3, value });
export const int = (name: string, value: number): Opt => ({ name, type: 4, value });
export const bool = (name: string, value: boolean): Opt => ({ name, type: 5, value });

let seq = 0;

/** A slash command (type 2) or an autocomplete (type 4) by `author` in `channel`; `users` are resolved user options. */
export function slash(h: Harness, author: { id: string; name: string }, name: string, options: Opt[], o: { channel?: string; users?: ReturnType<typeof user>[]; type?: number; locale?: string } = {}): string {
  const id = String(600000000000000000n + BigInt(++seq));
  const ch = o.channel ?? CHANNEL;
  const users = o.users ?? [];
  actions(h.client).InteractionCreate!.handle({
    id, application_id: APP, type: o.type ?? 2, token: `tok-${id}`, version: 1, guild_id: GUILD, channel_id: ch,
    channel: channelOf(ch), locale: o.locale ?? 'zh-CN', guild_locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: member(user(author.id, author.name)),
    data: {
      id: '1', name, type: 1, options,
      ...(users.length ? { resolved: { users: Object.fromEntries(users.map((u) => [u.id, u])), members: Object.fromEntries(users.filter((u) => !('bot' in u)).map((u) => [u.id, { roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false }])) } } : {}),
    },
  });
  return id;
}

/** A press of a button `customId` on message `messageId` (with `content`) in `channel`. */
export function click(h: Harness, author: { id: string; name: string }, customId: string, messageId: string, o: { channel?: string; content?: string } = {}): string {
  const id = String(500000000000000000n + BigInt(++seq));
  const ch = o.channel ?? CHANNEL;
  actions(h.client).InteractionCreate!.handle({
    id, application_id: APP, type: 3, token: `tok-${id}`, version: 1, guild_id: GUILD, channel_id: ch,
    channel: channelOf(ch), locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: member(user(author.id, author.name)),
    message: {
      id: messageId, channel_id: ch, type: 0, content: o.content ?? '', author: user(APP, 'referee'), timestamp: new Date().toISOString(),
      attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0,
    },
    data: { custom_id: customId, component_type: 2 },
  });
  return id;
}

/** A message typed by `author` in `channel` (the channel or a thread the client knows). */
export function typed(h: Harness, author: { id: string; name: string }, content: string, channel = CHANNEL): string {
  const id = String(700000000000000000n + BigInt(++seq));
  actions(h.client).MessageCreate!.handle({
    id, author: user(author.id, author.name), content, type: 0, timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [],
    pinned: false, tts: false, channel_id: channel, guild_id: GUILD, member: { roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false },
  });
  return id;
}

/** What an interaction was answered with: its deferral's flags, then each answer's content and components. */
export function answers(h: Harness, iid: string): { ephemeral: boolean; texts: string[]; components: unknown[][] } {
  const defer = h.discord.find((c) => c.path === `/interactions/${iid}/tok-${iid}/callback`);
  const sent = h.discord.calls.filter((c) => c.path.startsWith(`/webhooks/${APP}/tok-${iid}`));
  const flags = (defer?.body as { data?: { flags?: number } } | null)?.data?.flags ?? 0;
  return { ephemeral: (flags & 64) === 64, texts: sent.map((c) => String(c.body?.content ?? '')), components: sent.map((c) => (c.body?.components as unknown[]) ?? []) };
}

/** The custom ids of a message's buttons. */
export const buttonIds = (c: Call | undefined): string[] => ((c?.body?.components as { components: { custom_id: string }[] }[] | undefined) ?? []).flatMap((r) => r.components.map((b) => b.custom_id));
