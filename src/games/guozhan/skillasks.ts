/**
 * Decisions that only skills need (issue 19's engine hooks), usable by any kingdom's skills:
 * - `pointFight` — 拼点 (H's definition): both sides put a hand card face down, then reveal; the initiator wins only
 *   with a strictly higher rank; both cards go to the discard pile. Each side answers `【拼点】C` privately (X1.1);
 *   the X3.2 default is its lowest-ranked hand card (G19.1 order).
 * - `distribute` — a distribution (遗计; 礼让, 好施 …): the giver answers `【给出】C、…→P` as often as it likes, one
 *   receiver a time, and `【不出】` stops (X3.2: give nothing more); what is left goes where the caller says.
 * - `choosePlayers` — up to n characters at once (突袭, 巧变), `【选择】P、…`, `【不出】` for none when allowed.
 * - `skillSlash` — a skill's "treated as using a 杀" (神速): a virtual 杀 with the distance limit lifted that does not
 *   count toward G5.1's limit, its targets chosen by its user.
 */
import { card, cardText, lowFirst } from './cards.ts';
import { discard, move, P, presentFrom, seatName } from './core.ts';
import { ask, ev, refuse, type Ctx } from './flow.ts';
import { defaultFrom, fits, ownCard, refText, seatOf } from './asks.ts';
import { T } from './texts.ts';
import type { UsedCard } from './types.ts';
import { useCard } from './use.ts';
import { trigger, type TriggerEvent } from './triggers.ts';

/**
 * Cards given (交给) by `giver` to `receiver`: into its hand — or, when a skill at the point `giving` says so (空城's
 * 琴, H-SHU-04), face up onto a pile of its general (public: a pileAdd row per card). The callers log the gift itself
 * (X1: the count public; X1.1: the cards private to the two).
 */
export function handOver(ctx: Ctx, giver: number, receiver: number, ids: string[]): void {
  const e: Extract<TriggerEvent, { point: 'giving' }> = { point: 'giving', giver, receiver, cards: [...ids], to: { pile: null } };
  trigger(ctx, e);
  if (e.to.pile) move(ctx, ids, { zone: 'pile', seat: receiver, pile: e.to.pile });
  else move(ctx, ids, { zone: 'hand', seat: receiver });
}

export interface PointFight { win: boolean; mine: string; theirs: string }

/** One side's point-fight card: `【拼点】C` (also `【选择】C` / `【弃牌】C`); timeout: the lowest-ranked hand card. */
function fightCard(ctx: Ctx, seat: number, other: number, initiator: number, skill: string): string {
  const s = ctx.s;
  const hand = P(s, seat).hand;
  const r = ask(ctx, { kind: 'pindian', seats: [seat], on: other, from: initiator, secret: true, text: T.pindianAsk(skill, seatName(s, other)), about: { skill } }, 'choice');
  if (!r.cmd) return [...hand].sort(lowFirst)[0]!;
  const c = r.cmd;
  const ref = c.k === 'pindian' ? c.card : (c.k === 'choose' || c.k === 'discard') && c.cards?.length === 1 ? c.cards[0]! : null;
  if (!ref) return refuse('NO_PROMPT', T.pindianHelp(skill));
  const id = ownCard(s, seat, ref, false);
  if (!id) return refuse('UNKNOWN_CARD', T.notYourHandCard(refText(ref)));
  return id;
}

/**
 * 拼点 between `a` (the initiator) and `b`; the caller has checked that both hold a hand card. `a` answers first,
 * then `b` — each privately, so neither sees the other's card before both are shown. Logs `pindian` (public: both
 * cards and the result), then both cards go to the discard pile.
 */
export function pointFight(ctx: Ctx, a: number, b: number, skill: string): PointFight {
  const s = ctx.s;
  const mine = fightCard(ctx, a, b, a, skill);
  const theirs = fightCard(ctx, b, a, a, skill);
  move(ctx, [mine, theirs], { zone: 'processing' });
  const win = card(mine).rank > card(theirs).rank;
  ev(ctx, 'pindian', { seat: a, target: b, cards: [mine, theirs], ranks: [card(mine).rank, card(theirs).rank], win, skill });
  discard(ctx, [mine, theirs].filter((id) => s.processing.includes(id)));
  return { win, mine, theirs };
}

export interface DistributeSpec {
  skill: string;
  /** Who may receive (default: every other present character). */
  receivers?: number[];
}

/**
 * A distribution: `giver` hands out `ids` (cards it knows, wherever they lie — 遗计's are still on top of the draw
 * pile) to other characters, any subset to one receiver per `【给出】C、…→P`, until all are given or it answers
 * `【不出】` / times out. Each gift is public by count (X1) and private by identity to the two (X1.1). Returns the
 * cards not given, in their order.
 */
