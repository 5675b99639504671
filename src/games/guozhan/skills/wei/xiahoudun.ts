/**
 * H-WEI-03 夏侯惇 (`hs__xiahoudun`) · Wei · 4 half-fish.
 * 刚烈 (trigger): after you take damage from a source, you may judge: red → you deal 1 damage to the source; black →
 * you discard one card of the source's (HEG `ganglie.lua`; nothing when the source is dead by then or holds no card).
 * The damage it deals has no card and is not a card's effect.
 */
import { card, colorOf } from '../../cards.ts';
import { cardCount, judge, judgeDone, move, P, seatName } from '../../core.ts';
import { ev } from '../../flow.ts';
import { pickOther } from '../../asks.ts';
import { damage } from '../../damage.ts';
import { tookDamage, type SkillSpec } from '../common.ts';

export const ganglie: SkillSpec = {
  id: 'ganglie', name: '刚烈', general: 'hs__xiahoudun', kind: 'trigger', point: 'damaged',
  can: (ctx, owner, e) => {
    const d = tookDamage(e, owner);
    return !!d && d.source !== null && P(ctx.s, d.source).alive;
  },
  effect: (ctx, owner, e) => {
    const s = ctx.s;
    const src = tookDamage(e, owner)!.source!;
    const j = judge(ctx, owner, '刚烈');
    const red = colorOf(card(j).suit) === 'red';
    // G9.1: the result is final; the 'judged' point (天妒 for 夏侯惇's own deputy, if any) before the discard.
    judgeDone(ctx, j, owner);
    if (!P(s, src).alive) return;
    if (red) {
      damage(ctx, { source: owner, target: src, n: 1, nature: 'normal', card: null, byCard: false });
      return;
    }
    if (cardCount(P(s, src)) === 0) return;
    const got = pickOther(ctx, owner, src, { hand: true, equip: true }, `刚烈：弃置${seatName(s, src)}的一张牌（【选择】手牌N、装备栏或牌名）`);
    if (!got) return;
    ev(ctx, 'discardOther', { seat: owner, target: src, zone: got.zone, card: got.id, why: '刚烈' });
    move(ctx, [got.id], { zone: 'discard' });
  },
};

export default [ganglie];
