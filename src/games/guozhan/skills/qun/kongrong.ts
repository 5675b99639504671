/**
 * H-QUN-11 孔融 (`hs__kongrong`) · Qun · 3 half-fish.
 * 名士 (locked): when you take damage whose source has a hidden general, it is −1 (HEG `mingshi.lua`; G8.1 step 2a,
 * before 藤甲's +1 for fire — so 1 fire damage on a 孔融 wearing 藤甲 becomes 0 and is prevented, G8.1's example).
 * A hidden 孔融 is asked privately whether to reveal and apply it (G13.2 item 2, guozhan D21); X3.2: no.
 * 礼让 (trigger): after cards of yours (hand or equipment) are discarded into the discard pile, you may give any of
 * them to other characters, split as you like (HEG `lirang.lua`) — the point `cardsMoved` with `discarded` (core.ts
 * move: a discard, not a used card, a recast or a replaced equipment card). Once per batch; the cards offered are
 * those of the batch still in the discard pile. Accepting, then the distribution (skillasks.ts distribute:
 * `【给出】C、…→P` per receiver, `【不出】` keeps the rest in the discard pile; X3.2: nothing more given).
 */
import { hasHidden, P, presentFrom } from '../../core.ts';
import { ev } from '../../flow.ts';
import { lostFrom, type SkillSpec } from '../common.ts';
import { distribute } from '../../skillasks.ts';
import type { Ctx } from '../../flow.ts';
import type { TriggerEvent } from '../../triggers.ts';

export const mingshi: SkillSpec = {
  id: 'mingshi', name: '名士', general: 'hs__kongrong', kind: 'locked', point: 'damageInflicted',
  can: (ctx, owner, e) => e.point === 'damageInflicted' && e.damage.target === owner && e.damage.source !== null
    && hasHidden(P(ctx.s, e.damage.source)) && e.damage.n > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'damageInflicted') return;
    e.damage.n -= 1;
    ev(ctx, 'damageMinus', { seat: owner, n: e.damage.n, why: '名士' });
  },
};

/** The cards of `owner` this batch discarded that are still in the discard pile (敕令 is removed instead, D14). */
const discardedOwn = (ctx: Ctx, owner: number, e: TriggerEvent) => [...lostFrom(e, owner, 'hand', true), ...lostFrom(e, owner, 'equip', true)]
  .map((m) => m.id).filter((id) => ctx.s.discardPile.includes(id));

export const lirang: SkillSpec = {
  id: 'lirang', name: '礼让', general: 'hs__kongrong', kind: 'trigger', point: 'cardsMoved',
  can: (ctx, owner, e) => discardedOwn(ctx, owner, e).length > 0 && presentFrom(ctx.s, owner, false).length > 0,
  effect: (ctx, owner, e) => { distribute(ctx, owner, discardedOwn(ctx, owner, e), { skill: '礼让' }); },
};

export default [mingshi, lirang];
