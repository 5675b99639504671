/**
 * Small pieces the generals' skill files share (issue 19): reading a trigger event, turning a character over
 * (G1.8), counting kingdoms. Skills are data for triggers.ts `registerSkill`; the engine orders them (G21.1),
 * enforces their limits and reveals a hidden owner (G13.2).
 */
import { aliveSeats, P } from '../core.ts';
import { cardText } from '../cards.ts';
import { ev, refuse, type Ctx } from '../flow.ts';
import { ownCard, refText } from '../asks.ts';
import type { DamageData, SkillSpec, TriggerEvent } from '../triggers.ts';
import type { CardRef, State } from '../types.ts';

export type { SkillSpec };

/** One general's line in a kingdom's COVERAGE (H order): its H id, the skills done, and those waiting with the missing engine hook. */
export interface Coverage { h: string; general: string; done: string[]; waiting: Record<string, string> }

/** The damage of a damage-step event, or null. */
export function damageOf(e: TriggerEvent): DamageData | null {
  return 'damage' in e ? e.damage : null;
}

/** "After you take damage" (G8.1 step 5): the owner is the damaged one. */
export function tookDamage(e: TriggerEvent, owner: number): DamageData | null {
  return e.point === 'damaged' && e.damage.target === owner ? e.damage : null;
}

/** A phase of the owner's own turn starts or ends (G4.3–G4.8). */
export const ownPhase = (e: TriggerEvent, owner: number, point: 'phaseStart' | 'phaseEnd', phase: string) =>
  e.point === point && e.seat === owner && e.phase === phase;

/** G1.8: 叠置 toggles a character's facing (a face-down one turns face-up). */
export function turnOver(ctx: Ctx, seat: number) {
  const p = P(ctx.s, seat);
  p.faceDown = !p.faceDown;
  ev(ctx, 'turnOver', { seat, faceDown: p.faceDown });
}

/**
 * The number of kingdoms among alive characters (据守): each careerist counts as one kingdom of its own, a
 * character with no kingdom adds none (G14.4, H-WEI-11).
 */
export function kingdomCount(s: State): number {
  const keys = new Set<string>();
  for (const i of aliveSeats(s)) {
    const p = P(s, i);
    if (p.kingdom === null) continue;
    keys.add(p.careerist ? `careerist:${i}` : p.kingdom);
  }
  return keys.size;
}

/**
 * Whether `owner` used skill `id` in this turn: the engine's own count of a skill with a limit (triggers.ts useKey,
 * `seat|skill|t<turn>` for `limit: 'turn'`). Lets a skill's lasting effect (裸衣's +1 "for the rest of this turn")
 * read the use the engine counted instead of keeping a flag of its own.
 */
export const usedThisTurn = (s: State, owner: number, id: string) => (s.skillUses[`${owner}|${id}|t${s.turn.n}`] ?? 0) >= 1;

/**
 * The own cards an active skill names (X6.1: hand first, then equipment when allowed), distinct; `ok` filters them.
 * Refused with the grammar's codes (UNKNOWN_CARD, ILLEGAL_CARD with `why`) before any ask.
 */
export function namedCards(s: State, seat: number, refs: CardRef[], equip: boolean, ok: (id: string) => boolean = () => true, why = ''): string[] {
  const out: string[] = [];
  for (const ref of refs) {
    const id = ownCard(s, seat, ref, equip, out);
    if (!id) return refuse('UNKNOWN_CARD', `你没有"${refText(ref)}"这张${equip ? '' : '手'}牌`);
    if (!ok(id)) return refuse('ILLEGAL_CARD', `${cardText(id)}不行${why ? `：${why}` : ''}`);
    out.push(id);
  }
  return out;
}
