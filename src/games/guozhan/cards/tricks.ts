/**
 * The ordinary tricks' effects on one target (C2), after that target's nullify window (use.ts). Target checks are
 * at declaration (use.ts checkTargets); here an emptied area simply yields nothing (G22.11).
 */
import { usedConverted } from '../triggers.ts';
import { cardText, SLASHES } from '../cards.ts';
import { discard, draw, inRange, move, P, recover, seatName, setChained, suitOf, takeTop } from '../core.ts';
import { SA_TRICKS, saEffect } from './sa.ts';
import { ask, ev, refuse, type Ctx } from '../flow.ts';
import { chooseOwn, fits, option, pickOther, seatOf, seen } from '../asks.ts';
import { armorOf, damage } from '../damage.ts';
import { resolveCardCmd, usedText } from '../resolve.ts';
import { askJink, askSlashPlay } from '../use.ts';
import { slashUse } from './basic.ts';
import { plainHit } from '../resolve.ts';
import type { TargetHit } from '../triggers.ts';
import type { UsedCard } from '../types.ts';
import { T } from '../texts.ts';

/** C-AMAZING-GRACE: X cards from the draw pile, face up in the processing area. */
export function amazingGraceReveal(ctx: Ctx, n: number): string[] {
  const ids = takeTop(ctx, n);
  ctx.s.processing.push(...ids);
  ev(ctx, 'reveal5', { cards: ids });
  return ids;
}

/**
 * G6.6: targets the trick has no effect on are skipped in step 5 before their window (C-VINE: 南蛮入侵, 万箭齐发;
 * a skill after targeting: `hit.noEffect`, 祸首 and 巨象 — the general's skill before the equipment, G21.1).
 */
export function trickNoEffect(ctx: Ctx, uc: UsedCard, t: number, hit?: TargetHit): boolean {
  if (hit?.noEffect) {
    ev(ctx, 'noEffect', { seat: t, card: usedText(uc) });
    return true;
  }
  if ((uc.name === '南蛮入侵' || uc.name === '万箭齐发') && armorOf(ctx, t) === '藤甲') {
    ev(ctx, 'noEffect', { seat: t, card: usedText(uc), armor: '藤甲' });
    return true;
  }
  return false;
}

export function trickEffect(ctx: Ctx, user: number, uc: UsedCard, t: number, o: { victim?: number; rep?: number; grace: string[] | null; hit?: TargetHit }) {
  const hit = o.hit ?? plainHit(user);
  const s = ctx.s;
  if (SA_TRICKS.has(uc.name)) return saEffect(ctx, user, uc, t, o.rep);
  switch (uc.name) {
    case '决斗': {
      // C-DUEL / G21.3: the target first, then the user, alternately playing 杀 (each as many as `hit.duel` says
      // each time: 无双's two; a first 杀 is spent even if the second does not come); the first who does not takes 1.
      let cur = t, other = user;
      for (;;) {
        const need = cur === t ? hit.duel.target : hit.duel.user;
        let k = 0;
        while (k < need && askSlashPlay(ctx, cur, other, usedText(uc))) k++;
        if (k < need) {
          damage(ctx, { source: other, target: cur, n: 1, nature: 'normal', card: uc, byCard: true });
          return;
        }
        [cur, other] = [other, cur];
      }
    }
    case '顺手牵羊': {
      const got = pickOther(ctx, user, t, { hand: true, equip: true, judge: true }, T.pickTake(seatName(s, t)));
      if (!got) return;
      move(ctx, [got.id], { zone: 'hand', seat: user });
      // A hand card's identity is known to both (X1.1); equipment and judgement cards are public.
      ev(ctx, 'take', { seat: user, from: t, zone: got.zone, ...(got.zone === 'hand' ? {} : { card: got.id }) });
      if (got.zone === 'hand') ev(ctx, 'taken', { seat: user, from: t, card: got.id, to: [user, t] });
      return;
    }
    case '过河拆桥': {
      const got = pickOther(ctx, user, t, { hand: true, equip: true, judge: true }, T.pickDiscard(seatName(s, t)));
      if (!got) return;
      ev(ctx, 'discardOther', { seat: user, target: t, zone: got.zone, card: got.id });
      move(ctx, [got.id], { zone: 'discard' });
      return;
    }
    case '借刀杀人': return collateral(ctx, user, t, o.victim!);
    case '无中生有': draw(ctx, t, 2, '无中生有'); return;
    case '南蛮入侵':
    case '万箭齐发': {
      const answered = uc.name === '南蛮入侵'
        ? askSlashPlay(ctx, t, user, usedText(uc))
        // 祸水: a target that cannot respond (`hit.noJink`) is not asked for a 闪.
        : hit.noJink ? (ev(ctx, 'noJink', { seat: t, card: usedText(uc) }), false)
        : askJink(ctx, t, { from: user, mode: 'play', eightDiagram: armorOf(ctx, t) === '八卦阵', why: usedText(uc), against: uc });
      // 祸首: the damage's source may be another character than the user (`hit.source`).
      if (!answered) damage(ctx, { source: hit.source, target: t, n: 1, nature: 'normal', card: uc, byCard: true });
      return;
    }
    case '桃园结义': recover(ctx, t, 1, '桃园结义'); return;
    case '五谷丰登': {
      const left = (o.grace ?? []).filter((id) => s.processing.includes(id));
      if (!left.length) return;
      const id = chooseAmong(ctx, t, left, T.amazingGrace);
      move(ctx, [id], { zone: 'hand', seat: t });
      ev(ctx, 'gain', { seat: t, card: id, why: '五谷丰登' });
      return;
    }
    case '铁索连环':
      // G10.1: toggles (C-SA-IRON-ARMOR: a small-kingdom wearer cannot become chained).
      setChained(ctx, t, !P(s, t).chained);
      return;
    case '火攻': {
      // C-FIRE-ATTACK: the target shows a hand card; the user may discard one of its suit for 1 fire damage.
      if (!P(s, t).hand.length) return;
      const [shown] = chooseOwn(ctx, t, { count: 1, text: T.fireAttackShow(seatName(s, user)) })!;
      ev(ctx, 'show', { seat: t, card: shown });
      if (!P(s, user).alive) return;
      // G9.2: each card's suit as it counts for its holder (红颜: 小乔's ♠ counts as ♥, shown or paid).
      const suit = suitOf(s, t, shown!);
      const pay = chooseOwn(ctx, user, { count: 1, optional: true, filter: (id) => suitOf(s, user, id) === suit, suit, text: T.fireAttackPay(seatName(s, t), suit) });
      if (!pay || !pay.length) return;
      ev(ctx, 'discard', { seat: user, cards: pay });
      discard(ctx, pay);
      damage(ctx, { source: user, target: t, n: 1, nature: 'fire', card: uc, byCard: true });
      return;
    }
    case '以逸待劳': {
      // C-AWAIT-EXHAUSTED (guozhan D23): each target draws 2 then discards 2 before the next.
      draw(ctx, t, 2, '以逸待劳');
      const out = chooseOwn(ctx, t, { count: 2, equip: true, text: T.awaitDiscard }) ?? [];
      if (out.length) { ev(ctx, 'discard', { seat: t, cards: out }); discard(ctx, out); }
      return;
    }
    case '知己知彼': return knownBoth(ctx, user, t);
    case '远交近攻': {
      draw(ctx, t, 1, '远交近攻');
      if (P(s, user).alive) draw(ctx, user, 3, '远交近攻');
      return;
    }
  }
  throw new Error(`no effect for ${uc.name}`);
}

