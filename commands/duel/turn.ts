import { duelOnly, type DuelSlashCommand } from '../../src/games/duel/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

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

/** `/duel-link`: the duel's web page (the clickable map) at PUBLIC_URL, answered only to you. */
export const duelLink: SlashCommand = duelOnly({
  data: command('duel-link', '对决网页', 'Europe Duel: the link to this duel\'s web page (clickable map)', '欧陆对决：本局的网页链接（可点击的地图）'),
  ephemeral: true,
  async execute(ctx) {
    const url = ctx.chat?.publicUrl;
    if (!url) return ctx.answer({ text: ctx.t('❌ 这个机器人没有配置网页地址（PUBLIC_URL）：用斜杠命令或文字命令下棋。', '❌ This bot has no web page address (PUBLIC_URL): play with slash or text commands.') });
    if (!ctx.game) return ctx.answer({ text: ctx.t('❌ 这里没有对决：/duel 发起一局。', '❌ No duel here: /duel starts one.') });
    await ctx.answer({ text: ctx.t(`🌐 本局网页（可点击的地图）：${url}/duel/${ctx.game.id}`, `🌐 This duel's web page (a clickable map): ${url}/duel/${ctx.game.id}`) });
  },
});
