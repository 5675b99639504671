/**
 * Damage and its steps (G8.1), chained damage (G10), HP loss (G8.3), dying and the rescue round (G11), death with
 * its rewards and penalties (G12). Equipment that acts inside these steps (麒麟弓, 寒冰剑, 藤甲, 白银狮子,
 * 三尖两刃刀) is here too, at its sub-step.
 */
import { card, cardText, SLASHES } from './cards.ts';
import { pileCards, aliveSeats, cardCount, differentKingdom, discard, distance, draw, equipped, isRemoved, move, orderFrom, P, recover, sameKingdom, seatName } from './core.ts';
import { ask, ev, refuse, type Ctx } from './flow.ts';
import { confirm, fits as resolveFits, option, pickOther, seatOf } from './asks.ts';
import { checkVictory, reveal } from './reveal.ts';
import { SLOTS, type Nature, type UsedCard } from './types.ts';
import { resolveCardCmd, usedText } from './resolve.ts';
import { T } from './texts.ts';
import { ruleGeneral, rulesOf, trigger, usedConverted, type DamageData } from './triggers.ts';

export interface DamageSpec {
  source: number | null;
  target: number;
  n: number;
  nature: Nature;
  card: UsedCard | null;
  /** Dealt by the card's effect (a 杀's hit, 决斗, 南蛮, 火攻 …), not chained damage (G10.2) or a weapon's extra. */
  byCard: boolean;
  /** G10.2: a chained damage (never propagates further, G10.3). */
  chained?: boolean;
  /** C-QINGGANG-SWORD: this seat's armor has no effect against this 杀. */
  ignoreArmorOf?: number | null;
}

/** The armor that works for `seat` now (none when 青釭剑 makes it ineffective). */
export function armorOf(ctx: Ctx, seat: number, ignoreArmorOf?: number | null): string | null {
  if (ignoreArmorOf === seat) return null;
  const a = P(ctx.s, seat).equip.armor;
  return a ? card(a).name : null;
}

const isSlash = (c: UsedCard | null) => !!c && SLASHES.has(c.name);

