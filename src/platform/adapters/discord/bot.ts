import {
  Events,
  MessageFlags,
  PermissionFlagsBits,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type StringSelectMenuInteraction,
  type ChatInputCommandInteraction,
  type Client,
  type GuildMember,
  type Interaction,
  type Message,
} from 'discord.js';
import type { Incoming, OutMessage, Reply, UserRef } from '../../chat/index.ts';
import { SeatBook, type GameServiceApi } from '../../session/index.ts';
import { DiscordChat } from './chat.ts';
import { InteractionContext, PressContext } from './context.ts';
import { DiscordActions, realTimer, type Timer } from './actions.ts';
import { guardGateway } from './guard.ts';
import { isModerator, missingPermissions, permissionLogLine } from './permissions.ts';
import type { Choice, SlashCommand } from '../../slash/index.ts';
import { mention, relativeTime, shownName, truncate } from './split.ts';

export interface BotOptions {
  client: Client;
  service: GameServiceApi;
  chat: DiscordChat;
  commands: readonly SlashCommand[];
  /** DISCORD_MOD_ROLE: the id of a role whose members are judges of every game on the server (R13); a name never matches. */
  modRole?: string;
  /** PUBLIC_URL: the web page's public address; the [网页] buttons (`page:`) are shown and answered only with it. */
  publicUrl?: string;
  now?: () => number;
  /** How commands' delayed actions are scheduled (a challenge's expiry); default: real, unref'd timers. */
  timer?: Timer;
  log?: (line: string, err?: unknown) => void;
}

/** How many recent message / interaction ids are remembered to drop a duplicate delivery at once. */
const SEEN_MAX = 5000;

/**
 * The Discord side of the bot: turns gateway events into Incoming / ButtonPress for the GameService and
 * answers them. Text commands are answered by reactions (✅ / ❌), a reply with the reason of a refusal, and
 * private answers by DM (the public side — echoes, requests with buttons, turn posts — is posted by the
 * service through DiscordChat). Slash commands are deferred at once and answered ephemerally.
 */
export class DiscordBot {
  readonly client: Client;
  readonly service: GameServiceApi;
  readonly chat: DiscordChat;
  private readonly commands: Map<string, SlashCommand>;
  private readonly modRole: string | undefined;
  private readonly now: () => number;
  private readonly log: (line: string, err?: unknown) => void;
  private readonly seen = new Set<string>();
  /** Since when (ms) the gateway is down; null while connected. */
  private offlineSince: number | null = null;
  /** Last time a gateway event arrived while connected: the true start of an outage is after it. */
  private lastEventAt: number | null = null;
  /** Outages: messages created inside one were not seen live and are not replayed. */
  readonly gaps: { from: number; to: number }[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  /** What commands may do beyond their answer: post, edit, open threads, schedule (ChatActions). */
  readonly actions: DiscordActions;
  readonly publicUrl: string | null;

  constructor(opts: BotOptions) {
    this.client = opts.client;
    this.service = opts.service;
    this.chat = opts.chat;
    this.commands = new Map(opts.commands.map((c) => [c.data.name, c]));
    this.modRole = opts.modRole?.trim() || undefined;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? ((l, e) => console.error(`[discord] ${l}`, e ?? ''));
    this.publicUrl = opts.publicUrl?.trim().replace(/\/+$/, '') || null;
    this.actions = new DiscordActions(() => this.client.rest, this.chat, this.publicUrl, opts.timer ?? realTimer, this.now, (l, e) => this.log(l, e));
  }

  /** Listens on the client. Handlers never throw into discord.js: failures are logged. */
  attach(): this {
    const c = this.client;
    guardGateway(c, this.log);
    // Without an 'error' listener an emitted error is thrown, which would end the process.
    c.on(Events.Error, (e) => this.log('client error', e));
    c.on(Events.ShardError, (e, shard) => this.log(`gateway error on shard ${shard}`, e));
    c.on(Events.MessageCreate, (m) => this.track(this.onMessage(m)));
    c.on(Events.InteractionCreate, (i) => this.track(this.onInteraction(i)));
    c.on(Events.Raw, () => {
      if (this.offlineSince === null) this.lastEventAt = this.now();
    });
    c.on(Events.ShardDisconnect, () => this.down());
    c.on(Events.ShardReconnecting, () => this.down());
    c.on(Events.ShardResume, () => this.track(this.up()));
    c.on(Events.ShardReady, () => this.track(this.up()));
    return this;
  }

  /** Resolves when every handler started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<unknown>): void {
    const q = p.catch((e) => this.log('handler failed', e)).finally(() => this.pending.delete(q));
    this.pending.add(q);
  }

  /** true the first time an id is seen: a gateway event delivered twice is handled once. */
  private first(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value!);
    return true;
  }

