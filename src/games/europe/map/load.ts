import { readFileSync } from 'node:fs';
import { buildMap, MapError, type GameMap } from './gamemap.ts';

/**
 * Maps already built, by path, with the text they were built from. A map is never changed once built, so every
 * game on the same file shares one object — and with it everything computed per map (the parser's lexicon,
 * the duel's graph), which each of ten games on the Europe map otherwise built again on its first command.
 */
const built = new Map<string, { text: string; map: GameMap }>();

export function loadMapFile(path: string): GameMap {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new MapError(path, 'file', `cannot be read (${(e as Error).message})`);
  }
  const hit = built.get(path);
  if (hit && hit.text === text) return hit.map;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new MapError(path, 'file', `is not valid JSON (${(e as Error).message})`);
  }
  const map = buildMap(raw, path);
  built.set(path, { text, map });
  return map;
}