/** C-COLLATERAL: A may use a 杀 on B (not counted); otherwise A's weapon goes to the user. */
function collateral(ctx: Ctx, user: number, a: number, b: number) {
  const s = ctx.s;
  if (P(s, b).alive && inRange(s, a, b) && P(s, a).hand.length) {
    const r = ask(ctx, { kind: 'respond', seats: [a], want: '杀', mode: 'use', from: user, on: b, text: T.collateralAsk(seatName(s, user), seatName(s, b)) }, 'response');
    const c = r.cmd;
    if (c && c.k !== 'pass') {
      if (c.k !== 'card') return refuse('NO_PROMPT', T.collateralHelp(seatName(s, b)));
      const uc = resolveCardCmd(s, a, c, [...SLASHES]);
      if (c.targets.length && (c.targets.length > 1 || seatOf(s, c.targets[0]!, a) !== b)) refuse('ILLEGAL_TARGET', T.collateralHelp(seatName(s, b)));
      usedConverted(ctx, a, uc, [b]);
      slashUse(ctx, a, uc, [b], false);
      return;
    }
  }
  const w = P(s, a).equip.weapon;
  if (!P(s, user).alive || !w) return;
  move(ctx, [w], { zone: 'hand', seat: user });
  ev(ctx, 'give', { seat: a, receiver: user, card: w, why: '借刀杀人' });
}

/** C-KNOWN-BOTH: look at the hand, or at one hidden general; everyone learns which, only the user what. */
function knownBoth(ctx: Ctx, user: number, t: number) {
  const s = ctx.s;
  const p = P(s, t);
  const opts: { label: string; what: 'hand' | 0 | 1 }[] = [];
  if (p.hand.length) opts.push({ label: '观看手牌', what: 'hand' });
  if (p.generals && !p.revealed[0]) opts.push({ label: '观看主将', what: 0 });
  if (p.generals && !p.revealed[1]) opts.push({ label: '观看副将', what: 1 });
  if (!opts.length) return;
  const k = option(ctx, user, T.knownBoth(seatName(s, t)), opts.map((x) => x.label));
  const o = opts[k]!;
  ev(ctx, 'known', { seat: user, target: t, option: o.label });
  if (o.what === 'hand') seen(ctx, user, `${seatName(s, t)}的手牌`, [...p.hand]);
  else {
    const g = p.generals![o.what];
    P(s, user).looks.push({ seat: t, which: o.what, general: g });
    ev(ctx, 'look', { seat: user, target: t, which: o.what === 0 ? 'main' : 'deputy', general: g, to: [user] });
  }
}

/** One of `ids` (public cards): `【选择】N` or `【选择】C`; the first on timeout (X3.2). */
export function chooseAmong(ctx: Ctx, seat: number, ids: string[], text: string): string {
  const r = ask(ctx, { kind: 'option', seats: [seat], text, options: ids.map(cardText), about: { cards: ids } }, 'choice');
  const c = r.cmd;
  if (!c) return ids[0]!;
  if (c.k === 'choose') {
    if (c.option !== undefined && c.option >= 1 && c.option <= ids.length) return ids[c.option - 1]!;
    const ref = c.cards?.[0];
    if (ref) { const id = ids.find((x) => fits(x, ref)); if (id) return id; }
  }
  return refuse('BAD_SYNTAX', T.optionHelp(ids.map(cardText)));
}
