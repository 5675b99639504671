/**
 * 国战's slash commands (issue 20): `/hand` (your hand and generals) and `/table` (the table picture), both answered
 * only to you — the same 【手牌】 and 【桌面】 a typed message sends, and the status message's [我的手牌] [桌面].
 * In another game's channel each is WRONG_GAME (forGame).
 */
import type { Incoming, OutMessage, Reply } from '../../src/platform/chat/index.ts';
import { command, forGame, named, textOption, type ButtonContext, type SlashCommand, type SlashContext } from '../../src/platform/slash/index.ts';
import { HAND_BUTTON } from '../../src/games/guozhan/module.ts';
import { handPanel, panelAction, PANEL_PREFIX, type PanelView } from '../../src/games/guozhan/panel.ts';

/** A 国战 text command as the user's own, privately (its answer comes back here, not in the channel). */
function send(ctx: Pick<SlashContext, 'service' | 'channelId' | 'user'>, interactionId: string, text: string): Promise<Reply> {
  const inc: Incoming = { channelId: ctx.channelId, userId: ctx.user.id, userName: ctx.user.name, text, messageId: interactionId, private: true, isModerator: ctx.user.isModerator === true, deliver: false };
  return ctx.service.handleMessage(inc);
}

/** The seat's own view (its hand; a spectator's has none). */
const viewOf = async (ctx: Pick<SlashContext, 'service' | 'channelId' | 'user'>) => (await ctx.service.seatView(ctx.channelId, ctx.user.id)) as PanelView | null;

/** The hand's picture (issue 20: cards are easier to read drawn), when the seat holds cards and the game draws one. */
async function withPicture(ctx: Pick<SlashContext, 'service' | 'channelId'>, v: PanelView, msg: OutMessage): Promise<OutMessage> {
  const mine = v.seats.find((x) => x.name === v.me);
  if (!v.me || !mine?.hand?.length) return msg;
  const images = await ctx.service.picture(ctx.channelId, { which: ['hand'], region: v.me }).catch(() => null);
  return images?.length ? { ...msg, images } : msg;
}

/** DMs are a fallback the player asks for (`/hand dm:true`): 50007 (no DMs from this server) is said plainly. */
async function byDm(ctx: SlashContext, msg: OutMessage): Promise<string> {
  if (!ctx.chat?.direct) return '❌ 这里不能私信。';
  const { selects: _s, buttons: _b, ...plain } = msg;
  const sent = await ctx.chat.direct(ctx.user.id, plain).catch((e: unknown) => { ctx.chat!.log('a hand by DM failed', e); return null; });
  if (sent === true) return '📨 也私信给你了（私信里只有牌，出牌请用这里的菜单或 /guozhan）。';
  if (sent === false) return '❌ 无法私信你（Discord 50007：你不接受这个服务器成员的私信）。可以在服务器的“隐私设置”里打开“允许来自服务器成员的私信”，或者就用 /hand：它的回答只有你能看见。';
  return '❌ 私信没有发出去，请稍后再试；/hand 的回答只有你能看见。';
}

/**
 * `/hand` and the status message's [我的手牌]: the seat's generals and hand (only to it), with a menu of its cards
 * that uses or plays one (then its targets), a menu to discard, and the prompt's buttons while it is asked; the
 * panel's presses are this command's (`gz:h:…`). `dm:true` also sends the hand by DM.
 */
export const hand: SlashCommand = forGame('guozhan', {
  data: command('hand', '手牌', 'Your hand and generals in 国战 (only you see it), with menus to play', '你的手牌和武将（仅自己可见），可以直接出牌')
    .addBooleanOption((o) => named(o, 'dm', '私信', 'Also send it by direct message', '同时私信给我').setRequired(false)),
  ephemeral: true,
  async execute(ctx) {
    const r = await send(ctx, ctx.interaction.id, '【手牌】');
    const v = r.ok ? await viewOf(ctx) : null;
    if (!r.ok || !v) return ctx.answer({ text: r.text || '❌' });
    const msg = await withPicture(ctx, v, handPanel(v));
    const dm = ctx.interaction.options.getBoolean('dm', false) ? await byDm(ctx, msg) : '';
    await ctx.answer(dm ? { ...msg, text: `${msg.text}\n${dm}` } : msg);
  },
  button: {
    owns: (id) => id === HAND_BUTTON || id.startsWith(PANEL_PREFIX),
    async press(ctx: ButtonContext) {
      if (ctx.buttonId === HAND_BUTTON) {
        // The press goes through the game (a seat's query: its player is back), then the panel answers only the presser.
        const r = await ctx.service.handleButton({ channelId: ctx.channelId, userId: ctx.user.id, userName: ctx.user.name, buttonId: HAND_BUTTON, interactionId: ctx.interaction.id, isModerator: ctx.user.isModerator === true, deliver: false });
        if (r.duplicate) return;
        const v = r.ok ? await viewOf(ctx) : null;
        if (!r.ok || !v) return ctx.tell({ text: r.text || '❌' });
        return ctx.tell(await withPicture(ctx, v, handPanel(v)));
      }
      const v = await viewOf(ctx);
      if (!v?.me) return ctx.tell({ text: '你没有座位，没有手牌；【桌面】可以看牌桌' });
      const act = panelAction(v, ctx.buttonId, ctx.values);
      if (!act) return;
      if ('panel' in act) return ctx.update(act.panel);
      const r = await send(ctx, ctx.interaction.id, act.say);
      const after = (await viewOf(ctx)) ?? v;
      const line = r.ok ? `✅ ${act.say}${r.text ? ` · ${r.text}` : ''}` : `${r.text || '❌'}（${act.say}）`;
      await ctx.update(handPanel(after, line));
    },
  },
});

export const table: SlashCommand = forGame('guozhan', {
  data: command('table', '桌面', 'The 国战 table picture (only you see it)', '国战牌桌图（仅自己可见）'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run('【桌面】', { private: true });
  },
});

/**
 * `/guozhan command:…`: any 国战 text command sent privately (the answer only to you, the command never shown in the
 * channel) — the way to choose generals (`【选择】曹操+典韦`) and answer a hidden skill's private prompt on Discord.
 */
export const guozhanCommand: SlashCommand = forGame('guozhan', {
  data: command('guozhan', '国战', 'Send a 国战 command privately, e.g. 【选择】曹操+典韦', '私下发送国战命令，如【选择】曹操+典韦')
    .addStringOption(textOption('command', '命令', 'The command as typed, e.g. 【选择】曹操+典韦', '命令原文，如【选择】曹操+典韦', true, 500)),
  ephemeral: true,
  async execute(ctx) {
    const text = (ctx.string('command') ?? '').trim();
    if (!text) return ctx.answer({ text: '❌ 请写命令，如【选择】曹操+典韦、【闪】、【不出】' });
    await ctx.run(text, { private: true });
  },
});
