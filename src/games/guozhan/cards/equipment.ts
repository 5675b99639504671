/**
 * Equipping (G5.6, C4): the card goes to its slot and the slot's old card to the discard pile (白银狮子 leaving
 * heals, core.ts move). The weapons' and armor's effects act where their rule applies: ranges in core.ts
 * (attackRange), 诸葛连弩 in use.ts, the 杀 weapons and armor in basic.ts and damage.ts, 丈八蛇矛 in resolve.ts.
 */
import { card } from '../cards.ts';
import { move, P } from '../core.ts';
import { ev, type Ctx } from '../flow.ts';

export function equipCard(ctx: Ctx, seat: number, id: string) {
  const slot = card(id).slot!;
  const old = P(ctx.s, seat).equip[slot];
  // The old card leaves first (replaced, to the discard pile), then the new one enters. The public equip row is
  // written between them: the old card's leaving may ask (枭姬) while the new one is still a hand card, and a hand
  // card must never be named in a row others see before it leaves the hand (X1).
  if (old) move(ctx, [old], { zone: 'discard' }, { why: 'put' });
  ev(ctx, 'equip', { seat, card: id, slot, ...(old ? { replaced: old } : {}) });
  move(ctx, [id], { zone: 'equip', seat });
}
