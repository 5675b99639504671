/**
 * The steps of the game that wait for players (flow.ts): the general pick and setup (G2), the turn-start reveal
 * (G4.2, G13.2), one play-phase action (G4.6: a card, a marker, a recast, a reveal, or the end of the phase), the
 * discard phase (G4.7, G19) and the judge phase (cards/delayed.ts).
 */
import { card } from './cards.ts';
import { discard, draw, hasHidden, handLimit, move, orderFrom, P, recover, seatName, takeTop } from './core.ts';
import { ask, ev, refuse, type Ctx } from './flow.ts';
import { chooseOwn, confirm, defaultFrom, ownCard, refText, seatOf } from './asks.ts';
import { general } from './generals.ts';
import { reveal } from './reveal.ts';
import { useInPlay } from './use.ts';
import { alliance, jadeSealStart, mayReveal, turnEndEffects } from './cards/sa.ts';
import type { Cmd, Turn, Which } from './types.ts';
import { T } from './texts.ts';
import { converters, useActive, usedConverted } from './triggers.ts';

export function freshTurn(seat: number, n: number): Turn {
  return { seat, n, stage: 'before', skipDraw: false, skipPlay: false, slashes: 0, wineUsed: false, wineBuff: false, limitBonus: 0, playEnded: false, extra: false, removed: [], alliance: false, threaten: false, point: null, skip: [] };
}

/** C-SA-JADE-SEAL at the start of the play phase (cards/sa.ts). */
export const playStartStep = (ctx: Ctx) => jadeSealStart(ctx);
/** The end of the turn: 挟天子以令诸侯's extra turn, 敕令's removal clause (cards/sa.ts). */
export const turnEndStep = (ctx: Ctx) => turnEndEffects(ctx);

/** X3.2: the first same-kingdom pair in dealt order (pairs by position, lexicographic), the earlier-dealt as main. */
export function defaultPair(dealt: string[]): [string, string] {
  for (let a = 0; a < dealt.length; a++) for (let b = a + 1; b < dealt.length; b++) if (general(dealt[a]!).kingdom === general(dealt[b]!).kingdom) return [dealt[a]!, dealt[b]!];
  throw new Error('a dealt set without a pair (G2.3 redeals until one has one)');
}

/** G2.3–G2.7: the picks (all at once), max HP, the deal of 4 cards each from seat 1, then `@revealed`. */
export function setupStep(ctx: Ctx) {
  const s = ctx.s;
  const need = s.players.flatMap((p, i) => (p.generals ? [] : [i]));
  if (need.length) {
    const r = ask(ctx, { kind: 'pick', seats: need, text: T.pick(s.settings.generalsDealt), secret: true, picks: {} }, 'pick');
    for (const i of need) {
      const p = P(s, i);
      const pair = r.picks?.[String(i)] ?? defaultPair(p.dealt);
      p.generals = pair;
      // G2.3: unchosen generals return to the general pile.
      s.generalPile.push(...p.dealt.filter((g) => !pair.includes(g)));
      p.dealt = [];
      ev(ctx, 'picked', { seat: i, timeout: !r.picks?.[String(i)] });
    }
  }
  for (const p of s.players) {
    // G3.1: floor((a + b) / 2); everyone starts at full HP (G2.5).
    const [a, b] = p.generals!;
    p.maxHp = Math.floor((general(a).fish + general(b).fish) / 2);
    p.hp = p.maxHp;
  }
  // G2.6: from seat 1 in seat order, each takes the top 4 at once (a seat with an `@hand` keeps that hand).
  s.players.forEach((p, i) => {
    if (p.hand.length) return;
    p.hand.push(...takeTop(ctx, 4));
    ev(ctx, 'drawn', { seat: i, cards: [...p.hand], to: [i] });
  });
  s.status = 'running';
  ev(ctx, 'setup', { maxHp: s.players.map((p) => p.maxHp), hand: s.players.map((p) => p.hand.length) });
  s.players.forEach((p, i) => { const w = s.revealAtStart[p.name]; if (w) reveal(ctx, i, w); });
  s.turn = freshTurn(0, 1);
}

/** G4.2: at turn start the player may reveal one or both hidden generals (default: none, X3.2). */
export function turnStartStep(ctx: Ctx) {
  const s = ctx.s;
  const seat = s.turn.seat;
  const p = P(s, seat);
  if (!hasHidden(p)) return;
  const r = ask(ctx, { kind: 'turnStart', seats: [seat], text: T.turnStartReveal }, 'choice');
  const c = r.cmd;
  if (!c || c.k === 'pass') return;
  if (c.k !== 'reveal') return refuse('NO_PROMPT', T.turnStartHelp);
  if (!mayReveal(s, seat)) return refuse('NOT_ALLOWED', T.revealForbidden);
  revealCheck(ctx, seat, c.which);
  reveal(ctx, seat, c.which);
}

