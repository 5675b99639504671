/**
 * H-QUN-13 田丰 (`hs__tianfeng`) · Qun · 3 half-fish.
 * 随势 (locked, HEG `suishi.lua`), two parts:
 * - when another character enters dying from damage whose source is of your kingdom (G14.5; you are of your own),
 *   draw 1 — at the damage's HP change (G8.1 step 3, the point `hpDamaged`), when the HP has just dropped to 0 or
 *   below and before the dying process runs (G11.1: dying begins inside that HP change);
 * - when another character of your kingdom dies, lose 1 HP — at G12.1 step 4 (the victim revealed at step 2, so its
 *   kingdom is known; a victim that turned careerist is nobody's kingdom but its own). The HP loss may start a dying
 *   process of its own, which runs to its end first (G11.5).
 * A hidden 田丰 has no kingdom, so neither part applies until it is revealed (G13.3); with a hidden general it is
 * the damage source itself that is "of its kingdom" (G14.5), and then it is asked whether to reveal (G13.2 item 2).
 * 死谏 (trigger): after you lose hand cards and have none left, you may discard one card of another character (HEG
 * `sijian.lua`) — the point `cardsMoved` (core.ts move), once per batch that took at least one of 田丰's hand cards
 * away (used, played, discarded, given or taken) with none left after it. Accepting, then the character (`【选择】P`,
 * X3.2: the first other with cards from 田丰) and its card (a blind pick of a hand card, or equipment by slot, G21.8).
 */
import { cardCount, draw, move, P, presentFrom, sameKingdom, seatName } from '../../core.ts';
import { ev, type Ctx } from '../../flow.ts';
import { choosePlayer, pickOther } from '../../asks.ts';
import { loseHp } from '../../damage.ts';
import { lostFrom, type SkillSpec } from '../common.ts';

export const suishiDraw: SkillSpec = {
  id: 'suishi_draw', name: '随势', general: 'hs__tianfeng', kind: 'locked', point: 'hpDamaged',
  can: (ctx, owner, e) => e.point === 'hpDamaged' && e.damage.target !== owner && e.damage.source !== null
    && P(ctx.s, e.damage.target).hp <= 0 && sameKingdom(ctx.s, owner, e.damage.source),
  effect: (ctx, owner) => draw(ctx, owner, 1, '随势'),
};

export const suishiLose: SkillSpec = {
  id: 'suishi_lose', name: '随势', general: 'hs__tianfeng', kind: 'locked', point: 'death',
  can: (ctx, owner, e) => e.point === 'death' && e.seat !== owner && sameKingdom(ctx.s, owner, e.seat),
  effect: (ctx, owner) => loseHp(ctx, owner, 1),
};

const withCards = (ctx: Ctx, owner: number) => presentFrom(ctx.s, owner, false).filter((i) => cardCount(P(ctx.s, i)) > 0);

export const sijian: SkillSpec = {
  id: 'sijian', name: '死谏', general: 'hs__tianfeng', kind: 'trigger', point: 'cardsMoved',
  can: (ctx, owner, e) => lostFrom(e, owner, 'hand').length > 0 && P(ctx.s, owner).hand.length === 0 && withCards(ctx, owner).length > 0,
  effect: (ctx, owner) => {
    const s = ctx.s;
    const t = choosePlayer(ctx, owner, withCards(ctx, owner), '死谏：选择一名有牌的其他角色，弃置其一张牌（【选择】角色）', false)!;
    const got = pickOther(ctx, owner, t, { hand: true, equip: true }, `死谏：选择${seatName(s, t)}的一张牌（【选择】手牌N或装备栏）`);
    if (!got) return;
    ev(ctx, 'discardOther', { seat: owner, target: t, zone: got.zone, card: got.id, why: '死谏' });
    move(ctx, [got.id], { zone: 'discard' });
  },
};

export default [sijian, suishiDraw, suishiLose];
