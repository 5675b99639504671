/**
 * The judge phase (G4.4) and the delayed tricks (C3): the tricks present when the phase begins, last placed first;
 * each leaves the area to be resolved, gets a nullify window (G21.4, always "single"), then its judgement (G9).
 * 闪电 moves on when nullified or not hit (C-LIGHTNING, G22.7).
 */
import { card } from '../cards.ts';
import { discard, isRemoved, judge, judgeDone, judgeName, move, N, P, suitOf } from '../core.ts';
import { ev, type Ctx } from '../flow.ts';
import { damage } from '../damage.ts';
import { physical } from '../resolve.ts';
import { nullify } from '../use.ts';
import { trigger, type TriggerEvent } from '../triggers.ts';

/**
 * A delayed trick moved (not used: no target, no nullify window) into `seat`'s judgement area — 闪电 passing on, a card
 * 巧变 or 谋断 moves. A skill at the point `judgeMoving` may send it to the discard pile instead (帷幕 catches a black
 * one, H-QUN-06). Returns whether it arrived.
 */
export function placeInJudge(ctx: Ctx, id: string, seat: number): boolean {
  const e: Extract<TriggerEvent, { point: 'judgeMoving' }> = { point: 'judgeMoving', seat, card: id, to: { discard: false } };
  trigger(ctx, e);
  if (e.to.discard) { discard(ctx, [id]); return false; }
  move(ctx, [id], { zone: 'judge', seat });
  return true;
}

export function judgePhase(ctx: Ctx) {
  const s = ctx.s;
  const seat = s.turn.seat;
  const present = [...P(s, seat).judge].reverse();
  for (const id of present) {
    if (!P(s, seat).alive) return;
    // One that left meanwhile is skipped (FreeKill's judge loop, G4.4).
    if (!P(s, seat).judge.includes(id)) continue;
    resolveDelayed(ctx, seat, id);
  }
}

function resolveDelayed(ctx: Ctx, seat: number, id: string) {
  const s = ctx.s;
  const name = judgeName(s, id);
  move(ctx, [id], { zone: 'processing' });
  ev(ctx, 'delayed', { seat, card: id, name });
  const w = nullify(ctx, { card: { ...physical(id), name }, user: null, target: seat, delayed: true, wholeOk: false, depth: 0 });
  if (w.cancelled) {
    ev(ctx, 'nullified', { seat, card: id });
    if (name === '闪电') moveLightning(ctx, seat, id);
    else discard(ctx, [id]);
    return;
  }
  const j = judge(ctx, seat, name);
  const c = card(j);
  // G9.2: the judgement card's suit as it counts for its judge (红颜: ♠ as ♥; core.ts suitOf).
  const suit = suitOf(s, seat, j);
  // G9.1: the result is final; "after final" (天妒 …) and the card's discard come before the trick acts on it
  // (FreeKill's judge event finishes before the card's effect reads the result).
  judgeDone(ctx, j, seat);
  if (name === '乐不思蜀') {
    if (suit !== '♥') { s.turn.skipPlay = true; ev(ctx, 'effect', { seat, card: id, name, result: 'skipPlay' }); }
    discard(ctx, [id]);
  } else if (name === '兵粮寸断') {
    if (suit !== '♣') { s.turn.skipDraw = true; ev(ctx, 'effect', { seat, card: id, name, result: 'skipDraw' }); }
    discard(ctx, [id]);
  } else if (name === '闪电') {
    if (suit === '♠' && c.rank >= 2 && c.rank <= 9) {
      ev(ctx, 'effect', { seat, card: id, name, result: 'hit' });
      damage(ctx, { source: null, target: seat, n: 3, nature: 'thunder', card: physical(id), byCard: true });
      if (s.processing.includes(id)) discard(ctx, [id]);
    } else moveLightning(ctx, seat, id);
  }
}

/** C-LIGHTNING: to the next character in seat order that can hold it; if none, it stays (G22.7). */
function moveLightning(ctx: Ctx, holder: number, id: string) {
  const s = ctx.s;
  for (let k = 1; k < N(s); k++) {
    const i = (holder + k) % N(s);
    const p = P(s, i);
    // C-LIGHTNING: not one removed by 调虎离山 (G18.4).
    if (!p.alive || isRemoved(s, i) || p.judge.some((x) => judgeName(s, x) === '闪电')) continue;
    // C-LIGHTNING / H-QUN-06: 帷幕 does not make it skip anyone — moved onto 贾诩, it is discarded instead.
    ev(ctx, 'lightningMoves', { from: holder, seat: i, card: id });
    placeInJudge(ctx, id, i);
    return;
  }
  if (P(s, holder).alive) { move(ctx, [id], { zone: 'judge', seat: holder }); ev(ctx, 'lightningStays', { seat: holder, card: id }); }
  else discard(ctx, [id]);
}
