import type { GameMap } from '../../europe/map/index.ts';
import { idKey, mapExamples, normalizeName, type Examples } from '../../europe/map/index.ts';
import { toSimplified } from './convert.ts';

export type { Examples };

export type EntityKind = 'country' | 'territory' | 'region';
export interface Entity { kind: EntityKind; id: string }

interface TrieNode { next: Map<string, TrieNode>; ent?: Entity }

/** A name for suggestions; ids are matched exactly but never suggested (a typo of "Mars" is not "a_ars"). */
interface NameEntry { key: string; ent: Entity; latin: boolean; isId: boolean }

/** Per-map lookup structures, built once per GameMap (WeakMap below). */
export interface Lexicon {
  map: GameMap;
  /** Ids as written (idKey, and its Simplified form) → entity: tried first. */
  byId: Map<string, Entity>;
  /** Names and aliases without punctuation (normalizeName), then ids the same way where no name is that → entity. */
  byKey: Map<string, Entity>;
  trie: TrieNode;
  entries: NameEntry[];
  ex: { zh: Examples; en: Examples };
}

/**
 * Punctuation a typed name may carry that the map's name does not ("St.Ives" for "St Ives"): skipped inside a
 * name when the trie has no such character. A space before a digit is never skipped: it ends the name, so
 * `a_land 1` is a_land and 1 even where a name Aland1 exists (issue 11 item 25); names with spaces are in the
 * trie with their spaces.
 */
