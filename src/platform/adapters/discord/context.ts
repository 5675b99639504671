import { AttachmentBuilder, MessageFlags, type ChatInputCommandInteraction, type MessageComponentInteraction } from 'discord.js';
import type { Incoming, OutMessage, Reply, UserRef } from '../../chat/index.ts';
import type { GameInfo, GameServiceApi, Lang, Result } from '../../session/index.ts';
import { componentRows, toParts, type MessagePart } from './payload.ts';
import { truncate } from './split.ts';
import { missingPermissions, permissionLogLine, permissionNote } from './permissions.ts';
import type { AnswerMessage, ButtonContext, ChatActions, SlashContext } from '../../slash/index.ts';

export interface ContextInit {
  interaction: ChatInputCommandInteraction;
  service: GameServiceApi;
  channelId: string;
  /** The channel's game as the interaction began (read before the context is built: the service is asynchronous). */
  game: GameInfo | null;
  dm: boolean;
  user: UserRef;
  ephemeral: boolean;
  chat?: ChatActions;
  log?: (line: string) => void;
}

/** The SlashContext of one interaction, already deferred: every answer edits the deferred reply, then follows up. */
export class InteractionContext implements SlashContext {
  readonly interaction: ChatInputCommandInteraction;
  readonly service: GameServiceApi;
  readonly channelId: string;
  readonly user: UserRef;
  readonly lang: Lang;
  readonly game: GameInfo | null;
  readonly dm: boolean;
  readonly ephemeral: boolean;
  readonly chat?: ChatActions;
  /** How many messages this interaction has answered with (0: the deferred reply is still "thinking"). */
  answered = 0;
  private readonly log: (line: string) => void;

  constructor(init: ContextInit) {
    this.interaction = init.interaction;
    this.service = init.service;
    this.channelId = init.channelId;
    this.user = init.user;
    this.dm = init.dm;
    this.ephemeral = init.ephemeral;
    if (init.chat) this.chat = init.chat;
    this.log = init.log ?? ((l) => console.error(`[discord] ${l}`));
    this.game = init.game;
    this.lang = this.game?.language ?? (init.interaction.locale?.startsWith('zh') ? 'zh' : 'en');
  }

  t(zh: string, en: string): string {
    return this.lang === 'en' ? en : zh;
  }

  string(name: string): string | null {
    return this.interaction.options.getString(name, false);
  }

  integer(name: string): number | null {
    return this.interaction.options.getInteger(name, false);
  }

  subcommand(): string | null {
    return this.interaction.options.getSubcommand(false);
  }

  async run(text: string, opts: { private?: boolean } = {}): Promise<Reply> {
    const inc: Incoming = {
      channelId: this.dm ? this.interaction.channelId : this.channelId,
      userId: this.user.id,
      userName: this.user.name,
      text,
      messageId: this.interaction.id,
      private: opts.private || this.dm || undefined,
      ...(this.dm && this.game ? { dmGame: this.game.channelId } : {}),
      isModerator: this.user.isModerator === true,
      deliver: false,
    };
    const reply = await this.service.handleMessage(inc);
    await this.answer(replyMessage(reply, this.lang));
    return reply;
  }

  async result(r: Result<unknown>, extra: AnswerMessage = { text: '' }): Promise<void> {
    await this.answer({ ...extra, text: [`${r.ok ? '✅' : '❌'} ${r.text}`, extra.text].filter(Boolean).join('\n') });
  }

  checkPermissions(): string | null {
    if (this.dm) return null;
    const missing = missingPermissions(this.interaction.appPermissions);
    if (!missing.length) return null;
    this.log(permissionLogLine(this.channelId, missing));
    return permissionNote(missing, this.lang);
  }

  async answer(msg: AnswerMessage): Promise<void> {
    const parts = await toParts(msg, msg.files?.length ? { files: msg.files } : {});
    if (!parts.length) parts.push({ content: '✅', files: [], components: [], allowedMentions: { parse: [], users: [] } });
    for (const p of parts) await this.send(p);
  }

  private async send(p: MessagePart): Promise<void> {
    const payload = {
      content: p.content || undefined,
      files: p.files.map((f) => new AttachmentBuilder(f.data, { name: f.name })),
      components: p.components,
      allowedMentions: { parse: [] as [], users: p.allowedMentions.users },
    };
    if (this.answered === 0) await this.interaction.editReply(payload);
    else await this.interaction.followUp({ ...payload, ...(this.ephemeral ? { flags: MessageFlags.Ephemeral as const } : {}) });
    this.answered++;
  }
}

/** How a Reply reads as an interaction answer (the service posted the public side already). */
export function replyMessage(reply: Reply, lang: Lang): AnswerMessage {
  const T = (zh: string, en: string) => (lang === 'en' ? en : zh);
  if (reply.duplicate) return { text: T('（这条命令已经处理过了）', '(this command was already handled)') };
  if (!reply.handled) return { text: reply.text || T('❌ 这里没有游戏，或没有认出命令。/help 查看用法。', '❌ No game here, or no command recognised. See /help.') };
  // Refused items already carry their ✗ mark in the service's text.
  const text = reply.ok ? `✅ ${reply.text}`.trim() : reply.text || '❌';
  return { text, ...(reply.images?.length ? { images: reply.images } : {}) };
}

/** A press of a button a command claims (SlashCommand.button), already acknowledged with deferUpdate. */
export class PressContext implements ButtonContext {
  readonly buttonId: string;
  readonly values: string[];

  constructor(
    readonly interaction: MessageComponentInteraction,
    readonly service: GameServiceApi,
    readonly channelId: string,
    readonly user: UserRef,
    readonly lang: Lang,
    readonly chat: ChatActions,
  ) {
    this.buttonId = interaction.customId;
    this.values = interaction.isStringSelectMenu() ? [...interaction.values] : [];
  }

  t(zh: string, en: string): string {
    return this.lang === 'en' ? en : zh;
  }

  async tell(msg: AnswerMessage): Promise<void> {
    const parts = await toParts(msg, msg.files?.length ? { files: msg.files } : {});
    for (const p of parts) {
      await this.interaction.followUp({
        content: p.content || undefined,
        files: p.files.map((f) => new AttachmentBuilder(f.data, { name: f.name })),
        components: p.components,
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [], users: [] },
      });
    }
  }

  async update(msg: OutMessage): Promise<void> {
    // An edit pings nobody; the text is cut to one message and the buttons are exactly msg's.
    const files = (msg.images ?? []).map((img) => new AttachmentBuilder(img.png, { name: img.name.endsWith('.png') ? img.name : `${img.name}.png` }));
    await this.interaction.editReply({ content: truncate(msg.text) || '\u200b', components: componentRows(msg), allowedMentions: { parse: [], users: [] }, ...(msg.images ? { files, attachments: [] } : {}) });
  }
}
