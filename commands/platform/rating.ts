import { command, userOption, type SlashCommand } from '../../src/platform/slash/index.ts';
import { shownName } from '../../src/platform/adapters/discord/index.ts';
import { RATED_KIND } from './leaderboard.ts';

/**
 * `/rating [user]` (duel.md D9.6, 【等级分】): one player's rating, rank and last 10 results with Δ, and the rating
 * history chart.
 */
export const rating: SlashCommand = {
  data: command('rating', '等级分', 'Europe Duel rating of a player (default: you), with the history chart', '欧陆对决等级分（默认自己），附走势图')
    .addUserOption(userOption('user', '玩家', 'The player', '玩家', false)),
  ephemeral: false,
  scope: 'anywhere',
  async execute(ctx) {
    const u = ctx.interaction.options.getUser('user');
    const who = u ? { id: u.id, name: shownName(u.id, u.globalName, u.username) } : ctx.user;
    const card = (await ctx.service.ratingCard?.(RATED_KIND, ctx.channelId, who, ctx.lang));
    if (!card) return ctx.answer({ text: ctx.t('这个机器人没有等级分', 'this bot keeps no ratings') });
    if (!card.ok || !card.value.history.length) return ctx.result(card);
    const chart = await ctx.service.ratingChart?.(RATED_KIND, ctx.channelId, who, ctx.lang);
    return ctx.answer({ text: card.text, ...(chart?.ok ? { images: [{ name: 'rating.png', png: chart.value }] } : {}) });
  },
};
