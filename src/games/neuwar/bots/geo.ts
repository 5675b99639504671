/**
 * The map's geography as the bots need it, computed once per map (a WeakMap on the GameMap): adjacency as arrays
 * split by kind, coasts and the sea lanes between coasts, and each country's capital and arsenal.
 */
import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import type { TerrId } from '../engine/index.ts';

export interface Geo {
  map: GameMap;
  isLand: (id: TerrId) => boolean;
  kind: Map<TerrId, 'land' | 'city' | 'capital' | 'sea' | 'arsenal'>;
  /** Land neighbours (land, city, capital) of every territory. */
  landAdj: Map<TerrId, TerrId[]>;
  /** Sea neighbours of every territory. */
  seaAdj: Map<TerrId, TerrId[]>;
  /** Land territories next to at least one sea zone. */
  coastal: Set<TerrId>;
  landIds: TerrId[];
  seaIds: TerrId[];
}

const cache = new WeakMap<GameMap, Geo>();

export function geoOf(map: GameMap): Geo {
  const hit = cache.get(map);
  if (hit) return hit;
  const kind = new Map<TerrId, 'land' | 'city' | 'capital' | 'sea' | 'arsenal'>();
  for (const t of map.territories) kind.set(t.id, t.kind);
  const landAdj = new Map<TerrId, TerrId[]>();
  const seaAdj = new Map<TerrId, TerrId[]>();
  const coastal = new Set<TerrId>();
  for (const t of map.territories) {
    const ns = [...map.adj.get(t.id)!].sort();
    landAdj.set(t.id, ns.filter((n) => isLandKind(kind.get(n)!)));
    const seas = ns.filter((n) => kind.get(n) === 'sea');
    seaAdj.set(t.id, seas);
    if (isLandKind(t.kind) && seas.length > 0) coastal.add(t.id);
  }
  const geo: Geo = {
    map, kind, landAdj, seaAdj, coastal,
    isLand: (id) => isLandKind(kind.get(id)!),
    landIds: map.landIds, seaIds: map.seaIds,
  };
  cache.set(map, geo);
  return geo;
}