function revealCheck(ctx: Ctx, seat: number, which: Which) {
  const p = P(ctx.s, seat);
  const hidden = which === 'both' ? !p.revealed[0] || !p.revealed[1] : !p.revealed[which === 'main' ? 0 : 1];
  if (!hidden) refuse('NOT_ALLOWED', T.alreadyRevealed);
}

/** G4.6: one play-phase action, or the end of the phase (the prompt's timeout ends it, X3.2). */
export function playStep(ctx: Ctx) {
  const s = ctx.s;
  const seat = s.turn.seat;
  const r = ask(ctx, { kind: 'play', seats: [seat], text: T.playPrompt(seatName(s, seat)) }, 'play');
  const c = r.cmd;
  if (!c || c.k === 'end') {
    s.turn.playEnded = true;
    ev(ctx, 'playEnd', { seat, ...(c ? {} : { timeout: true }) });
    return;
  }
  switch (c.k) {
    case 'card': return useInPlay(ctx, seat, c);
    case 'recast': return recast(ctx, seat, c);
    case 'alliance': return alliance(ctx, seat, c);
    case 'marker': return spendMarker(ctx, seat, c);
    case 'reveal': {
      // G13.2 item 3: only a general with a locked skill, and only with skills on (none are implemented yet).
      if (s.settings.skills === 'off' || !s.settings.revealLockedInPlay) return refuse('NOT_ALLOWED', T.noPlayReveal);
      if (!mayReveal(s, seat)) return refuse('NOT_ALLOWED', T.revealForbidden);
      revealCheck(ctx, seat, c.which);
      const p = P(s, seat);
      const ks = c.which === 'both' ? [0, 1] : [c.which === 'main' ? 0 : 1];
      if (ks.some((k) => !p.revealed[k] && !general(p.generals![k]!).locked)) return refuse('NOT_ALLOWED', T.noPlayReveal);
      reveal(ctx, seat, c.which);
      return;
    }
    case 'skill':
      // G4.6: an active skill (triggers.ts useActive: its owner, limit, reveal and checks).
      if (s.settings.skills === 'off') return refuse('UNKNOWN_SKILL', T.skillsOff(c.skill));
      return useActive(ctx, seat, c);
    case 'pass': return refuse('NOT_ALLOWED', T.passInPlay);
    default: return refuse('NO_PROMPT', T.playHelp);
  }
}

/** G5.4: 铁索连环 and 知己知彼 may be recast: to the discard pile, draw 1; not a use. */
function recast(ctx: Ctx, seat: number, c: Extract<Cmd, { k: 'recast' }>) {
  const skillRecasts = converters(ctx.s, seat).filter((k) => k.recast);
  if (c.skill && !skillRecasts.some((k) => k.name === c.skill)) return refuse('UNKNOWN_SKILL', ctx.s.settings.skills === 'on' ? `你没有可以重铸的技能【${c.skill}】` : T.skillsOff(c.skill));
  const id = ownCard(ctx.s, seat, c.card, false);
  if (!id) return refuse('UNKNOWN_CARD', T.notYourHandCard(refText(c.card)));
  const name = card(id).name;
  // G5.4: 铁索连环, 知己知彼 and 勠力同心 (C-SA-FIGHT-TOGETHER) — or a card a skill lets recast (连环's ♣ hand card,
  // `（K）` may be left out when one skill fits, X6.2); such a skill of a hidden general reveals it (G13.4).
  const plain = name === '铁索连环' || name === '知己知彼' || name === '勠力同心';
  const by = c.skill ? skillRecasts.find((k) => k.name === c.skill)! : plain ? undefined : skillRecasts.find((k) => k.recast!(ctx.s, seat, id));
  if (by && !by.recast!(ctx.s, seat, id)) return refuse('ILLEGAL_CARD', `${card(id).suit}${name}不能用【${by.name}】重铸`);
  if (!plain && !by) return refuse('ILLEGAL_CARD', T.notRecastable(name));
  if (by) usedConverted(ctx, seat, { name: '重铸', ids: [id], suit: card(id).suit, color: null, rank: card(id).rank, skill: by.name });
  ev(ctx, 'recast', { seat, card: id });
  move(ctx, [id], { zone: 'discard' }, { why: 'recast' });
  draw(ctx, seat, 1, 'recast');
}

