/**
 * H-QUN-08 张角 (`hs__zhangjiao`) · Qun · 3 half-fish.
 * 鬼道 (trigger): when any judgement card is about to take effect (retrial window, G9.1 / G21.7), you may *play* a
 * black card (hand or equipment) to replace it; you take the replaced card (SHZL `guidao.lua`). The engine's retrial
 * point asks each retrial skill once per judgement, in seat order from the current player. Accepting, then the card
 * (`【选择】C`; mandatory once accepted — X3.2: the lowest black hand card, G19.1, then black equipment in slot order).
 * 雷击 (when you use or play a 闪): waiting — see COVERAGE in ./index.ts.
 */
import { card, colorOf } from '../../cards.ts';
import { P, retrial, seatName } from '../../core.ts';
import { chooseOwn } from '../../asks.ts';
import { SLOTS } from '../../types.ts';
import type { SkillSpec } from '../common.ts';

const black = (id: string) => colorOf(card(id).suit) === 'black';

export const guidao: SkillSpec = {
  id: 'guidao', name: '鬼道', general: 'hs__zhangjiao', kind: 'trigger', point: 'retrial',
  can: (ctx, owner, e) => {
    const p = P(ctx.s, owner);
    return e.point === 'retrial' && [...p.hand, ...SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : []))].some(black);
  },
  effect: (ctx, owner, e) => {
    if (e.point !== 'retrial') return;
    const [id] = chooseOwn(ctx, owner, { count: 1, equip: true, filter: black, text: `鬼道：打出一张黑色牌代替${seatName(ctx.s, e.judgement.seat)}的判定牌，你获得原判定牌（【选择】牌）`, about: { skill: '鬼道' } })!;
    retrial(ctx, e.judgement, owner, id!, 'hand');
  },
};

export default [guidao];
