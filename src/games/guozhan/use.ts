/**
 * Using cards (G6.2): the play-phase checks of timing, limits and targets (G5, G7.4, C-texts), the use pipeline
 * (processing area, "when used", after targeting, per-target effect in target order G6.3, discard after),
 * responses to requests (闪/杀, G6.5, G21.2–G21.3) and the 无懈可击 chain with 国无懈可击 (G21.4–G21.5).
 */
import { card, colorOf, DELAYED, NULLIFICATIONS, SLASHES } from './cards.ts';
import { judgeName, areaCount, attackRange, differentKingdom, discard, distance, draw, equipped, hasHidden, inRange, isRemoved, judge, judgeDone, move, P, presentFrom, recover, sameKingdom, seatName, suitOf } from './core.ts';
import { ironArmorCancels, SA_TRICKS, saTargets } from './cards/sa.ts';
import { ask, ev, refuse, Refuse, type Ctx } from './flow.ts';
import { seatOf } from './asks.ts';
import { becomeTargets, countAsUser, plainHit, resolveCardCmd, targetedHit, usedText } from './resolve.ts';
import { slashUse } from './cards/basic.ts';
import { trickEffect, trickNoEffect, amazingGraceReveal } from './cards/tricks.ts';
import { equipCard } from './cards/equipment.ts';
import type { Cmd, State, UsedCard } from './types.ts';
import { T } from './texts.ts';
import { assuming, converterNamed, hiddenRuleHolders, revealForRule, ruleGeneral, rulesOf, rulesWith, trigger, usedConverted, type TargetHit } from './triggers.ts';

type CardCmd = Extract<Cmd, { k: 'card' }>;

/**
 * Whether `seat` could use a 杀 now in its play phase (G5.1): none while a rule forbids it (天义 lost); else one per
 * phase, plus the skills' extra 杀 (咆哮 no limit, 苦肉 and 天义 +1: triggers.ts `slashes`), or any with 诸葛连弩.
 */
export function slashAllowed(ctx: Ctx, seat: number): boolean {
  const s = ctx.s;
  if (rulesOf(s, seat, 'noSlash').some((r) => r.noSlash!(s, seat))) return false;
  if (s.turn.slashes < 1 || equipped(P(s, seat), '诸葛连弩')) return true;
  return s.turn.slashes < 1 + rulesOf(s, seat, 'slashes').reduce((n, r) => n + r.slashes!(s, seat), 0);
}

/** G7.4: `uc` has no distance limit for `seat`: a rule of its revealed generals (奇才, 武圣's ♦ 杀, 天义) or its converter's `lifts` (断粮). */
const distanceFree = (s: State, seat: number, uc: UsedCard) =>
  !!converterNamed(uc.skill)?.lifts?.includes('distance') || rulesOf(s, seat, 'noDistance').some((r) => r.noDistance!(s, seat, uc));
/** A rule of `seat`'s revealed generals forbids `t` as a target of its card `uc` (双刃 lost). */
const forbidden = (s: State, seat: number, t: number, uc: UsedCard) => rulesOf(s, seat, 'forbids').some((r) => r.forbids!(s, seat, t, uc));

/** The rule hooks that can make a declared use legal, for G13.4's implicit reveal. */
const LIFTING = ['slashes', 'distance', 'noDistance', 'extraTargets'] as const;

/**
 * The declared targets, checked (G6.2 step 1), in target order (G6.3). `by`: the announced rules (短兵) whose extra
 * target slot the declaration used. Then the prohibitions (双刃 lost): a named target a rule forbids is refused; an
 * automatic target list (南蛮入侵 …) leaves such characters out, and is refused when none is left.
 */
