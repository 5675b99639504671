/**
 * H-WEI-01 曹操 (`hs__caocao`) · Wei · 4 half-fish.
 * 奸雄 (trigger): after you take damage, you may take the card(s) that caused it into your hand, if they are still in
 * the processing area (FK `jianxiong.lua`). Every damage instance may trigger it (no limit); a damage without a card,
 * a virtual card (no source card) or a card no longer in the processing area gives nothing, so it is not offered.
 */
import { move } from '../../core.ts';
import { ev, type Ctx } from '../../flow.ts';
import { tookDamage, type SkillSpec } from '../common.ts';

/** The physical cards of the damage's card still in the processing area. */
function inProcessing(ctx: Ctx, ids: readonly string[]): string[] {
  return ids.filter((id) => ctx.s.processing.includes(id));
}

export const jianxiong: SkillSpec = {
  id: 'jianxiong', name: '奸雄', general: 'hs__caocao', kind: 'trigger', point: 'damaged',
  can: (ctx, owner, e) => {
    const d = tookDamage(e, owner);
    return !!d && !!d.card && inProcessing(ctx, d.card.ids).length > 0;
  },
  effect: (ctx, owner, e) => {
    const d = tookDamage(e, owner)!;
    const ids = inProcessing(ctx, d.card!.ids);
    // The cards are public in the processing area (X1): the gain is public too.
    ev(ctx, 'gain', { seat: owner, cards: ids, why: '奸雄' });
    move(ctx, ids, { zone: 'hand', seat: owner });
  },
};

export default [jianxiong];
