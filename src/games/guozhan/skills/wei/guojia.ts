/**
 * H-WEI-06 郭嘉 (`hs__guojia`) · Wei · 3 half-fish.
 * 天妒 (trigger): after one of your judgement cards takes effect, you may take it (FK `tiandu.lua`; G9.1's "after
 * final" point, before the card would go to the discard pile).
 * 遗计 (trigger): after you take damage, you may look at the top 2 cards of the draw pile and hand them out:
 * repeatedly give any subset of them to one other character, until all are given or you stop; the rest go to your
 * hand. Once per damage instance (HEG `yiji.lua`; G8.2). The two cards stay on top of the draw pile while 郭嘉
 * looks and distributes (so nobody else sees them, X1.1); each `【给出】C、…→P` moves the given ones to P's hand
 * (public: how many, to whom; private to the two: which). `【不出】` or the timeout stops (X3.2: give nothing more);
 * what is left goes to 郭嘉's hand.
 */
import { ensure, move } from '../../core.ts';
import { ev } from '../../flow.ts';
import { seen } from '../../asks.ts';
import { distribute } from '../../skillasks.ts';
import { tookDamage, type SkillSpec } from '../common.ts';

export const yiji: SkillSpec = {
  id: 'yiji', name: '遗计', general: 'hs__guojia', kind: 'trigger', point: 'damaged',
  can: (_ctx, owner, e) => !!tookDamage(e, owner),
  effect: (ctx, owner) => {
    const s = ctx.s;
    ensure(ctx, 2);
    const ids = s.drawPile.slice(0, 2);
    seen(ctx, owner, '遗计', ids);
    const left = distribute(ctx, owner, ids, { skill: '遗计' });
    if (!left.length) return;
    move(ctx, left, { zone: 'hand', seat: owner });
    ev(ctx, 'draw', { seat: owner, n: left.length, why: '遗计' });
    ev(ctx, 'drawn', { seat: owner, cards: left, to: [owner] });
  },
};

export const tiandu: SkillSpec = {
  id: 'tiandu', name: '天妒', general: 'hs__guojia', kind: 'trigger', point: 'judged',
  can: (ctx, owner, e) => e.point === 'judged' && e.seat === owner && ctx.s.processing.includes(e.card),
  effect: (ctx, owner, e) => {
    if (e.point !== 'judged') return;
    ev(ctx, 'gain', { seat: owner, cards: [e.card], why: '天妒' });
    move(ctx, [e.card], { zone: 'hand', seat: owner });
  },
};

export default [yiji, tiandu];
