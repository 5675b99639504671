/**
 * H-WEI-02 司马懿 (`hs__simayi`) · Wei · 3 half-fish.
 * 反馈 (trigger): after you take damage, you may take one card (hand blind, or equipment) from the damage source, if
 * it has any (FK `fankui.lua`: a source that is yourself offers only your equipment; a dead source is no source,
 * G8.6). The pick is G21.8's (hand by blind position, equipment by slot or name; X3.2 default: its first hand
 * position, else equipment in slot order).
 * 鬼才 (trigger): when any judgement card is about to take effect (retrial window, G9.1/G21.7), you may *play* one
 * of your cards (hand or equipment) to replace it; the old card is discarded (EX `ex__guicai`). The engine's retrial
 * point asks each retrial skill once per judgement, in seat order from the current player. Accepting, then the card
 * (`【选择】C`; a mandatory pick once accepted — X3.2: the lowest hand card, G19.1, then equipment in slot order).
 */
import { cardCount, move, P, retrial, seatName } from '../../core.ts';
import { chooseOwn } from '../../asks.ts';
import { ev, type Ctx } from '../../flow.ts';
import { pickOther } from '../../asks.ts';
import { tookDamage, type SkillSpec } from '../common.ts';
import { SLOTS } from '../../types.ts';

function zonesOf(ctx: Ctx, owner: number, src: number) {
  const p = P(ctx.s, src);
  const equip = SLOTS.some((x) => p.equip[x]);
  return src === owner ? { hand: false, equip, any: equip } : { hand: true, equip: true, any: cardCount(p) > 0 };
}

export const fankui: SkillSpec = {
  id: 'fankui', name: '反馈', general: 'hs__simayi', kind: 'trigger', point: 'damaged',
  can: (ctx, owner, e) => {
    const d = tookDamage(e, owner);
    return !!d && d.source !== null && P(ctx.s, d.source).alive && zonesOf(ctx, owner, d.source).any;
  },
  effect: (ctx, owner, e) => {
    const src = tookDamage(e, owner)!.source!;
    const z = zonesOf(ctx, owner, src);
    const got = pickOther(ctx, owner, src, { hand: z.hand, equip: z.equip }, `反馈：选择${seatName(ctx.s, src)}的一张牌（【选择】手牌N、装备栏或牌名）`);
    if (!got) return;
    // X1 / X1.1: which equipment is public; a hand card is known only to the two of them.
    ev(ctx, 'take', { seat: owner, from: src, zone: got.zone, ...(got.zone === 'hand' ? {} : { card: got.id }), why: '反馈' });
    if (got.zone === 'hand') ev(ctx, 'taken', { seat: owner, from: src, card: got.id, to: [owner, src] });
    move(ctx, [got.id], { zone: 'hand', seat: owner });
  },
};

export const guicai: SkillSpec = {
  id: 'guicai', name: '鬼才', general: 'hs__simayi', kind: 'trigger', point: 'retrial',
  can: (ctx, owner, e) => e.point === 'retrial' && cardCount(P(ctx.s, owner)) > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'retrial') return;
    const [id] = chooseOwn(ctx, owner, { count: 1, equip: true, text: `鬼才：打出一张牌代替${seatName(ctx.s, e.judgement.seat)}的判定牌（【选择】牌）`, about: { skill: '鬼才' } })!;
    retrial(ctx, e.judgement, owner, id!, 'discard');
  },
};

export default [fankui, guicai];
