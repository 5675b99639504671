/**
 * H-WEI-05 许褚 (`hs__xuchu`) · Wei · 4 half-fish.
 * 裸衣 (trigger): at the end of your draw phase you may discard one card; if you do, for the rest of this turn damage
 * dealt by the effect of your 杀 or 决斗 (not chained damage) is +1 (HEG `luoyi.lua`: at "damage caused" — G8.1 step
 * 1a — with you the source, the card a 杀 or 决斗, not chained).
 * As data: `luoyi` (the draw-phase end, once per turn: the engine's count of that use is the "rest of this turn"
 * flag) and `luoyi_bonus` (locked, at damage caused, while that use stands).
 */
import { SLASHES } from '../../cards.ts';
import { cardCount, discard, P } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn } from '../../asks.ts';
import { ownPhase, usedThisTurn, type SkillSpec } from '../common.ts';

export const luoyi: SkillSpec = {
  id: 'luoyi', name: '裸衣', general: 'hs__xuchu', kind: 'trigger', point: 'phaseEnd', limit: 'turn',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseEnd', 'draw') && cardCount(P(ctx.s, owner)) > 0,
  effect: (ctx, owner) => {
    // Accepting is choosing to discard: the card is then mandatory (X3.2 default: the lowest hand card, G19.1).
    const ids = chooseOwn(ctx, owner, { count: 1, equip: true, text: '裸衣：弃置一张牌（【弃牌】牌）', about: { skill: '裸衣' } })!;
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '裸衣' });
    discard(ctx, ids);
  },
};

export const luoyiBonus: SkillSpec = {
  id: 'luoyi_bonus', name: '裸衣', general: 'hs__xuchu', kind: 'locked', point: 'damageCaused',
  can: (ctx, owner, e) => e.point === 'damageCaused' && e.damage.source === owner && !e.damage.chained && !!e.damage.card
    && (SLASHES.has(e.damage.card.name) || e.damage.card.name === '决斗') && usedThisTurn(ctx.s, owner, 'luoyi'),
  effect: (ctx, _owner, e) => {
    if (e.point !== 'damageCaused') return;
    e.damage.n += 1;
    ev(ctx, 'damagePlus', { seat: e.damage.target, n: e.damage.n, why: '裸衣' });
  },
};

export default [luoyi, luoyiBonus];
