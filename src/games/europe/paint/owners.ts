/** What ownership looks like on the map: each territory's fill, and whose side of a border is whose. */
import type { GameMap } from '../map/index.ts';
import type { GameState, LandState } from './types.ts';
import { NEUTRAL, SEA, landFill, muted } from './colors.ts';

/** Fill colour of a land territory now (R1.3): owner's colour; neutral grey-beige; a minor state's own colour muted. */
export function fillOf(map: GameMap, state: GameState, id: string): string {
  const t = map.territory.get(id)!;
  if (t.kind === 'sea') return SEA;
  if (state.look) return state.look.fill(id);
  if (t.kind === 'arsenal') {
    const c = map.country.get(t.owner ?? '');
    return c ? muted(c.color) : NEUTRAL;
  }
  const ls = state.territories[id] as LandState | undefined;
  const owner = ls ? ls.owner : t.owner ?? null;
  if (owner) {
    const c = map.country.get(owner);
    if (!c) return NEUTRAL;
    return c.playable === false ? muted(c.color) : landFill(c.color);
  }
  const orig = t.owner ? map.country.get(t.owner) : undefined;
  if (orig && orig.playable === false) return muted(orig.color);
  return NEUTRAL;
}

/** Who holds a territory, as far as borders go: two sides with different keys get a thick border. */
export const ownerKey = (map: GameMap, state: GameState, id: string | null): string => {
  if (!id) return '~';
  if (state.look) return state.look.ownerKey(id);
  const t = map.territory.get(id)!;
  if (t.kind === 'arsenal') return `ars:${t.owner}`;
  const ls = state.territories[id] as LandState | undefined;
  const o = ls?.owner ?? null;
  if (o) return o;
  return t.owner && map.country.get(t.owner)?.playable === false ? `minor:${t.owner}` : `neutral:${id}`;
};

/** An owner's colour (arrows, sea stacks, count outlines): the look's, else the map's country colour. */
export const colorOf = (map: GameMap, state: GameState, owner: string): string | undefined =>
  state.look ? state.look.colors[owner] : map.country.get(owner)?.color;
