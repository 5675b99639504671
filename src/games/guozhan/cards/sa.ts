/**
 * 势备篇 (only with `strategicAdvantage`): big and small kingdoms and formations are in core.ts (G18.1–G18.2); here
 * are 连横 (G18.3), the removal of 调虎离山 (G18.4) and the C-SA cards — the targets each text allows, each
 * trick's effect on one target (after its nullify window, use.ts), 挟天子以令诸侯's extra turn and 敕令's removal
 * clause at the end of the turn, and 玉玺's 知己知彼 at the start of the play phase. The equipment acts where its
 * rule applies: 明光铠 at targeting (use.ts, basic.ts) and chaining (core.ts setChained), 护心镜 in damage.ts,
 * 青龙偃月刀 and 方天画戟 in basic.ts, 惊帆 as a −1 horse, 玉玺 here and in core.ts bigKingdoms.
 */
import { handOver } from '../skillasks.ts';
import { allianceMarked, card, cardText } from '../cards.ts';
import {
  aliveSeats, bigKingdoms, differentKingdom, discard, draw, formationOf, hasHidden, isBig, isSmall, nextPresent, orderFrom, P,
  presentFrom, recover, sameKingdom, seatName, setChained, SA_ON,
} from '../core.ts';
import { ev, refuse, type Ctx } from '../flow.ts';
import { chooseOwn, choosePlayer, option, ownCard, refText, seatOf } from '../asks.ts';
import { damage, loseHp } from '../damage.ts';
import { reveal } from '../reveal.ts';
import { useCard } from '../use.ts';
import { SLOTS, type Cmd, type State, type UsedCard } from '../types.ts';
import { T } from '../texts.ts';
import { rulesOf } from '../triggers.ts';

export const SA_TRICKS = new Set(['挟天子以令诸侯', '火烧连营', '勠力同心', '联军盛宴', '调虎离山', '水淹七军', '敕令']);

/** C-SA-JADE-SEAL: locked, only while its holder has a revealed general. */
export function jadeSealHolds(s: State, seat: number): boolean {
  const p = P(s, seat);
  return SA_ON(s) && p.alive && !!p.equip.treasure && card(p.equip.treasure).name === '玉玺' && (p.revealed[0] || p.revealed[1]);
}

/** C-SA-BLADE and G13.2: whether `seat` may reveal a general of its own will now. */
export const mayReveal = (s: State, seat: number) => !s.noReveal.includes(seat)
  // A skill's prohibition (祸水): a continuous rule of a revealed general (triggers.ts `noReveal`).
  && !aliveSeats(s).some((j) => rulesOf(s, j, 'noReveal').some((r) => r.noReveal!(s, j, seat)));

/** The kingdom 联军盛宴 names through one of its characters: `x` and every present character of x's kingdom. */
const ofKingdom = (s: State, x: number, i: number) => i === x || (!P(s, x).careerist && sameKingdom(s, x, i));

/**
 * G6.2 step 1 for a C-SA trick: `named` are the written targets (seat indices, or -1/-2 for 大势力/小势力); the
 * targets in target order (G6.3), or a refusal. `rep`: 联军盛宴's named character (its kingdom), passed to the effect.
 */
