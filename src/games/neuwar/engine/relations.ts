import type { CountryId, GameState, War } from './types.ts';

/** The war directly between two countries, if any. */
export function directWar(s: GameState, a: CountryId, b: CountryId): War | undefined {
  return s.wars.find((w) => (w.attacker === a && w.defender === b) || (w.attacker === b && w.defender === a));
}

/** The country whose wars this one fights: a puppet fights its overlord's wars (R6.4). */
export function head(s: GameState, c: CountryId): CountryId {
  return s.countries[c]?.overlord ?? c;
}

/**
 * The war that puts a and b at war, counting R6.4 (a puppet is at war with whoever its overlord is at war with).
 */
export function warBetween(s: GameState, a: CountryId, b: CountryId): War | undefined {
  if (a === b) return undefined;
  const ha = head(s, a), hb = head(s, b);
  return directWar(s, a, b) ?? directWar(s, ha, b) ?? directWar(s, a, hb) ?? (ha !== hb ? directWar(s, ha, hb) : undefined);
}

export const atWar = (s: GameState, a: CountryId, b: CountryId): boolean => !!warBetween(s, a, b);
export const atActiveWar = (s: GameState, a: CountryId, b: CountryId): boolean => !!warBetween(s, a, b)?.active;

export function allied(s: GameState, a: CountryId, b: CountryId): boolean {
  return s.alliances.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

export function pactActive(s: GameState, a: CountryId, b: CountryId): boolean {
  return s.pacts.some((p) => p.untilTurn >= s.turn && p.between.includes(a) && p.between.includes(b) && a !== b);
}

export function truceUntil(s: GameState, winner: CountryId, loser: CountryId): number | null {
  const t = s.truces.find((x) => x.winner === winner && x.loser === loser && x.untilTurn >= s.turn);
  return t ? t.untilTurn : null;
}

export function sortedPair(a: CountryId, b: CountryId): [CountryId, CountryId] {
  return a < b ? [a, b] : [b, a];
}

export function puppetsOf(s: GameState, c: CountryId): CountryId[] {
  return Object.keys(s.countries).filter((p) => s.countries[p]!.alive && s.countries[p]!.overlord === c);
}

/** R6.4: a puppet deals only with its overlord. The side of a and b that may not deal with the other, if any. */
export function puppetBarrier(s: GameState, a: CountryId, b: CountryId): { puppet: CountryId; overlord: CountryId } | null {
  for (const [p, other] of [[a, b], [b, a]] as const) {
    const ov = s.countries[p]!.overlord;
    if (ov && ov !== other) return { puppet: p, overlord: ov };
  }
  return null;
}
