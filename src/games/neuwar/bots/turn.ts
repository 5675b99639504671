/**
 * A bot's whole turn: the R5.5 choices and demands, declarations of war (R5.1), its one request (R4.1: peace when
 * a war no longer pays or is being lost, pacts with strong neighbours, a bankrupt's pledge), purchases by payback
 * (R8), mobilization when the capital is threatened (R9), army orders (R10), and 【完成】. Every line is checked
 * by the real parser and engine on a scratch copy (scratch.ts) before it is kept.
 */
import type { GameMap } from '../../europe/map/index.ts';
import { makeRng, type Rng } from '../../europe/rng.ts';
import {
  blockaders, checkDeclare, incomeTable, pactActive, pendingDeploy, techCost,
  type Command, type CountryId, type GameState, type Item, type TechId, type TerrId,
} from '../engine/index.ts';
import { Board } from './board.ts';
import { planMilitary, type MilitaryPlan } from './military.ts';
import { Scratch } from './scratch.ts';
import { STYLES, type StyleParams } from './style.ts';
import type { BotStyle } from './types.ts';

export interface TurnOptions { style: BotStyle; seed: number; mode?: 'full' | 'defend' }

/** The seeded generator of one country's decisions in one turn: (seed, turn, country) and nothing else. */
export function botRng(seed: number, turn: number, country: CountryId, salt = 0): Rng {
  let h = 0x811c9dc5 ^ salt;
  const text = `${seed}|${turn}|${country}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return makeRng(h >>> 0);
}

export function planTurn(state: GameState, map: GameMap, me: CountryId, opts: TurnOptions): { lines: string[]; dropped: Scratch['dropped']; plan: MilitaryPlan | null } {
  const cs = state.countries[me];
  if (!cs?.alive || state.status !== 'running') return { lines: [], dropped: [], plan: null };
  const st = STYLES[opts.style] ?? STYLES.balanced;
  const full = opts.mode !== 'defend';
  const rng = botRng(opts.seed, state.turn, me);
  const sc = new Scratch(state, map, me);
  if ((state.orders[me]?.length ?? 0) > 0) sc.try({ kind: 'cancel' });
  if (full) {
    fallChoices(sc, map, me, st);
    demands(sc, map, me);
    independence(sc, map, me, st);
    declarations(sc, map, me, st, rng);
    request(sc, map, me, st);
  }
  economy(sc, map, me, st, full);
  const b = new Board(sc.state, map, me, st);
  const plan = planMilitary(b, rng, full);
  // One message holds at most 100 commands and 4,000 characters (maxCommandsPerMessage, MESSAGE_TOO_LONG): the
  // caller may send the turn as one message. Moves come in order of importance (hold, attack, sea, then flows).
  let chars = sc.lines.reduce((a, l) => a + l.length + 1, 0);
  for (const m of plan.moves) {
    if (sc.lines.length >= Math.min(90, state.settings.maxCommandsPerMessage - 1) || chars > 3800) break;
    if (sc.try({ kind: 'move', from: m.from, to: m.to, count: { kind: 'n', n: m.n } })) chars += sc.lines[sc.lines.length - 1]!.length + 1;
  }
  // 【完成】 is always accepted while the country is in a running game; the scratch copy does not resolve it.
  return { lines: [...sc.lines, '【完成】'], dropped: sc.dropped, plan };
}

// ---------------------------------------------------------------------------------------------- R5.5, R6.4

/** Income a country's land brings a turn (R2.2: territories ×1, cities ×1 more). */
function landIncome(b: Board, c: CountryId): number {
  let n = 0;
  for (const t of b.own(c)) n += b.kind(t) === 'city' ? 2 : 1;
  return n;
}

/**
 * R5.5 after taking a capital: annex (pay annexCost, take every territory of the loser) when its land is worth more
 * to the end of the game than the tribute of a puppet (70% of its income) and the three territories one may demand.
 */
function fallChoices(sc: Scratch, map: GameMap, me: CountryId, st: StyleParams): void {
  for (const f of [...sc.state.capitalFalls]) {
    if (f.capturer !== me || !sc.state.countries[f.loser]?.alive) continue;
    const b = new Board(sc.state, map, me, st);
    const set = sc.state.settings;
    const theirs = landIncome(b, f.loser);
    const cap = map.capitalOf.get(f.loser);
    const capIncome = cap && b.owner(cap) === me ? 1 : 0;
    const annex = (theirs + capIncome) * b.left - set.annexCost;
    const best3 = b.own(f.loser).filter((t) => b.kind(t) !== 'capital').map((t) => (b.kind(t) === 'city' ? 2 : 1)).sort((x, y) => y - x).slice(0, set.puppetDemand).reduce((a, x) => a + x, 0);
    const puppet = Math.floor(set.tribute * (theirs + capIncome - best3)) * b.left + best3 * b.left;
    if (annex > puppet && b.score() - set.annexCost >= st.reserve + 10 && sc.try({ kind: 'annex', from: me, to: f.loser })) continue;
    sc.try({ kind: 'puppet', from: me, to: f.loser });
  }
}

/** R5.5: an overlord takes up to puppetDemand non-capital territories of its puppet, cities first, at once. */
function demands(sc: Scratch, map: GameMap, me: CountryId): void {
  const s = sc.state;
  for (const p of Object.keys(s.countries).sort()) {
    const pc = s.countries[p]!;
    if (!pc.alive || pc.overlord !== me) continue;
    const left = s.settings.puppetDemand - (s.countries[me]!.demanded[p] ?? 0);
    if (left <= 0) continue;
    const b = new Board(s, map, me, STYLES.balanced);
    const mine = new Set(b.own());
    const pick = b.own(p).filter((t) => b.kind(t) !== 'capital')
      .map((t) => ({ t, v: (b.kind(t) === 'city' ? 10 : 1) + (b.geo.landAdj.get(t)!.some((n) => mine.has(n)) ? 5 : 0) + b.armies(t) / 100 }))
      .sort((x, y) => y.v - x.v || (x.t < y.t ? -1 : 1)).slice(0, left).map((x) => x.t);
    if (pick.length) sc.try({ kind: 'demand', from: me, to: p, territories: pick });
  }
}

/** R6.4: a puppet buys its independence when the tribute it would pay to the end is worth more than the price. */
function independence(sc: Scratch, map: GameMap, me: CountryId, st: StyleParams): void {
  const s = sc.state;
  const lord = s.countries[me]!.overlord;
  if (!lord) return;
  const b = new Board(s, map, me, st);
  const tribute = Math.floor(s.settings.tribute * (landIncome(b, me) + s.countries[me]!.industry));
  if (tribute * b.left > s.settings.independenceCost * 1.3 && b.score() - s.settings.independenceCost >= st.reserve + 10) {
    sc.try({ kind: 'independence', from: me, to: lord });
  }
}

// ---------------------------------------------------------------------------------------------- R5.1

/** Own-border armies against a neighbour's: what each side has on the land where they touch. */
function borderArmies(b: Board, c: CountryId): { mine: number; theirs: number; takeable: number } {
  let mine = 0, theirs = 0, takeable = 0;
  const seenMine = new Set<TerrId>();
  for (const t of b.own(c)) {
    let near = 0;
    for (const n of b.geo.landAdj.get(t)!) {
      if (b.owner(n) !== b.me) continue;
      near += b.armies(n);
      if (!seenMine.has(n)) { seenMine.add(n); mine += b.armies(n); }
    }
    if (near > 0) {
      theirs += b.armies(t);
      if (near >= b.need(b.armies(t)) * 1.3) takeable++;
    }
  }
  return { mine, theirs, takeable };
}

/**
 * R5.1: declare war on the weakest neighbour when it can be beaten — this style's ratio of armies overall, and
 * border territories of it that the armies next door could take (R10.5). Never on a puppet's overlord or one's own.
 */
function declarations(sc: Scratch, map: GameMap, me: CountryId, st: StyleParams, rng: Rng): void {
  const s = sc.state;
  if (st.maxWars <= 0 || s.turn < st.firstWarTurn || s.countries[me]!.overlord) return;
  const b = new Board(s, map, me, st);
  if (b.left < 7) return;
  const wars = s.wars.filter((w) => w.attacker === me).length;
  if (wars >= st.maxWars) return;
  if (b.score() < s.settings.warCost + st.reserve + 15) return;
  const cap = b.capital;
  if (cap && b.owner(cap) === me && b.holdNeed(cap) > b.armies(cap)) return;
  const myStrength = b.strength(me);
  const cands = b.neighbours().filter((c) => s.countries[c]!.overlord !== me && checkDeclare(s, map, me, c) === null);
  if (cands.length === 0) return;
  // The weakest neighbour is the one whose border gives most for least: what its territories next to own land
  // are worth (R2.2, R2.3) less the armies lost taking them (R10.5), counting only those the armies next door take.
  const tie = new Map(cands.map((c) => [c, rng.next()]));
  // The price of a war: its declaration, and the upkeep (R5.2) from its fourth active turn for as long as the
  // defender does not make peace — half of what it would be to the end of the game, as a guess.
  const price = s.settings.warCost + st.warGain + 0.5 * s.settings.warUpkeep * Math.max(0, b.left - s.settings.upkeepFromActiveTurn - 1);
  const rated = cands.map((c) => ({ c, ba: borderArmies(b, c), gain: warGain(b, c) }))
    .filter((x) => x.gain > price && myStrength >= st.warRatio * b.strength(x.c) * 0.5 && x.ba.mine >= st.warRatio * x.ba.theirs)
    .sort((x, y) => y.gain - x.gain || tie.get(x.c)! - tie.get(y.c)!);
  const best = rated[0];
  if (best && best.ba.takeable >= (st.warRatio < 1.5 ? 1 : 2)) {
    sc.try({ kind: 'declareWar', from: me, to: best.c });
    return;
  }
  // No land neighbour worth a war and no neutral land left next door: a neighbour across one sea zone (R10.7), when
  // an expedition from own coasts could take its coast after the tenth lost at sea.
  if (rated.length > 0 || landOpen(b)) return;
  const mineSet = new Set(b.own());
  const overSea = new Map<CountryId, { gain: number; n: number }>();
  const keep = 1 - s.settings.seaLoss;
  for (const z of b.geo.seaIds) {
    const coast = b.geo.landAdj.get(z)!.filter((x) => mineSet.has(x));
    if (coast.length === 0) continue;
    const have = coast.reduce((a, x) => a + Math.max(0, b.armies(x) - b.holdNeed(x)), 0);
    for (const t of b.geo.landAdj.get(z)!) {
      const o = b.owner(t);
      if (o === null || o === me || s.countries[o]!.overlord === me || checkDeclare(s, map, me, o) !== null) continue;
      const d = b.armies(t);
      const send = Math.ceil((b.need(d) + 3) / keep) + 1;
      const v = b.value(t) - (Math.floor(d * s.settings.defenseFactor) + send - b.need(d)) * st.armyValue - 3;
      if (send > have || v <= 0) continue;
      const x = overSea.get(o) ?? { gain: 0, n: 0 };
      if (x.n < 2) { x.gain += v; x.n++; }
      overSea.set(o, x);
    }
  }
  const sea = [...overSea.entries()].filter(([c, x]) => x.gain > 1.5 * price && myStrength >= st.warRatio * b.strength(c) * 0.5)
    .sort((x, y) => y[1].gain - x[1].gain || (x[0] < y[0] ? -1 : 1));
  if (sea[0]) sc.try({ kind: 'declareWar', from: me, to: sea[0][0] });
}

/** Neutral land next to the own land the capital reaches by land: expansion by land is still open. */
function landOpen(b: Board): boolean {
  const cap = b.capital;
  const part = cap && b.owner(cap) === b.me ? nearestOwn(b, cap) : b.own();
  for (const t of part) for (const x of b.geo.landAdj.get(t)!) if (b.owner(x) === null) return true;
  return false;
}

/** What the first turn of a war on c could take: its border territories the armies next door beat, net of losses. */
function warGain(b: Board, c: CountryId): number {
  let gain = 0;
  const used = new Map<TerrId, number>();
  const f = b.s.settings.defenseFactor;
  const targets = b.own(c).map((t) => ({ t, v: b.value(t) - Math.floor(b.armies(t) * f) * b.st.armyValue }))
    .filter((x) => x.v > 0).sort((x, y) => y.v - x.v || (x.t < y.t ? -1 : 1));
  for (const { t, v } of targets) {
    const need = b.need(b.armies(t)) + 1;
    let have = 0;
    const srcs = b.geo.landAdj.get(t)!.filter((n) => b.owner(n) === b.me);
    for (const n of srcs) have += Math.max(0, b.armies(n) - (used.get(n) ?? 0));
    if (srcs.length === 0 || have < need) continue;
    let want = need;
    for (const n of srcs) {
      const k = Math.min(want, Math.max(0, b.armies(n) - (used.get(n) ?? 0)));
      used.set(n, (used.get(n) ?? 0) + k);
      want -= k;
    }
    gain += v;
  }
  return gain;
}

// ---------------------------------------------------------------------------------------------- R4.1 the one request

/** Capital deficit that no neighbour, purchase or mobilization can cover this turn. */
function capitalHopeless(b: Board): boolean {
  const cap = b.capital;
  if (!cap || b.owner(cap) !== b.me) return false;
  const need = b.holdNeed(cap);
  let have = b.armies(cap) + (b.s.arsenals[b.me] ?? 0);
  for (const n of b.geo.landAdj.get(cap)!) if (b.owner(n) === b.me) have += Math.max(0, b.armies(n) - b.holdNeed(n));
  const cs = b.s.countries[b.me]!;
  if (blockaders(b.s, b.map, b.me).length === 0 && cs.blockadeUntil < b.s.turn) have += Math.min(b.s.settings.buyLimit, Math.max(0, b.score() - 5));
  if (!cs.mobilization.partialUsed) have += b.s.settings.partialArmies;
  else if (!cs.mobilization.nationalUsed) have += b.s.settings.nationalArmies;
  return need > have;
}

function request(sc: Scratch, map: GameMap, me: CountryId, st: StyleParams): void {
  const s = sc.state;
  const cs = s.countries[me]!;
  if (cs.requestTurn === s.turn) return;
  const b = new Board(s, map, me, st);
  // R12: a bankrupt country pledges to its strongest neighbour that is nobody's puppet.
  if (cs.bankrupt && !cs.overlord) {
    const lords = b.neighbours().filter((c) => !s.countries[c]!.overlord && !s.countries[c]!.bankrupt).sort((x, y) => b.strength(y) - b.strength(x) || (x < y ? -1 : 1));
    for (const c of lords) if (sc.try({ kind: 'pledge', from: me, to: c })) return;
    return;
  }
  // Wars: the attacker ends one that no longer pays (R5.2 upkeep, R5.3 it counts as winner); a defender about to
  // lose its capital sues for peace (R5.4: −30 is less than R5.5's fall).
  for (const w of [...s.wars].sort((x, y) => x.declaredTurn - y.declaredTurn)) {
    if (w.attacker !== me && w.defender !== me) continue;
    const other = w.attacker === me ? w.defender : w.attacker;
    if (!s.countries[other]?.alive) continue;
    if (w.attacker === me) {
      if (!w.active) continue;
      const activeTurns = s.turn - w.declaredTurn;
      const prospects = targetsAgainst(b, other);
      const ba = borderArmies(b, other);
      const losing = ba.theirs > ba.mine * 1.2 && b.strength(other) > b.strength(me);
      const upkeepSoon = activeTurns >= s.settings.upkeepFromActiveTurn - 1;
      if (losing || (prospects === 0 && activeTurns >= 2) || (upkeepSoon && prospects <= 1) || b.left <= 1) {
        const theirScore = b.score(other);
        // Reparations (R5.3) only from a young war and a defender that answers: one that let the last request lapse
        // (R4.3) gets the unconditional ceasefire, which it is bound to accept.
        const lapsed = s.lastEvents.some((e) => e.type === 'lapsed' && e.from === me && e.to === other);
        const young = activeTurns < s.settings.upkeepFromActiveTurn;
        const terms: Item[] = st.warRatio < 1.5 && !losing && young && !lapsed && theirScore >= 40 ? [{ kind: 'points', n: Math.min(20, Math.floor(theirScore / 5)) }] : [];
        if (terms.length && sc.try({ kind: 'ceasefire', from: me, to: other, unconditional: false, terms })) return;
        if (sc.try({ kind: 'ceasefire', from: me, to: other, unconditional: true, terms: [] })) return;
      }
    } else if (w.active && capitalHopeless(b)) {
      if (sc.try({ kind: 'surrender', from: me, to: other })) return;
    }
  }
  // R6.3: a pact (it costs pactCost when asked) with a dangerous neighbour: one fighting a war it declared, or one
  // this many times stronger with more armies on the common border. Not one that let the last request lapse (R4.3).
  // A request every fourth turn at most for pacts: a pact lasts pactTurns, and one refused or left to lapse (R4.3)
  // is not asked again at once (requestTurn is the turn of the country's last request, R4.1).
  if (cs.overlord || (cs.requestTurn !== null && cs.requestTurn >= s.turn - 3)) return;
  if (b.score() < s.settings.pactCost + st.reserve + 10 || b.left < 3) return;
  const mine = b.strength(me);
  const ignored = new Set(s.lastEvents.filter((e) => e.type === 'lapsed' && e.from === me).map((e) => (e as { to: CountryId }).to));
  const danger = (c: CountryId): number => {
    const ba = borderArmies(b, c);
    const warlike = s.wars.some((w) => w.attacker === c);
    const strong = b.strength(c) >= st.pactRatio * mine && ba.theirs >= 1.2 * ba.mine;
    return (warlike ? 2 : 0) + (strong ? 1 : 0);
  };
  const cands = b.neighbours().filter((c) => !s.countries[c]!.overlord && !ignored.has(c) && !pactActive(s, me, c) && !b.hostileNow(c) && !b.hostileSoon(c))
    .map((c) => ({ c, d: danger(c) })).filter((x) => x.d >= 2 && b.strength(x.c) >= st.pactRatio * mine)
    .sort((x, y) => y.d - x.d || b.strength(y.c) - b.strength(x.c) || (x.c < y.c ? -1 : 1));
  for (const x of cands.slice(0, 1)) if (sc.try({ kind: 'pact', from: me, to: x.c })) return;
}

/** How many of c's territories next to own land the armies next door could take now (R10.5). */
function targetsAgainst(b: Board, c: CountryId): number {
  let n = 0;
  for (const t of b.own(c)) {
    let near = 0;
    for (const x of b.geo.landAdj.get(t)!) if (b.owner(x) === b.me) near += Math.max(0, b.armies(x) - b.holdNeed(x));
    if (near > 0 && near >= b.need(b.armies(t))) n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------- R8, R9

/** Own land territories by distance from `from` over own land (breadth-first), `from` first. */
function nearestOwn(b: Board, from: TerrId): TerrId[] {
  const seen = new Set<TerrId>([from]);
  const out: TerrId[] = [from];
  for (let i = 0; i < out.length; i++) {
    for (const n of b.geo.landAdj.get(out[i]!)!) {
      if (seen.has(n) || b.owner(n) !== b.me) continue;
      seen.add(n);
      out.push(n);
    }
  }
  return out;
}

/**
 * Purchases by payback: industry (R8.2) while the payments to come repay its cost by the style's factor; armies
 * (R8.1) to hold the capital, and in a war for targets the armies at hand cannot take; tech (R8.3) only when its
 * estimated yield to the end pays for it; mobilization (R9) when the capital cannot be held otherwise.
 */
function economy(sc: Scratch, map: GameMap, me: CountryId, st: StyleParams, full: boolean): void {
  const s = sc.state;
  const set = s.settings;
  const cs = () => s.countries[me]!;
  const spare = () => cs().score - st.reserve;
  // Industry: paid from the end of next turn to the end of the game (turnLimit − turn payments).
  if (full && cs().industryTurn !== s.turn && set.turnLimit - s.turn >= set.industryCost * st.industryPayback && spare() >= set.industryCost) {
    sc.try({ kind: 'industry' });
  }
  const b = new Board(s, map, me, st);
  const cap = b.capital;
  const canBuy = blockaders(s, map, me).length === 0 && cs().blockadeUntil < s.turn && !!b.arsenal;
  const buy = (n: number) => {
    const k = Math.min(n, set.buyLimit - cs().buying, spare());
    if (k >= 1) sc.try({ kind: 'buy', n: k });
  };
  // The capital: what it needs against what it has, what its neighbours and the arsenal can bring.
  if (cap && b.owner(cap) === me) {
    const need = b.holdNeed(cap);
    let have = b.armies(cap) + pendingDeploy(s, map, me, cap) + (s.arsenals[me] ?? 0) + pendingDeploy(s, map, me, b.arsenal!);
    for (const n of b.geo.landAdj.get(cap)!) if (b.owner(n) === me) have += Math.max(0, b.armies(n) - b.holdNeed(n));
    let deficit = need - have;
    if (deficit > 0 && canBuy) {
      const before = cs().buying;
      buy(deficit + 3);
      deficit -= cs().buying - before;
    }
    if (deficit > 0) mobilize(sc, map, me, b, deficit, [cap]);
  }
  // Attacked: when the land short of what it needs to hold is worth more than a partial mobilization's cost (R9:
  // half income for partialHalfTurns payments), mobilize onto the territories that are short, while it pays.
  const attacked = s.wars.some((w) => w.active && (w.defender === me || (cs().overlord !== null && w.defender === cs().overlord)));
  if (attacked && cs().mobilizeTurn !== s.turn && !cs().mobilization.partialUsed && b.left >= 4) {
    const shortOf = b.own().filter((t) => b.holdNeed(t) > b.armies(t) + pendingDeploy(s, map, me, t))
      .sort((x, y) => b.value(y) - b.value(x) || (x < y ? -1 : 1));
    const atRisk = shortOf.reduce((a, t) => a + b.value(t), 0);
    const deficit = shortOf.reduce((a, t) => a + b.holdNeed(t) - b.armies(t), 0);
    const income = incomeTable(s, map).get(me)?.base ?? 0;
    const cost = Math.ceil(income / 2) * Math.min(s.settings.partialHalfTurns, b.left);
    if (deficit >= 20 && atRisk > cost) mobilize(sc, map, me, b, deficit, shortOf, 'partial');
  }
  if (!full) return;
  // War: armies for the targets of an active or coming war that the armies at hand cannot take.
  const atWar = s.wars.some((w) => w.attacker === me || w.defender === me) || !!cs().overlord && s.wars.some((w) => w.attacker === cs().overlord || w.defender === cs().overlord);
  if (atWar && st.warBuy > 0 && canBuy && b.left >= 3 && b.arsenal) {
    // Bought armies are in the arsenal at this resolution and next to the capital after it: they pay only for
    // targets next to the arsenal's neighbours whose worth exceeds what they cost (R8.1: one point an army).
    const near = new Set([...map.adj.get(b.arsenal)!].filter((n) => b.owner(n) === me));
    const plan = planMilitary(new Board(s, map, me, st), botRng(0, s.turn, me, 1), true);
    let want = 0;
    for (const t of plan.short) {
      if (t.owner === null || !t.sources.some((x) => near.has(x))) continue;
      const k = Math.max(0, t.need - t.reach);
      if (t.net > k * 1.2) want += k;
    }
    if (want > 0) buy(Math.min(want, Math.floor(Math.max(0, spare() - 20) * st.warBuy)));
  }
  // Tech pays only through what it is used for; a rough yield per turn to the end (R8.3).
  const yieldPerTurn: Record<TechId, number> = { airship: st.warBuy * 4, spy: 0, comms: 0 };
  for (const t of ['airship', 'spy', 'comms'] as TechId[]) {
    if (cs().techDone.includes(t)) continue;
    const missing = techCost(s, t) - cs().tech[t];
    if (yieldPerTurn[t] * (b.left - 1) > missing * 1.2 && spare() - missing >= 20) sc.try({ kind: 'tech', tech: t, n: missing });
  }
}

/**
 * R9 when the capital cannot be held otherwise: partial (any time, once), else national (an enemy next to the
 * capital). The armies go on the capital up to its cap (R7) and the rest on own territories next to it.
 */
function mobilize(sc: Scratch, map: GameMap, me: CountryId, b: Board, deficit: number, where: TerrId[], only?: 'partial'): void {
  const s = sc.state;
  const cs = s.countries[me]!;
  if (cs.mobilizeTurn === s.turn || deficit <= 0) return;
  const m = cs.mobilization;
  const kinds: ('partial' | 'national')[] = [];
  if (!m.partialUsed && (m.nationalTurn === null || s.turn >= m.nationalTurn + s.settings.partialAfterNationalTurns)) kinds.push('partial');
  if (!m.nationalUsed && only !== 'partial') kinds.push('national');
  const cap = b.capital!;
  for (const type of kinds) {
    const total = type === 'partial' ? s.settings.partialArmies : s.settings.nationalArmies;
    if (total <= 0) continue;
    // Where it is short first (up to what it needs), then own territories nearest to the first of them, each up to
    // its cap (R7: over a cap costs every turn).
    const placement: { territory: TerrId; n: number }[] = [];
    const placed = new Map<TerrId, number>();
    let left = total;
    const room = (t: TerrId) => Math.max(0, b.cap(t) - b.armies(t) - pendingDeploy(s, map, me, t) - (placed.get(t) ?? 0));
    const put = (t: TerrId, k: number) => {
      if (k <= 0) return;
      placed.set(t, (placed.get(t) ?? 0) + k);
      left -= k;
    };
    for (const t of where) put(t, Math.min(left, room(t), Math.max(0, b.holdNeed(t) - b.armies(t) - pendingDeploy(s, map, me, t))));
    const near = nearestOwn(b, where[0] ?? cap);
    for (const t of near) put(t, Math.min(left, room(t)));
    // What no cap has room for: at most ten over a cap each (R7: 1 point a turn), else this mobilization is not made.
    for (const t of near) if (left > 0) put(t, Math.min(left, 10));
    if (left > 0) continue;
    for (const [territory, n] of placed) placement.push({ territory, n });
    const cmd: Command = { kind: 'mobilize', type, placement };
    if (sc.try(cmd)) return;
  }
}