export function saTargets(ctx: Ctx, seat: number, name: string, named: number[]): { targets: number[]; rep?: number } {
  const s = ctx.s;
  const none = () => { if (named.length) refuse('BAD_SYNTAX', T.noTargets(name)); };
  switch (name) {
    case '挟天子以令诸侯': {
      // C-SA-THREATEN-EMPEROR: a big-kingdom character only (a careerist only through 玉玺, G18.1); yourself.
      if (named.length > 1 || (named.length === 1 && named[0] !== seat)) refuse('ILLEGAL_TARGET', T.selfOnly(name));
      if (!isBig(s, seat)) refuse('ILLEGAL_CARD', T.needBig(name));
      return { targets: [seat] };
    }
    case '火烧连营': {
      // C-SA-BURNING-CAMPS: your next player and every other character of its formation (G18.2), you too if in it.
      none();
      const nx = nextPresent(s, seat);
      if (nx === null || nx === seat) return refuse('ILLEGAL_CARD', T.noNextPlayer);
      const set = new Set([nx, ...formationOf(s, nx)]);
      return { targets: presentFrom(s, seat).filter((i) => set.has(i)) };
    }
    case '勠力同心': {
      // C-SA-FIGHT-TOGETHER: only while a big kingdom exists; all big-kingdom or all small-kingdom characters.
      if (!bigKingdoms(s).size) refuse('ILLEGAL_CARD', T.noBigKingdom(name));
      if (named.length !== 1) refuse('BAD_SYNTAX', T.fightTogetherHelp);
      const big = named[0] === -1 ? true : named[0] === -2 ? false : isBig(s, named[0]!);
      const targets = presentFrom(s, seat).filter((i) => (big ? isBig(s, i) : isSmall(s, i)));
      if (!targets.length) refuse('ILLEGAL_TARGET', T.fightTogetherEmpty(big));
      return { targets };
    }
    case '联军盛宴': {
      // C-SA-ALLIANCE-FEAST: you need a kingdom; another kingdom with a revealed character (a careerist its own).
      if (P(s, seat).kingdom === null) refuse('ILLEGAL_CARD', T.needKingdom(name));
      const ok = (x: number) => x !== seat && differentKingdom(s, seat, x);
      const legal = presentFrom(s, seat, false).filter(ok);
      if (!named.length || named.some((x) => x < 0)) return refuse('BAD_SYNTAX', T.feastHelp(legal.map((x) => seatName(s, x))));
      const x = named[0]!;
      if (!ok(x)) refuse('ILLEGAL_TARGET', T.notDifferent(seatName(s, x)));
      for (const y of named) if (!ofKingdom(s, x, y)) refuse('ILLEGAL_TARGET', T.feastOneKingdom(seatName(s, y)));
      return { targets: presentFrom(s, seat).filter((i) => i === seat || ofKingdom(s, x, i)), rep: x };
    }
    case '调虎离山': {
      // C-SA-LURE-TIGER: one or two other characters.
      if (named.length < 1 || named.length > 2 || named.some((x) => x < 0)) refuse('BAD_SYNTAX', T.lureTigerTargets);
      if (named.includes(seat)) refuse('ILLEGAL_TARGET', T.notSelf(name));
      return { targets: presentFrom(s, seat, false).filter((i) => named.includes(i)) };
    }
    case '水淹七军': {
      // C-SA-DROWNING: one other character with a card in its equipment area.
      const ok = (x: number) => x !== seat && SLOTS.some((k) => P(s, x).equip[k]);
      const legal = presentFrom(s, seat, false).filter(ok);
      if (named.length !== 1 || named[0]! < 0) refuse('BAD_SYNTAX', T.oneTarget(name, legal.map((x) => seatName(s, x))));
      if (!ok(named[0]!)) refuse('ILLEGAL_TARGET', named[0] === seat ? T.notSelf(name) : T.noEquipment(seatName(s, named[0]!)));
      return { targets: [named[0]!] };
    }
    case '敕令': {
      // C-SA-IMPERIAL-ORDER: every character with no kingdom (you too if you have none); at least one.
      none();
      const targets = presentFrom(s, seat).filter((i) => P(s, i).kingdom === null);
      if (!targets.length) refuse('ILLEGAL_CARD', T.noKingdomless);
      return { targets };
    }
  }
  throw new Error(`no targets for ${name}`);
}

