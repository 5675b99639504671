/**
 * The generals of the enabled packs (H; `standard` only): kingdom, half-fish, sex and companions (symmetric,
 * guozhan D22). Skills are not here yet (G0 `skills=off` plays them "vanilla").
 */
import { GENERAL_ROWS, type Kingdom } from './data/generals.ts';

export interface GeneralDef { hid: string; id: string; zh: string; kingdom: Kingdom; fish: number; sex: 'M' | 'F'; companions: string[]; locked: boolean }

export const GENERALS: Record<string, GeneralDef> = {};
for (const [hid, id, zh, kingdom, fish, sex, , locked] of GENERAL_ROWS) GENERALS[id] = { hid, id, zh, kingdom, fish, sex, companions: [], locked };
for (const [, id, , , , , comps] of GENERAL_ROWS) {
  for (const c of comps) {
    // Expansion companions (not in `standard`) are left out: they only matter with their pack.
    if (!GENERALS[c]) continue;
    if (!GENERALS[id]!.companions.includes(c)) GENERALS[id]!.companions.push(c);
    if (!GENERALS[c]!.companions.includes(id)) GENERALS[c]!.companions.push(id);
  }
}
export const GENERAL_IDS: readonly string[] = GENERAL_ROWS.map((r) => r[1]);

export const general = (id: string): GeneralDef => {
  const g = GENERALS[id];
  if (!g) throw new Error(`no general ${id}`);
  return g;
};

/** A general by its Chinese name or engine id (X6.4 `@generals`), or null. */
export function findGeneral(name: string): string | null {
  const n = name.trim();
  if (GENERALS[n]) return n;
  if (GENERALS[`hs__${n}`]) return `hs__${n}`;
  for (const g of Object.values(GENERALS)) if (g.zh === n) return g.id;
  return null;
}

export const KINGDOM_ZH: Record<Kingdom, string> = { wei: '魏', shu: '蜀', wu: '吴', qun: '群' };
export const companions = (a: string, b: string) => general(a).companions.includes(b);
