/**
 * H-SHU-15 甘夫人 (`hs__ganfuren`) · Shu · 3 half-fish.
 * 神智 (trigger): at your start phase you may discard all your hand cards; if their number is ≥ your HP, recover 1
 * (HEG `shenzhi.lua`: offered only with a hand card). Once per start phase.
 * 淑慎 (trigger): after you recover HP (the point `recovered`, core.ts recover: only an actual rise), for each point you
 * may choose another character: it draws 1, or 2 if it has no hand cards (HEG `shushen.lua`). Accepting, then
 * `【选择】P` for the first point (X3.2: the first other from you); each further point is offered as a new choice
 * (`【选择】P` or `【不出】`, X3.2: none). The hand count is read when each point's draw happens.
 */
import { discard, draw, P, presentFrom, recover } from '../../core.ts';
import { ev } from '../../flow.ts';
import { choosePlayer } from '../../asks.ts';
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

export const shushen: SkillSpec = {
  id: 'shushen', name: '淑慎', general: 'hs__ganfuren', kind: 'trigger', point: 'recovered',
  can: (ctx, owner, e) => e.point === 'recovered' && e.seat === owner && e.n > 0 && presentFrom(ctx.s, owner, false).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'recovered') return;
    const s = ctx.s;
    for (let k = 0; k < e.n; k++) {
      const legal = presentFrom(s, owner, false);
      const t = choosePlayer(ctx, owner, legal, `淑慎（第${k + 1}/${e.n}点）：选择一名其他角色，其摸一张牌（没有手牌则摸两张）（【选择】角色${k ? '，或【不出】' : ''}）`, k > 0);
      if (t === null) return;
      const n = P(s, t).hand.length === 0 ? 2 : 1;
      ev(ctx, 'skillTarget', { seat: owner, skill: '淑慎', target: t });
      draw(ctx, t, n, '淑慎');
    }
  },
};

export default [shushen, shenzhi];
