/**
 * Autocomplete of the duel's slash options from the channel's map (duel.md D10.2): territories and sea zones of the
 * duel's graph (arsenals are no part of a duel) by Chinese or English name, id or alias, Traditional read as
 * Simplified; the asker's own places first. An option that lists several places (`/stand territories`, `/route
 * points`) completes its last piece and keeps what was typed before it.
 */
import { normalizeName } from '../../europe/map/index.ts';
import { toSimplified } from '../../neuwar/parse/index.ts';
import type { Choice } from '../../../platform/slash/index.ts';
import type { DuelRules } from '../module.ts';
import type { DuelState } from '../engine.ts';
import type { Side } from '../resolve.ts';

/** What an autocompleted duel option names. */
export type DuelCompletion = 'territory' | 'territories' | 'points' | 'region' | 'rally' | 'cancel';

interface Entry { id: string; zh: string; label: string; keys: string[] }

const lists = new WeakMap<DuelRules, { places: Entry[]; regions: Entry[] }>();

function entries(rules: DuelRules): { places: Entry[]; regions: Entry[] } {
  let e = lists.get(rules);
  if (e) return e;
  const keys = (names: (string | undefined)[]) => [...new Set(names.filter((n): n is string => !!n).map((n) => normalizeName(toSimplified(n))))];
  const label = (zh: string, en: string, aliases?: string[]) => `${zh} ${en}${aliases?.length ? ` (${aliases.slice(0, 3).join(', ')})` : ''}`.slice(0, 100);
  e = {
    places: rules.map.territories.filter((t) => rules.g.kind.has(t.id)).map((t) => ({ id: t.id, zh: t.name.zh, label: label(t.name.zh, t.name.en, t.aliases), keys: keys([t.name.zh, t.name.en, t.id, ...(t.aliases ?? [])]) })),
    regions: rules.map.regions.map((r) => ({ id: r.id, zh: r.name.zh, label: label(r.name.zh, r.name.en, r.aliases), keys: keys([r.name.zh, r.name.en, r.id, ...(r.aliases ?? [])]) })),
  };
  lists.set(rules, e);
  return e;
}

/** Matches of `typed` (exact, prefix, then containment), the preferred first, at most `max`. */
function rank(list: Entry[], typed: string, prefer: (id: string) => boolean, max: number): Entry[] {
  const q = normalizeName(toSimplified(typed));
  const scored: { e: Entry; s: number; i: number }[] = [];
  list.forEach((e, i) => {
    let s = q ? Infinity : 3;
    for (const k of q ? e.keys : []) {
      if (k === q) s = Math.min(s, 0);
      else if (k.startsWith(q)) s = Math.min(s, 1);
      else if (k.includes(q)) s = Math.min(s, 2);
    }
    if (s === Infinity) return;
    if (prefer(e.id)) s -= 0.5;
    scored.push({ e, s, i });
  });
  scored.sort((a, b) => a.s - b.s || a.i - b.i);
  return scored.slice(0, max).map((x) => x.e);
}

/** The side's own places: its territories and the sea zones where it has a stack. */
function ownBy(s: DuelState | null, side: Side | null): (id: string) => boolean {
  if (!s || !side) return () => false;
  return (id) => s.owner[id] === side || (s.stacks[id]?.[side] ?? 0) > 0;
}

/** The last piece of a list option and what comes before it (kept as typed, with its separator). */
function lastPiece(typed: string): { before: string; last: string } {
  const m = /^(.*(?:→|->|=>|＞|>|、|，|,|;|；)\s*)([^→>、，,;；]*)$/.exec(typed);
  return m ? { before: m[1]!, last: m[2]! } : { before: '', last: typed };
}

/** Choices for one focused duel option (Discord shows at most 25; names and values at most 100 characters). */
export function completeDuel(rules: DuelRules, kind: DuelCompletion, typed: string, s: DuelState | null, side: Side | null): Choice[] {
  const { places, regions } = entries(rules);
  const mine = ownBy(s, side);
  const t = typed ?? '';
  switch (kind) {
    case 'region': return rank(regions, t, () => false, 25).map((e) => ({ name: e.label, value: e.id }));
    case 'territory': return rank(places, t, mine, 25).map((e) => ({ name: e.label, value: e.id }));
    case 'rally': {
      const clear = { name: '取消集结点 clear', value: 'clear' };
      const found = rank(places, t, mine, 24).map((e) => ({ name: e.label, value: e.id }));
      return !t.trim() || /^(c|cl|cle|clea|clear|取|取消)$/i.test(t.trim()) ? [clear, ...found].slice(0, 25) : found;
    }
    case 'territories': case 'points': {
      const { before, last } = lastPiece(t);
      return rank(places, last, mine, 25)
        .map((e) => `${before}${e.zh}`)
        .filter((v) => v.length <= 100)
        .map((v) => ({ name: v, value: v }));
    }
    case 'cancel': {
      // Everything, every route, each of the side's routes by #id, then the places with an order.
      const fixed: Choice[] = [{ name: '全部命令 all', value: 'all' }, { name: '所有路线 routes', value: 'routes' }];
      const name = (id: string) => rules.map.territory.get(id)?.name.zh ?? id;
      const routes: Choice[] = s && side ? s.routes.filter((r) => r.side === side).map((r) => ({ name: `#${r.id} ${r.path.map(name).join('→')}`.slice(0, 100), value: `#${r.id}` })) : [];
      const ordered = new Set(s && side ? Object.keys(s.orders[side]) : []);
      const q = normalizeName(toSimplified(t));
      const pick = (c: Choice) => !q || normalizeName(toSimplified(c.name)).includes(q) || c.value.toLowerCase().startsWith(q);
      const head = [...fixed, ...routes].filter(pick);
      const placesFound = rank(places, t, (id) => ordered.has(id) || mine(id), 25).map((e) => ({ name: e.label, value: e.id }));
      return [...head, ...placesFound].slice(0, 25);
    }
  }
}