  // ── connection ─────────────────────────────────────────────────────────────────────────────────────

  down(): void {
    if (this.offlineSince === null) this.offlineSince = this.lastEventAt ?? this.now();
  }

  /** Back after an outage: remember the gap and say so in every running game's channel. */
  async up(): Promise<void> {
    if (this.offlineSince === null) return;
    const gap = { from: this.offlineSince, to: this.now() };
    this.offlineSince = null;
    this.lastEventAt = gap.to;
    this.gaps.push(gap);
    if (this.gaps.length > 20) this.gaps.shift();
    for (const g of (await this.service.listGames({ status: ['running'] }))) {
      const text = g.language === 'en'
        ? `⚠️ The bot lost its connection to Discord (${relativeTime(gap.from, 'T')} – ${relativeTime(gap.to, 'T')}). Messages sent in that time were not read: please send those commands again.`
        : `⚠️ 机器人与 Discord 的连接中断过（${relativeTime(gap.from, 'T')} – ${relativeTime(gap.to, 'T')}）。这段时间里发的消息没有被读取，请重新发送这些命令。`;
      try {
        if (this.client.channels.cache.size === 0 || this.client.channels.cache.has(g.channelId)) await this.chat.post(g.channelId, { text });
      } catch (e) {
        this.log(`reconnect notice in ${g.channelId} failed`, e);
      }
    }
  }

  /**
   * Logs, for each game channel, the permissions the bot lacks there (the operator fixes them before a
   * player finds out: a private order left visible, a turn post without its map).
   */
  async checkChannels(channelIds: Iterable<string>): Promise<void> {
    for (const id of new Set(channelIds)) {
      try {
        const ch = await this.client.channels.fetch(id).catch(() => null);
        if (!ch || !('guild' in ch) || !ch.guild || !('permissionsFor' in ch)) {
          this.log(`Discord: the bot cannot see game channel ${id} (deleted, on a server it left, or no View Channel).`);
          continue;
        }
        const me = ch.guild.members.me ?? (await ch.guild.members.fetchMe());
        const missing = missingPermissions(ch.permissionsFor(me));
        if (missing.length) this.log(permissionLogLine(`#${ch.name} (${id})`, missing));
      } catch (e) {
        this.log(`Discord: could not check the bot's permissions in channel ${id}`, e);
      }
    }
  }

  /** A message created while the bot was not connected: the gateway may replay it on resume; it is dropped. */
  missed(createdAt: number): boolean {
    if (this.offlineSince !== null && createdAt >= this.offlineSince) return true;
    return this.gaps.some((g) => createdAt >= g.from && createdAt <= g.to);
  }

  /**
   * What DiscordChat sends is rewritten here (posts and edits): reminders ping the laggards, and a link to the
   * page (`page:` buttons) is left out when no PUBLIC_URL is configured.
   */
  async decorate(channelId: string, msg: OutMessage): Promise<OutMessage> {
    const m = await this.mentionLaggards(channelId, msg);
    if (this.publicUrl || !m.buttons?.some((b) => b.id.startsWith('page:'))) return m;
    return { ...m, buttons: m.buttons.filter((b) => !b.id.startsWith('page:')) };
  }

  /**
   * A reminder (the service's texts start with ⏰) pings exactly the players whose countries have not
   * committed, read from the game state the service keeps; a text that already has mentions is left alone.
   */
  async mentionLaggards(channelId: string, msg: OutMessage): Promise<OutMessage> {
    if (!msg.text?.startsWith('⏰') || /<@!?\d/.test(msg.text)) return msg;
    const view = (await this.service.viewOf(channelId, null));
    if (!view) return msg;
    const ids: string[] = [];
    // Players who chose reminders by direct message get them there, not as a ping here.
    for (const p of view.info.players) if (view.laggards.includes(p.country) && !(await this.service.remindsByDm(p.userId))) ids.push(mention(p.userId));
    return ids.length ? { ...msg, text: `${msg.text}\n${[...new Set(ids)].join(' ')}` } : msg;
  }

  // ── people ─────────────────────────────────────────────────────────────────────────────────────────

  private async moderator(member: GuildMember | null | undefined, gameChannel: string | null, userId: string): Promise<boolean> {
    if (member) return isModerator(member, this.modRole);
    if (!gameChannel) return false;
    // A DM: the server the game is on decides.
    try {
      const ch = await this.client.channels.fetch(gameChannel);
      const guild = ch && 'guild' in ch ? ch.guild : null;
      if (!guild) return false;
      return isModerator(await guild.members.fetch(userId), this.modRole);
    } catch {
      return false;
    }
  }

