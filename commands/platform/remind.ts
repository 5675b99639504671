import { choice, command, named, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/remind where`: turn reminders by direct message or as a mention in the channel — each player's own choice. */
export const remind: SlashCommand = {
  data: command('remind', '提醒方式', 'Choose how turn reminders reach you', '选择回合提醒的方式')
    .addStringOption((o) => named(o, 'where', '方式', 'By direct message or in the channel', '私信或在频道里提到你')
      .setRequired(true)
      .addChoices(choice('dm', 'Direct message', '私信'), choice('channel', 'Mention in the channel', '在频道里提到我'))),
  ephemeral: true,
  scope: 'anywhere',
  async execute(ctx) {
    await ctx.result((await ctx.service.setReminderDm(ctx.user, ctx.string('where') === 'dm')));
  },
};
