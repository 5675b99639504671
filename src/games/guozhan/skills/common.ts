/**
 * Small pieces the generals' skill files share (issue 19): reading a trigger event, turning a character over
 * (G1.8), counting kingdoms. Skills are data for triggers.ts `registerSkill`; the engine orders them (G21.1),
 * enforces their limits and reveals a hidden owner (G13.2).
 */
import { aliveSeats, judgeName, move, P, presentFrom, seatName, type CardMove } from '../core.ts';
import { card, CARDS, cardText, colorOf } from '../cards.ts';
import { ev, refuse, type Ctx } from '../flow.ts';
import { choosePlayer, ownCard, pickOther, refText } from '../asks.ts';
import { placeInJudge } from '../cards/delayed.ts';
import type { DamageData, SkillSpec, TriggerEvent } from '../triggers.ts';
import { SLOTS, type CardRef, type State, type Suit } from '../types.ts';

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

// ── card moves and the play phase's used cards (issue 19's second round of points) ──

/**
 * The cards of a `cardsMoved` batch that left `seat`'s `zone` (hand or equipment) for somewhere else (死谏, 枭姬);
 * `discarded` keeps only discards (弃置: 礼让). Empty for any other point.
 */
export function lostFrom(e: TriggerEvent, seat: number, zone: 'hand' | 'equip', discarded = false): CardMove[] {
  if (e.point !== 'cardsMoved') return [];
  return e.moves.filter((m) => m.from.zone === zone && 'seat' in m.from && m.from.seat === seat
    && !(m.to.zone === zone && 'seat' in m.to && m.to.seat === seat) && (!discarded || m.discarded));
}

/** A card used in a play phase, as 克己/谋断 read it: its suit and colour (G1.6; none for a virtual or multi-card one) and type. */
/** A card name → one physical id of that name (for its type). */
const CARD_OF: Record<string, string> = Object.fromEntries(Object.values(CARDS).map((c) => [c.name, c.id]));

export interface UsedRecord { name: string; suit: Suit | null; color: 'red' | 'black' | null; type: 'basic' | 'trick' | 'equip' }

/**
 * The cards `seat` used in the current turn's play phase, in order — every use, equipment (G5.6), delayed tricks and
 * 无懈可击 included (none of those fires `cardUsed`): the turn's record (types.ts Turn.used, noted by flow.ts ev). Empty
 * when the play phase did not happen this turn (skipped).
 */
export function usedInPlay(s: State, seat: number): UsedRecord[] {
  return (s.turn.used ?? []).filter((u) => u.seat === seat).map((u) => {
    const ids = u.ids;
    if (!u.name) { const c = card(ids[0]!); return { name: c.name, suit: c.suit, color: colorOf(c.suit), type: 'equip' as const }; }
    // The type is the used card's (a converted card's is its name's, G6.4); G1.6 for its suit and colour.
    const t = CARDS[CARD_OF[u.name] ?? ids[0]!]?.type ?? 'basic';
    const colors = new Set(ids.map((id) => colorOf(card(id).suit)));
    const suit = ids.length === 1 ? card(ids[0]!).suit : null;
    return { name: u.name, suit, color: ids.length === 1 ? colorOf(suit) : colors.size === 1 ? [...colors][0]! : null, type: t === 'delayed' ? 'trick' : t };
  });
}

/** Who may receive `id` (lying in `from`'s equipment or judgement area): another present character with that slot free / no delayed trick of that name. */
function receivers(ctx: Ctx, from: number, id: string): number[] {
  const s = ctx.s;
  const inJudge = P(s, from).judge.includes(id);
  return presentFrom(s, s.turn.seat).filter((i) => {
    if (i === from) return false;
    const p = P(s, i);
    if (inJudge) return !p.judge.some((x) => judgeName(s, x) === judgeName(s, id));
    return !p.equip[card(id).slot!];
  });
}
/** The cards of `i` that could legally move to another character's area of the same kind. */
export const movable = (ctx: Ctx, i: number) => {
  const p = P(ctx.s, i);
  return [...SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])), ...p.judge].filter((id) => receivers(ctx, i, id).length > 0);
};

/**
 * 巧变 and 谋断: `owner` may move one card from a character's equipment or judgement area into the same kind of area
 * of another character (legal: slot free, no delayed trick of that name). The character (`【选择】P` or `【不出】`;
 * X3.2: no move), its card (`【选择】武器/乐不思蜀…`), the receiver (X3.2: the first from the current player).
 */
export function moveOnBoard(ctx: Ctx, owner: number, skill: string) {
  const s = ctx.s;
  const from = presentFrom(s, owner).filter((i) => movable(ctx, i).length > 0);
  const src = choosePlayer(ctx, owner, from, `${skill}：可以选择一名角色，将其装备区或判定区的一张牌移到另一名角色的相应区域（【选择】角色，或【不出】）`, true);
  if (src === null) return;
  const got = pickOther(ctx, owner, src, { equip: true, judge: true }, `${skill}：选择${seatName(s, src)}的一张装备或判定区的牌（【选择】装备栏或牌名）`);
  if (!got) return;
  const to = receivers(ctx, src, got.id);
  if (!to.length) return refuse('ILLEGAL_CARD', `${seatName(s, src)}的这张牌没有可以移到的角色；请选另一张（可移动：${movable(ctx, src).map((id) => card(id).name).join('、')}）`);
  const dst = choosePlayer(ctx, owner, to, `${skill}：选择接收这张牌的角色（【选择】角色）`, false)!;
  ev(ctx, 'moveCard', { seat: owner, from: src, receiver: dst, card: got.id, zone: got.zone, why: skill });
  if (got.zone === 'judge') placeInJudge(ctx, got.id, dst);
  else move(ctx, [got.id], { zone: 'equip', seat: dst });
}