  /** The game a DM is about: a channel mentioned as <#id>, else the user's running (then open) game. */
  private async dmGame(userId: string, text = ''): Promise<string | null> {
    const named = /<#(\d{5,25})>/.exec(text)?.[1];
    if (named) return named;
    const games = (await this.service.listGames({ status: ['running', 'open'] })).filter((g) => g.players.some((p) => p.userId === userId));
    return (games.find((g) => g.status === 'running') ?? games[0])?.channelId ?? null;
  }

  // ── text commands ──────────────────────────────────────────────────────────────────────────────────

  async onMessage(message: Message): Promise<void> {
    if (message.author.bot || message.system || message.webhookId) return;
    if (!message.content || !this.first(message.id)) return;
    if (this.missed(message.createdTimestamp)) {
      this.log(`message ${message.id} was sent while disconnected: not replayed`);
      return;
    }
    const dm = !message.inGuild();
    const dmGame = dm ? (await this.dmGame(message.author.id, message.content)) : null;
    const inc: Incoming = {
      channelId: message.channelId,
      userId: message.author.id,
      userName: shownName(message.author.id, message.member?.nickname, message.author.globalName, message.author.username),
      text: message.content,
      messageId: message.id,
      ...(dm ? { private: true } : {}),
      ...(dmGame ? { dmGame } : {}),
      isModerator: await this.moderator(message.member, dmGame, message.author.id),
      deliver: false,
    };
    const reply = await this.service.handleMessage(inc);
    await this.answerText(message, reply, dm);
  }

  private async answerText(message: Message, reply: Reply, dm: boolean): Promise<void> {
    if (!reply.handled || reply.duplicate) return;
    const out: OutMessage = { text: reply.text, ...(reply.images?.length ? { images: reply.images } : {}) };
    const ch = message.channelId;
    if (dm) {
      await this.chat.reply(ch, message.id, out);
      return;
    }
    if (reply.private) {
      // A private command typed in the channel: taken, answered by DM, the message deleted where the bot may.
      let deleted = false;
      if (reply.deleteOriginal) {
        let refused = false;
        try {
          deleted = await this.chat.delete(ch, message.id);
          refused = !deleted;
        } catch (e) {
          this.log('delete failed', e); // outcome unknown: not reported as a missing permission
        }
        if (refused) {
          // The author must know the order is public, or they would think it secret.
          const en = (await this.langOf(ch, undefined)) === 'en';
          out.text = [out.text, en
            ? '⚠️ The private order you typed in the channel is still visible to everyone: the bot could not delete it (it lacks the Manage Messages permission there). Ask an admin to grant it, or send private orders as slash commands or by direct message.'
            : '⚠️ 你在频道里发的私密命令仍然对所有人可见：机器人删不掉它（在该频道没有“管理消息”权限）。请管理员给机器人这个权限，或者用斜杠命令或私信发送私密命令。'].filter(Boolean).join('\n');
        }
      }
      await this.chat.privateReply(ch, message.author.id, out);
      if (!deleted) await this.react(ch, message.id, reply);
      return;
    }
    await this.react(ch, message.id, reply);
    // A 【地图】/【分数】 typed in the channel gets its picture in the Reply (drawn outside the game's lock): shown here.
    if (reply.images?.length) await this.chat.reply(ch, message.id, { text: '', images: reply.images });
    // Accepted public commands are echoed by the service; a refusal is explained here, as a reply.
    if (!reply.ok) {
      const refused = reply.items.filter((i) => !i.ok).map((i) => `✗ ${i.text}`).join('\n') || reply.text;
      await this.chat.reply(ch, message.id, { text: refused });
    }
  }

  private async react(channelId: string, messageId: string, reply: Reply): Promise<void> {
    if (reply.items.some((i) => i.ok) || reply.ok) await this.chat.react(channelId, messageId, '✅');
    if (!reply.ok) await this.chat.react(channelId, messageId, '❌');
  }

  // ── interactions ───────────────────────────────────────────────────────────────────────────────────

  async onInteraction(i: Interaction): Promise<void> {
    if (i.isAutocomplete()) return this.onAutocomplete(i);
    if (!this.first(i.id)) return;
    if (i.isChatInputCommand()) return this.onSlash(i);
    // A menu's choice (OutSelect) is answered like a button: by the command that claims its id, else the service.
    if (i.isButton() || i.isStringSelectMenu()) return this.onButton(i);
  }

