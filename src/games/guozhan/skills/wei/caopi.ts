/**
 * H-WEI-14 曹丕 (`hs__caopi`) · Wei · 3 half-fish.
 * 行殇 (trigger): when another character dies, you may take all its hand and equipment cards (SHZL `xingshang.lua`;
 * G12.1 step 4, before the rest of its cards are discarded at step 5). The hand cards' identity is told only to 曹丕
 * (X1.1); the equipment is public.
 * 放逐 (trigger): after you take damage, you may choose another character; it chooses: draw X and turn over, or
 * discard X cards and lose 1 HP (X = your lost HP) (HEG `fangzhu.lua`). The discard is a pay-or-suffer prompt (X3.1
 * response timeout; X3.2: not paying — it draws and turns over); it is offered only to a character holding X cards
 * (hand and equipment) whose HP is above 0.
 */

import { cardCount, discard, draw, move, P, presentFrom } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn, choosePlayer } from '../../asks.ts';
import { loseHp } from '../../damage.ts';
import { tookDamage, turnOver, type SkillSpec } from '../common.ts';
import { SLOTS } from '../../types.ts';

export const xingshang: SkillSpec = {
  id: 'xingshang', name: '行殇', general: 'hs__caopi', kind: 'trigger', point: 'death',
  can: (ctx, owner, e) => e.point === 'death' && e.seat !== owner && cardCount(P(ctx.s, e.seat)) > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'death') return;
    const v = P(ctx.s, e.seat);
    const hand = [...v.hand];
    const equip = SLOTS.flatMap((x) => (v.equip[x] ? [v.equip[x]!] : []));
    ev(ctx, 'gain', { seat: owner, from: e.seat, hand: hand.length, cards: equip, why: '行殇' });
    if (hand.length) ev(ctx, 'taken', { seat: owner, from: e.seat, cards: hand, to: [owner] });
    move(ctx, [...hand, ...equip], { zone: 'hand', seat: owner });

  },
};

export const fangzhu: SkillSpec = {
  id: 'fangzhu', name: '放逐', general: 'hs__caopi', kind: 'trigger', point: 'damaged',
  can: (ctx, owner, e) => !!tookDamage(e, owner) && presentFrom(ctx.s, owner, false).length > 0,
  effect: (ctx, owner) => {
    const s = ctx.s;
    const t = choosePlayer(ctx, owner, presentFrom(s, owner, false), '放逐：选择一名其他角色（【选择】角色）', false)!;
    const x = P(s, owner).maxHp - P(s, owner).hp;
    ev(ctx, 'skillTarget', { seat: owner, skill: '放逐', target: t, x });
    const q = P(s, t);
    if (x > 0 && q.hp > 0 && cardCount(q) >= x) {
      const paid = chooseOwn(ctx, t, { count: x, equip: true, optional: true, timeout: 'response', text: `放逐：弃置${x}张牌并失去1点体力（【弃牌】牌），或【不出】摸${x}张牌并叠置`, about: { skill: '放逐' } });
      if (paid && paid.length === x) {
        ev(ctx, 'discard', { seat: t, cards: paid, why: '放逐' });
        discard(ctx, paid);
        loseHp(ctx, t, 1);
        return;
      }
    }
    draw(ctx, t, x, '放逐');
    if (P(s, t).alive) turnOver(ctx, t);
  },
};

export default [xingshang, fangzhu];

