/**
 * H-SHU-15 甘夫人 (`hs__ganfuren`) · Shu · 3 half-fish.
 * 神智 (trigger): at your start phase you may discard all your hand cards; if their number is ≥ your HP, recover 1
 * (HEG `shenzhi.lua`: offered only with a hand card). Once per start phase.
 * 淑慎 (after you recover HP): waiting — see COVERAGE in ./index.ts.
 */
import { discard, P, recover } from '../../core.ts';
import { ev } from '../../flow.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

export const shenzhi: SkillSpec = {
  id: 'shenzhi', name: '神智', general: 'hs__ganfuren', kind: 'trigger', point: 'phaseStart',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'prepare') && P(ctx.s, owner).hand.length > 0,
  effect: (ctx, owner) => {
    const p = P(ctx.s, owner);
    const ids = [...p.hand];
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '神智' });
    discard(ctx, ids);
    if (ids.length >= p.hp) recover(ctx, owner, 1, '神智');
  },
};

export default [shenzhi];
