import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { choice, command, intOption, type SlashCommand } from '../../src/platform/slash/index.ts';
import type { TechId } from '../../src/games/neuwar/engine/index.ts';

/** `/tech name n` → 【科技】 (R8.3): invest points in a technology, private. */
export const tech: SlashCommand = neuwarCommand({
  data: command('tech', '科技', 'Invest points in a technology (private)', '投资科技（保密）')
    .addStringOption((o) =>
      o.setName('name').setNameLocalizations({ 'zh-CN': '科技' })
        .setDescription('The technology').setDescriptionLocalizations({ 'zh-CN': '科技名称' })
        .setRequired(true)
        .addChoices(choice('airship', 'airship', '空艇'), choice('spy', 'spy', '间谍'), choice('comms', 'communications', '通讯')),
    )
    .addIntegerOption(intOption('n', '分数', 'Points to invest', '投入分数', true, 1))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    const t = (ctx.string('name') ?? 'airship') as TechId;
    await ctx.run(ctx.format({ kind: 'tech', tech: t, n: ctx.integer('n') ?? 0, ...(as ? { country: ctx.country(as) } : {}) }), { private: true });
  },
});
