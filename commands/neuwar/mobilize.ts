import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { choice, command, textOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/mobilize kind placement` → 【动员】 (R9): partial or national, with where the armies go; private. */
export const mobilize: SlashCommand = neuwarCommand({
  data: command('mobilize', '动员', 'Mobilize (R9; private)', '动员（R9；保密）')
    .addStringOption((o) =>
      o.setName('kind').setNameLocalizations({ 'zh-CN': '类型' })
        .setDescription('Partial or national').setDescriptionLocalizations({ 'zh-CN': '部分动员或全国动员' })
        .setRequired(true)
        .addChoices(choice('partial', 'partial', '部分'), choice('national', 'national', '全国')),
    )
    .addStringOption(textOption('placement', '部署', 'Where the armies go, e.g. 柏林100 汉堡100', '兵力部署，如：柏林100 汉堡100', false))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    const kind = ctx.string('kind') === 'national' ? '全国' : '部分';
    const placement = (ctx.string('placement') ?? '').trim();
    await ctx.run(`【动员】${as ? `${ctx.name(ctx.country(as))} ` : ''}${kind}${placement ? ` ${placement}` : ''}`, { private: true });
  },
});