export function checkTargets(ctx: Ctx, seat: number, uc: UsedCard, cmd: CardCmd): { targets: number[]; victim?: number; rep?: number; by?: string[] } {
  const s = ctx.s;
  const r = baseTargets(ctx, seat, uc, cmd);
  if (!rulesOf(s, seat, 'forbids').length) return r;
  const bad = r.targets.filter((t) => t >= 0 && forbidden(s, seat, t, uc));
  if (!bad.length) return r;
  const named = cmd.targets.map((t) => (t === '大势力' || t === '小势力' ? -1 : seatOf(s, t, seat)));
  const why = (t: number) => `${seatName(s, t)}本回合不能成为你使用牌的目标（双刃）`;
  for (const t of bad) if (named.includes(t)) refuse('ILLEGAL_TARGET', why(t));
  const left = r.targets.filter((t) => !bad.includes(t));
  if (!left.length) refuse('ILLEGAL_TARGET', why(bad[0]!));
  return { ...r, targets: left };
}

function baseTargets(ctx: Ctx, seat: number, uc: UsedCard, cmd: CardCmd): { targets: number[]; victim?: number; rep?: number; by?: string[] } {
  const s = ctx.s;
  const name = uc.name;
  // C-SA-FIGHT-TOGETHER names a side: 大势力 (-1) or 小势力 (-2).
  const side = (t: string) => (name === '勠力同心' && (t === '大势力' || t === '小势力') ? (t === '大势力' ? -1 : -2) : null);
  const named = cmd.targets.map((t) => side(t) ?? seatOf(s, t, seat));
  if (new Set(named).size !== named.length) refuse('ILLEGAL_TARGET', T.sameTargetTwice);
  for (const t of named) if (t >= 0 && !P(s, t).alive) refuse('ILLEGAL_TARGET', T.deadTarget(seatName(s, t)));
  // G18.4: a removed character cannot be chosen as any card's target.
  for (const t of named) if (t >= 0 && isRemoved(s, t)) refuse('ILLEGAL_TARGET', T.removedTarget(seatName(s, t)));
  if (SA_TRICKS.has(name)) return saTargets(ctx, seat, name, named);
  // G22.5: "other characters" excludes the dead and the removed.
  const others = presentFrom(s, seat, false);
  const one = (ok: (t: number) => boolean, why: (t: number) => string, legal: number[]) => {
    if (named.length !== 1) refuse('BAD_SYNTAX', T.oneTarget(name, legal.map((x) => seatName(s, x))));
    const t = named[0]!;
    if (!ok(t)) refuse('ILLEGAL_TARGET', why(t));
    return t;
  };
  const selfOnly = () => {
    if (named.length > 1 || (named.length === 1 && named[0] !== seat)) refuse('ILLEGAL_TARGET', T.selfOnly(name));
    return [seat];
  };
  const none = () => { if (named.length) refuse('BAD_SYNTAX', T.noTargets(name)); };
  if (SLASHES.has(name)) {
    // G7.4: within attack range unless a skill lifts it (武圣's ♦ 杀, 天义).
    const free = distanceFree(s, seat, uc);
    const legal = others.filter((t) => free || inRange(s, seat, t));
    const ok = (x: number) => x !== seat && (free || inRange(s, seat, x));
    const why = (x: number) => (x === seat ? T.notSelf(name) : T.outOfRange(seatName(s, x), distance(s, seat, x), attackRange(s, seat)));
    // C-SA-HALBERD: extra targets, each legal, no two of the same kingdom (no kingdom: freely).
    if (named.length > 1 && equipped(P(s, seat), '方天画戟')) {
      for (const x of named) if (!ok(x)) refuse('ILLEGAL_TARGET', why(x));
      for (const a of named) for (const b of named) if (a !== b && sameKingdom(s, a, b)) refuse('ILLEGAL_TARGET', T.halberdTargets);
      return { targets: presentFrom(s, seat, false).filter((x) => named.includes(x)) };
    }
    // Skills' extra targets (天义 +1, 短兵 +1 at distance 1: triggers.ts `extraTargets`): one target as usual, each
    // other in a slot of its own whose condition it meets.
    const slots = rulesOf(s, seat, 'extraTargets').flatMap((r) => {
      const e = r.extraTargets!(s, seat, uc);
      return e ? Array.from({ length: e.n }, () => ({ r, ok: e.ok ?? (() => true) })) : [];
    });
    if (named.length > 1 && named.length <= 1 + slots.length) {
      for (const x of named) if (!ok(x)) refuse('ILLEGAL_TARGET', why(x));
      const fit = assignSlots(named, slots);
      if (!fit) refuse('ILLEGAL_TARGET', `${named.map((x) => seatName(s, x)).join('、')}不能同时成为这张【${name}】的目标：额外目标须满足技能的条件（如短兵：距离为1）`);
      return { targets: presentFrom(s, seat, false).filter((x) => named.includes(x)), by: [...new Set(fit.filter((k) => k.r.announce).map((k) => k.r.name))] };
    }
    if (named.length > 1) refuse('BAD_SYNTAX', slots.length ? `这张【${name}】至多${1 + slots.length}个目标` : T.halberdTargets);
    const t = one(ok, why, legal);
    return { targets: [t] };
  }
  switch (name) {
    case '桃': case '酒': case '无中生有': return { targets: selfOnly() };
    case '决斗': return { targets: [one((x) => x !== seat, () => T.notSelf(name), others)] };
    case '顺手牵羊': {
      // Distance 1 (G7.4), unless a skill lifts it (奇才).
      const free = distanceFree(s, seat, uc);
      const ok = (x: number) => x !== seat && (free || distance(s, seat, x) <= 1) && areaCount(P(s, x)) > 0;
      return { targets: [one(ok, (x) => (x === seat ? T.notSelf(name) : areaCount(P(s, x)) === 0 ? T.noCardsThere(seatName(s, x)) : T.distanceOne(seatName(s, x), distance(s, seat, x))), others.filter(ok))] };
    }
    case '过河拆桥': {
      const ok = (x: number) => x !== seat && areaCount(P(s, x)) > 0;
      return { targets: [one(ok, (x) => (x === seat ? T.notSelf(name) : T.noCardsThere(seatName(s, x))), others.filter(ok))] };
    }
    case '借刀杀人': {
      const ok = (x: number) => x !== seat && !!P(s, x).equip.weapon && others.concat(seat).some((b) => b !== x && inRange(s, x, b));
      const a = one(ok, (x) => (x === seat ? T.notSelf(name) : !P(s, x).equip.weapon ? T.noWeapon(seatName(s, x)) : T.noVictimInRange(seatName(s, x))), others.filter(ok));
      if (!cmd.victim) refuse('BAD_SYNTAX', T.collateralVictim);
      const b = seatOf(s, cmd.victim, seat);
      if (!P(s, b).alive || b === a || !inRange(s, a, b)) refuse('ILLEGAL_TARGET', T.victimNotInRange(seatName(s, a), seatName(s, b)));
      return { targets: [a], victim: b };
    }
    case '南蛮入侵': case '万箭齐发': none(); return { targets: others };
    case '桃园结义': case '五谷丰登': none(); return { targets: presentFrom(s, seat) };
    case '以逸待劳': none(); return { targets: presentFrom(s, seat).filter((x) => sameKingdom(s, seat, x)) };
    case '铁索连环': {
      if (named.length < 1 || named.length > 2) refuse('BAD_SYNTAX', T.ironChainTargets);
      return { targets: presentFrom(s, seat).filter((x) => named.includes(x)) };
    }
    case '火攻': {
      // C-FIRE-ATTACK: yourself only if you keep another hand card after this one.
      const ok = (x: number) => (x === seat ? P(s, seat).hand.filter((h) => !uc.ids.includes(h)).length > 0 : P(s, x).hand.length > 0);
      return { targets: [one(ok, (x) => T.noHandCards(seatName(s, x)), presentFrom(s, seat).filter(ok))] };
    }
    case '知己知彼': {
      const ok = (x: number) => x !== seat && (P(s, x).hand.length > 0 || hasHidden(P(s, x)));
      return { targets: [one(ok, (x) => (x === seat ? T.notSelf(name) : T.nothingToKnow(seatName(s, x))), others.filter(ok))] };
    }
    case '远交近攻': {
      if (P(s, seat).kingdom === null) refuse('ILLEGAL_CARD', T.needKingdom(name));
      const ok = (x: number) => differentKingdom(s, seat, x);
      return { targets: [one(ok, (x) => T.notDifferent(seatName(s, x)), others.filter(ok))] };
    }
    case '乐不思蜀': {
      const ok = (x: number) => x !== seat && !holds(ctx, x, name);
      return { targets: [one(ok, (x) => (x === seat ? T.notSelf(name) : T.alreadyHolds(seatName(s, x), name)), others.filter(ok))] };
    }
    case '兵粮寸断': {
      // Distance 1 (G7.4), unless the converting skill (断粮) or a rule (奇才) lifts it.
      const free = distanceFree(s, seat, uc);
      const ok = (x: number) => x !== seat && !holds(ctx, x, name) && (free || distance(s, seat, x) <= 1);
      return { targets: [one(ok, (x) => (x === seat ? T.notSelf(name) : holds(ctx, x, name) ? T.alreadyHolds(seatName(s, x), name) : T.distanceOne(seatName(s, x), distance(s, seat, x))), others.filter(ok))] };
    }
    case '闪电': {
      const t = selfOnly();
      if (holds(ctx, seat, name)) refuse('ILLEGAL_CARD', T.alreadyHolds(seatName(s, seat), name));
      return { targets: t };
    }
  }
  if (card(uc.ids[0]!).type === 'equip') { none(); return { targets: [seat] }; }
  return refuse('ILLEGAL_CARD', T.cannotUseNow(name));
}

