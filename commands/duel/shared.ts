/**
 * What the names both games use mean in a duel (duel.md D10.2): `/move` and `/done` are aliases of `/order` and
 * `/ready` (and `/undone` of `/unready`, as 【取消完成】 is of 【取消准备】); `/cancel`, `/map`, `/status`, `/orders`
 * and `/scores` answer for whichever game the channel holds. commands/index.ts joins each with New European War's
 * command of the same name (byKind): the definition is that command's, plus the duel's own options.
 */
import { cancelText, duelCommand, MAP_BUTTON, orderText } from '../../src/games/duel/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';
import type { DuelCompletion, DuelSlashCommand } from '../../src/games/duel/slash/index.ts';
import { cancelTarget } from './options.ts';
import { readySpec, unreadySpec } from './turn.ts';

/** A duel handler of a name New European War defines: byKind registers that game's definition (plus `options`), not this one's. */
function alias(name: string, execute: DuelSlashCommand['execute'], complete?: Record<string, DuelCompletion>): SlashCommand {
  return duelCommand({ data: command(name, name, 'Europe Duel', '欧陆对决'), ephemeral: true, ...(complete ? { complete } : {}), execute });
}

/** `/move from to [count]` in a duel: `/order`, its count read as the amount (all, half; a number is COUNT_NOT_ALLOWED). */
export const duelMove: SlashCommand = alias('move', async (ctx, duel) => {
  await ctx.run(orderText(duel.rules, ctx.string('from') ?? '', ctx.string('to') ?? '', ctx.string('count')), { private: true });
}, { from: 'territory', to: 'territory' });

export const duelDone: SlashCommand = duelCommand(readySpec);
export const duelUndone: SlashCommand = duelCommand(unreadySpec);

/** `/cancel target` in a duel (a territory, `#id`, `routes`, `all`); New European War's `from` is read as the territory. */
export const duelCancel: SlashCommand = alias('cancel', async (ctx, duel) => {
  await ctx.run(cancelText(duel.rules, ctx.string('target') ?? ctx.string('from') ?? 'all'), { private: true });
}, { target: 'cancel', from: 'territory', to: 'territory' });
/** The option /cancel gains for the duel. */
export const DUEL_CANCEL_OPTIONS = [cancelTarget().toJSON()];

/**
 * New European War's /cancel with the duel's `target` beside its own options: there a `target` is a mistake, and
 * ignored it would cancel every order (no from and to), so it is refused instead.
 */
export function warCancel(base: SlashCommand): SlashCommand {
  return {
    ...base,
    async execute(ctx) {
      if (ctx.string('target')?.trim()) return ctx.answer({ text: ctx.t('❌ BAD_SYNTAX：target 只用于欧陆对决；这里请用 from 和 to（都不填则撤销全部）。', '❌ BAD_SYNTAX: target is Europe Duel\'s; here give from and to (neither cancels all).') });
      return base.execute(ctx);
    },
  };
}

/** The picture query both the command and the status message's [地图] send: answered only to the asker. */
const MAP = '【地图】';

/**
 * `/map` in a duel → 【地图】, the picture answered only to you (D10.3: anyone may ask for the current map privately);
 * the status message's [地图] button the same.
 */
export const duelMap: SlashCommand = {
  ...alias('map', async (ctx) => {
    await ctx.run(MAP, { private: true });
  }),
  button: {
    owns: (id) => id === MAP_BUTTON,
    async press(ctx) {
      const reply = await ctx.service.handleMessage({
        channelId: ctx.channelId, userId: ctx.user.id, userName: ctx.user.name, text: MAP, messageId: ctx.interaction.id,
        private: true, isModerator: ctx.user.isModerator === true, deliver: false,
      });
      if (!reply.handled) return ctx.tell({ text: ctx.t('❌ 这里没有进行中的对决。', '❌ No running duel here.') });
      await ctx.tell({ text: reply.text || (reply.ok ? '🗺️' : '❌'), ...(reply.images?.length ? { images: reply.images } : {}) });
    },
  },
};

/** `/status` in a duel → 【状态】, answered only to you. */
export const duelStatus: SlashCommand = alias('status', async (ctx) => {
  await ctx.run('【状态】', { private: true });
});

/** `/orders` in a duel → 【命令】: your orders, routes, paint and rally point, answered only to you. */
export const duelOrders: SlashCommand = alias('orders', async (ctx) => {
  await ctx.run('【命令】', { private: true });
});

/** `/scores` in a duel → 【分数】. */
export const duelScores: SlashCommand = alias('scores', async (ctx) => {
  await ctx.run('【分数】');
});
