import type { GameMap } from '../../europe/map/index.ts';
import { normalizeName } from '../../europe/map/index.ts';
import { toSimplified } from '../parse/index.ts';
import type { Choice } from '../../../platform/slash/index.ts';

/** What an autocompleted option names. */
export type Completion = 'country' | 'territory' | 'region' | 'any';

interface Entry {
  id: string;
  label: string;
  keys: string[];
  owner?: string;
}

type Lists = Record<Exclude<Completion, 'any'>, Entry[]>;
const cache = new WeakMap<GameMap, Lists>();

function entries(map: GameMap): Lists {
  let e = cache.get(map);
  if (e) return e;
  const keys = (names: (string | undefined)[]) => [...new Set(names.filter((n): n is string => !!n).map((n) => normalizeName(toSimplified(n))))];
  e = {
    country: map.countries.map((c) => ({ id: c.id, label: label(c.name.zh, c.name.en, c.aliases), keys: keys([c.name.zh, c.name.en, c.id, ...(c.aliases ?? [])]) })),
    territory: map.territories.map((t) => ({ id: t.id, label: label(t.name.zh, t.name.en, t.aliases), keys: keys([t.name.zh, t.name.en, t.id, ...(t.aliases ?? [])]), owner: t.owner })),
    region: map.regions.map((r) => ({ id: r.id, label: label(r.name.zh, r.name.en, r.aliases), keys: keys([r.name.zh, r.name.en, r.id, ...(r.aliases ?? [])]) })),
  };
  cache.set(map, e);
  return e;
}

function label(zh: string, en: string, aliases?: string[]): string {
  const a = aliases?.length ? ` (${aliases.slice(0, 3).join(', ')})` : '';
  return `${zh} ${en}${a}`.slice(0, 100);
}

/**
 * Autocomplete choices for a country, territory or region from the game's map: matches the Chinese and
 * English names, ids and aliases (case-insensitive, Traditional read as Simplified); exact and prefix
 * matches first, then containment; `prefer` (the player's country) ranks its own territories first.
 * At most 25 (Discord's limit). The value is the id, which every route accepts.
 */
export function completeNames(map: GameMap, kind: Completion, query: string, opts: { prefer?: string | null } = {}): Choice[] {
  const q = normalizeName(toSimplified(query ?? ''));
  const scored: { e: Entry; s: number; i: number }[] = [];
  const list = kind === 'any' ? [...entries(map).country, ...entries(map).territory] : entries(map)[kind];
  list.forEach((e, i) => {
    let s = q ? Infinity : 3;
    for (const k of e.keys) {
      if (!q) break;
      if (k === q) s = Math.min(s, 0);
      else if (k.startsWith(q)) s = Math.min(s, 1);
      else if (k.includes(q)) s = Math.min(s, 2);
    }
    if (s === Infinity) return;
    if (opts.prefer && e.owner === opts.prefer) s -= 0.5;
    scored.push({ e, s, i });
  });
  scored.sort((a, b) => a.s - b.s || a.i - b.i);
  return scored.slice(0, 25).map(({ e }) => ({ name: e.label, value: e.id }));
}
