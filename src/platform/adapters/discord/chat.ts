import { ChannelType, DiscordAPIError, Routes, type REST, type RESTPostAPIChannelMessageResult } from 'discord.js';
import type { ChatPort, OutMessage } from '../../chat/index.ts';
import { componentRows, partBody, toParts } from './payload.ts';
import { truncate, mentionedUsers } from './split.ts';

export interface DiscordChatOptions {
  /** Called when sending fails for good (after @discordjs/rest's own retries of 429s and 5xx). */
  onError?: (what: string, err: unknown) => void;
  /** Where tidying up after a game (gameEnded) says what it did not do; default console.error. Also settable as `log`. */
  log?: (line: string, err?: unknown) => void;
  /** How gameEnded's later archive is scheduled (tests give a virtual timer); default a real timer that never holds the process open. */
  timer?: (ms: number, fn: () => void) => void;
  /** How long after a game's end its thread is archived: duel.md D10.3.4's hour by default. */
  archiveAfterMs?: number;
}

/** duel.md D10.3.4: a game's thread is archived an hour after the end. */
export const ARCHIVE_AFTER_MS = 60 * 60 * 1000;

/** Discord's thread channel types (announcement, public, private). */
const THREADS: ReadonlySet<number> = new Set([ChannelType.AnnouncementThread, ChannelType.PublicThread, ChannelType.PrivateThread]);

/**
 * ChatPort over Discord's REST API (the client's own `client.rest`, so its rate-limit queues are shared).
 * Texts are split at line boundaries to 2,000 characters, pictures become attachments, buttons a row of
 * Discord buttons. Mentions: the service writes `<@userId>` in a text; exactly those users are pinged
 * (allowed_mentions), never @everyone or a role, even if a player typed one.
 * privateReply is a direct message; a user who does not accept DMs gets a short notice in the channel
 * that says so, without the private content.
 */
export class DiscordChat implements ChatPort {
  private dmChannels = new Map<string, string>();
  /**
   * Rewrites a post (or an edit) before it is sent: the bot uses it to add `<@id>` mentions of exactly the players
   * who have not committed to a reminder (the service names their countries), and to leave out `page:` buttons
   * when there is no public page.
   */
  decorate?: (channelId: string, msg: OutMessage) => OutMessage | Promise<OutMessage>;

  /**
   * Asked when a thread's hour is up: true keeps it open (a new game lives there). The bot's wiring may set it from
   * the service; unset, a thread whose game ended an hour ago is archived.
   */
  keepOpen?: (channelId: string) => boolean | Promise<boolean>;
  log: (line: string, err?: unknown) => void;
  /** How gameEnded's later archive is scheduled (options.timer; a test or the bot's wiring may set it later). */
  timer: (ms: number, fn: () => void) => void;

  constructor(private rest: REST, private opts: DiscordChatOptions = {}) {
    this.log = opts.log ?? ((l, e) => console.error(`[discord] ${l}`, e ?? ''));
    this.timer = opts.timer ?? ((ms, fn) => { setTimeout(fn, ms).unref?.(); });
  }

  /** Sends through another REST client (a chat made before the discord.js client that owns the REST). */
  useRest(rest: REST): void {
    this.rest = rest;
  }

  async post(channelId: string, msg: OutMessage): Promise<string> {
    const ids = await this.send(channelId, this.decorate ? await this.decorate(channelId, msg) : msg);
    return ids[0] ?? '';
  }

