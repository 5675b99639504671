import { asOption, countryOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { choice, command, textOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/peace target type terms` → 【求和】: unconditional or conditional ceasefire (R5.3), or suing for peace (R5.4). */
export const peace: SlashCommand = neuwarCommand({
  data: command('peace', '求和', 'Ask an enemy for a ceasefire or sue for peace (R5.3, R5.4)', '向敌国请求停战或投降（R5.3、R5.4）')
    .addStringOption(countryOption('target', '对象', 'The enemy', '敌国'))
    .addStringOption((o) =>
      o.setName('type').setNameLocalizations({ 'zh-CN': '方式' })
        .setDescription('Unconditional, conditional (with terms) or surrender').setDescriptionLocalizations({ 'zh-CN': '无条件、有条件（附停战要求）或投降' })
        .setRequired(true)
        .addChoices(choice('unconditional', 'unconditional ceasefire', '无条件停战'), choice('conditional', 'conditional ceasefire', '有条件停战'), choice('surrender', 'surrender', '请求投降')),
    )
    .addStringOption(textOption('terms', '停战要求', 'Terms, e.g. 割让里尔、斯特拉斯堡，赔款20分', '停战要求，如：割让里尔、斯特拉斯堡，赔款20分', false))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    const to = ctx.country(ctx.string('target') ?? '');
    const type = ctx.string('type');
    if (type === 'surrender') return void (await ctx.run(ctx.format({ kind: 'surrender', from, to })));
    if (type === 'unconditional') return void (await ctx.run(ctx.format({ kind: 'ceasefire', from, to, unconditional: true, terms: [] })));
    const terms = (ctx.string('terms') ?? '').trim().replace(/^停战要求[:：]?/, '');
    // The prefix is formatCommand's own text; the terms are read by the same grammar as a typed command.
    await ctx.run(`${ctx.format({ kind: 'ceasefire', from, to, unconditional: false, terms: [] })}${terms}`);
  },
});
