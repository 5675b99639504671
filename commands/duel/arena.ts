import { shownName } from '../../src/platform/adapters/discord/index.ts';
import type { UserRef } from '../../src/platform/chat/index.ts';
import { command, intOption, named, type SlashCommand, type SlashContext } from '../../src/platform/slash/index.ts';
import { DUEL_RANGES, arenaSide, startArena } from '../../src/games/duel/slash/index.ts';
import { asked } from './duel.ts';

const range = (k: 'startArmies' | 'turnSeconds' | 'turnLimit') => [DUEL_RANGES[k].min, DUEL_RANGES[k].max] as const;

/** What a side's option suggests: the three bots (a person is typed as @someone). */
const BOTS = [
  { name: 'greedy 贪婪', value: 'greedy' },
  { name: 'lander 登陆', value: 'lander' },
  { name: 'agent 智能体', value: 'agent' },
];

/** A person named in a side's option: the asker by their own name, anyone else by what Discord says of them. */
async function person(ctx: SlashContext, id: string): Promise<UserRef> {
  if (id === ctx.user.id) return { id, name: ctx.user.name };
  const client = ctx.interaction.client;
  const member = ctx.interaction.guild?.members.cache.get(id);
  const user = member?.user ?? client.users.cache.get(id) ?? (await client.users.fetch(id).catch(() => null));
  const name = user && user.id === id ? shownName(id, member?.nickname ?? null, user.globalName, user.username) : '';
  return { id, name: name || `<@${id}>` };
}

/**
 * `/arena a:<greedy|lander|agent|@user> b:<…>` with `start_armies`, `turn_seconds`, `turn_limit`, `seed` (duel.md
 * D10.4), always unrated. Two bots: the game plays in a thread `竞技场 #<id> 贪婪 vs 登陆`, its turns told one by one
 * (arenaTurnMs = 500 apart), then its result and final map. With a person: an ordinary chat duel with those settings,
 * unrated. Refused: one person on both sides or seating someone else without being a moderator (NOT_ALLOWED), a
 * person in an unfinished duel (ALREADY_IN_DUEL), the agent without weights (AGENT_UNAVAILABLE), a side that is none
 * of these (BAD_SYNTAX).
 */
export const arena: SlashCommand = {
  data: command('arena', '竞技场', 'Europe Duel arena: bots (or people) with the start you choose; unrated', '欧陆对决竞技场：电脑（或玩家）对战，开局可设，不计等级分')
    .addStringOption((o) => named(o, 'a', '红方', 'Red: greedy, lander, agent or @someone', '红方：greedy、lander、agent 或 @某人').setRequired(true).setAutocomplete(true).setMaxLength(40))
    .addStringOption((o) => named(o, 'b', '蓝方', 'Blue: greedy, lander, agent or @someone', '蓝方：greedy、lander、agent 或 @某人').setRequired(true).setAutocomplete(true).setMaxLength(40))
    .addIntegerOption(intOption('start_armies', '起始兵力', 'Armies in each capital at the start (default 10)', '开局首都兵力（默认10）', false, ...range('startArmies')))
    .addIntegerOption(intOption('turn_seconds', '每回合秒数', 'Seconds a turn where a person plays (default 30)', '有玩家时每回合秒数（默认30）', false, ...range('turnSeconds')))
    .addIntegerOption(intOption('turn_limit', '回合上限', 'Turns at most (default 150)', '最多回合数（默认150）', false, ...range('turnLimit')))
    .addIntegerOption(intOption('seed', '种子', 'The capital draw\'s seed', '首都抽签的种子', false, 0, 4294967295)),
  ephemeral: true,
  scope: 'channel',
  autocomplete(_option, typed) {
    const q = typed.trim().toLowerCase();
    return BOTS.filter((b) => !q || b.name.toLowerCase().includes(q));
  },
  async execute(ctx) {
    const lg = ctx.lang;
    const refuse = (code: string, text: string) => ctx.answer({ text: `❌ ${code}：${text}` });
    const sides: ({ bot: string } | { user: UserRef })[] = [];
    for (const opt of ['a', 'b']) {
      const s = arenaSide(ctx.string(opt) ?? '', lg);
      if (!s.ok) return refuse(s.code, s.text);
      sides.push('bot' in s ? { bot: s.bot } : { user: await person(ctx, s.userId) });
    }
    const { settings } = asked(ctx);
    delete settings.rated;
    const r = await startArena(ctx.service, ctx.chat, {
      channelId: ctx.channelId, by: ctx.user, a: sides[0]!, b: sides[1]!, settings, lang: lg,
    });
    if (!r.ok) return refuse(r.code, r.text);
    const told = r.value.turns;
    return ctx.answer({
      text: told !== null
        ? ctx.t(`✅ 竞技场开始：<#${r.value.channelId}>（${told} 个回合逐个公布，不计等级分）`, `✅ The arena has begun: <#${r.value.channelId}> (${told} turns told one by one, unrated)`)
        : ctx.t(`✅ 竞技场对决开始：<#${r.value.channelId}>（不计等级分）`, `✅ The arena duel has begun: <#${r.value.channelId}> (unrated)`),
    });
  },
};
