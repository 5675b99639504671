/**
 * The duel page's map (duel.md D10.5): the SVG geometry of a map file, taken from the very geometry the PNG
 * renderer draws (src/games/europe/paint: `mapGeometry`, its simplified fills and border runs), so the clickable
 * map and the posted picture show the same shapes. Computed once per map and kept; sent to a page once when it
 * opens a duel channel. A map without shapes (the small test maps) is drawn by the page as a schematic from the
 * positions and the duel graph's edges.
 */
import type { GameMap } from '../europe/map/index.ts';
import { mapGeometry } from '../europe/paint/index.ts';
import type { DuelGraph } from './board.ts';

export interface DuelGeoNode {
  id: string;
  /** `sea`, or the land kind (`land` 1, `city` 2, `capital` 3: D1.2). */
  kind: string;
  zh: string;
  en: string;
  /** D1.2's value (0 for a sea zone). */
  value: number;
  /** Label anchor (the map's `pos`, else the shape's centroid), map coordinates. */
  pos: [number, number];
  /** The fill as an SVG path (the renderer's simplified fill, else the raw shape); null on a schematic map. */
  d: string | null;
  /** The map file's country (thin country borders only, D10.5); null for a sea zone. */
  country: string | null;
  /** Neighbours in the duel graph (D1.1: arsenals dropped), id order. */
  nbrs: string[];
}

export interface DuelGeometry {
  map: string;
  name: { zh: string; en: string };
  /** Shapes present: draw them; false: draw the schematic (circles and edge lines). */
  shaped: boolean;
  /** Extent in map coordinates: [x0, y0, x1, y1]. */
  bounds: [number, number, number, number];
  /** Land territories and sea zones of the duel graph (arsenals dropped), map file order. */
  nodes: DuelGeoNode[];
  /** Border lines as one SVG path each: between territories of one country, between countries, and the coast. */
  lines: { land: string; country: string; coast: string };
  /** Land outside the playable map (the renderer's background), or null. */
  background: string | null;
  /** Walkable straits (D1.3) as id pairs. */
  straits: [string, string][];
  /** The map's regions (the brush's 区域, D6.9): id, names, bbox. */
  regions: { id: string; zh: string; en: string; bbox: [number, number, number, number] }[];
}

const cache = new WeakMap<DuelGraph, DuelGeometry>();

/** The page's geometry of a duel graph's map, computed once per graph. */
export function duelGeometry(g: DuelGraph): DuelGeometry {
  let out = cache.get(g);
  if (!out) {
    out = compute(g.map, g);
    cache.set(g, out);
  }
  return out;
}

function compute(map: GameMap, g: DuelGraph): DuelGeometry {
  const geo = mapGeometry(map);
  const nodes: DuelGeoNode[] = [];
  for (const t of map.territories) {
    if (!g.kind.has(t.id)) continue; // arsenals are no part of a duel (D1.1)
    const tg = geo.terr.get(t.id)!;
    const sea = g.kind.get(t.id) === 'sea';
    nodes.push({
      id: t.id, kind: t.kind, zh: t.name.zh, en: t.name.en, value: g.value.get(t.id) ?? 0,
      pos: [tg.pos[0], tg.pos[1]], d: geo.shaped ? (tg.fill || tg.shape || null) : null,
      country: sea ? null : t.owner ?? null, nbrs: [...(g.nbrs.get(t.id) ?? [])],
    });
  }
  const land: string[] = [], country: string[] = [], coast: string[] = [];
  const countryOf = (id: string | null) => (id ? map.territory.get(id)?.owner ?? null : null);
  for (const a of geo.arcs) {
    // Arsenals are drawn as the land they sit in: their runs are left out.
    if (!g.kind.has(a.a) || (a.b !== null && !g.kind.has(a.b))) continue;
    if (a.kind === 'coast') coast.push(a.d);
    else if (a.kind === 'land') (countryOf(a.a) !== countryOf(a.b) ? country : land).push(a.d);
  }
  const bg = (map.file.meta as { backgroundLand?: unknown } | undefined)?.backgroundLand;
  return {
    map: map.id, name: { zh: map.file.name.zh, en: map.file.name.en }, shaped: geo.shaped,
    bounds: [geo.bounds[0], geo.bounds[1], geo.bounds[2], geo.bounds[3]],
    nodes, lines: { land: land.join(''), country: country.join(''), coast: coast.join('') },
    background: geo.shaped && typeof bg === 'string' ? bg : null,
    straits: [...map.straits].map((k) => k.split('|') as [string, string]).filter(([a, b]) => g.kind.has(a) && g.kind.has(b)),
    regions: map.regions.map((r) => ({ id: r.id, zh: r.name.zh, en: r.name.en, bbox: [r.bbox[0], r.bbox[1], r.bbox[2], r.bbox[3]] })),
  };
}
