import { choice, command, textOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/answer decision terms` → 【同意】【拒绝】【协商】: answers the newest open request addressed to you (R4.2, R6.6). */
export const answer: SlashCommand = {
  data: command('answer', '答复', 'Answer the newest request addressed to you', '答复最新一条发给你的请求')
    .addStringOption((o) =>
      o.setName('decision').setNameLocalizations({ 'zh-CN': '决定' })
        .setDescription('Accept, reject or counter-offer').setDescriptionLocalizations({ 'zh-CN': '同意、拒绝或协商' })
        .setRequired(true)
        .addChoices(choice('accept', 'accept', '同意'), choice('reject', 'reject', '拒绝'), choice('counter', 'counter-offer', '协商')),
    )
    .addStringOption(textOption('terms', '条件', 'Counter-offer: 以乙乡交换20分 (trade) or 停战要求：割让乙乡 (peace)', '协商条件：以乙乡交换20分（交易）或 停战要求：割让乙乡（停战）', false)),
  ephemeral: true,
  async execute(ctx) {
    const d = ctx.string('decision');
    const word = d === 'accept' ? '同意' : d === 'reject' ? '拒绝' : '协商';
    await ctx.run(`【${word}】${d === 'counter' ? (ctx.string('terms') ?? '').trim() : ''}`);
  },
};
