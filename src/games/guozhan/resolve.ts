/**
 * What card a player's `【N】[C、…][（K）]` means (X6.1–X6.2): a physical card named N, or a conversion of the listed
 * cards into N by a skill, equipment or rule. The converters are 丈八蛇矛 (two hand cards as 杀, C-SPEAR), 鏖战 (a
 * 桃 card as 杀 or 闪, G17.2) and, with skills on, the registered conversion skills of the speaker's generals
 * (triggers.ts `kind: 'convert'`; a hidden one may be named too and is revealed when the card is used, G13.4). A
 * converted card's suit and colour follow G1.6.
 */
import { card, cardText, colorOf, namesFor, rankText, SLASHES } from './cards.ts';
import { equipped, orderFrom, P, suitOf } from './core.ts';
import { converters, trigger, type TargetHit } from './triggers.ts';
import type { Ctx } from './flow.ts';
import { SLOTS } from './types.ts';
import { refuse } from './flow.ts';
import { fits, refText } from './asks.ts';
import type { CardRef, State, UsedCard } from './types.ts';
import { T } from './texts.ts';

/** The converters a player may name in `（K）` (skills off). */
const CONVERTERS = ['丈八蛇矛', '鏖战'];

export function physical(id: string): UsedCard {
  const c = card(id);
  return { name: c.name, ids: [id], suit: c.suit, color: colorOf(c.suit), rank: c.rank };
}

/**
 * G9.2 / 红颜 (H-WU-10): a used card's suit and colour as they count for its user — the suit of each of its own cards
 * through suitOf (小乔's ♠ as ♥: her ♠ 杀 is red). Set in place when the use begins (use.ts useCard, basic.ts slashUse),
 * while the cards are still the user's; a card with no source (G1.6) is left as it is.
 */
export function countAsUser(s: State, user: number, uc: UsedCard): void {
  if (!uc.ids.length) return;
  const suits = uc.ids.map((id) => suitOf(s, user, id));
  if (suits.every((x, i) => x === card(uc.ids[i]!).suit)) return;
  if (uc.ids.length === 1) { uc.suit = suits[0]!; uc.color = colorOf(suits[0]!); return; }
  const colors = new Set(suits.map(colorOf));
  uc.color = colors.size === 1 ? [...colors][0]! : null;
}

/** G1.6: one source keeps suit, colour and rank; two or more have none, and the colour they share if any. */
export function converted(name: string, ids: string[], skill: string): UsedCard {
  if (ids.length === 1) { const c = card(ids[0]!); return { name, ids, suit: c.suit, color: colorOf(c.suit), rank: c.rank, skill }; }
  const colors = new Set(ids.map((id) => colorOf(card(id).suit)));
  return { name, ids, suit: null, color: colors.size === 1 ? [...colors][0]! : null, rank: null, skill };
}

/** The echo of a used card (X6.3): ♠7【杀】(S014), or ♥4【杀】(S035，鏖战). */
export function usedText(u: UsedCard): string {
  if (u.ids.length === 1 && !u.skill) return cardText(u.ids[0]!);
  if (!u.ids.length) return `【${u.name}】${u.skill ? `(${u.skill})` : ''}`;
  return `${u.suit ?? ''}${rankText(u.rank)}【${u.name}】(${u.ids.join('、')}${u.skill ? `，${u.skill}` : ''})`;
}

/**
 * The card a `【N】…` command means for `seat`, given the names acceptable now (`wanted`, null: any). Refuses
 * UNKNOWN_CARD (no such card of yours), ILLEGAL_CARD (not one that fits now), UNKNOWN_SKILL, BAD_SYNTAX.
 */
