import { duelOnly, type DuelSlashCommand } from '../../src/games/duel/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';
import { SeatBook } from '../../src/platform/session/index.ts';

/** `/ready` → 【准备】 (D2.5): both ready resolves the turn at once. */
export const readySpec: DuelSlashCommand = {
  data: command('ready', '准备', 'Europe Duel: end your turn (ready)', '欧陆对决：结束本回合（准备）'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run('【准备】');
  },
};
export const ready: SlashCommand = duelOnly(readySpec);

/** `/unready` → 【取消准备】. */
export const unreadySpec: DuelSlashCommand = {
  data: command('unready', '取消准备', 'Europe Duel: not ready after all', '欧陆对决：取消准备'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run('【取消准备】');
  },
};
export const unready: SlashCommand = duelOnly(unreadySpec);

/** `/resign` → 【认输】 (D7.5): a loss, rated even on turn 1. */
export const resign: SlashCommand = duelOnly({
  data: command('resign', '认输', 'Europe Duel: resign (a loss; rated games count it)', '欧陆对决：认输（判负；排位赛计入等级分）'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run('【认输】');
  },
});

/**
 * `/duel-link`: the duel's web page (the clickable map) at PUBLIC_URL, answered only to you (duel.md D10.3.2): a
 * player's link carries their seat's token (`#seat=…`, the page plays that seat), anyone else's a watch token
 * (`#watch=…`); the page of a Discord duel opens only with one of them.
 */
export const duelLink: SlashCommand = duelOnly({
  data: command('duel-link', '对决网页', 'Europe Duel: the link to this duel\'s web page (clickable map)', '欧陆对决：本局的网页链接（可点击的地图）'),
  ephemeral: true,
  async execute(ctx) {
    const url = ctx.chat?.publicUrl;
    if (!url) return ctx.answer({ text: ctx.t('❌ 这个机器人没有配置网页地址（PUBLIC_URL）：用斜杠命令或文字命令下棋。', '❌ This bot has no web page address (PUBLIC_URL): play with slash or text commands.') });
    if (!ctx.game) return ctx.answer({ text: ctx.t('❌ 这里没有对决：/duel 发起一局。', '❌ No duel here: /duel starts one.') });
    const svc = ctx.service;
    if (!svc.getMeta || !svc.setMeta) return ctx.answer({ text: ctx.t('❌ 这个机器人的存储不能保存网页链接的密钥：用斜杠命令或文字命令下棋。', '❌ This bot\'s store cannot keep the page links\' keys: play with slash or text commands.') });
    const book = new SeatBook({ getMeta: (k) => svc.getMeta!(k), setMeta: (k, v) => svc.setMeta!(k, v) });
    const link = await book.personalLink(url, ctx.game, ctx.user.id, ctx.chat!.now());
    await ctx.answer({
      text: link.seat
        ? ctx.t(`🌐 本局网页（可点击的地图，以你的席位下棋）：${link.url}\n这个链接就是你的席位：别发给别人。再要一次会得到新链接，旧链接仍然有效。`,
          `🌐 This duel's web page (a clickable map, playing your seat): ${link.url}\nThis link is your seat: do not share it. Asking again gives a new link; the old one keeps working.`)
        : ctx.t(`🌐 本局观战网页（可点击的地图，只能看）：${link.url}\n你不是这局的玩家，这个链接只能观战。`,
          `🌐 This duel's web page to watch (a clickable map, watching only): ${link.url}\nYou do not play in this duel: this link only watches.`),
    });
  },
});
