/**
 * What a bot reads off the board each time it decides: who owns what, strengths, who may strike where this turn
 * (only countries at an active war, R5.1), how many armies each own territory needs to hold (R10.5: d holds
 * against a ≤ 1.5·d), and what a territory is worth (R2.2 income, R2.3 capture bonus).
 */
import type { GameMap } from '../../europe/map/index.ts';
import { need as needToWin } from '../../europe/combat.ts';
import { stackCap, warBetween, type CountryId, type GameState, type LandState, type SeaState, type TerrId } from '../engine/index.ts';
import { geoOf, type Geo } from './geo.ts';
import type { StyleParams } from './style.ts';

export class Board {
  readonly geo: Geo;
  readonly owned = new Map<CountryId, TerrId[]>();
  /** Income payments still to come from the end of this turn to the end of the game (R2.2, R11). */
  readonly left: number;
  private readonly strengthCache = new Map<CountryId, number>();
  private readonly needCache = new Map<TerrId, number>();

  constructor(readonly s: GameState, readonly map: GameMap, readonly me: CountryId, readonly st: StyleParams) {
    this.geo = geoOf(map);
    for (const id of map.landIds) {
      const o = (s.territories[id] as LandState).owner;
      if (o === null) continue;
      let a = this.owned.get(o);
      if (!a) this.owned.set(o, (a = []));
      a.push(id);
    }
    this.left = Math.max(0, s.settings.turnLimit - s.turn + 1);
  }

  land(id: TerrId): LandState { return this.s.territories[id] as LandState; }
  owner(id: TerrId): CountryId | null { return (this.s.territories[id] as LandState).owner; }
  armies(id: TerrId): number { return (this.s.territories[id] as LandState).armies; }
  stacks(z: TerrId): Record<CountryId, number> { return (this.s.territories[z] as SeaState).stacks; }
  own(c: CountryId = this.me): TerrId[] { return this.owned.get(c) ?? []; }
  kind(id: TerrId) { return this.geo.kind.get(id)!; }
  cap(id: TerrId, c: CountryId = this.me): number { return stackCap(this.s, this.map, id, c); }
  alive(c: CountryId): boolean { return !!this.s.countries[c]?.alive; }
  score(c: CountryId = this.me): number { return this.s.countries[c]!.score; }
  get capital(): TerrId | undefined { return this.map.capitalOf.get(this.me); }
  get arsenal(): TerrId | undefined { return this.map.arsenalOf.get(this.me); }
  need(d: number): number { return needToWin(d, this.s.settings.defenseFactor); }

  private readonly warCache = new Map<CountryId, 0 | 1 | 2>();
  /** 2: at war with c through an active war; 1: a war declared that is not active yet (R5.1); 0: no war. */
  private war(c: CountryId): 0 | 1 | 2 {
    let w = this.warCache.get(c);
    if (w === undefined) {
      const x = c === this.me ? undefined : warBetween(this.s, this.me, c);
      w = !x ? 0 : x.active ? 2 : 1;
      this.warCache.set(c, w);
    }
    return w;
  }
  /** At war with c through a war already active (its armies may strike this turn). */
  hostileNow(c: CountryId | null): boolean {
    return c !== null && this.war(c) === 2;
  }
  /** At war with c through a war declared this turn or earlier that is not active yet (R5.1). */
  hostileSoon(c: CountryId | null): boolean {
    return c !== null && this.war(c) === 1;
  }

  /** Every army of c: land, sea stacks and its arsenal. */
  strength(c: CountryId): number {
    const hit = this.strengthCache.get(c);
    if (hit !== undefined) return hit;
    let n = this.s.arsenals[c] ?? 0;
    for (const id of this.own(c)) n += this.armies(id);
    for (const z of this.geo.seaIds) n += this.stacks(z)[c] ?? 0;
    this.strengthCache.set(c, n);
    return n;
  }

  /** Alive countries with land next to c's land. */
  neighbours(c: CountryId = this.me): CountryId[] {
    const out = new Set<CountryId>();
    for (const id of this.own(c)) {
      for (const n of this.geo.landAdj.get(id)!) {
        const o = this.owner(n);
        if (o !== null && o !== c && this.alive(o)) out.add(o);
      }
    }
    return [...out].sort();
  }

  /** Armies of countries matching `who` that could strike `t` this turn: from next-door land and sea stacks. */
  pressure(t: TerrId, who: (c: CountryId) => boolean): number {
    let n = 0;
    for (const x of this.geo.landAdj.get(t)!) {
      const o = this.owner(x);
      if (o !== null && o !== this.me && who(o)) n += this.armies(x);
    }
    for (const z of this.geo.seaAdj.get(t)!) {
      const st = this.stacks(z);
      for (const c in st) if (c !== this.me && who(c)) n += st[c]!;
    }
    return n;
  }

  /**
   * Armies `t` should keep to hold this turn: the expected strike by countries at an active war (a share of what is
   * next door, all of it at the capital), divided by the defence factor (R10.5), plus a share of what countries
   * whose war starts next turn have there.
   */
  holdNeed(t: TerrId): number {
    const hit = this.needCache.get(t);
    if (hit !== undefined) return hit;
    let now = 0, soon = 0;
    for (const x of this.geo.landAdj.get(t)!) {
      const o = this.owner(x);
      if (o === null || o === this.me) continue;
      const w = this.war(o);
      if (w === 2) now += this.armies(x);
      else if (w === 1) soon += this.armies(x);
    }
    for (const z of this.geo.seaAdj.get(t)!) {
      const st = this.stacks(z);
      for (const c in st) {
        if (c === this.me) continue;
        const w = this.war(c);
        if (w === 2) now += st[c]!;
        else if (w === 1) soon += st[c]!;
      }
    }
    const f = t === this.capital ? this.st.capitalThreat : this.st.threat;
    // Never more than the stacking cap and a little (R7: the penalty doubles with every ten armies over).
    const n = now + soon === 0 ? 0 : Math.min(this.cap(t) + 10, Math.ceil((now * f + soon * this.st.soon) / this.s.settings.defenseFactor));
    this.needCache.set(t, n);
    return n;
  }

  /**
   * Points a territory is worth to whoever takes it now: its income to the end (R2.2: a territory 1, a city 2),
   * the capture bonus (R2.3), and for a country's land what its owner loses too.
   */
  value(t: TerrId): number {
    const k = this.kind(t);
    const o = this.owner(t);
    const s = this.s.settings;
    let v = k === 'city' ? s.cityBonus + 2 * this.left : k === 'capital' ? s.capitalBonus + this.left : this.left;
    if (o !== null) v += k === 'city' ? this.left + s.cityLoss : 0.5 * this.left;
    // R5.5: a fallen capital is a surrendered country (a puppet paying tribute, or annexed).
    if (k === 'capital' && o !== null) v += 60 + 5 * this.left;
    return v;
  }

  /** Land the territories next to an own territory may go to that are not own: the bot's front. */
  isFront(t: TerrId): boolean {
    for (const x of this.geo.landAdj.get(t)!) if (this.owner(x) !== this.me) return true;
    return false;
  }
}