/** G8.1: one damage instance, all its steps; G10.2 propagation after it has fully resolved. */
export function damage(ctx: Ctx, d: DamageSpec): void {
  const s = ctx.s;
  // G8.6: a dead source is no source.
  const src = d.source !== null && P(s, d.source).alive ? d.source : null;
  const t = P(s, d.target);
  if (!t.alive) return;
  const dd: DamageData = { source: src, target: d.target, n: d.n, nature: d.nature, card: d.card, chained: !!d.chained, prevented: false };
  const stop = () => dd.prevented || dd.n <= 0;
  const slashHit = src !== null && d.byCard && !d.chained && isSlash(d.card);
  // Step 1 (the source's side; general skills before equipment, G21.1).
  if (src !== null) {
    trigger(ctx, { point: 'damageCaused', damage: dd });
    if (stop()) return;
    // 1a: 麒麟弓 may discard one of the target's horses (C-KYLIN-BOW).
    if (slashHit && equipped(P(s, src), '麒麟弓') && (t.equip.defHorse || t.equip.offHorse)) {
      const horses = (['defHorse', 'offHorse'] as const).flatMap((x) => (t.equip[x] ? [t.equip[x]!] : []));
      if (confirm(ctx, src, T.kylinBow(seatName(s, d.target)), { skill: '麒麟弓' })) {
        const k = horses.length > 1 ? option(ctx, src, T.kylinWhich, horses.map((id) => cardText(id)), { skill: '麒麟弓' }) : 0;
        ev(ctx, 'equipSkill', { seat: src, skill: '麒麟弓', target: d.target, card: horses[k] });
        move(ctx, [horses[k]!], { zone: 'discard' });
      }
    }
    trigger(ctx, { point: 'damageDetermine', damage: dd });
    if (stop()) return;
    // 1b: 寒冰剑 may prevent the damage and discard two of the target's cards (C-ICE-SWORD).
    if (slashHit && equipped(P(s, src), '寒冰剑') && cardCount(t) > 0 && confirm(ctx, src, T.iceSword(seatName(s, d.target)), { skill: '寒冰剑' })) {
      ev(ctx, 'prevented', { seat: d.target, source: src, why: '寒冰剑' });
      for (let k = 0; k < 2; k++) {
        const got = pickOther(ctx, src, d.target, { hand: true, equip: true }, T.pickDiscard(seatName(s, d.target)));
        if (!got) break;
        ev(ctx, 'discardOther', { seat: src, target: d.target, zone: got.zone, card: got.id });
        move(ctx, [got.id], { zone: 'discard' });
      }
      return;
    }
  }
  // Step 2: the target's side — 2a skills then 藤甲 +1 fire; 2b skills then 白银狮子 caps at 1.
  trigger(ctx, { point: 'damageInflicted', damage: dd });
  if (stop()) return;
  const armor = armorOf(ctx, d.target, d.chained ? null : d.ignoreArmorOf);
  if (armor === '藤甲' && dd.nature === 'fire') dd.n += 1;
  // C-SA-BREASTPLATE: damage of at least the wearer's HP may be prevented by putting 护心镜 into the discard pile.
  if (armor === '护心镜' && dd.n >= t.hp && confirm(ctx, d.target, T.breastplate(dd.n, t.hp), { armor: '护心镜' })) {
    const id = t.equip.armor!;
    ev(ctx, 'prevented', { seat: d.target, source: src, why: '护心镜', card: id });
    move(ctx, [id], { zone: 'discard' }, { why: 'put' });
    return;
  }
  trigger(ctx, { point: 'damageDetermineInflicted', damage: dd });
  if (stop()) return;
  if (armor === '白银狮子' && dd.n > 1) {
    dd.n = 1;
    ev(ctx, 'armor', { seat: d.target, armor, effect: 'cap' });
  }
  const n = dd.n;
  // Step 3: HP goes down; a chained target of fire/thunder damage is unchained and the others are listed (G10.2).
  t.hp -= n;
  ev(ctx, 'damage', { seat: d.target, source: src, n, nature: d.nature, hp: t.hp, ...(d.card ? { card: usedText(d.card) } : {}), ...(d.chained ? { chained: true } : {}) });
  let list: number[] | null = null;
  if (t.chained && d.nature !== 'normal') {
    t.chained = false;
    ev(ctx, 'chain', { seat: d.target, chained: false });
    if (!d.chained) list = orderFrom(s, s.turn.seat).filter((i) => i !== d.target && P(s, i).chained);
  }
  trigger(ctx, { point: 'hpDamaged', damage: dd });
  if (t.hp <= 0) dying(ctx, d.target, src);
  // Step 4: the source's side — skills, then 三尖两刃刀 (C-TRIBLADE).
  if (src !== null && P(s, src).alive) trigger(ctx, { point: 'damageDone', damage: dd });
  if (slashHit && P(s, src).alive && t.alive && equipped(P(s, src), '三尖两刃刀') && P(s, src).hand.length > 0) {
    const victims = aliveSeats(s).filter((i) => i !== src && i !== d.target && distance(s, d.target, i) === 1);
    if (victims.length) triblade(ctx, src, d.target, victims);
  }
  // Step 5: the target's side, only if alive.
  if (t.alive) trigger(ctx, { point: 'damaged', damage: dd });
  // Step 6: chained damage, in the listed order, each a full instance (G10.2–G10.3).
  if (list) {
    for (const i of list) {
      if (!P(s, i).alive || !P(s, i).chained) continue;
      damage(ctx, { source: d.source, target: i, n, nature: d.nature, card: d.card, byCard: false, chained: true });
    }
  }
}

/** C-TRIBLADE: discard a hand card to deal 1 damage to a character at distance 1 from the target (not the user). */
function triblade(ctx: Ctx, src: number, target: number, victims: number[]) {
  const s = ctx.s;
  const r = ask(ctx, { kind: 'ownCards', seats: [src], text: T.triblade(seatName(s, target), victims.map((v) => seatName(s, v))), count: 1, optional: true, about: { skill: '三尖两刃刀', victims } }, 'choice');
  if (!r.cmd || r.cmd.k === 'pass') return;
  const c = r.cmd;
  if (c.k !== 'skill' && c.k !== 'discard') return refuse('NO_PROMPT', T.tribladeHelp);
  const names = c.targets ?? [];
  if (c.cards.length !== 1 || names.length !== 1) return refuse('BAD_SYNTAX', T.tribladeHelp);
  const v = seatOf(s, names[0]!, src);
  if (!victims.includes(v)) return refuse('ILLEGAL_TARGET', T.illegalTarget(seatName(s, v), victims.map((x) => seatName(s, x))));
  const ids = chooseFixed(ctx, src, c.cards);
  ev(ctx, 'equipSkill', { seat: src, skill: '三尖两刃刀', target: v, cards: ids });
  discard(ctx, ids);
  damage(ctx, { source: src, target: v, n: 1, nature: 'normal', card: null, byCard: false });
}