/** A C-SA trick's effect on one target (C-SA texts). */
export function saEffect(ctx: Ctx, user: number, uc: UsedCard, t: number, rep?: number) {
  const s = ctx.s;
  switch (uc.name) {
    case '挟天子以令诸侯':
      // Your play phase ends; at the end of this turn you may discard a card for an extra turn (guozhan D13).
      s.turn.playEnded = true;
      s.turn.threaten = true;
      ev(ctx, 'effect', { seat: t, name: uc.name, result: 'playEnds' });
      return;
    case '火烧连营':
      damage(ctx, { source: user, target: t, n: 1, nature: 'fire', card: uc, byCard: true });
      return;
    case '勠力同心':
      // An unchained target becomes chained (not a small-kingdom one in 明光铠); a chained one draws 1.
      if (P(s, t).chained) draw(ctx, t, 1, uc.name);
      else setChained(ctx, t, true);
      return;
    case '联军盛宴': {
      if (t === user) {
        // X = the alive characters of that kingdom, now (a careerist is a kingdom of one).
        const x = rep!;
        const n = P(s, x).careerist ? (P(s, x).alive ? 1 : 0) : aliveSeats(s).filter((i) => P(s, i).kingdom === P(s, x).kingdom && !P(s, i).careerist).length;
        draw(ctx, user, n, uc.name);
        return;
      }
      // guozhan D12: recover 1 (if wounded), or draw 1 and become unchained; X3.2: the first possible option.
      const p = P(s, t);
      const opts = [...(p.hp < p.maxHp ? [T.optRecover1] : []), T.optDrawReset];
      const k = option(ctx, t, T.feastChoice, opts, { card: uc.name });
      if (opts[k] === T.optRecover1) recover(ctx, t, 1, uc.name);
      else { draw(ctx, t, 1, uc.name); setChained(ctx, t, false); }
      return;
    }
    case '调虎离山':
      // G18.4: removed until the end of this turn.
      if (!s.turn.removed.includes(t)) s.turn.removed.push(t);
      ev(ctx, 'removedFromTable', { seat: t });
      return;
    case '水淹七军': {
      const p = P(s, t);
      const eq = SLOTS.flatMap((k) => (p.equip[k] ? [p.equip[k]!] : []));
      const opts = [...(eq.length ? [T.optDiscardEquip] : []), T.optThunder];
      const k = option(ctx, t, T.drowningChoice(seatName(s, user)), opts, { card: uc.name });
      if (opts[k] === T.optDiscardEquip) { ev(ctx, 'discard', { seat: t, cards: eq, why: uc.name }); discard(ctx, eq); }
      else damage(ctx, { source: user, target: t, n: 1, nature: 'thunder', card: uc, byCard: true });
      return;
    }
    case '敕令': imperialEffect(ctx, t); return;
  }
  throw new Error(`no effect for ${uc.name}`);
}

/**
 * C-SA-IMPERIAL-ORDER's choice for one character: reveal a general then draw 1; discard an equipment card (hand or
 * equipped); lose 1 HP. Options it cannot perform are not offered (a voluntary reveal may be forbidden, G13.2).
 */
export function imperialEffect(ctx: Ctx, t: number) {
  const s = ctx.s;
  const p = P(s, t);
  if (!p.alive) return;
  const equipCards = (id: string) => card(id).type === 'equip';
  const hasEquip = [...p.hand, ...SLOTS.flatMap((k) => (p.equip[k] ? [p.equip[k]!] : []))].some(equipCards);
  const opts: { label: string; k: 'main' | 'deputy' | 'equip' | 'hp' }[] = [];
  if (mayReveal(s, t) && p.generals && !p.revealed[0]) opts.push({ label: T.optRevealMain, k: 'main' });
  if (mayReveal(s, t) && p.generals && !p.revealed[1]) opts.push({ label: T.optRevealDeputy, k: 'deputy' });
  if (hasEquip) opts.push({ label: T.optDiscardOneEquip, k: 'equip' });
  opts.push({ label: T.optLoseHp, k: 'hp' });
  const o = opts[option(ctx, t, T.imperialChoice, opts.map((x) => x.label), { card: '敕令' })]!;
  ev(ctx, 'imperialChoice', { seat: t, option: o.label });
  if (o.k === 'main' || o.k === 'deputy') { reveal(ctx, t, o.k); draw(ctx, t, 1, '敕令'); return; }
  if (o.k === 'equip') {
    const ids = chooseOwn(ctx, t, { count: 1, equip: true, filter: equipCards, text: T.imperialDiscard }) ?? [];
    if (ids.length) { ev(ctx, 'discard', { seat: t, cards: ids, why: '敕令' }); discard(ctx, ids); }
    return;
  }
  loseHp(ctx, t, 1);
}

/**
 * G18.3 / guozhan D8: once per play phase, give 1–3 marked hand cards to another character. Giver with a kingdom,
 * receiver of a different one: draw as many; receiver without a kingdom: no draw; a giver without a kingdom gives
 * only to characters without one. Not a use (no reveal, no nullify).
 */
