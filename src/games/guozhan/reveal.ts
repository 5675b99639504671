/**
 * Revealing generals (G13.7), kingdom determination and the careerist (G14), the markers and old-version bonuses
 * of first reveal, companions and the half fish (G3.2, G15), and the online victory check (G16).
 */
import { aliveSeats, draw, P, pileCards, recover, N } from './core.ts';
import { ev, GameOver, type Ctx } from './flow.ts';
import { confirm, option } from './asks.ts';
import { companions, general, KINGDOM_ZH } from './generals.ts';
import { SLOTS, type Kingdom, type Which } from './types.ts';
import { T } from './texts.ts';
import { trigger } from './triggers.ts';

export type RevealMode = 'normal' | 'death' | 'final';

/** G13.7: reveals `which` (both: the main general first), with its effects unless the character is dead or the game is ending. */
export function reveal(ctx: Ctx, seat: number, which: Which, mode: RevealMode = 'normal') {
  const p = P(ctx.s, seat);
  const ks: (0 | 1)[] = which === 'both' ? [0, 1] : which === 'main' ? [0] : [1];
  for (const k of ks) if (!p.revealed[k]) revealOne(ctx, seat, k, mode);
}

function revealOne(ctx: Ctx, seat: number, k: 0 | 1, mode: RevealMode) {
  const s = ctx.s;
  const p = P(s, seat);
  const g = p.generals![k];
  p.revealed[k] = true;
  ev(ctx, 'reveal', { seat, which: k === 0 ? 'main' : 'deputy', general: g, mode });
  if (p.kingdom === null) determineKingdom(ctx, seat, general(g).kingdom);
  // G15.3: the game's first reveal; a death reveal takes it without a marker (guozhan D25), a final one never matters.
  const first = !s.firstReveal;
  s.firstReveal = true;
  if (first && mode === 'normal') {
    if (s.settings.ruleVersion === 'new') gainMarker(ctx, seat, 'vanguard');
    else if (confirm(ctx, seat, T.oldFirstReveal)) draw(ctx, seat, 2, 'firstReveal');
  }
  if (p.revealed[0] && p.revealed[1] && !p.bothOnce) {
    p.bothOnce = true;
    if (mode === 'normal') {
      const [a, b] = p.generals!;
      // G15.1 companions, G3.2/G15.2 the half fish left over.
      if (companions(a, b)) {
        if (s.settings.ruleVersion === 'new') gainMarker(ctx, seat, 'companion');
        else {
          const canRecover = p.hp < p.maxHp;
          const opt = option(ctx, seat, T.oldCompanion, [T.optDraw2, ...(canRecover ? [T.optRecover1] : [])]);
          if (opt === 0) draw(ctx, seat, 2, 'companion');
          else recover(ctx, seat, 1, 'companion');
        }
      }
      if ((general(a).fish + general(b).fish) % 2 === 1) {
        if (s.settings.ruleVersion === 'new') gainMarker(ctx, seat, 'yinyang');
        else if (confirm(ctx, seat, T.oldHalfFish)) draw(ctx, seat, 1, 'halfFish');
      }
    }
  }
  if (mode === 'normal') {
    trigger(ctx, { point: 'revealed', seat, which: k });
    checkVictory(ctx);
  }
}

/**
 * G13.6 (倾城): a revealed general, beside another revealed one, turns face down again: its skills switch off (a
 * hidden general has none, G13.1), the kingdom stays (the other is still revealed). Companion and half-fish
 * bonuses already granted are not given again, and revealing it again later gives nothing new (`bothOnce`, the
 * game's first reveal, and the kingdom are all kept).
 */
export function hide(ctx: Ctx, seat: number, k: 0 | 1) {
  const p = P(ctx.s, seat);
  if (!p.generals || !p.revealed[k] || !p.revealed[k === 0 ? 1 : 0]) throw new Error('G13.6: only one of two revealed generals can be hidden again');
  p.revealed[k] = false;
  // Not the general's name: it is hidden again, and the views (X1) show no hidden general (it was public before, but a
  // row of this step must not name it now).
  ev(ctx, 'hide', { seat, which: k === 0 ? 'main' : 'deputy' });
}

