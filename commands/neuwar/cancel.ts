import { neuwarCommand, territoryOption } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/cancel [from to]` → 【撤销】: cancels one of your orders, or all of them without options. */
export const cancel: SlashCommand = neuwarCommand({
  data: command('cancel', '撤销', 'Cancel an order (or all orders without options)', '撤销一条命令（不填则撤销全部）')
    .addStringOption(territoryOption('from', '出发地', 'From', '出发地', false))
    .addStringOption(territoryOption('to', '目的地', 'To', '目的地', false)),
  ephemeral: true,
  complete: { from: 'territory', to: 'territory' },
  async execute(ctx) {
    const from = ctx.string('from'), to = ctx.string('to');
    if (!from && !to) return void (await ctx.run('【撤销】全部', { private: true }));
    if (!from || !to) return ctx.answer({ text: ctx.t('❌ 请同时给出出发地和目的地，或都不填以撤销全部。', '❌ Give both from and to, or neither to cancel all.') });
    await ctx.run(ctx.format({ kind: 'cancel', from: ctx.territory(from), to: ctx.territory(to) }), { private: true });
  },
});
