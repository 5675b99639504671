/**
 * Small pieces the Wu/Qun skill files share: resolving the cards an active skill names (X6.1: hand first, then
 * equipment when allowed; each distinct, refused with the grammar's codes before any ask).
 */
import { cardText } from '../../cards.ts';
import { refuse } from '../../flow.ts';
import { ownCard, refText } from '../../asks.ts';
import type { CardRef, State } from '../../types.ts';

/** The named own cards, distinct; `ok` filters them (ILLEGAL_CARD with `why`). */
export function namedCards(s: State, seat: number, refs: CardRef[], equip: boolean, ok: (id: string) => boolean = () => true, why = ''): string[] {
  const out: string[] = [];
  for (const ref of refs) {
    const id = ownCard(s, seat, ref, equip, out);
    if (!id) return refuse('UNKNOWN_CARD', `你没有"${refText(ref)}"这张${equip ? '' : '手'}牌`);
    if (!ok(id)) return refuse('ILLEGAL_CARD', `${cardText(id)}不行${why ? `：${why}` : ''}`);
    out.push(id);
  }
  return out;
}
