/**
 * H-WU-07 陆逊 (`hs__luxun`) · Wu · 3 half-fish.
 * 度势 (trigger): at the start of your play phase you may be treated as using 以逸待劳 (HEG `duoshi.lua`): a card with
 * no source card (G1.6, G6.4), used through the engine's use pipeline — targets you and every other present character
 * of your kingdom (C-AWAIT-EXHAUSTED, G14.5), each with its nullify window (G21.4), each drawing 2 then discarding 2
 * before the next (guozhan D23). Accepting a hidden 陆逊 reveals it first, so its kingdom is known when the targets
 * are fixed. Once per play phase (its start happens once).
 * 谦逊 (locked): when you become a target of 顺手牵羊 or 乐不思蜀, cancel yourself as a target; a 乐不思蜀 that would be
 * moved into your judgement area goes to the discard pile instead (HEG `qianxun.lua`). At G6.2 step 3 (`becomeTarget`,
 * not a prohibition: 陆逊 may be chosen, G6.2 step 1); a hidden 陆逊 is asked whether to reveal for it (G13.2 item 2).
 * A cancelled 乐不思蜀 (its only target) goes to the discard pile (use.ts). In the standard pack no effect moves a
 * 乐不思蜀 between judgement areas, so the use is the only way one could arrive.
 */
import { presentFrom, sameKingdom } from '../../core.ts';
import { useCard } from '../../use.ts';
import type { UsedCard } from '../../types.ts';
import { ownPhase, type SkillSpec } from '../common.ts';
import { becomingTarget, cancelTarget } from '../targeting.ts';

export const duoshi: SkillSpec = {
  id: 'duoshi', name: '度势', general: 'hs__luxun', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'play'),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const uc: UsedCard = { name: '以逸待劳', ids: [], suit: null, color: null, rank: null, skill: '度势' };
    useCard(ctx, owner, uc, presentFrom(s, owner).filter((x) => sameKingdom(s, owner, x)));
  },
};

export const qianxun: SkillSpec = {
  id: 'qianxun', name: '谦逊', general: 'hs__luxun', kind: 'locked', point: 'becomeTarget',
  can: (_ctx, owner, e) => { const b = becomingTarget(e, owner); return !!b && (b.card.name === '顺手牵羊' || b.card.name === '乐不思蜀'); },
  effect: (ctx, _owner, e) => cancelTarget(ctx, e, '谦逊'),
};

export default [qianxun, duoshi];