export function distribute(ctx: Ctx, giver: number, ids: string[], spec: DistributeSpec): string[] {
  const s = ctx.s;
  let left = [...ids];
  const receivers = spec.receivers ?? presentFrom(s, giver, false);
  while (left.length && receivers.some((i) => P(s, i).alive)) {
    const r = ask(ctx, { kind: 'give', seats: [giver], secret: true, count: left.length, text: T.giveAsk(spec.skill, left.map((id) => cardText(id))), about: { skill: spec.skill, cards: [...left] } }, 'choice');
    const c = r.cmd;
    if (!c || c.k === 'pass') break;
    if (c.k !== 'give') return refuse('NO_PROMPT', T.giveHelp(spec.skill));
    const to = seatOf(s, c.target, giver);
    if (!receivers.includes(to) || !P(s, to).alive) return refuse('ILLEGAL_TARGET', T.illegalTarget(seatName(s, to), receivers.filter((i) => P(s, i).alive).map((i) => seatName(s, i))));
    const give: string[] = [];
    for (const ref of c.cards) {
      const id = left.find((x) => !give.includes(x) && fits(x, ref));
      if (!id) return refuse('UNKNOWN_CARD', T.notToGive(refText(ref), left.map((x) => cardText(x))));
      give.push(id);
    }
    if (!give.length) return refuse('BAD_SYNTAX', T.giveHelp(spec.skill));
    handOver(ctx, giver, to, give);
    ev(ctx, 'gift', { seat: giver, receiver: to, n: give.length, why: spec.skill });
    ev(ctx, 'given', { seat: giver, receiver: to, cards: give, to: [giver, to] });
    left = left.filter((x) => !give.includes(x));
  }
  return left;
}

/**
 * Up to `max` characters among `legal` (at least `min`), `【选择】P、…`; `【不出】` or a timeout picks none when `min` is 0
 * (X3.2: optional), else the first `min` legal ones in seat order from the chooser.
 */
export function choosePlayers(ctx: Ctx, seat: number, legal: number[], min: number, max: number, text: string): number[] {
  const s = ctx.s;
  if (!legal.length || max <= 0) return [];
  const r = ask(ctx, { kind: 'target', seats: [seat], text, optional: min === 0, count: max, about: { legal, min, max } }, 'choice');
  const deflt = () => { const out: number[] = []; let rest = [...legal]; while (out.length < min && rest.length) { const x = defaultFrom(s, seat, rest); out.push(x); rest = rest.filter((y) => y !== x); } return out; };
  if (!r.cmd) return deflt();
  if (r.cmd.k === 'pass') { if (min === 0) return []; return refuse('NOT_ALLOWED', T.choosePlayersHelp(min, max)); }
  const names = r.cmd.k === 'choose' ? r.cmd.players ?? [] : r.cmd.k === 'skill' ? r.cmd.targets : null;
  if (!names) return refuse('NO_PROMPT', T.choosePlayersHelp(min, max));
  const seats = names.map((n) => seatOf(s, n, seat));
  if (new Set(seats).size !== seats.length) return refuse('ILLEGAL_TARGET', T.sameTargetTwice);
  if (seats.length < Math.min(min, legal.length) || seats.length > max) return refuse('BAD_SYNTAX', T.choosePlayersHelp(min, max));
  for (const x of seats) if (!legal.includes(x)) return refuse('ILLEGAL_TARGET', T.illegalTarget(seatName(s, x), legal.map((i) => seatName(s, i))));
  // In seat order from the chooser, the order the effect resolves in.
  return presentFrom(s, seat).concat(legal).filter((x, k, all) => seats.includes(x) && all.indexOf(x) === k);
}

/**
 * A skill's "treated as using an ordinary 杀 with no distance limit that does not count toward the limit" (神速):
 * the user chooses one other present character (`【选择】P`, or `【杀】→P`); X3.2 for a mandatory pick of
 * characters: the first legal one from the user. No legal target: nothing happens. Returns whether it was used.
 */
export function skillSlash(ctx: Ctx, user: number, skill: string): boolean {
  const s = ctx.s;
  const legal = presentFrom(s, user, false);
  if (!legal.length) return false;
  const r = ask(ctx, { kind: 'target', seats: [user], text: T.skillSlashAsk(skill), about: { legal, skill } }, 'choice');
  let t: number;
  if (!r.cmd) t = defaultFrom(s, user, legal);
  else {
    const c = r.cmd;
    const names = c.k === 'choose' ? c.players ?? [] : c.k === 'card' || c.k === 'skill' ? c.targets : null;
    if (!names || names.length !== 1) return refuse('BAD_SYNTAX', T.skillSlashAsk(skill));
    t = seatOf(s, names[0]!, user);
    if (!legal.includes(t)) return refuse('ILLEGAL_TARGET', t === user ? T.notSelf('杀') : T.illegalTarget(seatName(s, t), legal.map((i) => seatName(s, i))));
  }
  const uc: UsedCard = { name: '杀', ids: [], suit: null, color: null, rank: null, skill };
  useCard(ctx, user, uc, [t], { counts: false });
  return true;
}
