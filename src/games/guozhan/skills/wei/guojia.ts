/**
 * H-WEI-06 郭嘉 (`hs__guojia`) · Wei · 3 half-fish.
 * 天妒 (trigger): after one of your judgement cards takes effect, you may take it (FK `tiandu.lua`; G9.1's "after
 * final" point, before the card would go to the discard pile).
 * 遗计 (trigger, distribute the top 2 cards): not here yet — see COVERAGE in ./index.ts.
 */
import { move } from '../../core.ts';
import { ev } from '../../flow.ts';
import type { SkillSpec } from '../common.ts';

export const tiandu: SkillSpec = {
  id: 'tiandu', name: '天妒', general: 'hs__guojia', kind: 'trigger', point: 'judged',
  can: (ctx, owner, e) => e.point === 'judged' && e.seat === owner && ctx.s.processing.includes(e.card),
  effect: (ctx, owner, e) => {
    if (e.point !== 'judged') return;
    ev(ctx, 'gain', { seat: owner, cards: [e.card], why: '天妒' });
    move(ctx, [e.card], { zone: 'hand', seat: owner });
  },
};

export default [tiandu];
