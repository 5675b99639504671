import { duelOnly, orderText, standText, routeText, type DuelSlashCommand } from '../../src/games/duel/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';
import { amount, places, territory } from './options.ts';

/** `/order from to [amount]` → 【调兵】X→Y [一半] (D2.2; to = from: stand): private, answered only to you. */
export const orderSpec: DuelSlashCommand = {
  data: command('order', '下令', 'Europe Duel: order all or half of a territory\'s armies to a neighbour (private)', '欧陆对决：把一块领土的全部或一半兵力调往相邻领土（保密）')
    .addStringOption(territory('from', '出发地', 'From (your territory or sea stack)', '出发地（你的领土或海上部队）'))
    .addStringOption(territory('to', '目的地', 'To (a neighbour; the same territory: stand)', '目的地（相邻领土；与出发地相同：驻守）'))
    .addStringOption(amount()),
  ephemeral: true,
  complete: { from: 'territory', to: 'territory' },
  async execute(ctx, duel) {
    await ctx.run(orderText(duel.rules, ctx.string('from') ?? '', ctx.string('to') ?? '', ctx.string('amount')), { private: true });
  },
};
export const order: SlashCommand = duelOnly(orderSpec);

/** `/stand territories` → 【驻守】X、Y (D2.2): the armies stay; private. */
export const stand: SlashCommand = duelOnly({
  data: command('stand', '驻守', 'Europe Duel: keep the armies of these territories where they are (private)', '欧陆对决：这些领土的兵力原地驻守（保密）')
    .addStringOption(places('territories', '领土', 'Territories, e.g. 巴塞罗那、萨拉戈萨', '领土，如：巴塞罗那、萨拉戈萨')),
  ephemeral: true,
  complete: { territories: 'territories' },
  async execute(ctx, duel) {
    await ctx.run(standText(duel.rules, ctx.string('territories') ?? ''), { private: true });
  },
});

/** `/route points [amount]` → 【路线】X→P1→…→Pn [一半] (D5): the army walks on by itself; private. */
export const route: SlashCommand = duelOnly({
  data: command('route', '路线', 'Europe Duel: send armies along a route (private)', '欧陆对决：让部队沿路线行进（保密）')
    .addStringOption(places('points', '路线点', 'From, waypoints and end, e.g. 巴塞罗那→图卢兹→波尔多', '出发地、途经点和终点，如：巴塞罗那→图卢兹→波尔多'))
    .addStringOption(amount()),
  ephemeral: true,
  complete: { points: 'points' },
  async execute(ctx, duel) {
    await ctx.run(routeText(duel.rules, ctx.string('points') ?? '', ctx.string('amount')), { private: true });
  },
});