/** One target in the base slot, each other in a distinct extra slot whose `ok` it meets; the slots used, or null. */
function assignSlots<K extends { ok: (t: number) => boolean }>(named: number[], slots: K[]): K[] | null {
  for (let b = 0; b < named.length; b++) {
    const rest = named.filter((_, k) => k !== b);
    const take = (i: number, free: K[]): K[] | null => {
      if (i === rest.length) return [];
      for (const k of free) {
        if (!k.ok(rest[i]!)) continue;
        const more = take(i + 1, free.filter((x) => x !== k));
        if (more) return [k, ...more];
      }
      return null;
    };
    const got = take(0, slots);
    if (got) return got;
  }
  return null;
}

/**
 * The play-phase checks of the 杀 limit and the targets (G5.1, G6.2 step 1). With the revealed generals' rules
 * first; if refused, G13.4: legal only with a hidden general's rule (咆哮's second 杀, 马术's reach, 奇才, 短兵 …) —
 * the hidden generals that may be revealed are tried (main, deputy, then both) and the first that makes it legal is
 * returned to be revealed on use; else the first refusal stands.
 */
function playChecks(ctx: Ctx, seat: number, uc: UsedCard, cmd: CardCmd): { targets: number[]; victim?: number; rep?: number; by?: string[]; reveal: (0 | 1)[]; names: string[] } {
  const s = ctx.s;
  const run = () => {
    if (SLASHES.has(uc.name) && !slashAllowed(ctx, seat)) refuse('LIMIT_EXCEEDED', T.slashOnce);
    if (cmd.whole) refuse('BAD_SYNTAX', T.wholeOnlyNullify);
    return checkTargets(ctx, seat, uc, cmd);
  };
  try {
    return { ...run(), reveal: [], names: [] };
  } catch (e) {
    if (!(e instanceof Refuse)) throw e;
    const ks = hiddenRuleHolders(s, seat, LIFTING);
    const tries: (0 | 1)[][] = ks.length === 2 ? [[0], [1], [0, 1]] : ks.map((k) => [k]);
    const legal = (ks: (0 | 1)[], only?: string[]) => { try { assuming(seat, ks, run, only); return true; } catch (e2) { if (!(e2 instanceof Refuse)) throw e2; return false; } };
    for (const t of tries) {
      if (!legal(t)) continue;
      // The rule that made it legal alone, for the activation row (all of them when it takes several).
      const rules = t.flatMap((k) => rulesWith(s, seat, k, LIFTING));
      const one = rules.find((r) => legal(t, [r.id]));
      return { ...assuming(seat, t, run), reveal: t, names: (one ? [one] : rules).map((r) => r.name) };
    }
    throw e;
  }
}

