/**
 * The decisions every rule reuses (X3): yes/no, option lists, picking another character's card (G21.8), choosing
 * one's own cards, choosing characters — each with its X3.2 default on timeout — and how a player's card
 * reference resolves against its own zones (X6.1).
 */
import { card, cardText, lowFirst, namesFor, SLOT_ZH } from './cards.ts';
import { P, seatName } from './core.ts';
import { ask, ev, refuse, type Ctx } from './flow.ts';
import { shuffle } from './rng.ts';
import { SLOTS, type CardRef, type Cmd, type State } from './types.ts';
import { T } from './texts.ts';

/** A yes/no prompt (X3.2: optional triggers default to no). `【确定】` or `【技能】…` accept, `【不出】` declines. */
export function confirm(ctx: Ctx, seat: number, text: string, about?: Record<string, unknown>): boolean {
  const r = ask(ctx, { kind: 'confirm', seats: [seat], text, ...(about ? { about } : {}) }, 'choice');
  if (!r.cmd || r.cmd.k === 'pass') return false;
  if (r.cmd.k === 'ok' || r.cmd.k === 'skill' || (r.cmd.k === 'choose' && r.cmd.option === 1)) return true;
  return refuse('NO_PROMPT', T.confirmHelp);
}

/** An option list (X3.2: the first possible option on timeout); the chosen index. */
export function option(ctx: Ctx, seat: number, text: string, options: string[], about?: Record<string, unknown>): number {
  const r = ask(ctx, { kind: 'option', seats: [seat], text, options, ...(about ? { about } : {}) }, 'choice');
  if (!r.cmd) return 0;
  if (r.cmd.k === 'choose') {
    if (r.cmd.option !== undefined && r.cmd.option >= 1 && r.cmd.option <= options.length) return r.cmd.option - 1;
    const t = r.cmd.text;
    if (t !== undefined && t !== '') {
      let k = options.indexOf(t);
      if (k < 0) k = options.findIndex((o) => o.includes(t));
      if (k >= 0) return k;
    }
  }
  return refuse('BAD_SYNTAX', T.optionHelp(options));
}

/** Does a physical card fit a player's reference (every given part)? An unknown name is UNKNOWN_CARD. */
export function fits(id: string, ref: CardRef): boolean {
  const c = card(id);
  if (ref.id !== undefined && ref.id !== id) return false;
  if (ref.suit !== undefined && ref.suit !== c.suit) return false;
  if (ref.rank !== undefined && ref.rank !== c.rank) return false;
  if (ref.name !== undefined) {
    const ns = namesFor(ref.name);
    if (!ns) refuse('UNKNOWN_CARD', T.unknownCardName(ref.name));
    if (!ns.includes(c.name)) return false;
  }
  return true;
}
export const refText = (r: CardRef) => r.id ?? `${r.suit ?? ''}${r.rank ?? ''}${r.name ?? ''}`;

/** X6.1: the first own card fitting `ref`, hand in hand order then (if allowed) equipment in slot order; not in `skip`. */
export function ownCard(s: State, seat: number, ref: CardRef, withEquip: boolean, skip: string[] = []): string | null {
  const p = P(s, seat);
  for (const id of p.hand) if (!skip.includes(id) && fits(id, ref)) return id;
  if (withEquip) for (const slot of SLOTS) { const id = p.equip[slot]; if (id && !skip.includes(id) && fits(id, ref)) return id; }
  return null;
}

/** X3.2: own cards by default — hand in G19.1 order (lowest first), then equipment in slot order. */
export function defaultOwn(s: State, seat: number, n: number, withEquip: boolean, filter: (id: string) => boolean = () => true): string[] {
  const p = P(s, seat);
  const hand = [...p.hand].filter(filter).sort(lowFirst);
  const eq = withEquip ? SLOTS.flatMap((x) => (p.equip[x] && filter(p.equip[x]!) ? [p.equip[x]!] : [])) : [];
  return [...hand, ...eq].slice(0, n);
}

