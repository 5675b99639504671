/**
 * H-WEI-04 张辽 (`hs__zhangliao`) · Wei · 4 half-fish.
 * 突袭 (trigger): in your draw phase you may draw up to N fewer cards (N = cards you would draw) and take one hand
 * card each from that many other characters that have hand cards (HEG `tuxi.lua`, on the draw count — the engine's
 * `drawPhase` point). Accepting, then `【选择】P、…` (1 to N characters; X3.2 for a mandatory pick of characters: the
 * first legal one from 张辽); the draw drops by the number chosen; each card is a blind pick of a hand position
 * (G21.8), taken in seat order from 张辽. The card's identity is known only to the two (X1.1).
 */
import { move, P, presentFrom, seatName } from '../../core.ts';
import { ev, type Ctx } from '../../flow.ts';
import { pickOther } from '../../asks.ts';
import { choosePlayers } from '../../skillasks.ts';
import type { SkillSpec } from '../common.ts';

/** Other present characters holding a hand card. */
const legal = (ctx: Ctx, owner: number) => presentFrom(ctx.s, owner, false).filter((i) => P(ctx.s, i).hand.length > 0);

export const tuxi: SkillSpec = {
  id: 'tuxi', name: '突袭', general: 'hs__zhangliao', kind: 'trigger', point: 'drawPhase',
  can: (ctx, owner, e) => e.point === 'drawPhase' && e.seat === owner && e.draw.n > 0 && legal(ctx, owner).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'drawPhase') return;
    const s = ctx.s;
    const all = legal(ctx, owner);
    const max = Math.min(e.draw.n, all.length);
    const ts = choosePlayers(ctx, owner, all, 1, max, `突袭：选择至多${max}名有手牌的其他角色，各获得其一张手牌，少摸等量的牌（【选择】角色、角色）`);
    e.draw.n -= ts.length;
    ev(ctx, 'skillTarget', { seat: owner, skill: '突袭', targets: ts });
    for (const t of ts) {
      if (!P(s, t).hand.length) continue;
      const got = pickOther(ctx, owner, t, { hand: true }, `突袭：选择${seatName(s, t)}的一张手牌（【选择】手牌N）`);
      if (!got) continue;
      ev(ctx, 'take', { seat: owner, from: t, zone: 'hand', why: '突袭' });
      ev(ctx, 'taken', { seat: owner, from: t, card: got.id, to: [owner, t] });
      move(ctx, [got.id], { zone: 'hand', seat: owner });
    }
  },
};

export default [tuxi];
