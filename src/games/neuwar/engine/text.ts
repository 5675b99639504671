import type { GameMap } from '../../europe/map/index.ts';
import type { CountryId, ErrorCode, GameState, Outcome, TerrId, GameEvent } from './types.ts';

export type Lang = 'zh' | 'en';

export const lang = (s: GameState): Lang => s.settings.language;

/** One sentence in the game's language. */
export const L = (s: GameState | Lang, zh: string, en: string): string => ((typeof s === 'string' ? s : s.settings.language) === 'en' ? en : zh);

export function cn(map: GameMap, id: CountryId | null, lg: Lang): string {
  if (id === null) return lg === 'en' ? 'neutral' : '中立';
  const c = map.country.get(id);
  return c ? c.name[lg] : id;
}

export function tn(map: GameMap, id: TerrId, lg: Lang): string {
  const t = map.territory.get(id);
  return t ? t.name[lg] : id;
}

export function list(items: string[], lg: Lang): string {
  return items.join(lg === 'en' ? ', ' : '、');
}

export function fail(code: ErrorCode, message: string): Outcome {
  return { ok: false, code, message };
}

export function ok(message: string, events: GameEvent[] = [], priv = false): Outcome {
  return { ok: true, events, message, private: priv };
}