export interface OwnSpec {
  count: number;
  text: string;
  /** Equipment may be chosen besides hand cards. */
  equip?: boolean;
  optional?: boolean;
  /** Which cards may be chosen at all. */
  filter?: (id: string) => boolean;
  /** For the prompt and bots. */
  suit?: string;
  about?: Record<string, unknown>;
  /** X3.1: pay-or-suffer prompts take the response timeout; other picks the choice one. */
  timeout?: 'response' | 'choice';
}

/**
 * Chooses `count` of `seat`'s own cards (`【弃牌】` or `【选择】`). Fewer cards than asked: all of them (G22.4).
 * Optional prompts return null when declined or timed out (X3.2 pay-or-suffer: not paying).
 */
export function chooseOwn(ctx: Ctx, seat: number, spec: OwnSpec): string[] | null {
  const s = ctx.s;
  const filter = spec.filter ?? (() => true);
  const p = P(s, seat);
  const avail = [...p.hand, ...(spec.equip ? SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])) : [])].filter(filter);
  const n = Math.min(spec.count, avail.length);
  if (n <= 0) return spec.optional ? null : [];
  const r = ask(ctx, { kind: 'ownCards', seats: [seat], text: spec.text, count: n, optional: !!spec.optional, equip: !!spec.equip, ...(spec.suit ? { suit: spec.suit } : {}), ...(spec.about ? { about: spec.about } : {}) }, spec.timeout ?? 'choice');
  if (!r.cmd) return spec.optional ? null : defaultOwn(s, seat, n, !!spec.equip, filter);
  if (r.cmd.k === 'pass') {
    if (spec.optional) return null;
    return refuse('NOT_ALLOWED', T.mustChoose(n));
  }
  const refs = r.cmd.k === 'discard' || r.cmd.k === 'skill' ? r.cmd.cards : r.cmd.k === 'choose' ? r.cmd.cards ?? [] : null;
  if (!refs) return refuse('NO_PROMPT', T.chooseCardsHelp(n));
  return resolveOwnList(s, seat, refs, n, !!spec.equip, filter);
}

/** A list of own card references → distinct ids, exactly `n`, each allowed by `filter`. */
export function resolveOwnList(s: State, seat: number, refs: CardRef[], n: number, withEquip: boolean, filter: (id: string) => boolean): string[] {
  if (refs.length !== n) refuse('BAD_SYNTAX', T.chooseCardsHelp(n));
  const out: string[] = [];
  for (const ref of refs) {
    const any = ownCard(s, seat, ref, withEquip, out);
    if (!any) refuse('UNKNOWN_CARD', T.notYourCard(refText(ref)));
    const ok = ownCardWhere(s, seat, ref, withEquip, out, filter);
    if (!ok) refuse('ILLEGAL_CARD', T.cardNotAllowed(cardText(any)));
    out.push(ok);
  }
  return out;
}
function ownCardWhere(s: State, seat: number, ref: CardRef, withEquip: boolean, skip: string[], filter: (id: string) => boolean): string | null {
  const p = P(s, seat);
  for (const id of p.hand) if (!skip.includes(id) && fits(id, ref) && filter(id)) return id;
  if (withEquip) for (const slot of SLOTS) { const id = p.equip[slot]; if (id && !skip.includes(id) && fits(id, ref) && filter(id)) return id; }
  return null;
}

export interface OtherZones { hand?: boolean; equip?: boolean; judge?: boolean; slots?: string[] }

/**
 * G21.8: `chooser` picks one card of `target`'s: hand cards blind by position (`手牌N`, in a fresh seeded order
 * unless `blindOrder=held`), equipment and judgement cards by slot or name. Timeout (X3.2): the first hand
 * position, else equipment in slot order, else the oldest judgement card. Null when there is nothing to pick.
 */
