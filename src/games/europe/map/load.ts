import { readFileSync } from 'node:fs';
import { buildMap, MapError, type GameMap } from './gamemap.ts';

export function loadMapFile(path: string): GameMap {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new MapError(path, 'file', `cannot be read (${(e as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new MapError(path, 'file', `is not valid JSON (${(e as Error).message})`);
  }
  return buildMap(raw, path);
}