export function alliance(ctx: Ctx, seat: number, c: Extract<Cmd, { k: 'alliance' }>) {
  const s = ctx.s;
  if (!SA_ON(s)) return refuse('NOT_ALLOWED', T.allianceOff);
  if (s.turn.alliance) return refuse('LIMIT_EXCEEDED', T.allianceOnce);
  if (c.cards.length < 1 || c.cards.length > 3) return refuse('BAD_SYNTAX', T.allianceHelp);
  const ids: string[] = [];
  for (const ref of c.cards) {
    const id = ownCard(s, seat, ref, false, ids);
    if (!id) return refuse('UNKNOWN_CARD', T.notYourHandCard(refText(ref)));
    if (!allianceMarked(id)) return refuse('ILLEGAL_CARD', T.notMarked(cardText(id)));
    ids.push(id);
  }
  const r = seatOf(s, c.target, seat);
  const me = P(s, seat), them = P(s, r);
  if (r === seat || !them.alive) return refuse('ILLEGAL_TARGET', T.notSelf('连横'));
  let gain: number;
  if (me.kingdom === null) {
    if (them.kingdom !== null) return refuse('ILLEGAL_TARGET', T.allianceNoKingdom);
    gain = 0;
  } else if (them.kingdom === null) gain = 0;
  else if (differentKingdom(s, seat, r)) gain = ids.length;
  else return refuse('ILLEGAL_TARGET', T.allianceSameKingdom(seatName(s, r)));
  s.turn.alliance = true;
  handOver(ctx, seat, r, ids);
  ev(ctx, 'alliance', { seat, receiver: r, n: ids.length });
  ev(ctx, 'given', { seat, receiver: r, cards: ids, to: [seat, r] });
  draw(ctx, seat, gain, '连横');
}

/** C-SA-JADE-SEAL: at the start of the play phase its holder is treated as using 知己知彼 (a legal target if any). */
export function jadeSealStart(ctx: Ctx) {
  const s = ctx.s;
  const seat = s.turn.seat;
  if (!jadeSealHolds(s, seat)) return;
  const legal = presentFrom(s, seat, false).filter((x) => P(s, x).hand.length > 0 || hasHidden(P(s, x)));
  if (!legal.length) return;
  ev(ctx, 'equipSkill', { seat, skill: '玉玺' });
  const t = choosePlayer(ctx, seat, legal, T.jadeSealTarget, false)!;
  useCard(ctx, seat, { name: '知己知彼', ids: [], suit: null, color: null, rank: null, skill: '玉玺' }, [t]);
}

/**
 * The end of the turn: 挟天子以令诸侯's user may discard a card (hand or equipment) for an extra turn after this one
 * (guozhan D13; X3.2: optional, no by default); then 敕令's removal clause, in seat order from the current player,
 * for every character with no kingdom (once per game).
 */
export function turnEndEffects(ctx: Ctx) {
  const s = ctx.s;
  const t = s.turn;
  if (t.threaten && P(s, t.seat).alive) {
    const ids = chooseOwn(ctx, t.seat, { count: 1, equip: true, optional: true, text: T.threatenEnd });
    if (ids && ids.length) {
      ev(ctx, 'discard', { seat: t.seat, cards: ids, why: '挟天子以令诸侯' });
      discard(ctx, ids);
      s.extraTurns.push(t.seat);
      ev(ctx, 'extraTurn', { seat: t.seat, why: '挟天子以令诸侯' });
    }
  }
  if (s.imperialOrder === 'due') {
    s.imperialOrder = 'done';
    ev(ctx, 'imperialOrder', {});
    for (const i of orderFrom(s, t.seat)) if (P(s, i).kingdom === null) imperialEffect(ctx, i);
  }
}

/** C-SA-IRON-ARMOR: 火烧连营, 火攻 and 火杀 cancel a target wearing it (G6.2 step 3). */
export function ironArmorCancels(s: State, name: string, t: number): boolean {
  const a = P(s, t).equip.armor;
  return !!a && card(a).name === '明光铠' && (name === '火烧连营' || name === '火攻' || name === '火杀');
}

