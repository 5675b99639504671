/**
 * The movement and combat arithmetic the Europe games share (rules.md R10, duel.md D4): the assault, the fewest
 * attackers that take a garrison, head-on fights and the loss at sea. Integers throughout: a factor such as 1.5
 * is used as round(factor × 1000), so 7 against 4 is decided exactly.
 */

/** R10.5 / D4.2: a attackers against d defenders; the attacker keeps a fraction's part, the defender loses it. */
export function assault(a: number, d: number, factor: number): { won: boolean; left: number } {
  const q = 1000;
  const p = Math.round(factor * q);
  if (a * q > p * d) {
    return { won: true, left: Math.ceil((a * q - p * d) / q) };
  }
  // floor(d − a/f) = floor((d·p − a·q) / p)
  return { won: false, left: Math.max(0, Math.floor((d * p - a * q) / p)) };
}

/** D4.1: the fewest attackers that take a garrison of d (the smallest a with a > factor·d). */
export function need(d: number, factor: number): number {
  return Math.floor((Math.round(factor * 1000) * d) / 1000) + 1;
}

/** R10.3 / D4.3 (and D4.4's melee): two armies meet without defence bonus; the larger keeps the difference, a tie destroys both. */
export function clash(a: number, b: number): { winner: 'a' | 'b' | null; left: number } {
  if (a === b) return { winner: null, left: 0 };
  return a > b ? { winner: 'a', left: a - b } : { winner: 'b', left: b - a };
}

/** R10.7 / D4.6: what a stack keeps after a turn at sea, floor(n × k / 1000) with k = 1000 − round(loss × 1000). */
export function atSea(n: number, loss: number): number {
  return Math.floor((n * (1000 - Math.round(loss * 1000))) / 1000);
}
