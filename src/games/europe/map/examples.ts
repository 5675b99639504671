import type { GameMap } from './gamemap.ts';

/** Example names from a map itself, so a "格式：" hint or 【帮助】 shows names its players know. */
export interface Examples {
  /** The first two playable countries. */
  c1: string; c2: string;
  /** c1's capital, a land territory adjacent to it (c1's own where it can), and a territory of c2's that is no capital. */
  t1: string; t2: string; t3: string;
  region: string | null; regions: string[];
}

const cache = new WeakMap<GameMap, { zh: Examples; en: Examples }>();

export function mapExamples(map: GameMap, lang: 'zh' | 'en'): Examples {
  let ex = cache.get(map);
  if (!ex) {
    ex = { zh: build(map, 'zh'), en: build(map, 'en') };
    cache.set(map, ex);
  }
  return ex[lang];
}

function build(map: GameMap, lang: 'zh' | 'en'): Examples {
  const playable = map.countries.filter((c) => c.playable !== false);
  const cs = playable.length >= 2 ? playable : map.countries;
  const c1 = cs[0], c2 = cs[1] ?? cs[0];
  const land = map.territories.filter((t) => t.kind !== 'sea' && t.kind !== 'arsenal');
  const t1 = (c1 && land.find((t) => t.id === map.capitalOf.get(c1.id))) ?? land[0] ?? map.territories[0];
  const near = t1 ? [...(map.adj.get(t1.id) ?? [])].map((id) => map.territory.get(id)!).filter((t) => t.kind !== 'sea' && t.kind !== 'arsenal') : [];
  const t2 = near.find((t) => t.owner === c1?.id) ?? near[0] ?? land[1] ?? t1;
  const t3 = land.find((t) => t.owner === c2?.id && t.kind !== 'capital') ?? land.find((t) => t !== t1 && t !== t2) ?? t2;
  const n = (x: { name: { zh: string; en: string } } | undefined, d: string) => (x ? x.name[lang] : d);
  return {
    c1: n(c1, '法国'), c2: n(c2, '德国'), t1: n(t1, '巴黎'), t2: n(t2, '里尔'), t3: n(t3, '斯特拉斯堡'),
    region: map.regions[0] ? map.regions[0].name[lang] : null,
    regions: map.regions.map((r) => r.name[lang]),
  };
}
