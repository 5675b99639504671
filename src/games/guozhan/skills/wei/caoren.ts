/**
 * H-WEI-11 曹仁 (`hs__caoren`) · Wei · 4 half-fish.
 * 据守 (trigger): at your finish phase you may draw X cards (X = number of kingdoms among alive characters, each
 * careerist counting as one; characters with no kingdom add none). Then choose a hand card: an equipment card is used
 * (equipped); any other card is discarded. Then, if X > 2, you turn over (叠置) (HEG `jushou.lua`).
 * X3.2: the card pick is mandatory — on timeout the lowest hand card (G19.1 order).
 */
import { card } from '../../cards.ts';
import { discard, draw, P } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn } from '../../asks.ts';
import { equipCard } from '../../cards/equipment.ts';
import { kingdomCount, ownPhase, turnOver, type SkillSpec } from '../common.ts';

export const jushou: SkillSpec = {
  id: 'jushou', name: '据守', general: 'hs__caoren', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'finish'),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const x = kingdomCount(s);
    ev(ctx, 'skillCount', { seat: owner, skill: '据守', x });
    draw(ctx, owner, x, '据守');
    if (!P(s, owner).alive) return;
    if (P(s, owner).hand.length) {
      const [id] = chooseOwn(ctx, owner, { count: 1, text: '据守：选择一张手牌——装备牌则使用，其他牌则弃置（【选择】牌）', about: { skill: '据守' } })!;
      if (card(id!).type === 'equip') equipCard(ctx, owner, id!);
      else { ev(ctx, 'discard', { seat: owner, cards: [id], why: '据守' }); discard(ctx, [id!]); }
    }
    if (x > 2 && P(s, owner).alive) turnOver(ctx, owner);
  },
};

export default [jushou];