/** G5.3: a judgement area holds one delayed trick of a name. */
const holds = (ctx: Ctx, seat: number, name: string) => P(ctx.s, seat).judge.some((id) => judgeName(ctx.s, id) === name);

/** A card used in the play phase: every check first (a refusal changes nothing), then the use (G6.2). */
export function useInPlay(ctx: Ctx, seat: number, cmd: CardCmd) {
  const s = ctx.s;
  const uc = resolveCardCmd(s, seat, cmd, null);
  const name = uc.name;
  if (name === '闪' || NULLIFICATIONS.has(name)) refuse('ILLEGAL_CARD', T.responseOnly(name));
  if (name === '桃') {
    if (s.aozhan) refuse('ILLEGAL_CARD', T.aozhanNoPeach);
    if (P(s, seat).hp >= P(s, seat).maxHp) refuse('ILLEGAL_CARD', T.notWounded);
  }
  if (name === '酒' && s.turn.wineUsed) refuse('LIMIT_EXCEEDED', T.wineOnce);
  const { targets, victim, rep, by, reveal: need, names } = playChecks(ctx, seat, uc, cmd);
  // G13.4: a hidden general whose rule made the use legal is revealed by it and the rule logged (a conversion of the
  // same skill logs itself below); an announced rule (短兵) whose slot was used is logged once.
  need.forEach((k, i) => revealForRule(ctx, seat, k, i === 0 ? names.filter((x) => x !== uc.skill) : []));
  for (const skill of by ?? []) if (!names.includes(skill)) ev(ctx, 'skill', { seat, skill, general: ruleGeneral(s, seat, skill) });
  // G13.4: a conversion skill of a hidden general is revealed by the use (triggers.ts).
  usedConverted(ctx, seat, uc, targets);
  useCard(ctx, seat, uc, targets, { victim, rep, counts: true });
}

