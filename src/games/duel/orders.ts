/**
 * Europe Duel's orders (duel.md D2.2): one order per own land territory or sea stack a turn — all, half or stand
 * — checked once when given (armies do not change during a turn, so an accepted order stays legal), and the
 * idle counters of D2.8.
 */
import type { DuelGraph } from './board.ts';
import type { Board, Move, Side } from './resolve.ts';

export type Count = 'all' | 'half';
/** A manual order: a move of all or half to a neighbour, or stand (move nothing, keep the helper off). */
export type Order = { kind: 'move'; from: string; to: string; count: Count } | { kind: 'stand'; from: string };

export type OrderRefusal = 'NOT_OWNER' | 'NOT_ADJACENT' | 'NOT_ENOUGH_ARMIES' | 'UNKNOWN_TERRITORY';

/** What reading a board needs (a Board's maps, or the state's records read directly: engine.ts `stateReader`). */
export interface BoardReader {
  owner: { get(id: string): Side | null | undefined };
  armies: { get(id: string): number | undefined };
  stacks: { get(id: string): { A: number; B: number } | undefined };
}

/** The side's armies at a node: its garrison if it owns the land territory, its stack at sea (0 otherwise). */
export function armiesOf(g: DuelGraph, board: BoardReader, side: Side, at: string): number {
  if (g.kind.get(at) === 'sea') return board.stacks.get(at)?.[side] ?? 0;
  return board.owner.get(at) === side ? board.armies.get(at) ?? 0 : 0;
}

/** D2.2: how many an order moves — all of them, or floor(n/2). */
export function countOf(count: Count, n: number): number {
  return count === 'all' ? n : Math.floor(n / 2);
}

/**
 * D2.2 legality when given: the source is the speaker's (a land territory it owns, or a sea zone where it has a
 * stack), the target a neighbour on the duel graph, and a move carries at least one army ("一半 of 1 is 0").
 * Stand is accepted on any own node, even at 0. null: accepted.
 */
export function checkOrder(g: DuelGraph, board: BoardReader, side: Side, o: Order): OrderRefusal | null {
  if (!g.kind.has(o.from) || (o.kind === 'move' && !g.kind.has(o.to))) return 'UNKNOWN_TERRITORY';
  const own = g.kind.get(o.from) === 'sea' ? armiesOf(g, board, side, o.from) > 0 : board.owner.get(o.from) === side;
  if (!own) return 'NOT_OWNER';
  if (o.kind === 'stand') return null;
  if (!(g.nbrs.get(o.from) ?? []).includes(o.to)) return 'NOT_ADJACENT';
  if (countOf(o.count, armiesOf(g, board, side, o.from)) < 1) return 'NOT_ENOUGH_ARMIES';
  return null;
}

/** Step 4's take-off count of a manual order (stand moves nothing). */
export function moveOf(g: DuelGraph, board: Board, side: Side, o: Order): Move | null {
  if (o.kind === 'stand') return null;
  return { side, from: o.from, to: o.to, n: countOf(o.count, armiesOf(g, board, side, o.from)) };
}

/** D2.8 at step 13: a human side that acted this turn is back to 0, else one more; bots never idle. */
export function nextIdle(idle: number, acted: boolean, bot: boolean): number {
  if (bot) return 0;
  return acted ? 0 : idle + 1;
}