/** Own hand cards named in an accepted trigger's cost. */
function chooseFixed(ctx: Ctx, seat: number, refs: { id?: string }[]): string[] {
  const p = P(ctx.s, seat);
  const out: string[] = [];
  for (const ref of refs) {
    const id = p.hand.find((h) => !out.includes(h) && resolveFits(h, ref));
    if (!id) return refuse('UNKNOWN_CARD', T.notYourCard(JSON.stringify(ref)));
    out.push(id);
  }
  return out;
}

/** G8.3: HP loss — no source, no damage steps, no chain; may cause dying. */
export function loseHp(ctx: Ctx, seat: number, n: number) {
  const p = P(ctx.s, seat);
  if (!p.alive || n <= 0) return;
  p.hp -= n;
  ev(ctx, 'loseHp', { seat, n, hp: p.hp });
  if (p.hp <= 0) dying(ctx, seat, null);
}

/** G11.3 (完杀): the seat whose rule forbids `i` to use 桃 on the dying `v` now, or null. */
export function peachBannedBy(s: import('./types.ts').State, i: number, v: number): number | null {
  for (const j of aliveSeats(s)) if (rulesOf(s, j, 'noPeach').some((r) => r.noPeach!(s, j, i, v))) return j;
  return null;
}

/** Can `i` produce anything in a rescue of `v` (a hand card, or the 珠联璧合 marker outside 鏖战)? Hand counts and markers are public. */
function canRescue(ctx: Ctx, i: number, v: number): boolean {
  const s = ctx.s;
  const p = P(s, i);
  // G11.3: under 完杀 only its owner and the dying one may use 桃 (the dying one's 酒 is its own), so the rest are not asked.
  if (peachBannedBy(s, i, v) !== null) return false;
  // G18.4 / G11.3: a removed character cannot use cards.
  if (isRemoved(s, i)) return false;
  if (s.aozhan) return i === v && p.hand.length > 0;
  return p.hand.length > 0 || p.markers.companion > 0;
}

/**
 * G11: the dying process. The rescue round goes once around from the current player (G11.2), each alive
 * character using 桃 (or the 珠联璧合 marker) as often as it likes while the dying one's HP is ≤ 0, the dying one
 * also 酒. 鏖战 (G17.2): no 桃 heals. Then death (G12) with the killer fixed now (G11.4).
 */
export function dying(ctx: Ctx, v: number, killer: number | null) {
  const s = ctx.s;
  ev(ctx, 'dying', { seat: v, hp: P(s, v).hp });
  // 完杀 (G11.3): its activation is logged once per rescue round it restricts.
  const bans = orderFrom(s, s.turn.seat).map((i) => peachBannedBy(s, i, v)).filter((j): j is number => j !== null);
  if (bans.length) ev(ctx, 'skill', { seat: bans[0], skill: '完杀', general: ruleGeneral(s, bans[0]!, '完杀') });
  for (const i of orderFrom(s, s.turn.seat)) {
    // G11.1 (guozhan D24): the dying one's own skills come at its own place in the round.
    if (i === v && P(s, v).hp <= 0) trigger(ctx, { point: 'dyingSelf', seat: v });
    while (P(s, v).hp <= 0 && P(s, i).alive && canRescue(ctx, i, v)) {
      const r = ask(ctx, { kind: 'peach', seats: [i], on: v, want: i === v ? '桃/酒' : '桃', mode: 'use', text: T.rescue(seatName(s, v), P(s, v).hp, i === v) }, 'response');
      if (!r.cmd || r.cmd.k === 'pass') break;
      rescueWith(ctx, i, v, r.cmd);
    }
    if (P(s, v).hp > 0) break;
  }
  if (P(s, v).hp > 0) { ev(ctx, 'saved', { seat: v, hp: P(s, v).hp }); return; }
  death(ctx, v, killer);
}

