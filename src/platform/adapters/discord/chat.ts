import { DiscordAPIError, Routes, type REST, type RESTPostAPIChannelMessageResult } from 'discord.js';
import type { ChatPort, OutMessage } from '../../chat/index.ts';
import { buttonRows, partBody, toParts } from './payload.ts';
import { truncate, mentionedUsers } from './split.ts';

export interface DiscordChatOptions {
  /** Called when sending fails for good (after @discordjs/rest's own retries of 429s and 5xx). */
  onError?: (what: string, err: unknown) => void;
}

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

  constructor(private rest: REST, private opts: DiscordChatOptions = {}) {}

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
    const components = buttonRows(msg.buttons);
    const body = partBody({ ...first, files, components });
    if (msg.images) body.attachments = files.map((f, i) => ({ id: i, filename: f.name }));
    await this.rest.patch(Routes.channelMessage(channelId, messageId), { body, files: files.length ? files : undefined });
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

  async dmChannel(userId: string): Promise<string> {
    const known = this.dmChannels.get(userId);
    if (known) return known;
    const ch = (await this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id: string };
    this.dmChannels.set(userId, ch.id);
    return ch.id;
  }
}

export { mentionedUsers };