export function pickOther(ctx: Ctx, chooser: number, target: number, zones: OtherZones, text: string): { id: string; zone: 'hand' | 'equip' | 'judge' } | null {
  const s = ctx.s;
  const p = P(s, target);
  const hand = zones.hand ? (s.settings.blindOrder === 'held' ? [...p.hand] : shuffle(s, p.hand)) : [];
  const eq = zones.equip ? SLOTS.flatMap((x) => (p.equip[x] && (!zones.slots || zones.slots.includes(x)) ? [p.equip[x]!] : [])) : [];
  const jd = zones.judge ? [...p.judge] : [];
  if (!hand.length && !eq.length && !jd.length) return null;
  const r = ask(ctx, { kind: 'pickCard', seats: [chooser], on: target, text, about: { hand: hand.length, equip: eq, judge: jd } }, 'choice');
  if (!r.cmd) return hand.length ? { id: hand[0]!, zone: 'hand' } : eq.length ? { id: eq[0]!, zone: 'equip' } : { id: jd[0]!, zone: 'judge' };
  const refs = r.cmd.k === 'choose' ? r.cmd.other ?? [] : r.cmd.k === 'skill' ? r.cmd.other ?? [] : [];
  const ref = refs[0];
  if (!ref || refs.length !== 1) return refuse('BAD_SYNTAX', T.pickHelp(seatName(s, target)));
  if (ref.pos !== undefined) {
    if (ref.pos < 1 || ref.pos > hand.length) return refuse('ILLEGAL_CARD', T.noHandPos(seatName(s, target), ref.pos, hand.length));
    return { id: hand[ref.pos - 1]!, zone: 'hand' };
  }
  if (ref.slot !== undefined) {
    const id = p.equip[ref.slot];
    if (!id || !eq.includes(id)) return refuse('ILLEGAL_CARD', T.noSlot(seatName(s, target), SLOT_ZH[ref.slot]));
    return { id, zone: 'equip' };
  }
  if (ref.name !== undefined) {
    const ns = namesFor(ref.name);
    if (!ns) return refuse('UNKNOWN_CARD', T.unknownCardName(ref.name));
    const e = eq.find((id) => ns.includes(card(id).name));
    if (e) return { id: e, zone: 'equip' };
    const j = jd.find((id) => ns.includes(card(id).name));
    if (j) return { id: j, zone: 'judge' };
  }
  return refuse('ILLEGAL_CARD', T.pickHelp(seatName(s, target)));
}

/** Resolves a written seat name (X6.1: a seat name, or 自己/我 for the speaker); UNKNOWN_PLAYER otherwise. */
export function seatOf(s: State, name: string, speaker: number): number {
  const n = name.trim();
  if (n === '自己' || n === '我') return speaker;
  const i = s.players.findIndex((p) => p.name === n);
  if (i < 0) refuse('UNKNOWN_PLAYER', T.unknownPlayer(n, s.players.map((p) => p.name)));
  return i;
}

/** Chooses characters among `legal` (X3.2 default: the first legal character in seat order from the chooser). */
export function choosePlayer(ctx: Ctx, seat: number, legal: number[], text: string, optional: boolean): number | null {
  if (!legal.length) return null;
  const r = ask(ctx, { kind: 'target', seats: [seat], text, optional, about: { legal } }, 'choice');
  if (!r.cmd) return optional ? null : defaultFrom(ctx.s, seat, legal);
  if (r.cmd.k === 'pass' && optional) return null;
  const c: Cmd = r.cmd;
  const names = c.k === 'choose' ? c.players ?? (c.general ? [c.general.player] : []) : c.k === 'skill' ? c.targets : [];
  if (names.length !== 1) return refuse('BAD_SYNTAX', T.choosePlayerHelp);
  const i = seatOf(ctx.s, names[0]!, seat);
  if (!legal.includes(i)) return refuse('ILLEGAL_TARGET', T.illegalTarget(seatName(ctx.s, i), legal.map((x) => seatName(ctx.s, x))));
  return i;
}
export function defaultFrom(s: State, from: number, legal: number[]): number {
  const n = s.players.length;
  for (let k = 0; k < n; k++) if (legal.includes((from + k) % n)) return (from + k) % n;
  return legal[0]!;
}

/** Logs cards seen by one seat only (X1.1). */
export function seen(ctx: Ctx, seat: number, what: string, cards: string[]) {
  ev(ctx, 'seen', { seat, what, cards, to: [seat] });
}
