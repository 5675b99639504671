import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import { allied, pactActive, warBetween } from './relations.ts';
import { land, sea } from './state.ts';
import { cn, L, list, tn } from './text.ts';
import type { CountryId, ErrorCode, GameState, TerrId } from './types.ts';

export type Check = { ok: true } | { ok: false; code: ErrorCode; message: string };
const no = (code: ErrorCode, message: string): Check => ({ ok: false, code, message });
const yes: Check = { ok: true };

/** Armies `c` has at `id` now (land garrison it owns, its arsenal, its sea stack). */
export function armiesAt(s: GameState, map: GameMap, c: CountryId, id: TerrId): number {
  const def = map.territory.get(id)!;
  if (def.kind === 'arsenal') return def.owner === c ? (s.arsenals[c] ?? 0) : 0;
  if (def.kind === 'sea') return sea(s, id)!.stacks[c] ?? 0;
  const t = land(s, id)!;
  return t.owner === c ? t.armies : 0;
}

/** Armies that step 2 will add at `id` for `c` this turn (purchases into the arsenal, mobilization placements). */
export function pendingDeploy(s: GameState, map: GameMap, c: CountryId, id: TerrId): number {
  const cs = s.countries[c]!;
  let n = 0;
  if (map.arsenalOf.get(c) === id) n += cs.buying;
  for (const p of cs.placing) if (p.territory === id) n += p.n;
  return n;
}

/** The country whose armies an order from `from` moves: the territory's owner, or the speaker's own sea stack. */
export function actorOf(s: GameState, map: GameMap, speaker: CountryId | null, from: TerrId): CountryId | null {
  const def = map.territory.get(from)!;
  if (def.kind === 'arsenal') return def.owner ?? null;
  if (def.kind === 'sea') {
    const stacks = sea(s, from)!.stacks;
    if (speaker && (stacks[speaker] ?? 0) > 0) return speaker;
    if (speaker) {
      const puppet = Object.keys(stacks).sort().find((p) => s.countries[p]?.overlord === speaker && stacks[p]! > 0);
      if (puppet) return puppet;
    }
    return speaker;
  }
  return land(s, from)!.owner;
}

function neighbours(map: GameMap, from: TerrId, lg: 'zh' | 'en'): string {
  return list([...map.adj.get(from)!].filter((n) => map.territory.get(n)!.kind !== 'arsenal').map((n) => tn(map, n, lg)), lg);
}

/**
 * R10.1, R10.6, R5.1, R8.1: may `c` send armies from `from` to `to`? Used when the order is given and again at
 * resolution (an order that became illegal is dropped with a notice).
 */
export function checkMove(s: GameState, map: GameMap, c: CountryId, from: TerrId, to: TerrId): Check {
  const lg = s.settings.language;
  const fdef = map.territory.get(from)!;
  const tdef = map.territory.get(to)!;
  if (fdef.kind === 'arsenal') {
    if (fdef.owner !== c) return no('NOT_OWNER', L(s, `${tn(map, from, lg)}不是你的兵工厂`, `${tn(map, from, lg)} is not your arsenal`));
  } else if (fdef.kind === 'sea') {
    if ((sea(s, from)!.stacks[c] ?? 0) <= 0) return no('NOT_OWNER', L(s, `你在${tn(map, from, lg)}没有军队`, `you have no armies in ${tn(map, from, lg)}`));
  } else if (land(s, from)!.owner !== c) {
    const o = land(s, from)!.owner;
    return no('NOT_OWNER', L(s, `${tn(map, from, lg)}属于${cn(map, o, lg)}，不是你的领土`, `${tn(map, from, lg)} belongs to ${cn(map, o, lg)}, not to you`));
  }
  if (from === to || !map.adj.get(from)!.has(to)) {
    return no('NOT_ADJACENT', L(s, `${tn(map, from, lg)}与${tn(map, to, lg)}不相邻；相邻的是：${neighbours(map, from, lg)}`,
      `${tn(map, from, lg)} does not border ${tn(map, to, lg)}; its neighbours are: ${neighbours(map, from, lg)}`));
  }
  if (tdef.kind === 'arsenal') {
    return no('NOT_ALLOWED', L(s, `兵工厂不能进入（R1.3）`, `an arsenal cannot be entered (R1.3)`));
  }
  if (tdef.kind === 'sea') return yes;
  const owner = land(s, to)!.owner;
  if (fdef.kind === 'arsenal' && owner !== c) {
    return no('NOT_ALLOWED', L(s, `兵工厂的军队只能开进相邻的本国领土（R8.1）`, `armies leave an arsenal only into adjacent own territories (R8.1)`));
  }
  if (owner === c || owner === null) return yes;
  const war = warBetween(s, c, owner);
  if (war?.active) return yes;
  if (allied(s, c, owner)) return no('ALLIED', L(s, `${cn(map, owner, lg)}是你的盟国，不能进入它的领土（R10.6）`, `${cn(map, owner, lg)} is your ally: its territory cannot be entered (R10.6)`));
  if (pactActive(s, c, owner)) return no('PACT_ACTIVE', L(s, `你与${cn(map, owner, lg)}有互不侵犯协定（R10.6）`, `you have a non-aggression pact with ${cn(map, owner, lg)} (R10.6)`));
  if (war) {
    return no('WAR_NOT_ACTIVE', L(s, `对${cn(map, owner, lg)}的战争第${war.declaredTurn + 1}回合才生效，届时才能进攻（R5.1）`,
      `the war with ${cn(map, owner, lg)} becomes active in turn ${war.declaredTurn + 1}; attack then (R5.1)`));
  }
  return no('NOT_AT_WAR', L(s, `你与${cn(map, owner, lg)}不在战争中，先【宣战】${cn(map, c, lg)}向${cn(map, owner, lg)}宣战（R5.1）`,
    `you are not at war with ${cn(map, owner, lg)}; declare war first (R5.1)`));
}

/** R8.3 airlift: between any two own land territories. */
export function checkAirlift(s: GameState, map: GameMap, c: CountryId, from: TerrId, to: TerrId): Check {
  const lg = s.settings.language;
  for (const id of [from, to]) {
    const def = map.territory.get(id)!;
    if (!isLandKind(def.kind) || land(s, id)!.owner !== c) {
      return no('NOT_OWNER', L(s, `空运只能在本国领土之间进行，${tn(map, id, lg)}不是你的领土（R8.3）`, `airlifts go between own territories; ${tn(map, id, lg)} is not yours (R8.3)`));
    }
  }
  if (from === to) return no('BAD_SYNTAX', L(s, '空运的起点和终点不能相同', 'an airlift needs two different territories'));
  return yes;
}
