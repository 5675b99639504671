import { duelOnly, helperText, rallyText } from '../../src/games/duel/slash/index.ts';
import { autocompleteOption, command, type SlashCommand } from '../../src/platform/slash/index.ts';
import { mode, places, territory } from './options.ts';

/**
 * `/helper mode [territories] [region]` → 【助手】 (D6.9): without places the helper's default mode; with territories
 * or a region, paint there (`clear` removes it; alone: all paint). Private.
 */
export const helper: SlashCommand = duelOnly({
  data: command('helper', '助手', 'Europe Duel: the helper\'s mode, or paint territories or a region (private)', '欧陆对决：助手的默认模式，或给领土、区域涂色（保密）')
    .addStringOption(mode())
    .addStringOption(places('territories', '领土', 'Territories to paint, e.g. 柏林、汉堡', '要涂色的领土，如：柏林、汉堡', false))
    .addStringOption(autocompleteOption('region', '区域', 'A region to paint, e.g. 巴尔干', '要涂色的区域，如：巴尔干', false)),
  ephemeral: true,
  complete: { territories: 'territories', region: 'region' },
  async execute(ctx, duel) {
    await ctx.run(helperText(duel.rules, ctx.string('mode') ?? '', ctx.string('territories'), ctx.string('region')), { private: true });
  },
});

/** `/rally territory|clear` → 【集结点】X / 【集结点】取消 (D6.5): the rally point ⚑. Private. */
export const rally: SlashCommand = duelOnly({
  data: command('rally', '集结点', 'Europe Duel: set the rally point ⚑ (or clear it)', '欧陆对决：设置集结点 ⚑（或取消）')
    .addStringOption(territory('territory', '领土', 'A territory, or clear', '领土，或 clear（取消）')),
  ephemeral: true,
  complete: { territory: 'rally' },
  async execute(ctx, duel) {
    await ctx.run(rallyText(duel.rules, ctx.string('territory') ?? ''), { private: true });
  },
});