/**
 * G14.2–G14.3: the kingdom of the first revealed general, unless more than half the table (dead included) would
 * then be of it: c = characters already revealed as K and not careerists; c + 1 > N / 2 makes a careerist.
 */
export function determineKingdom(ctx: Ctx, seat: number, k: Kingdom) {
  const s = ctx.s;
  const c = s.players.filter((q, i) => i !== seat && q.kingdom === k && !q.careerist).length;
  const p = P(s, seat);
  p.kingdom = k;
  p.careerist = c + 1 > N(s) / 2;
  ev(ctx, 'kingdom', { seat, kingdom: k, careerist: p.careerist });
}

export function gainMarker(ctx: Ctx, seat: number, m: 'vanguard' | 'yinyang' | 'companion') {
  P(ctx.s, seat).markers[m] += 1;
  ev(ctx, 'marker', { seat, marker: m, n: 1 });
}

/** A hidden character's kingdom as it would reveal (G16.3 "expected kingdom"). */
const expected = (ctx: Ctx, i: number): Kingdom => P(ctx.s, i).kingdom ?? general(P(ctx.s, i).generals![0]).kingdom;

/**
 * G16.1–G16.4: a single survivor wins; otherwise the game ends when all alive characters would be one kingdom and
 * no hidden one would become a careerist on revealing. On the end every alive character reveals (no bonuses) and
 * the winners are the careerist survivor alone, or every non-careerist player of the kingdom, alive or dead.
 */
export function checkVictory(ctx: Ctx) {
  const s = ctx.s;
  if (s.status !== 'running') return;
  const alive = aliveSeats(s);
  if (alive.length === 0) {
    s.status = 'ended';
    s.winners = [];
    s.end = { how: 'draw', at: ctx.now };
    s.ask = null;
    ev(ctx, 'gameEnd', { how: 'draw', reason: 'noneAlive', winners: [] });
    throw new GameOver();
  }
  if (alive.length > 1) {
    let k: Kingdom | null = null;
    for (const i of alive) {
      if (P(s, i).careerist) return;
      const e = expected(ctx, i);
      if (k === null) k = e;
      else if (k !== e) return;
    }
    const revealedAsK = s.players.filter((q) => q.kingdom === k && !q.careerist).length;
    const hiddenOfK = alive.filter((i) => P(s, i).kingdom === null).length;
    if (revealedAsK + hiddenOfK > N(s) / 2) return;
  }
  // G16.4: the final reveals (a lone hidden survivor may turn out a careerist here, G16.2).
  for (const i of alive) reveal(ctx, i, 'both', 'final');
  // G12.1 stops a death at the victory check; the game being over, the dead's cards are put away (no effects).
  s.players.forEach((q) => {
    if (q.alive) return;
    const rest = [...q.hand, ...SLOTS.flatMap((x) => (q.equip[x] ? [q.equip[x]!] : [])), ...q.judge, ...pileCards(q)];
    q.hand = []; q.judge = []; for (const x of SLOTS) q.equip[x] = null;
    delete q.pile;
    s.discardPile.push(...rest);
  });
  const head = P(s, alive[0]!);
  const winners = head.careerist ? [alive[0]!] : s.players.flatMap((q, i) => (q.kingdom === head.kingdom && !q.careerist ? [i] : []));
  s.status = 'ended';
  s.winners = winners;
  s.end = { how: 'victory', at: ctx.now };
  s.ask = null;
  ev(ctx, 'gameEnd', { how: 'victory', kingdom: head.careerist ? 'careerist' : head.kingdom, text: head.careerist ? '野心家' : KINGDOM_ZH[head.kingdom!], winners });
  throw new GameOver();
}