  private user(i: Interaction, isModerator: boolean): UserRef {
    const nick = i.member && 'displayName' in i.member ? i.member.nickname : (i.member as { nick?: string | null } | null)?.nick;
    return { id: i.user.id, name: shownName(i.user.id, nick, i.user.globalName, i.user.username), isModerator };
  }

  private memberOf(i: Interaction): GuildMember | null {
    return i.member && 'displayName' in i.member ? i.member : null;
  }

  private async isMod(i: Interaction, gameChannel: string | null): Promise<boolean> {
    if (i.inGuild()) {
      // The interaction carries the member's permissions in the channel (Manage Server, Administrator).
      const perms = i.memberPermissions;
      if (perms?.has(PermissionFlagsBits.ManageGuild, true)) return true;
      // A raw API member (uncached guild) still carries its role ids.
      return isModerator(this.memberOf(i) ?? i.member, this.modRole);
    }
    return this.moderator(null, gameChannel, i.user.id);
  }

  async onSlash(i: ChatInputCommandInteraction): Promise<void> {
    const cmd = this.commands.get(i.commandName);
    if (!cmd) {
      await i.reply({ content: `Unknown command /${i.commandName}`, flags: MessageFlags.Ephemeral });
      return;
    }
    const sub = i.options.getSubcommand(false);
    const ephemeral = typeof cmd.ephemeral === 'function' ? cmd.ephemeral(sub) : cmd.ephemeral;
    const dm = !i.inGuild();
    const gameChannel = dm ? (await this.dmGame(i.user.id)) : i.channelId;
    const scope = cmd.scope ?? 'game';
    // A game lives in a server channel: without one (a DM, a payload with no channel) there is nothing to act on.
    if (!i.channelId || (dm && scope === 'channel') || (!gameChannel && scope === 'game')) {
      const en = (await this.langOf(gameChannel, i.locale)) === 'en';
      const content = en
        ? `❌ NO_CHANNEL: Use this command in a server channel: the game's channel, or /game create there to open one.${dm && scope === 'game' ? ' In a direct message, commands act on the game you play in, and you play in none.' : ''}`
        : `❌ NO_CHANNEL: 请在服务器的频道里使用这个命令：在游戏所在的频道里使用，或在那里用 /game create 开一局。${dm && scope === 'game' ? '私信里的命令作用于你参加的游戏，而你没有参加任何游戏。' : ''}`;
      await i.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
      return;
    }
    // First thing: Discord wants an answer within 3 s; rendering and the database come after.
    await i.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    const ctx = new InteractionContext({
      interaction: i,
      service: this.service,
      channelId: gameChannel ?? i.channelId,
      game: await this.service.gameOf(gameChannel ?? i.channelId),
      dm,
      user: this.user(i, await this.isMod(i, gameChannel)),
      ephemeral,
      chat: this.actions,
      log: (l) => this.log(l),
    });
    try {
      await cmd.execute(ctx);
      if (ctx.answered === 0) await ctx.answer({ text: '✅' });
    } catch (e) {
      this.log(`/${i.commandName} failed`, e);
      const text = ctx.t('❌ 出错了，命令可能没有执行；请稍后再试。', '❌ Something went wrong; the command may not have run. Please try again.');
      await ctx.answer({ text }).catch(() => undefined);
    }
  }

  async onAutocomplete(i: AutocompleteInteraction): Promise<void> {
    let choices: Choice[] = [];
    try {
      const focused = i.options.getFocused(true);
      const cmd = this.commands.get(i.commandName);
      const channel = i.inGuild() ? i.channelId : (await this.dmGame(i.user.id));
      // Each command knows what its options name (a game's countries, territories, …); the adapter knows no game.
      if (cmd?.autocomplete && channel) choices = await cmd.autocomplete(focused.name, String(focused.value ?? ''), { service: this.service, channelId: channel, userId: i.user.id });
    } catch (e) {
      this.log(`autocomplete of /${i.commandName} could not be read`, e); // no focused option: nothing to suggest
    }
    try {
      await i.respond(choices);
    } catch (e) {
      this.log('autocomplete answer failed', e); // typically expired: the user typed on
    }
  }

