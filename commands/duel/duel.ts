import { shownName } from '../../src/platform/adapters/discord/index.ts';
import type { UserRef } from '../../src/platform/chat/index.ts';
import type { Lang } from '../../src/platform/session/index.ts';
import { choice, command, intOption, named, userOption, type ButtonContext, type ChatActions, type SlashCommand, type SlashContext } from '../../src/platform/slash/index.ts';
import {
  CHALLENGE_BUTTON, CHALLENGE_SECONDS, DUEL_RANGES, challengeButton, challengesOf, duelBotCheck, duelRated, duelRefusal, startDuel, type Challenge, type ChallengeBook,
} from '../../src/games/duel/slash/index.ts';

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const range = (k: 'startArmies' | 'turnSeconds' | 'turnLimit') => [DUEL_RANGES[k].min, DUEL_RANGES[k].max] as const;

/** The settings /duel's options ask for, with its setup options (seed; rated:false), as `/game new game:duel` takes them. */
export function asked(ctx: SlashContext): { settings: Record<string, unknown>; rated: boolean | undefined } {
  const settings: Record<string, unknown> = {};
  const n = (opt: string, key: string) => {
    const v = ctx.integer(opt);
    if (v !== null) settings[key] = v;
  };
  n('start_armies', 'startArmies');
  n('turn_seconds', 'turnSeconds');
  n('turn_limit', 'turnLimit');
  n('seed', 'seed');
  const rated = ctx.interaction.options.getBoolean('rated', false) ?? undefined;
  if (rated === false) settings.rated = false;
  return { settings, rated };
}

/** The challenge's headline (D10.3.1): "甲 向 乙 发起欧陆对决 · 排位 · 30 秒/回合", then any other setting asked. */
function challengeText(a: UserRef, b: UserRef, settings: Record<string, unknown>, rated: boolean, expiresAt: number, lg: Lang): string {
  const seconds = (settings.turnSeconds as number | undefined) ?? 30;
  const extra = [
    settings.startArmies !== undefined ? T(lg, `起始兵力 ${String(settings.startArmies)}`, `start armies ${String(settings.startArmies)}`) : '',
    settings.turnLimit !== undefined ? T(lg, `回合上限 ${String(settings.turnLimit)}`, `turn limit ${String(settings.turnLimit)}`) : '',
    settings.seed !== undefined ? T(lg, `种子 ${String(settings.seed)}`, `seed ${String(settings.seed)}`) : '',
  ].filter(Boolean);
  const until = `<t:${Math.floor(expiresAt / 1000)}:R>`;
  return [
    T(lg, `⚔️ ${a.name} 向 <@${b.id}> 发起欧陆对决 · ${rated ? '排位' : '不计等级分'} · ${seconds} 秒/回合`,
      `⚔️ ${a.name} challenges <@${b.id}> to a Europe Duel · ${rated ? 'rated' : 'unrated'} · ${seconds} s a turn`),
    ...(extra.length ? [extra.join(' · ')] : []),
    T(lg, `只有 ${b.name} 可以接受或拒绝；挑战 ${CHALLENGE_SECONDS / 60} 分钟后（${until}）过期。`,
      `Only ${b.name} may accept or decline; the challenge lapses in ${CHALLENGE_SECONDS / 60} minutes (${until}).`),
  ].join('\n');
}

/**
 * A challenge's lapse `ms` from now: the buttons go and the message says so (a press meanwhile finds it lapsed too:
 * NO_SUCH_REQUEST). The timer lives in this process; the challenge itself in the store (challenge.ts).
 */
function armLapse(chat: ChatActions, book: ChallengeBook, id: string, ms: number): void {
  chat.later(Math.max(0, ms), async () => {
    const c = await book.expire(id, Number.POSITIVE_INFINITY);
    if (c?.messageId) await chat.edit(c.channelId, c.messageId, { text: `${c.text}\n${T(c.lang, `⌛ 挑战已过期：${CHALLENGE_SECONDS / 60} 分钟内没有回应。`, `⌛ The challenge lapsed: no answer within ${CHALLENGE_SECONDS / 60} minutes.`)}` });
  });
}

/**
 * After a restart, the first /duel or challenge button of the process arms the lapse timers of the challenges posted
 * before it (still open in the store; one that lapsed meanwhile is closed at once).
 */
async function armRestored(chat: ChatActions, book: ChallengeBook): Promise<void> {
  for (const c of await book.restore()) armLapse(chat, book, c.id, c.expiresAt - chat.now());
}

/** A refusal with its code (D10.10), answered only to the one who asked or pressed. */
const refuse = (ctx: Pick<SlashContext, 'answer'> | Pick<ButtonContext, 'tell'>, code: string, text: string) =>
  'answer' in ctx ? ctx.answer({ text: `❌ ${code}：${text}` }) : ctx.tell({ text: `❌ ${code}：${text}` });