  /** Every message id a post became (a long text is several messages). */
  async send(channelId: string, msg: OutMessage, extra: Record<string, unknown> = {}): Promise<string[]> {
    const parts = await toParts(msg);
    const ids: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      const res = (await this.rest.post(Routes.channelMessages(channelId), {
        body: partBody(p, i === 0 ? extra : {}),
        files: p.files.length ? p.files : undefined,
      })) as RESTPostAPIChannelMessageResult;
      ids.push(res.id);
    }
    return ids;
  }

  /**
   * An edit is one message: the text is cut to 2,000 characters and the buttons are exactly `msg.buttons`
   * (`components: []` removes them: an answered request must not keep live Accept/Reject buttons). Pictures
   * given replace the old ones; without `images` the message keeps its pictures.
   */
  async edit(channelId: string, messageId: string, msg: OutMessage): Promise<void> {
    if (this.decorate) msg = await this.decorate(channelId, msg);
    const parts = await toParts({ ...msg, text: truncate(msg.text ?? '') });
    const first = parts[0] ?? { content: '', files: [], components: [], allowedMentions: { parse: [], users: [] } };
    const files = parts.flatMap((p) => p.files).slice(0, 10);
    const components = componentRows(msg);
    const body = partBody({ ...first, files, components });
    if (msg.images) body.attachments = files.map((f, i) => ({ id: i, filename: f.name }));
    await this.rest.patch(Routes.channelMessage(channelId, messageId), { body, files: files.length ? files : undefined });
  }

  /**
   * A direct message the user asked for (issue 20: 国战's hand by DM, a fallback a player opts into): true when sent,
   * false when Discord refuses it with 50007 (the user does not accept DMs from this server's members) — the caller
   * says so to the user instead. Other failures throw.
   */
  async direct(userId: string, msg: OutMessage): Promise<boolean> {
    try {
      await this.send(await this.dmChannel(userId), msg);
      return true;
    } catch (e) {
      if (e instanceof DiscordAPIError && e.code === 50007) return false;
      throw e;
    }
  }

  async privateReply(channelId: string, userId: string, msg: OutMessage): Promise<void> {
    try {
      const dm = await this.dmChannel(userId);
      await this.send(dm, msg);
    } catch (e) {
      if (!(e instanceof DiscordAPIError) || e.code !== 50007) throw e;
      // 50007: the user does not accept direct messages from this server's members.
      await this.send(channelId, {
        text: `<@${userId}> 我无法私信你：请在服务器的隐私设置中允许私信，或改用斜杠命令（回答只有你能看到）。\nI cannot DM you: allow direct messages from this server, or use slash commands (answered privately).`,
      });
    }
  }

  /** true: deleted (or already gone, 10008/404); false: the bot lacks Manage Messages (50013/403). */
  async delete(channelId: string, messageId: string): Promise<boolean> {
    try {
      await this.rest.delete(Routes.channelMessage(channelId, messageId));
      return true;
    } catch (e) {
      if (e instanceof DiscordAPIError && (e.code === 10008 || e.status === 404)) return true;
      if (e instanceof DiscordAPIError && (e.code === 50013 || e.status === 403)) return false;
      throw e;
    }
  }

  /** Adds a reaction (✅ / ❌) to a message; failures (no permission) do not matter. */
  async react(channelId: string, messageId: string, emoji: string): Promise<boolean> {
    try {
      await this.rest.put(Routes.channelMessageOwnReaction(channelId, messageId, encodeURIComponent(emoji)));
      return true;
    } catch (e) {
      this.opts.onError?.('react', e);
      return false;
    }
  }

  /** Posts `msg` as a reply to a message (the first piece references it). */
  async reply(channelId: string, messageId: string, msg: OutMessage): Promise<string[]> {
    return this.send(channelId, msg, { message_reference: { message_id: messageId, fail_if_not_exists: false } });
  }

  /**
   * duel.md D10.3.4: a game ended (its result and final map are posted); if its channel is a thread (a duel's
   * `欧陆对决 #<id> 甲 vs 乙`, or any thread a game was played in), the thread is archived an hour later — archived,
   * not locked, so anyone who writes in it opens it again. At once the thread's own auto-archive is set to an hour
   * of quiet: the timer lives in this process, and should the bot restart within the hour, Discord archives the
   * thread itself an hour after its last message. A channel that is not a thread, a thread gone, or a permission
   * the bot lacks (Manage Threads, where it did not open the thread) is logged, never thrown.
   */
  async gameEnded(channelId: string, kind: string): Promise<void> {
    let channel: { type?: number; thread_metadata?: { archived?: boolean; auto_archive_duration?: number } };
    try {
      channel = (await this.rest.get(Routes.channel(channelId))) as typeof channel;
    } catch (e) {
      this.log(`the ${kind} game in ${channelId} ended, but its channel could not be read to archive it`, e);
      return;
    }
    if (typeof channel?.type !== 'number' || !THREADS.has(channel.type)) return; // a channel of the server: nothing to archive
    if (channel.thread_metadata?.archived) return;
    if (channel.thread_metadata?.auto_archive_duration !== 60) {
      await this.rest.patch(Routes.channel(channelId), { body: { auto_archive_duration: 60 } })
        .catch((e: unknown) => this.log(`the thread ${channelId} keeps its auto-archive (${describe(e)})`));
    }
    this.timer(this.opts.archiveAfterMs ?? ARCHIVE_AFTER_MS, () => {
      void this.archiveThread(channelId, kind).catch((e: unknown) => this.log(`archiving the thread ${channelId} failed`, e));
    });
  }

  /** The hour is up: the thread is archived unless a new game lives there. */
  private async archiveThread(channelId: string, kind: string): Promise<void> {
    if (this.keepOpen && (await this.keepOpen(channelId))) return;
    try {
      await this.rest.patch(Routes.channel(channelId), { body: { archived: true } });
    } catch (e) {
      // 10003: the thread is gone; 50013/403: the bot may not archive it (Manage Threads); 50083: archived already.
      this.log(`the thread ${channelId} of an ended ${kind} game was not archived (${describe(e)})`);
    }
  }

  async dmChannel(userId: string): Promise<string> {
    const known = this.dmChannels.get(userId);
    if (known) return known;
    const ch = (await this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id: string };
    this.dmChannels.set(userId, ch.id);
    return ch.id;
  }
}

export { mentionedUsers };

/** A REST failure in a log line: Discord's code and message. */
function describe(e: unknown): string {
  return e instanceof DiscordAPIError ? `${e.code} ${e.message}` : e instanceof Error ? e.message : String(e);
}