  async onButton(i: ButtonInteraction | StringSelectMenuInteraction): Promise<void> {
    // Acknowledge at once without a visible message; the answer follows.
    await i.deferUpdate();
    const channelId = i.channelId as string | null;
    const pressLang = await this.langOf(channelId, i.locale);
    const T = (zh: string, en: string) => (pressLang === 'en' ? en : zh);
    const tell = (text: string) => i.followUp({ content: truncate(text), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    if (!channelId) return void (await tell(T('❌ NO_CHANNEL: 这个按钮不在任何频道里，无法处理。', '❌ NO_CHANNEL: this button is in no channel and cannot be handled.')));
    // A button a command answers itself (a challenge's 接受/拒绝, a status message's 地图), then the page's link.
    const owner = [...this.commands.values()].find((c) => c.button?.owns(i.customId));
    if (owner) {
      const ctx = new PressContext(i, this.service, channelId, this.user(i, await this.isMod(i, channelId)), pressLang, this.actions);
      try {
        await owner.button!.press(ctx);
      } catch (e) {
        this.log(`button ${i.customId} failed`, e);
        await tell(T('❌ 出错了，这次点击可能没有生效；请稍后再试。', '❌ Something went wrong; the press may not have counted. Please try again.'));
      }
      return;
    }
    if (i.customId.startsWith('page:')) return void (await tell((await this.pageLink(channelId, i.user.id, T))));
    let reply: Reply;
    try {
      reply = await this.service.handleButton({
        channelId,
        userId: i.user.id,
        userName: this.user(i, false).name,
        buttonId: i.customId,
        interactionId: i.id,
        isModerator: await this.isMod(i, channelId),
        deliver: false,
      });
    } catch (e) {
      this.log(`button ${i.customId} failed`, e);
      return void (await tell(T('❌ 出错了，这次点击可能没有生效；请稍后再试，或用 /answer 回答。', '❌ Something went wrong; the press may not have counted. Try again later, or answer with /answer.')));
    }
    if (reply.duplicate) return;
    if (!reply.handled || !reply.ok) {
      // Only the addressed country's player may answer a live request; any other press (stale, foreign) is told why, privately.
      return void (await tell(reply.text || T('这个按钮已经失效：请求已回答、已失效，或游戏已结束。', 'This button is no longer active: the request was answered or lapsed, or the game has ended.')));
    }
    // An answered request: its buttons go (the service posted the answer publicly). The message may be gone
    // meanwhile. A game's other buttons (a status message's [准备]) stay: the service edits that message itself.
    if (i.customId.startsWith('req:')) {
      try {
        await i.editReply({ components: [] });
      } catch (e) {
        this.log('removing the buttons failed', e);
      }
    }
    if (reply.private && reply.text) await tell(reply.text);
  }

  /**
   * The [网页] button's answer, only to the presser (duel.md D10.3.2): the page of the channel's game at PUBLIC_URL
   * (`/<kind>/<game id>`, D10.5) with the presser's own token after `#` — a player's seat link (`#seat=`, pressing
   * again keeps the earlier links working), anyone else's a watch link (`#watch=`); the page of a Discord game opens
   * only with one of them, since the game may be in a private server.
   */
  private async pageLink(channelId: string, userId: string, T: (zh: string, en: string) => string): Promise<string> {
    const game = (await this.service.gameOf(channelId));
    if (!this.publicUrl) return T('❌ 这个机器人没有配置网页地址（PUBLIC_URL）。', '❌ This bot has no web page address configured (PUBLIC_URL).');
    if (!game) return T('❌ 这里没有游戏。', '❌ No game here.');
    const svc = this.service;
    if (!svc.getMeta || !svc.setMeta) return T('❌ 这个机器人的存储不能保存网页链接的密钥：请用斜杠命令或文字命令下棋。', '❌ This bot\'s store cannot keep the page links\' keys: play with slash or text commands.');
    const book = new SeatBook({ getMeta: (k) => svc.getMeta!(k), setMeta: (k, v) => svc.setMeta!(k, v) });
    const { url, seat } = await book.personalLink(this.publicUrl, game, userId, this.now());
    return seat
      ? T(`🌐 你的专属网页（可点击的地图，以你的席位下棋）：${url}\n这个链接就是你的席位：别发给别人。再点一次 [网页] 会得到新链接，旧链接仍然有效。`,
        `🌐 Your own web page (a clickable map, playing your seat): ${url}\nThis link is your seat: do not share it. Pressing [网页] again gives a new link; the old one keeps working.`)
      : T(`🌐 观战网页（可点击的地图，只能看）：${url}\n你不是这局的玩家，这个链接只能观战。`,
        `🌐 The web page to watch (a clickable map, watching only): ${url}\nYou do not play in this duel: this link only watches.`);
  }

  /** The language to answer in: the channel's game's, else the user's Discord locale. */
  private async langOf(channelId: string | null, locale: string | undefined): Promise<'zh' | 'en'> {
    const game = channelId ? (await this.service.gameOf(channelId)) : null;
    return game?.language ?? (locale && !locale.startsWith('zh') ? 'en' : 'zh');
  }
}