/** `rep`: 联军盛宴's named character, whose kingdom it feasts (C-SA-ALLIANCE-FEAST). */
export interface UseOpts { victim?: number; counts?: boolean; rep?: number }

/** The use of a checked card (G6.2 steps 2–6). */
export function useCard(ctx: Ctx, user: number, uc: UsedCard, targets: number[], opts: UseOpts = {}) {
  const s = ctx.s;
  const name = uc.name;
  // A 杀 counts its suit in slashUse (which other callers reach directly: 乱武, 借刀杀人).
  if (SLASHES.has(name)) return slashUse(ctx, user, uc, targets, !!opts.counts);
  countAsUser(s, user, uc);
  const type = uc.ids.length === 1 && !uc.skill ? card(uc.ids[0]!).type : 'basic';
  if (type === 'equip') return equipCard(ctx, user, uc.ids[0]!);
  if (DELAYED.has(name)) {
    // C3: the card waits in the target's judgement area; it takes effect in the judge phase.
    ev(ctx, 'use', { seat: user, card: usedText(uc), name, targets, cards: uc.ids });
    // G6.2 step 3: a cancelled delayed trick (谦逊, 帷幕) goes to the discard pile instead of the judgement area.
    if (!becomeTargets(ctx, user, uc, targets).length) { discard(ctx, uc.ids, name); return; }
    move(ctx, uc.ids, { zone: 'judge', seat: targets[0]! });
    // G6.4: a converted card lies there as the trick it was used as (断粮's 兵粮寸断).
    if (uc.skill) s.judgeAs = { ...(s.judgeAs ?? {}), [uc.ids[0]!]: name };
    return;
  }
  move(ctx, uc.ids, { zone: 'processing' });
  ev(ctx, 'use', { seat: user, card: usedText(uc), name, targets, cards: uc.ids, ...(opts.victim !== undefined ? { victim: opts.victim } : {}) });
  trigger(ctx, { point: 'cardUsed', user, card: uc, targets });
  // Step 3: the general skills (谦逊, 帷幕 …: resolve.ts becomeTargets), then the equipment (G21.1).
  targets = becomeTargets(ctx, user, uc, targets);
  // Step 3: C-SA-IRON-ARMOR cancels its wearer as a target of 火攻 / 火烧连营.
  targets = targets.filter((t) => {
    if (!ironArmorCancels(s, name, t)) return true;
    ev(ctx, 'cancelled', { seat: t, card: usedText(uc), armor: '明光铠' });
    return false;
  });
  // Step 4: `targetConfirmed`, then `targeted` with each target's TargetHit (无双's 决斗, 祸首, 巨象 …).
  const hits = new Map<number, TargetHit>();
  for (const t of targets) { trigger(ctx, { point: 'targetConfirmed', user, card: uc, target: t }); hits.set(t, targetedHit(ctx, user, uc, t)); }
  if (name === '桃') {
    recover(ctx, user, 1, '桃');
  } else if (name === '酒') {
    // C-ANALEPTIC (I): the next 杀 this turn deals +1.
    s.turn.wineUsed = true;
    s.turn.wineBuff = true;
  } else {
    runTrick(ctx, user, uc, targets, opts, hits);
  }
  trigger(ctx, { point: 'cardFinished', user, card: uc, targets });
  // guozhan D11: after 调虎离山 finishes its user draws 1.
  if (name === '调虎离山' && P(s, user).alive) draw(ctx, user, 1, name);
  discard(ctx, uc.ids.filter((id) => s.processing.includes(id)), name);
}

