import { ChannelType, DiscordAPIError, Routes, type REST } from 'discord.js';
import type { OutMessage } from '../../chat/index.ts';
import type { ChatActions } from '../../slash/index.ts';
import type { DiscordChat } from './chat.ts';

/** How the adapter schedules a command's `later` (tests give a virtual one). */
export type Timer = (ms: number, fn: () => void) => void;

/** A real timer that never holds the process open. */
export const realTimer: Timer = (ms, fn) => {
  setTimeout(fn, ms).unref?.();
};

/** Discord's limit on a channel's (or thread's) name. */
const NAME_MAX = 100;

/**
 * The platform actions a slash command or its button may take on Discord (ChatActions): posting and editing
 * through DiscordChat, threads and renames through the client's REST, the page's address, a timer.
 */
export class DiscordActions implements ChatActions {
  constructor(
    private readonly rest: () => REST,
    private readonly chat: DiscordChat,
    readonly publicUrl: string | null,
    private readonly timer: Timer,
    readonly now: () => number,
    private readonly logLine: (line: string, err?: unknown) => void,
  ) {}

  post(channelId: string, msg: OutMessage): Promise<string> {
    return this.chat.post(channelId, msg);
  }

  edit(channelId: string, messageId: string, msg: OutMessage): Promise<void> {
    return this.chat.edit(channelId, messageId, msg);
  }

  /**
   * A public thread (a day's auto-archive), started on a message when given. Any refusal of Discord's (no Create
   * Public Threads, a thread or forum already, a DM) is null: the game stays in the channel itself (duel.md D10.3).
   */
  async openThread(channelId: string, name: string, fromMessageId?: string): Promise<string | null> {
    const body = { name: name.slice(0, NAME_MAX), auto_archive_duration: 1440, ...(fromMessageId ? {} : { type: ChannelType.PublicThread }) };
    try {
      const ch = (await this.rest().post(Routes.threads(channelId, fromMessageId), { body })) as { id?: string };
      return typeof ch?.id === 'string' ? ch.id : null;
    } catch (e) {
      if (!(e instanceof DiscordAPIError)) this.log(`opening a thread in ${channelId} failed`, e);
      else this.log(`no thread in ${channelId} (${e.code} ${e.message}): the game stays in the channel`);
      return null;
    }
  }

  async rename(channelId: string, name: string): Promise<void> {
    try {
      await this.rest().patch(Routes.channel(channelId), { body: { name: name.slice(0, NAME_MAX) } });
    } catch (e) {
      this.log(`renaming ${channelId} failed`, e);
    }
  }

  /** A direct message to `userId` (a fallback the user asked for): false when Discord refuses it (50007). */
  direct(userId: string, msg: OutMessage): Promise<boolean> {
    return this.chat.direct(userId, msg);
  }

  later(ms: number, fn: () => Promise<void> | void): void {
    this.timer(ms, () => {
      Promise.resolve().then(fn).catch((e: unknown) => this.log('a scheduled action failed', e));
    });
  }

  log(line: string, err?: unknown): void {
    this.logLine(line, err);
  }
}