export function resolveCardCmd(s: State, seat: number, cmd: { name: string; cards: CardRef[]; skill?: string }, wanted: string[] | null): UsedCard {
  const names = namesFor(cmd.name);
  if (!names) return refuse('UNKNOWN_CARD', T.unknownCardName(cmd.name));
  const ok = wanted ? names.filter((n) => wanted.includes(n)) : names;
  if (!ok.length) return refuse('ILLEGAL_CARD', T.wanted(cmd.name, wanted!));
  const p = P(s, seat);
  const skillConv = converters(s, seat);
  const known = [...CONVERTERS, ...skillConv.map((k) => k.name)];
  if (cmd.skill && !known.includes(cmd.skill)) {
    if (cmd.skill === '八卦阵') return refuse('ILLEGAL_CARD', T.eightDiagramHere);
    return refuse('UNKNOWN_SKILL', T.unknownSkill(cmd.skill, known));
  }
  if (cmd.cards.length === 0) {
    if (cmd.skill) return refuse('BAD_SYNTAX', T.convertNeedsCards(cmd.skill));
    // X6.1: the first card named N in hand order, a plain 杀 before 雷杀/火杀 (the family order).
    for (const n of ok) { const id = p.hand.find((h) => card(h).name === n); if (id) return physical(id); }
    return refuse('UNKNOWN_CARD', T.noSuchInHand(cmd.name));
  }
  if (cmd.cards.length === 1 && !cmd.skill) {
    const ref = cmd.cards[0]!;
    // X6.1: a C without a name prefers cards named N.
    const direct = p.hand.find((h) => ok.includes(card(h).name) && fits(h, ref));
    if (direct) return physical(direct);
  }
  // A conversion of the listed cards: hand cards, and equipment when a conversion of this character takes it (断粮).
  const withEquip = skillConv.some((k) => k.equip && (!cmd.skill || k.name === cmd.skill));
  const own = [...p.hand, ...(withEquip ? SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])) : [])];
  const ids: string[] = [];
  for (const ref of cmd.cards) {
    const id = own.find((h) => !ids.includes(h) && fits(h, ref));
    if (!id) return refuse('UNKNOWN_CARD', withEquip ? T.notYourCard(refText(ref)) : T.notYourHandCard(refText(ref)));
    ids.push(id);
  }
  const target = SLASHES.has(ok[0]!) ? '杀' : ok[0]!;
  const inHand = ids.every((id) => p.hand.includes(id));
  const can = [
    ...CONVERTERS.filter((k) => inHand && canConvert(s, seat, k, target, ids)),
    ...skillConv.filter((k) => k.makes.includes(target) && (k.equip || inHand) && k.can(s, seat, ids, target)).map((k) => k.name),
  ];
  const by = cmd.skill ?? (can.length === 1 ? can[0]! : null);
  if (!by) {
    if (can.length > 1) return refuse('BAD_SYNTAX', T.whichConverter(can));
    if (ids.length === 1 && !ok.includes(card(ids[0]!).name)) return refuse('ILLEGAL_CARD', T.notNamed(cardText(ids[0]!), cmd.name));
    return refuse('ILLEGAL_CARD', T.cannotConvert(cmd.name));
  }
  if (!can.includes(by)) return refuse('ILLEGAL_CARD', T.converterNo(by, cmd.name));
  return converted(target, ids, by);
}

/** Whether converter `k` can turn `ids` (hand cards) into `name` for `seat` now. */
function canConvert(s: State, seat: number, k: string, name: string, ids: string[]): boolean {
  if (k === '丈八蛇矛') return name === '杀' && ids.length === 2 && equipped(P(s, seat), '丈八蛇矛');
  if (k === '鏖战') return s.aozhan && (name === '杀' || name === '闪') && ids.length === 1 && card(ids[0]!).name === '桃';
  return false;
}

/**
 * G6.2 step 3 (成为目标时): each target in order hears `becomeTarget`, whose skills may cancel it (空城, 谦逊, 帷幕) or
 * put another character in its place (流离); a character put in place hears it in turn. Returns what is left, in
 * target order (G6.3: seat order from the user).
 */
export function becomeTargets(ctx: Ctx, user: number, card: UsedCard, targets: number[]): number[] {
  const list = [...targets];
  const heard = new Set<number>();
  for (;;) {
    const t = list.find((x) => !heard.has(x));
    if (t === undefined) break;
    heard.add(t);
    trigger(ctx, { point: 'becomeTarget', user, card, target: t, targets: list });
  }
  return orderFrom(ctx.s, user).filter((x) => list.includes(x));
}

/** The step-4 data of a target before any skill changes it: 闪 allowed, one needed, one 杀 a time in a 决斗, the user the source. */
export const plainHit = (user: number): TargetHit => ({ noJink: false, noEffect: false, jinks: 1, duel: { target: 1, user: 1 }, source: user });

/** G6.2 step 4 for one target after `targetConfirmed`: the `targeted` point, whose skills change its `TargetHit`. */
export function targetedHit(ctx: Ctx, user: number, card: UsedCard, target: number): TargetHit {
  const hit = plainHit(user);
  trigger(ctx, { point: 'targeted', user, card, target, hit });
  return hit;
}