/** G6.2 step 5 for an ordinary trick: per target in order, a nullify window then the effect. */
function runTrick(ctx: Ctx, user: number, uc: UsedCard, targets: number[], opts: UseOpts, hits: Map<number, TargetHit>) {
  const s = ctx.s;
  const cancelled = new Set<number>();
  const grace = uc.name === '五谷丰登' ? amazingGraceReveal(ctx, targets.length) : null;
  targets.forEach((t, k) => {
    if (!P(s, t).alive) return;
    if (cancelled.has(t)) { ev(ctx, 'nullified', { seat: t, card: usedText(uc), whole: true }); return; }
    // C-GOD-SALVATION: an unwounded target is skipped without a window; G6.6: so is one the card has no effect on.
    if (uc.name === '桃园结义' && P(s, t).hp >= P(s, t).maxHp) return;
    if (trickNoEffect(ctx, uc, t, hits.get(t))) return;
    const later = targets.slice(k + 1);
    const x = P(s, t);
    const wholeOk = x.kingdom !== null && !x.careerist && later.some((y) => sameKingdom(s, t, y));
    const w = nullify(ctx, { card: uc, user, target: t, delayed: false, wholeOk, depth: 0 });
    if (w.cancelled) {
      ev(ctx, 'nullified', { seat: t, card: usedText(uc) });
      // G21.5: the whole kingdom, as it stands now.
      if (w.whole) for (const y of later) if (sameKingdom(s, t, y)) cancelled.add(y);
      return;
    }
    trigger(ctx, { point: 'cardEffect', user, card: uc, target: t });
    trickEffect(ctx, user, uc, t, { victim: opts.victim, rep: opts.rep, grace, hit: hits.get(t) ?? plainHit(user) });
  });
  if (grace && grace.length) {
    const left = grace.filter((id) => s.processing.includes(id));
    if (left.length) { ev(ctx, 'discard', { cards: left, why: '五谷丰登' }); discard(ctx, left); }
  }
}

