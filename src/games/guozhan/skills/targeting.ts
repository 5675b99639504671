/**
 * What the targeting and response skills share (issue 19: G6.2 steps 3–4, G21.2): cancelling a character as a target
 * at `becomeTarget` (空城, 谦逊, 帷幕), reading a card's type by the name it was used as (a converted card is that card,
 * G6.4), and the skills' common conditions.
 */
import { CARDS, SLASHES } from '../cards.ts';
import { ev, type Ctx } from '../flow.ts';
import { usedText } from '../resolve.ts';
import type { TriggerEvent } from '../triggers.ts';
import type { UsedCard } from '../types.ts';

/** The type of the card a used card counts as (G6.4): by its name. */
export function typeOfName(name: string): 'basic' | 'trick' | 'delayed' | 'equip' | null {
  for (const c of Object.values(CARDS)) if (c.name === name) return c.type;
  return null;
}

/** A trick, ordinary or delayed (帷幕's "black trick"). */
export const isTrick = (uc: UsedCard) => { const t = typeOfName(uc.name); return t === 'trick' || t === 'delayed'; };

/** The `becomeTarget` event of `owner`, while it is still a target. */
export function becomingTarget(e: TriggerEvent, owner: number): Extract<TriggerEvent, { point: 'becomeTarget' }> | null {
  return e.point === 'becomeTarget' && e.target === owner && e.targets.includes(owner) ? e : null;
}

/** The `targeted` event of a 杀 (any of the family) `user` used, or null. */
export function slashTargeted(e: TriggerEvent): Extract<TriggerEvent, { point: 'targeted' }> | null {
  return e.point === 'targeted' && SLASHES.has(e.card.name) ? e : null;
}

/** G6.2 step 3: cancels `e.target` as a target of the card (the skill's activation row is the engine's). */
export function cancelTarget(ctx: Ctx, e: TriggerEvent, skill: string): void {
  if (e.point !== 'becomeTarget') return;
  const k = e.targets.indexOf(e.target);
  if (k < 0) return;
  e.targets.splice(k, 1);
  ev(ctx, 'cancelled', { seat: e.target, card: usedText(e.card), skill });
}