/** G15: spending a marker in the play phase (not a use of a card or skill, G15.4). */
function spendMarker(ctx: Ctx, seat: number, c: Extract<Cmd, { k: 'marker' }>) {
  const s = ctx.s;
  const p = P(s, seat);
  const zh = { vanguard: '先驱', yinyang: '阴阳鱼', companion: '珠联璧合' }[c.marker];
  if (p.markers[c.marker] <= 0) return refuse('NOT_ALLOWED', T.noMarker(zh));
  if (c.marker === 'vanguard') {
    p.markers.vanguard -= 1;
    ev(ctx, 'marker', { seat, marker: 'vanguard', n: -1 });
    draw(ctx, seat, Math.max(0, 4 - p.hand.length), '先驱');
    vanguardLook(ctx, seat);
    return;
  }
  if (c.marker === 'yinyang') {
    if (c.option !== 'draw' && c.option !== 'limit') return refuse('BAD_SYNTAX', T.yinyangHelp);
    p.markers.yinyang -= 1;
    ev(ctx, 'marker', { seat, marker: 'yinyang', n: -1, option: c.option });
    if (c.option === 'draw') draw(ctx, seat, 1, '阴阳鱼');
    else s.turn.limitBonus += 2;
    return;
  }
  if (c.option !== 'draw' && c.option !== 'peach') return refuse('BAD_SYNTAX', T.companionHelp);
  if (c.option === 'peach') {
    // G15.1(a): a use of 桃 on yourself (in play you must be wounded; not in 鏖战, guozhan D5).
    if (s.aozhan) return refuse('ILLEGAL_CARD', T.aozhanNoPeach);
    if (c.target && seatOf(s, c.target, seat) !== seat) return refuse('ILLEGAL_TARGET', T.selfOnly('桃'));
    if (p.hp >= p.maxHp) return refuse('ILLEGAL_CARD', T.notWounded);
  }
  p.markers.companion -= 1;
  ev(ctx, 'marker', { seat, marker: 'companion', n: -1, option: c.option });
  if (c.option === 'draw') draw(ctx, seat, 2, '珠联璧合');
  else { ev(ctx, 'use', { seat, card: '【桃】(珠联璧合)', name: '桃', targets: [seat], virtual: true }); recover(ctx, seat, 1, '桃'); }
}

/** G15.3 `new`: look at one hidden general of another character (X3.2: the first legal one from the chooser, main first). */
function vanguardLook(ctx: Ctx, seat: number) {
  const s = ctx.s;
  const legal = orderFrom(s, seat, false).filter((i) => hasHidden(P(s, i)));
  if (!legal.length) return;
  const r = ask(ctx, { kind: 'target', seats: [seat], text: T.vanguardLook, about: { legal, general: true } }, 'choice');
  let who: number, which: 0 | 1;
  const c = r.cmd;
  if (!c) who = defaultFrom(s, seat, legal);
  else {
    if (c.k !== 'choose') return refuse('NO_PROMPT', T.vanguardHelp);
    const name = c.general?.player ?? c.players?.[0];
    if (!name) return refuse('BAD_SYNTAX', T.vanguardHelp);
    who = seatOf(s, name, seat);
    if (!legal.includes(who)) return refuse('ILLEGAL_TARGET', T.illegalTarget(seatName(s, who), legal.map((x) => seatName(s, x))));
  }
  const t = P(s, who);
  const w = c?.k === 'choose' ? c.general?.which : undefined;
  if (w === 'both') return refuse('BAD_SYNTAX', T.vanguardHelp);
  if (w) {
    which = w === 'main' ? 0 : 1;
    if (t.revealed[which]) return refuse('ILLEGAL_TARGET', T.generalNotHidden);
  } else which = t.revealed[0] ? 1 : 0;
  const g = t.generals![which];
  P(s, seat).looks.push({ seat: who, which, general: g });
  ev(ctx, 'vanguardLook', { seat, target: who, which: which === 0 ? 'main' : 'deputy' });
  ev(ctx, 'look', { seat, target: who, which: which === 0 ? 'main' : 'deputy', general: g, to: [seat] });
}

/**
 * G4.7/G19: discard down to the hand limit. `new`: with a 阴阳鱼 marker the +2 is offered first (guozhan D6).
 * Timeout: the lowest-ranked cards (G19.1), publicly.
 */
export function discardStep(ctx: Ctx) {
  const s = ctx.s;
  const seat = s.turn.seat;
  const p = P(s, seat);
  if (p.hand.length > handLimit(s, seat) && p.markers.yinyang > 0 && confirm(ctx, seat, T.yinyangOffer(p.hand.length, handLimit(s, seat)), { marker: 'yinyang' })) {
    p.markers.yinyang -= 1;
    s.turn.limitBonus += 2;
    ev(ctx, 'marker', { seat, marker: 'yinyang', n: -1, option: 'limit' });
  }
  const over = p.hand.length - handLimit(s, seat);
  if (over <= 0) return;
  const ids = chooseOwn(ctx, seat, { count: over, text: T.discardPhase(over, handLimit(s, seat)) })!;
  ev(ctx, 'discard', { seat, cards: ids, why: 'discardPhase' });
  discard(ctx, ids);
}