export interface NullifyAbout { card: UsedCard; user: number | null; target: number | null; delayed: boolean; wholeOk: boolean; depth: number }

/**
 * G21.4: a public window to every alive character holding a hand card; the first valid 无懈可击 wins and opens a
 * window of its own; an odd chain cancels. G21.5: a 国无懈 against an ordinary trick's effect on X may take the
 * whole kingdom (`【无懈可击·国】全势力`), only at the first link.
 */
export function nullify(ctx: Ctx, about: NullifyAbout): { cancelled: boolean; whole: boolean } {
  const s = ctx.s;
  // G21.4: eligible = alive, not removed (G18.4), holding a hand card.
  const eligible = presentFrom(s, s.turn.seat).filter((i) => P(s, i).hand.length > 0);
  if (!eligible.length) return { cancelled: false, whole: false };
  const text = about.depth === 0
    ? T.nullifyWindow(usedText(about.card), about.user === null ? null : seatName(s, about.user), about.target === null ? null : seatName(s, about.target))
    : T.nullifyCounter(seatName(s, about.user!), usedText(about.card));
  const r = ask(ctx, { kind: 'nullify', seats: eligible, text, about: { card: about.card.name, user: about.user, target: about.target, depth: about.depth, wholeOk: about.wholeOk } }, 'nullify');
  if (!r.cmd || r.seat === null) return { cancelled: false, whole: false };
  const c = r.cmd;
  if (c.k !== 'card') return refuse('NO_PROMPT', T.nullifyHelp);
  const uc = resolveCardCmd(s, r.seat, c, ['无懈可击', '无懈可击·国']);
  if (c.targets.length) refuse('BAD_SYNTAX', T.noTargets(uc.name));
  const whole = !!c.whole;
  if (whole && (uc.name !== '无懈可击·国' || !about.wholeOk)) refuse('ILLEGAL_CARD', uc.name !== '无懈可击·国' ? T.wholeNeedsHeg : T.wholeNotHere);
  usedConverted(ctx, r.seat, uc);
  move(ctx, uc.ids, { zone: 'processing' });
  ev(ctx, 'use', { seat: r.seat, card: usedText(uc), name: uc.name, against: about.card.name, targets: about.target === null ? [] : [about.target], ...(whole ? { whole: true } : {}), depth: about.depth });
  const counter = nullify(ctx, { card: uc, user: r.seat, target: null, delayed: false, wholeOk: false, depth: about.depth + 1 });
  discard(ctx, uc.ids.filter((id) => s.processing.includes(id)));
  if (counter.cancelled) ev(ctx, 'nullified', { seat: r.seat, card: usedText(uc) });
  return { cancelled: !counter.cancelled, whole: whole && !counter.cancelled };
}

export interface JinkAsk {
  from: number; mode: 'use' | 'play'; eightDiagram: boolean; why: string;
  /** The card this 闪 answers (the 杀, 万箭齐发): what `jinkUsed` skills read (乱击's draw). */
  against?: UsedCard;
  /** 青釭剑: the target's armor (and so 八阵) has no effect on this request. */
  ignoreArmor?: boolean;
}

/**
 * A request for a 闪 (G6.5, G21.2): a 闪 card, a 桃 as 闪 in 鏖战, or 八卦阵's judgement (red: a 闪 is
 * used/played; each request may try it once). Returns whether a 闪 came.
 */
export function askJink(ctx: Ctx, seat: number, a: JinkAsk): boolean {
  return askJinkCard(ctx, seat, a) !== null;
}

/**
 * `askJink`, returning the 闪 that came (a card, a converted card, or 八卦阵's virtual 闪 with no source card) or
 * null. Before asking, the `jinkAsk` point lets a skill count as 八卦阵 for this request (八阵); after a 闪, the
 * `jinkUsed` point fires (雷击; 乱击's draw).
 */
