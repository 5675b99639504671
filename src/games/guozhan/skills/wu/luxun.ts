/**
 * H-WU-07 陆逊 (`hs__luxun`) · Wu · 3 half-fish.
 * 度势 (trigger): at the start of your play phase you may be treated as using 以逸待劳 (HEG `duoshi.lua`): a card with
 * no source card (G1.6, G6.4), used through the engine's use pipeline — targets you and every other present character
 * of your kingdom (C-AWAIT-EXHAUSTED, G14.5), each with its nullify window (G21.4), each drawing 2 then discarding 2
 * before the next (guozhan D23). Accepting a hidden 陆逊 reveals it first, so its kingdom is known when the targets
 * are fixed. Once per play phase (its start happens once).
 * 谦逊 (locked, cancel as a target of 顺手牵羊/乐不思蜀): waiting — see COVERAGE in ./index.ts.
 */
import { presentFrom, sameKingdom } from '../../core.ts';
import { useCard } from '../../use.ts';
import type { UsedCard } from '../../types.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

export const duoshi: SkillSpec = {
  id: 'duoshi', name: '度势', general: 'hs__luxun', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'play'),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const uc: UsedCard = { name: '以逸待劳', ids: [], suit: null, color: null, rank: null, skill: '度势' };
    useCard(ctx, owner, uc, presentFrom(s, owner).filter((x) => sameKingdom(s, owner, x)));
  },
};

export default [duoshi];
