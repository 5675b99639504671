import { MapFileSchema, type MapFile, type CountryDef, type TerritoryDef, type RegionDef } from './schema.ts';
import { idKey, normalizeName } from './names.ts';

export class MapError extends Error {
  constructor(public file: string, public where: string, public reason: string) {
    super(`${file}: ${where}: ${reason}`);
  }
}

/** A loaded, checked map with the indexes the engine, parser and renderer need. */
export interface GameMap {
  file: MapFile;
  id: string;
  countries: CountryDef[];
  territories: TerritoryDef[];
  regions: RegionDef[];
  country: Map<string, CountryDef>;
  territory: Map<string, TerritoryDef>;
  /** Undirected adjacency. */
  adj: Map<string, Set<string>>;
  /** Edge keys "a|b" (sorted) marked strait. */
  straits: Set<string>;
  /** Every playable country's capital and arsenal. */
  capitalOf: Map<string, string>;
  arsenalOf: Map<string, string>;
  /** Name (zh, en, alias: normalizeName) or id (as written: idKey) → country / territory / region id; look up with findName. */
  countryByName: Map<string, string>;
  territoryByName: Map<string, string>;
  regionByName: Map<string, string>;
  /** Land territories (land, city, capital) in file order: "Europe's territories" (R1.4). */
  landIds: string[];
  seaIds: string[];
}

export const isLandKind = (k: string): boolean => k === 'land' || k === 'city' || k === 'capital';

