/**
 * H-QUN-08 张角 (`hs__zhangjiao`) · Qun · 3 half-fish.
 * 鬼道 (trigger): when any judgement card is about to take effect (retrial window, G9.1 / G21.7), you may *play* a
 * black card (hand or equipment) to replace it; you take the replaced card (SHZL `guidao.lua`). The engine's retrial
 * point asks each retrial skill once per judgement, in seat order from the current player. Accepting, then the card
 * (`【选择】C`; mandatory once accepted — X3.2: the lowest black hand card, G19.1, then black equipment in slot order).
 * 雷击 (trigger): when you use or play a 闪, you may make a character judge: ♠ → you deal 2 thunder damage to it (HEG
 * `leiji.lua`). The engine's `jinkUsed` point (after any 闪 of 张角's: a card, a converted one, 八卦阵's; G6.7: use or
 * play). Accepting, then the character (`【选择】P`, any present character; X3.2 on timeout: the 闪's requester if it is
 * another present character, else the first other from 张角). The judgement's suit as it counts for the judged one
 * (core.ts suitOf); retrials (鬼道) come first (G9.1).
 */
import { card, colorOf } from '../../cards.ts';
import { judge, judgeDone, P, present, presentFrom, retrial, seatName, suitOf } from '../../core.ts';
import { damage } from '../../damage.ts';
import { chooseOwn, choosePlayer } from '../../asks.ts';
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

export const leiji: SkillSpec = {
  id: 'leiji', name: '雷击', general: 'hs__zhangjiao', kind: 'trigger', point: 'jinkUsed',
  can: (ctx, owner, e) => e.point === 'jinkUsed' && e.seat === owner && presentFrom(ctx.s, owner).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'jinkUsed') return;
    const s = ctx.s;
    const legal = presentFrom(s, owner);
    let t = choosePlayer(ctx, owner, legal, '雷击：令一名角色判定，若为♠，你对其造成2点雷电伤害（【选择】角色）', true);
    if (t === null) t = e.from !== owner && present(s, e.from) ? e.from : (legal.find((x) => x !== owner) ?? owner);
    const j = judge(ctx, t, '雷击');
    const spade = suitOf(s, t, j) === '♠';
    judgeDone(ctx, j, t);
    if (spade && P(s, t).alive) damage(ctx, { source: owner, target: t, n: 2, nature: 'thunder', card: null, byCard: false });
  },
};

export default [leiji, guidao];