export function askJinkCard(ctx: Ctx, seat: number, a: JinkAsk): UsedCard | null {
  const s = ctx.s;
  const opts = { eightDiagram: a.eightDiagram, ignoreArmor: !!a.ignoreArmor, by: null as string | null };
  if (P(s, seat).alive && !isRemoved(s, seat)) trigger(ctx, { point: 'jinkAsk', seat, from: a.from, against: a.against ?? null, ask: opts });
  // 八阵 (or another skill) made this request's 八卦阵: its answer may name the skill too (`【技能】八阵`).
  const by = !a.eightDiagram && opts.eightDiagram ? opts.by : null;
  let diagram = opts.eightDiagram;
  const got = (uc: UsedCard): UsedCard => {
    trigger(ctx, { point: 'jinkUsed', seat, card: uc, mode: a.mode, from: a.from, against: a.against ?? null });
    return uc;
  };
  for (;;) {
    if (!P(s, seat).alive || isRemoved(s, seat)) return null;
    if (!P(s, seat).hand.length && !diagram) return null;
    const r = ask(ctx, { kind: 'respond', seats: [seat], want: '闪', mode: a.mode, from: a.from, eightDiagram: diagram, text: T.askJink(seatName(s, a.from), a.why, a.mode, diagram) }, 'response');
    const c = r.cmd;
    if (!c || c.k === 'pass') return null;
    if ((c.k === 'skill' && (c.skill === '八卦阵' || (by !== null && c.skill === by))) || (c.k === 'card' && c.skill === '八卦阵' && !c.cards.length)) {
      if (!diagram) refuse('ILLEGAL_CARD', T.noEightDiagram);
      diagram = false;
      ev(ctx, 'equipSkill', { seat, skill: '八卦阵', ...(by ? { by } : {}) });
      const j = judge(ctx, seat, '八卦阵');
      // G9.2: the suit as it counts for the judge (红颜; core.ts suitOf).
      const red = colorOf(suitOf(s, seat, j)) === 'red';
      judgeDone(ctx, j, seat);
      if (red) {
        ev(ctx, a.mode, { seat, card: '【闪】(八卦阵)', name: '闪', virtual: true });
        return got({ name: '闪', ids: [], suit: null, color: null, rank: null, skill: by ?? '八卦阵' });
      }
      continue;
    }
    if (c.k !== 'card') return refuse('NO_PROMPT', T.jinkHelp);
    if (c.targets.length) refuse('BAD_SYNTAX', T.noTargets('闪'));
    const uc = resolveCardCmd(s, seat, c, ['闪']);
    usedConverted(ctx, seat, uc);
    move(ctx, uc.ids, { zone: 'processing' });
    ev(ctx, a.mode, { seat, card: usedText(uc), name: '闪', cards: uc.ids });
    discard(ctx, uc.ids.filter((id) => s.processing.includes(id)));
    return got(uc);
  }
}

/** A request to play a 杀 (决斗, 南蛮入侵: G6.1, G21.3): a 杀, 丈八蛇矛's two cards, or a 桃 in 鏖战. */
export function askSlashPlay(ctx: Ctx, seat: number, from: number, why: string): boolean {
  const s = ctx.s;
  if (!P(s, seat).alive || isRemoved(s, seat) || !P(s, seat).hand.length) return false;
  const r = ask(ctx, { kind: 'respond', seats: [seat], want: '杀', mode: 'play', from, text: T.askSlash(seatName(s, from), why) }, 'response');
  const c = r.cmd;
  if (!c || c.k === 'pass') return false;
  if (c.k !== 'card') return refuse('NO_PROMPT', T.slashHelp);
  if (c.targets.length) refuse('BAD_SYNTAX', T.noTargets('杀'));
  const uc = resolveCardCmd(s, seat, c, ['杀', '雷杀', '火杀']);
  usedConverted(ctx, seat, uc);
  move(ctx, uc.ids, { zone: 'processing' });
  ev(ctx, 'play', { seat, card: usedText(uc), name: uc.name, cards: uc.ids });
  discard(ctx, uc.ids.filter((id) => s.processing.includes(id)));
  return true;
}
