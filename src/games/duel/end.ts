/**
 * How a duel ends (duel.md D7): the score, and the checks of D2.6 step 13 in their order — capital, technical
 * defeat, turn limit. Resign and the judge's end are commands of their own and decide at once (D7.5, D7.6).
 */
import type { DuelGraph } from './board.ts';
import { other, type Board, type Side } from './resolve.ts';

export type How = 'capital' | 'technical' | 'abandoned' | 'score' | 'resign' | 'judge';
export interface Outcome { winner: Side[]; how: How }

export interface EndSettings { turnLimit: number; drawMargin: number; idleTurns: number }
export const END_DEFAULTS: EndSettings = { turnLimit: 150, drawMargin: 0.1, idleTurns: 3 };

/** D7.2: the values of a side's land territories (sea stacks count nothing). */
export function score(g: DuelGraph, board: Board, side: Side): number {
  let s = 0;
  for (const t of g.land) if (board.owner.get(t) === side) s += g.value.get(t) ?? 0;
  return s;
}

/** D7.3's comparison: a draw iff the scores are equal or differ by less than `drawMargin` of the higher one. */
export function byScore(a: number, b: number, drawMargin: number, how: How = 'score'): Outcome {
  const [hi, lo, hiSide]: [number, number, Side] = a >= b ? [a, b, 'A'] : [b, a, 'B'];
  if (hi === lo || (hi - lo) * 1000 < Math.round(drawMargin * 1000) * hi) return { winner: [], how };
  return { winner: [hiSide], how };
}

/** D2.6 step 13 after the idle counters: capital → technical defeat → turn limit; null: the game goes on. */
export function endCheck(g: DuelGraph, board: Board, capitals: Record<Side, string>, idle: Record<Side, number>, turn: number, s: EndSettings = END_DEFAULTS): Outcome | null {
  // D7.1: a capital owned by the other side; both at once is a draw.
  const fell = (['A', 'B'] as const).filter((side) => board.owner.get(capitals[side]) === other(side));
  if (fell.length === 2) return { winner: [], how: 'capital' };
  if (fell.length === 1) return { winner: [other(fell[0]!)], how: 'capital' };
  // D7.4: idleTurns 0 turns the rule off; both sides idle out together: abandoned.
  if (s.idleTurns > 0) {
    const out = (['A', 'B'] as const).filter((side) => idle[side] >= s.idleTurns);
    if (out.length === 2) return { winner: [], how: 'abandoned' };
    if (out.length === 1) return { winner: [other(out[0]!)], how: 'technical' };
  }
  if (turn >= s.turnLimit) return byScore(score(g, board, 'A'), score(g, board, 'B'), s.drawMargin);
  return null;
}
