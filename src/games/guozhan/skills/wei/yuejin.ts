/**
 * H-WEI-15 乐进 (`hs__yuejin`) · Wei · 4 half-fish.
 * 骁果 (trigger): at another character's finish phase, you may discard a basic card; that character then chooses:
 * discard an equipment card (hand or equipped), after which you draw 1; or take 1 damage from you (HEG `xiaoguo.lua`).
 * The basic card is the cost of accepting (mandatory once accepted; X3.2: the lowest basic card). The equipment card
 * is a pay-or-suffer prompt (X3.1 response timeout; X3.2: not paying — the damage).
 */
import { card } from '../../cards.ts';
import { discard, draw, P, seatName } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn } from '../../asks.ts';
import { damage } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

const basic = (id: string) => card(id).type === 'basic';
const equipment = (id: string) => card(id).type === 'equip';

export const xiaoguo: SkillSpec = {
  id: 'xiaoguo', name: '骁果', general: 'hs__yuejin', kind: 'trigger', point: 'phaseStart',
  can: (ctx, owner, e) => e.point === 'phaseStart' && e.phase === 'finish' && e.seat !== owner && P(ctx.s, e.seat).alive
    && P(ctx.s, owner).hand.some(basic),
  effect: (ctx, owner, e) => {
    if (e.point !== 'phaseStart') return;
    const s = ctx.s;
    const t = e.seat;
    const ids = chooseOwn(ctx, owner, { count: 1, filter: basic, text: '骁果：弃置一张基本牌（【弃牌】牌）', about: { skill: '骁果' } })!;
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '骁果' });
    discard(ctx, ids);
    const paid = chooseOwn(ctx, t, { count: 1, equip: true, optional: true, filter: equipment, timeout: 'response', text: `骁果：弃置一张装备牌（【弃牌】牌），${seatName(s, owner)}摸1张；或【不出】受到${seatName(s, owner)}的1点伤害`, about: { skill: '骁果' } });
    if (paid && paid.length) {
      ev(ctx, 'discard', { seat: t, cards: paid, why: '骁果' });
      discard(ctx, paid);
      if (P(s, owner).alive) draw(ctx, owner, 1, '骁果');
      return;
    }
    damage(ctx, { source: owner, target: t, n: 1, nature: 'normal', card: null, byCard: false });
  },
};

export default [xiaoguo];