export function edgeKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Validates raw JSON (commands.md §2) and builds a GameMap; throws MapError naming the file and territory. */
export function buildMap(raw: unknown, file = '<map>'): GameMap {
  const parsed = MapFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path;
    let where = path.join('.');
    if (path[0] === 'territories' && typeof path[1] === 'number') {
      const t = (raw as { territories?: Array<{ id?: unknown }> }).territories?.[path[1]];
      where = `territory ${JSON.stringify(t?.id ?? `#${path[1]}`)} (${path.slice(2).join('.') || 'entry'})`;
    } else if (path[0] === 'countries' && typeof path[1] === 'number') {
      const c = (raw as { countries?: Array<{ id?: unknown }> }).countries?.[path[1]];
      where = `country ${JSON.stringify(c?.id ?? `#${path[1]}`)} (${path.slice(2).join('.') || 'entry'})`;
    }
    throw new MapError(file, where || 'map', issue.message);
  }
  const f = parsed.data;
  const country = new Map<string, CountryDef>();
  const territory = new Map<string, TerritoryDef>();
  const countryByName = new Map<string, string>();
  const territoryByName = new Map<string, string>();
  const regionByName = new Map<string, string>();
  // Names and ids share one namespace across countries, territories and regions so that a typed name is never
  // ambiguous. An id is matched as written (idKey); names and aliases also without punctuation (normalizeName).
  // A typed text is tried as an id first, so an id clashes only with what is typed the same: a name equal to it
  // as written or once folded (`aland` vs `Aland`), never with a name that needs its punctuation removed first
  // (`a_land` vs `Aland` are two entries).
  const byName = new Map<string, { what: string; name: string }>();
  const byId = new Map<string, { what: string; name: string }>();
  const byWritten = new Map<string, { what: string; name: string }>();
  const clash = (where: string, label: string, prev: { what: string; name: string } | undefined) => {
    if (prev && prev.what !== where) throw new MapError(file, where, `${label} is already used by ${prev.what} ("${prev.name}")`);
  };
  const claimId = (id: string, where: string) => {
    const key = idKey(id);
    if (!key) throw new MapError(file, where, 'empty id');
    const label = `id "${id}"`;
    clash(where, label, byId.get(key));
    clash(where, label, byName.get(key));
    clash(where, label, byWritten.get(key));
    byId.set(key, { what: where, name: id });
    return key;
  };
  const claim = (name: string, where: string) => {
    const key = normalizeName(name);
    if (!key) throw new MapError(file, where, `empty name`);
    const label = `name or alias "${name}"`;
    clash(where, label, byName.get(key));
    clash(where, label, byId.get(key));
    clash(where, label, byId.get(idKey(name)));
    byName.set(key, { what: where, name });
    byWritten.set(idKey(name), { what: where, name });
    return key;
  };
  /** An index of one kind: names and ids as written; an id without its punctuation only where no name is that. */
  const index = (into: Map<string, string>, defs: { id: string; name: { zh: string; en: string }; aliases?: string[] | undefined }[], where: (id: string) => string) => {
    for (const d of defs) {
      into.set(claimId(d.id, where(d.id)), d.id);
      for (const n of [d.name.zh, d.name.en, ...(d.aliases ?? [])]) into.set(claim(n, where(d.id)), d.id);
    }
    for (const d of defs) {
      const loose = normalizeName(d.id);
      if (loose && !into.has(loose)) into.set(loose, d.id);
    }
  };
  for (const c of f.countries) {
    const where = `country "${c.id}"`;
    if (country.has(c.id)) throw new MapError(file, where, 'duplicate country id');
    country.set(c.id, c);
  }
  index(countryByName, f.countries, (id) => `country "${id}"`);
  for (const t of f.territories) {
    const where = `territory "${t.id}"`;
    if (territory.has(t.id) || country.has(t.id)) throw new MapError(file, where, 'duplicate id');
    territory.set(t.id, t);
    if (t.kind === 'sea') {
      if (t.owner !== undefined) throw new MapError(file, where, 'a sea zone is never owned');
    } else if (t.owner !== undefined && !country.has(t.owner)) {
      throw new MapError(file, where, `owner "${t.owner}" is not a country of this map`);
    }
    if (t.kind === 'arsenal' && t.owner === undefined) throw new MapError(file, where, 'an arsenal needs the country whose depot it is (owner)');
  }
  index(territoryByName, f.territories, (id) => `territory "${id}"`);
  index(regionByName, f.regions ?? [], (id) => `region "${id}"`);
  const adj = new Map<string, Set<string>>();
  for (const t of f.territories) adj.set(t.id, new Set());
  const straits = new Set<string>();
  const seen = new Set<string>();
  for (const e of f.edges) {
    const [a, b] = e;
    for (const x of [a, b]) if (!territory.has(x)) throw new MapError(file, `edge ${a}–${b}`, `territory "${x}" does not exist`);
    if (a === b) throw new MapError(file, `territory "${a}"`, 'an edge joins the territory to itself');
    const k = edgeKey(a, b);
    if (seen.has(k)) throw new MapError(file, `edge ${a}–${b}`, 'duplicate edge');
    seen.add(k);
    adj.get(a)!.add(b);
    adj.get(b)!.add(a);
    if (e[2] === 'strait') {
      const ka = territory.get(a)!.kind, kb = territory.get(b)!.kind;
      if (!isLandKind(ka) || !isLandKind(kb)) throw new MapError(file, `edge ${a}–${b}`, 'a strait joins two land territories');
      straits.add(k);
    }
  }
  const capitalOf = new Map<string, string>();
  const arsenalOf = new Map<string, string>();
  for (const c of f.countries) {
    if (c.playable === false) continue;
    const caps = f.territories.filter((t) => t.kind === 'capital' && t.owner === c.id);
    if (caps.length !== 1) throw new MapError(file, `country "${c.id}"`, `a playable country needs exactly one capital (found ${caps.length})`);
    const ars = f.territories.filter((t) => t.kind === 'arsenal' && t.owner === c.id);
    if (ars.length !== 1) throw new MapError(file, `country "${c.id}"`, `a playable country needs exactly one arsenal (found ${ars.length})`);
    if (!adj.get(ars[0]!.id)!.has(caps[0]!.id)) {
      throw new MapError(file, `territory "${ars[0]!.id}"`, `the arsenal of ${c.id} must be adjacent to its capital "${caps[0]!.id}"`);
    }
    capitalOf.set(c.id, caps[0]!.id);
    arsenalOf.set(c.id, ars[0]!.id);
  }
  for (const t of f.territories) {
    if (t.kind === 'arsenal') {
      for (const n of adj.get(t.id)!) {
        const k = territory.get(n)!.kind;
        if (k === 'sea' || k === 'arsenal') throw new MapError(file, `territory "${t.id}"`, `an arsenal borders only land (it touches "${n}")`);
      }
    }
  }
  const landIds = f.territories.filter((t) => isLandKind(t.kind)).map((t) => t.id);
  const seaIds = f.territories.filter((t) => t.kind === 'sea').map((t) => t.id);
  // Every land territory reachable from every other through land, strait and sea edges (arsenals are depots, not paths).
  if (landIds.length > 0) {
    const reach = new Set<string>([landIds[0]!]);
    const queue = [landIds[0]!];
    while (queue.length) {
      const cur = queue.pop()!;
      for (const n of adj.get(cur)!) {
        if (reach.has(n) || territory.get(n)!.kind === 'arsenal') continue;
        reach.add(n);
        queue.push(n);
      }
    }
    const lost = landIds.find((id) => !reach.has(id));
    if (lost) throw new MapError(file, `territory "${lost}"`, `cannot be reached from "${landIds[0]}" by land, strait or sea`);
  }
  return {
    file: f, id: f.id, countries: f.countries, territories: f.territories, regions: f.regions ?? [],
    country, territory, adj, straits, capitalOf, arsenalOf, countryByName, territoryByName, regionByName, landIds, seaIds,
  };
}