/**
 * `/duel opponent:@乙` or `/duel bot:greedy|lander|agent` (exactly one; duel.md D10.2–D10.3), with `start_armies`,
 * `turn_seconds`, `turn_limit`, `seed`, `rated`: shortcuts of `/game new game:duel`. A challenge is posted with
 * 接受/拒绝 buttons only 乙 may press, lapsing after CHALLENGE_SECONDS; against a bot the duel starts at once. The
 * duel plays in a thread `欧陆对决 #<id> 甲 vs 乙` (the channel itself where threads are not allowed), the
 * challenger as A. Refused: oneself or a bot user (NOT_ALLOWED), either side in an unfinished duel (ALREADY_IN_DUEL),
 * `rated:true` where D9.2 does not allow it (NOT_ALLOWED), the agent without weights (AGENT_UNAVAILABLE).
 */
export const duel: SlashCommand = {
  data: command('duel', '对决', 'Europe Duel: challenge someone, or play a computer opponent', '欧陆对决：挑战一位玩家，或和电脑对战')
    .addUserOption(userOption('opponent', '对手', 'The player you challenge', '你要挑战的玩家', false))
    .addStringOption((o) => named(o, 'bot', '电脑', 'Play a computer opponent at once', '立即和电脑对战')
      .setRequired(false)
      .addChoices(choice('greedy', 'greedy', '贪婪'), choice('lander', 'lander', '登陆'), choice('agent', 'agent', '智能体')))
    .addIntegerOption(intOption('start_armies', '起始兵力', 'Armies in each capital at the start (default 10)', '开局首都兵力（默认10）', false, ...range('startArmies')))
    .addIntegerOption(intOption('turn_seconds', '每回合秒数', 'Seconds a turn (default 30)', '每回合秒数（默认30）', false, ...range('turnSeconds')))
    .addIntegerOption(intOption('turn_limit', '回合上限', 'Turns at most (default 150)', '最多回合数（默认150）', false, ...range('turnLimit')))
    .addIntegerOption(intOption('seed', '种子', 'The capital draw\'s seed (makes the game unrated)', '首都抽签的种子（不计等级分）', false, 0, 4294967295))
    .addBooleanOption((o) => named(o, 'rated', '排位', 'Rated (default: yes where allowed)', '计等级分（默认：可以就计）').setRequired(false)),
  ephemeral: true,
  scope: 'channel',
  async execute(ctx) {
    const lg = ctx.lang;
    const i = ctx.interaction;
    if (ctx.chat) await armRestored(ctx.chat, challengesOf(ctx.service));
    const opp = i.options.getUser('opponent', false);
    const bot = ctx.string('bot');
    if (!opp === !bot) return refuse(ctx, 'BAD_SYNTAX', T(lg, '写 opponent:@某人（挑战）或 bot:greedy|lander|agent（和电脑下），二选一', 'give opponent:@someone (a challenge) or bot:greedy|lander|agent (a computer opponent), one of the two'));
    const { settings, rated } = asked(ctx);
    const mine = await duelRefusal(ctx.service, ctx.user.id, lg);
    if (mine) return refuse(ctx, mine.code, mine.text);
    const decided = duelRated({ bot, settings, ...(rated !== undefined ? { rated } : {}) }, lg);
    if (!decided.ok) return refuse(ctx, decided.code, decided.text);
    const a: UserRef = { id: ctx.user.id, name: ctx.user.name };

    if (bot) {
      // D8.4: the agent plays only with a usable weights file.
      const ok = duelBotCheck(bot, lg);
      if (!ok.ok) return refuse(ctx, ok.code, ok.text);
      const r = await startDuel(ctx.service, ctx.chat, { channelId: ctx.channelId, a, b: { bot, label: bot }, settings, lang: lg });
      if (!r.ok) return refuse(ctx, r.code, r.text);
      return ctx.answer({ text: T(lg, `✅ 对决开始：<#${r.value.channelId}>（你是红方）`, `✅ The duel has begun: <#${r.value.channelId}> (you are Red)`) });
    }

    // D10.3.1: nobody challenges themselves or a bot user, and neither side may be in another duel (D9.5).
    if (opp!.id === ctx.user.id) return refuse(ctx, 'NOT_ALLOWED', T(lg, '不能挑战自己；和电脑下用 /duel bot:greedy', 'you cannot challenge yourself; play the computer with /duel bot:greedy'));
    if (opp!.bot) return refuse(ctx, 'NOT_ALLOWED', T(lg, '不能挑战机器人用户；和电脑下用 /duel bot:greedy|lander|agent', 'you cannot challenge a bot user; play the computer with /duel bot:greedy|lander|agent'));
    const member = i.options.getMember('opponent');
    const nick = member && typeof member === 'object' && 'nickname' in member ? member.nickname : (member as { nick?: string | null } | null)?.nick;
    const b: UserRef = { id: opp!.id, name: shownName(opp!.id, nick, opp!.globalName, opp!.username) };
    const theirs = await duelRefusal(ctx.service, b.id, lg);
    if (theirs) return refuse(ctx, theirs.code, T(lg, `${b.name}已经在一局进行中的欧陆对决里了：一次只能下一局（D9.5）`, `${b.name} is already in a running Europe Duel: one at a time (D9.5)`));
    const chat = ctx.chat;
    if (!chat) return refuse(ctx, 'NOT_ALLOWED', T(lg, '这里不能发起挑战', 'challenges cannot be posted here'));

    const expiresAt = chat.now() + CHALLENGE_SECONDS * 1000;
    const text = challengeText(a, b, settings, decided.rated, expiresAt, lg);
    const id = i.id;
    const messageId = await chat.post(ctx.channelId, {
      text,
      buttons: [
        { id: `${CHALLENGE_BUTTON}${id}:accept`, label: T(lg, '接受', 'Accept'), style: 'primary' },
        { id: `${CHALLENGE_BUTTON}${id}:reject`, label: T(lg, '拒绝', 'Decline'), style: 'danger' },
      ],
    });
    const book = challengesOf(ctx.service);
    await book.add({ id, channelId: ctx.channelId, messageId: messageId || null, text, challenger: a, opponent: b, settings, rated: decided.rated, lang: lg, expiresAt });
    armLapse(chat, book, id, CHALLENGE_SECONDS * 1000);
    return ctx.answer({ text: T(lg, `✅ 挑战已发出，等待 ${b.name} 回应（${CHALLENGE_SECONDS / 60} 分钟内）。`, `✅ Challenge sent; waiting for ${b.name} (${CHALLENGE_SECONDS / 60} minutes).`) });
  },
  button: {
    owns: (id) => id.startsWith(CHALLENGE_BUTTON),
    async press(ctx) {
      const lg = ctx.lang;
      const b = challengeButton(ctx.buttonId);
      const book = challengesOf(ctx.service);
      await armRestored(ctx.chat, book);
      const r = b ? await book.answer(b.challenge, ctx.user.id, ctx.chat.now(), lg) : { ok: false as const, code: 'NO_SUCH_REQUEST' as const, text: T(lg, '没有等待你回答的挑战', 'there is no open challenge to answer') };
      const shown = (c: Challenge | undefined) => c?.text ?? ctx.interaction.message?.content ?? '';
      if (!r.ok) {
        await refuse(ctx, r.code, r.text);
        // Answered, lapsed or from before a restart: its buttons go.
        if (r.code === 'NO_SUCH_REQUEST') await ctx.update({ text: `${shown(r.challenge)}\n${T(lg, '⌛ 这个挑战已经失效。', '⌛ This challenge is no longer open.')}` });
        return;
      }
      const c = r.challenge;
      const opponent: UserRef = { id: c.opponent.id, name: ctx.user.name || c.opponent.name };
      if (b!.answer === 'reject') {
        return ctx.update({ text: `${c.text}\n${T(c.lang, `❌ ${opponent.name} 拒绝了挑战。`, `❌ ${opponent.name} declined.`)}` });
      }
      // D9.5 again: either side may have started another duel since the challenge.
      for (const u of [c.challenger, opponent]) {
        const busy = await duelRefusal(ctx.service, u.id, c.lang);
        if (busy) {
          const why = T(c.lang, `${u.name}已经在另一局欧陆对决里了（D9.5）`, `${u.name} is in another Europe Duel (D9.5)`);
          await ctx.update({ text: `${c.text}\n❌ ${why}` });
          return refuse(ctx, busy.code, why);
        }
      }
      const s = await startDuel(ctx.service, ctx.chat, { channelId: c.channelId, ...(c.messageId ? { fromMessageId: c.messageId } : {}), a: c.challenger, b: { user: opponent }, settings: c.settings, lang: c.lang });
      if (!s.ok) {
        await ctx.update({ text: `${c.text}\n❌ ${T(c.lang, '对决没能开始', 'The duel could not start')}：${s.text}` });
        return refuse(ctx, s.code, s.text);
      }
      await ctx.update({ text: `${c.text}\n${T(c.lang, `✅ ${opponent.name} 接受了挑战 → <#${s.value.channelId}>`, `✅ ${opponent.name} accepted → <#${s.value.channelId}>`)}` });
    },
  },
};