function rescueWith(ctx: Ctx, i: number, v: number, cmd: import('./types.ts').Cmd) {
  const s = ctx.s;
  if (cmd.k === 'marker') {
    // G15.1(a): the marker as a 桃 (a use of 桃: not during 鏖战, guozhan D5).
    if (cmd.marker !== 'companion' || (cmd.option && cmd.option !== 'peach')) return refuse('ILLEGAL_CARD', T.rescueHelp(i === v));
    if (P(s, i).markers.companion <= 0) return refuse('ILLEGAL_CARD', T.noMarker('珠联璧合'));
    if (s.aozhan) return refuse('ILLEGAL_CARD', T.aozhanNoPeach);
    P(s, i).markers.companion -= 1;
    ev(ctx, 'marker', { seat: i, marker: 'companion', n: -1 });
    ev(ctx, 'use', { seat: i, card: '【桃】(珠联璧合)', name: '桃', targets: [v], virtual: true });
    recover(ctx, v, 1, '桃');
    return;
  }
  if (cmd.k !== 'card') return refuse('NO_PROMPT', T.rescueHelp(i === v));
  const wanted = i === v ? ['桃', '酒'] : ['桃'];
  const uc = resolveCardCmd(s, i, cmd, wanted);
  if (uc.name === '桃' && peachBannedBy(s, i, v) !== null) return refuse('ILLEGAL_CARD', `完杀：现在只有${seatName(s, peachBannedBy(s, i, v)!)}和${seatName(s, v)}可以使用【桃】`);
  if (uc.name === '桃' && s.aozhan) return refuse('ILLEGAL_CARD', T.aozhanNoPeach);
  if (cmd.targets.length && seatOf(s, cmd.targets[0]!, i) !== v) return refuse('ILLEGAL_TARGET', T.rescueTarget(seatName(s, v)));
  usedConverted(ctx, i, uc, [v]);
  move(ctx, uc.ids, { zone: 'processing' });
  ev(ctx, 'use', { seat: i, card: usedText(uc), name: uc.name, targets: [v], cards: uc.ids });
  recover(ctx, v, 1, uc.name);
  discard(ctx, uc.ids.filter((id) => s.processing.includes(id)));
}

/**
 * G12.1: (1) leaves the table, (2) hidden generals revealed, (3) victory check, (5) its cards to the discard pile
 * and markers lost, (6) the killer's reward or penalty (G12.2).
 */
export function death(ctx: Ctx, v: number, killer: number | null) {
  const s = ctx.s;
  const p = P(s, v);
  p.alive = false;
  ev(ctx, 'death', { seat: v, killer });
  reveal(ctx, v, 'both', 'death');
  checkVictory(ctx);
  // Step 4: death triggers.
  trigger(ctx, { point: 'death', seat: v, killer });
  const all = [...p.hand, ...SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])), ...p.judge, ...pileCards(p)];
  if (all.length) {
    ev(ctx, 'discard', { seat: v, cards: all, why: 'death' });
    discard(ctx, all);
  }
  p.markers = { vanguard: 0, yinyang: 0, companion: 0 };
  if (killer === null || killer === v || !P(s, killer).alive || P(s, killer).kingdom === null) return;
  const k = P(s, killer);
  if (s.settings.ruleVersion === 'new' && k.careerist) {
    ev(ctx, 'reward', { seat: killer, victim: v, n: 3, careerist: true });
    draw(ctx, killer, 3, 'reward');
  } else if (sameKingdom(s, killer, v)) {
    const lose = [...k.hand, ...SLOTS.flatMap((x) => (k.equip[x] ? [k.equip[x]!] : []))];
    ev(ctx, 'penalty', { seat: killer, victim: v, cards: lose });
    discard(ctx, lose);
  } else if (differentKingdom(s, killer, v)) {
    const x = p.careerist ? 1 : 1 + aliveSeats(s).filter((i) => sameKingdom(s, i, v)).length;
    ev(ctx, 'reward', { seat: killer, victim: v, n: x });
    draw(ctx, killer, x, 'reward');
  }
}