const SKIP = new Set(['·', '・', '.', "'", '’', '_', '-']);
const PUNCT_RUN = /[·・.'’_-]+/g;

const cache = new WeakMap<GameMap, Lexicon>();

export const isLatin = (s: string): boolean => /^[\x00-\x7f]*$/.test(s);

export function lexicon(map: GameMap): Lexicon {
  let lex = cache.get(map);
  if (!lex) {
    lex = build(map);
    cache.set(map, lex);
  }
  return lex;
}

/**
 * The forms of a name the trie knows, as typed after case and width folding: with its punctuation, without it,
 * with spaces for it, and with nothing between the words (St. Ives: st. ives, st ives, stives).
 */
function typedForms(name: string): string[] {
  const folded = name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  const forms = new Set([folded, folded.replace(PUNCT_RUN, '').replace(/ +/g, ' ').trim(), folded.replace(PUNCT_RUN, ' ').replace(/ +/g, ' ').trim(), normalizeName(folded)]);
  forms.delete('');
  return [...forms];
}

function build(map: GameMap): Lexicon {
  const byId = new Map<string, Entity>();
  const byKey = new Map<string, Entity>();
  const trie: TrieNode = { next: new Map() };
  const entries: NameEntry[] = [];
  const insert = (key: string, ent: Entity) => {
    let node = trie;
    for (let i = 0; i < key.length; i++) {
      const c = key[i]!;
      let nx = node.next.get(c);
      if (!nx) {
        nx = { next: new Map() };
        node.next.set(c, nx);
      }
      node = nx;
    }
    node.ent ??= ent; // an id as written, then the map's own names, win over converted and loose variants
  };
  type Def = { id: string; name: { zh: string; en: string }; aliases?: string[] | undefined };
  const defs: [Def, EntityKind][] = [
    ...map.countries.map((c): [Def, EntityKind] => [c, 'country']),
    ...map.territories.map((t): [Def, EntityKind] => [t, 'territory']),
    ...map.regions.map((r): [Def, EntityKind] => [r, 'region']),
  ];
  const ents = defs.map(([def, kind]) => ({ kind, id: def.id }));
  defs.forEach(([def], i) => {
    for (const variant of [def.id, toSimplified(def.id)]) {
      const key = idKey(variant);
      if (!key || byId.has(key)) continue;
      byId.set(key, ents[i]!);
      entries.push({ key, ent: ents[i]!, latin: isLatin(key), isId: true });
      insert(key, ents[i]!);
    }
  });
  const addName = (name: string, ent: Entity, isId: boolean) => {
    for (const variant of [name, toSimplified(name)]) {
      const key = normalizeName(variant);
      if (!key || byKey.has(key)) continue; // the map's own names win over a converted variant
      byKey.set(key, ent);
      entries.push({ key, ent, latin: isLatin(key), isId });
      for (const form of typedForms(variant)) insert(form, ent);
    }
  };
  defs.forEach(([def], i) => {
    for (const n of [def.name.zh, def.name.en, ...(def.aliases ?? [])]) addName(n, ents[i]!, false);
  });
  // An id typed without its punctuation (stpetersburg) still names it, unless that is some name.
  defs.forEach(([def], i) => addName(def.id, ents[i]!, true));
  return { map, byId, byKey, trie, entries, ex: { zh: mapExamples(map, 'zh'), en: mapExamples(map, 'en') } };
}

const isDigitAt = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/**
 * Every known name that starts at s[p], shortest first (so the caller tries them longest-first from the end).
 * Matched on the characters as typed (case-insensitive); punctuation the name lacks is skipped, and a space
 * only where no digit follows it.
 */
export function matchNames(lex: Lexicon, s: string, p: number): { end: number; ent: Entity }[] {
  const out: { end: number; ent: Entity }[] = [];
  let node = lex.trie;
  for (let k = p; k < s.length; k++) {
    const c = s[k]!;
    const nx = node.next.get(c.toLowerCase());
    if (!nx) {
      // A stray space inside a name (甲 乡) is passed over, but never one before a digit: that space ends the name.
      if (k > p && (SKIP.has(c) || (c === ' ' && !isDigitAt(s, k + 1)))) continue;
      break;
    }
    node = nx;
    if (node.ent) out.push({ end: k + 1, ent: node.ent });
  }
  return out;
}

/** An id as written (idKey), else a name (normalizeName), folding case and width once: this runs for every name typed. */
function lookupFolded(lex: Lexicon, name: string): Entity | undefined {
  const folded = name.normalize('NFKC').toLowerCase();
  return lex.byId.get(folded.trim()) ?? lex.byKey.get(normalizeName(folded));
}

/** The entity a whole slot of text names, if any: an id as written, else a name folded (Traditional read as Simplified). */
export function entityOf(lex: Lexicon, name: string): Entity | undefined {
  if (name.length > 100) return undefined; // no map name is that long; spares converting a huge slot
  const hit = lookupFolded(lex, name);
  if (hit) return hit;
  const simple = toSimplified(name);
  return simple === name ? undefined : lookupFolded(lex, simple);
}

export function displayName(map: GameMap, ent: Entity, lang: 'zh' | 'en'): string {
  const def = ent.kind === 'country' ? map.country.get(ent.id) : ent.kind === 'territory' ? map.territory.get(ent.id) : map.regions.find((r) => r.id === ent.id);
  return def ? def.name[lang] : ent.id;
}

/** Edit distance with adjacent transpositions (optimal string alignment), giving up past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const w = b.length + 1;
  let pp = new Array<number>(w).fill(0);
  let prev = new Array<number>(w);
  let cur = new Array<number>(w);
  for (let j = 0; j < w; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j < w; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, pp[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [pp, prev, cur] = [prev, cur, pp];
  }
  return prev[b.length]!;
}

export interface Suggestion { id: string; kind: EntityKind; name: string }

/**
 * "Did you mean": the closest names of the map (edit distance within the same script, plus containment),
 * best first, at most `limit`. Labels are in the script the player typed (Chinese or English name).
 */
export function suggest(name: string, map: GameMap, opts: { kind?: EntityKind; limit?: number } = {}): Suggestion[] {
  const lex = lexicon(map);
  if (String(name).length > 100) return [];
  const q = normalizeName(toSimplified(String(name)));
  if (!q || q.length > 40) return [];
  const latin = isLatin(q);
  const maxD = latin ? Math.max(1, Math.floor(q.length / 3)) : Math.max(1, Math.floor(q.length / 2));
  const best = new Map<string, { ent: Entity; score: number }>();
  for (const e of lex.entries) {
    if (e.latin !== latin || e.isId) continue;
    if (opts.kind && e.ent.kind !== opts.kind) continue;
    let score = Infinity;
    const d = distance(q, e.key, maxD);
    // Ties go to the name of the same length (a changed character rather than an added one).
    if (d <= maxD) score = d + (q.length === e.key.length ? 0 : 0.25);
    const shorter = Math.min(q.length, e.key.length);
    if (shorter >= (latin ? 3 : 2) && (e.key.includes(q) || q.includes(e.key))) score = Math.min(score, 0.5 + Math.abs(q.length - e.key.length) / 100);
    if (score === Infinity || score === 0) continue;
    const k = `${e.ent.kind}:${e.ent.id}`;
    const prev = best.get(k);
    if (!prev || score < prev.score) best.set(k, { ent: e.ent, score });
  }
  const lang = latin ? 'en' : 'zh';
  return [...best.values()]
    .sort((a, b) => a.score - b.score)
    .slice(0, opts.limit ?? 3)
    .map(({ ent }) => ({ id: ent.id, kind: ent.kind, name: displayName(map, ent, lang) }));
}
