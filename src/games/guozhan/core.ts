/**
 * The table's bookkeeping: seats and seat order (G1.10), distance and attack range (G7), kingdoms (G14.5), where
 * a card lies and how it moves (G1.5, G5.5), drawing with the reshuffle (G20), judgement (G9), HP (G8.3–G8.4).
 */
import { card, colorOf } from './cards.ts';
import { ev, GameOver, type Ctx } from './flow.ts';
import { general } from './generals.ts';
import { shuffle } from './rng.ts';
import { SLOTS, type Judgement, type Player, type Slot, type State, type Suit } from './types.ts';
import { rulesOf, trigger } from './triggers.ts';

export const P = (s: State, i: number): Player => s.players[i]!;
export const N = (s: State) => s.players.length;
export const seatName = (s: State, i: number) => s.players[i]?.name ?? '?';

/** Alive seats in seat order from `start` (included when alive), once around (G1.10). */
export function orderFrom(s: State, start: number, includeStart = true): number[] {
  const n = N(s);
  const out: number[] = [];
  for (let k = includeStart ? 0 : 1; k < n; k++) {
    const i = (start + k) % n;
    if (s.players[i]!.alive) out.push(i);
  }
  return out;
}
export const aliveSeats = (s: State) => s.players.flatMap((p, i) => (p.alive ? [i] : []));
/** G22.8: the next alive seat after `i` (i itself when it is the only one). */
export function nextAlive(s: State, i: number): number {
  const n = N(s);
  for (let k = 1; k <= n; k++) if (s.players[(i + k) % n]!.alive) return (i + k) % n;
  return i;
}

/** G0: the 势备篇 (G18, C-SA) is on. */
export const SA_ON = (s: State) => s.settings.strategicAdvantage;
/** G18.4: removed by 调虎离山 until the end of this turn. */
export const isRemoved = (s: State, i: number) => s.turn.removed.includes(i);
/** G18.4, G22.5: alive and not removed — at the table for distance, seat order and targets. */
export const present = (s: State, i: number) => P(s, i).alive && !isRemoved(s, i);
/** Present seats in seat order from `start` (included when present), once around. */
export const presentFrom = (s: State, start: number, includeStart = true) => (s.turn.removed.length ? orderFrom(s, start, includeStart).filter((i) => !isRemoved(s, i)) : orderFrom(s, start, includeStart));
/** G18.4: the next present character after `i` ("下家" for 火烧连营), or null. */
export function nextPresent(s: State, i: number): number | null {
  const n = N(s);
  for (let k = 1; k < n; k++) if (present(s, (i + k) % n)) return (i + k) % n;
  return null;
}

/** G7.1–G7.2: seat distance over alive characters (removed ones skipped, G18.4), with horses; never below 1 between two characters. */
export function distance(s: State, a: number, b: number): number {
  if (a === b) return 0;
  const all = aliveSeats(s);
  const atTable = s.turn.removed.length ? all.filter((i) => !isRemoved(s, i)) : all;
  const alive = atTable.includes(a) && atTable.includes(b) ? atTable : all;
  const ia = alive.indexOf(a), ib = alive.indexOf(b);
  let d: number;
  if (ia < 0 || ib < 0) {
    // A dead character is not at the table (G12.3); a rule that still asks measures over the seats as they were.
    const n = N(s);
    const raw = Math.abs(a - b);
    d = Math.min(raw, n - raw);
  } else {
    const raw = Math.abs(ia - ib);
    d = Math.min(raw, alive.length - raw);
  }
  if (P(s, b).equip.defHorse) d += 1;
  if (P(s, a).equip.offHorse) d -= 1;
  // G7.2: the skills' modifiers after the horses (马术 −1, 奋迅's fixed 1), from the revealed generals of the two
  // characters (triggers.ts `kind: 'rule'`, `distance`; a hidden general's do not apply, G13.3).
  for (const x of [a, b]) for (const r of rulesOf(s, x, 'distance')) d = r.distance!(s, x, a, b, d);
  return Math.max(1, d);
}

/** G7.3: the weapon's range or 1, plus 吴六剑 (C-SIX-SWORDS) held by another character of the same kingdom. */
export function attackRange(s: State, a: number): number {
  const w = P(s, a).equip.weapon;
  let r = w ? card(w).range ?? 1 : 1;
  for (let i = 0; i < N(s); i++) {
    if (i === a || !P(s, i).alive) continue;
    const wi = P(s, i).equip.weapon;
    if (wi && card(wi).name === '吴六剑' && sameKingdom(s, a, i)) r += 1;
  }
  return r;
}
export const inRange = (s: State, a: number, b: number) => a !== b && distance(s, a, b) <= attackRange(s, a);

/** G14.5: the same kingdom (a character is always the same kingdom as itself). */
export function sameKingdom(s: State, a: number, b: number): boolean {
  if (a === b) return true;
  const x = P(s, a), y = P(s, b);
  return x.kingdom !== null && y.kingdom !== null && !x.careerist && !y.careerist && x.kingdom === y.kingdom;
}
/** G14.5: both determined and not the same. */
export function differentKingdom(s: State, a: number, b: number): boolean {
  return a !== b && P(s, a).kingdom !== null && P(s, b).kingdom !== null && !sameKingdom(s, a, b);
}
/** G13.1: sex of the revealed general(s), main first; none while both are hidden. */
export function sexOf(p: Player): 'M' | 'F' | null {
  if (!p.generals) return null;
  if (p.revealed[0]) return general(p.generals[0]).sex;
  if (p.revealed[1]) return general(p.generals[1]).sex;
  return null;
}
// ── G18: big and small kingdoms, formations ──

/** G18.1: a character's kingdom as the count sees it — each careerist its own, a hidden character none. */
function kingdomKey(s: State, i: number): string | null {
  const p = P(s, i);
  if (p.kingdom === null) return null;
  return p.careerist ? `careerist:${i}` : p.kingdom;
}
/**
 * G18.1: the big kingdoms — the largest count of alive characters per kingdom if it is ≥ 2 (ties give several).
 * 玉玺 (C-SA-JADE-SEAL) overrides while its holder has a revealed general: the holder's kingdom alone. Only with
 * `strategicAdvantage`.
 */
export function bigKingdoms(s: State): Set<string> {
  if (!s.settings.strategicAdvantage) return new Set();
  for (const i of aliveSeats(s)) {
    const p = P(s, i);
    if (p.equip.treasure && card(p.equip.treasure).name === '玉玺' && (p.revealed[0] || p.revealed[1])) return new Set([kingdomKey(s, i)!]);
  }
  const count = new Map<string, number>();
  for (const i of aliveSeats(s)) { const k = kingdomKey(s, i); if (k !== null) count.set(k, (count.get(k) ?? 0) + 1); }
  const max = Math.max(0, ...count.values());
  return max >= 2 ? new Set([...count].filter(([, c]) => c === max).map(([k]) => k)) : new Set();
}
export function isBig(s: State, i: number): boolean {
  const k = kingdomKey(s, i);
  return k !== null && bigKingdoms(s).has(k);
}
/** G18.1: with a big kingdom, every character not in one — hidden ones included — is a small-kingdom character. */
export const isSmall = (s: State, i: number) => bigKingdoms(s).size > 0 && !isBig(s, i);

/**
 * G18.2: `x`'s formation — the maximal run of adjacent present characters of the same kingdom (G14.5) through x;
 * x alone when its neighbours differ. In seat order from the run's first seat.
 */
export function formationOf(s: State, x: number): number[] {
  const ring = aliveSeats(s).filter((i) => !isRemoved(s, i));
  const k = ring.indexOf(x);
  if (k < 0) return [];
  const m = ring.length;
  let lo = 0, hi = 0;
  while (hi < m - 1 && sameKingdom(s, ring[(k + hi) % m]!, ring[(k + hi + 1) % m]!)) hi++;
  if (hi === m - 1) return ring.slice();
  while (lo < m - 1 - hi && sameKingdom(s, ring[(k - lo + m) % m]!, ring[(k - lo - 1 + 2 * m) % m]!)) lo++;
  const out: number[] = [];
  for (let j = -lo; j <= hi; j++) out.push(ring[(k + j + m) % m]!);
  return out;
}

/**
 * G10.1: a character becomes chained or unchained. C-SA-IRON-ARMOR: a small-kingdom character wearing 明光铠
 * cannot become chained. Returns whether the state changed.
 */
export function setChained(ctx: Ctx, seat: number, on: boolean): boolean {
  const s = ctx.s;
  const p = P(s, seat);
  if (p.chained === on) return false;
  if (on && p.equip.armor && card(p.equip.armor).name === '明光铠' && isSmall(s, seat)) {
    ev(ctx, 'armor', { seat, armor: '明光铠', effect: 'noChain' });
    return false;
  }
  p.chained = on;
  ev(ctx, 'chain', { seat, chained: on });
  return true;
}

export const hasHidden = (p: Player) => !!p.generals && (!p.revealed[0] || !p.revealed[1]);
export const cardCount = (p: Player) => p.hand.length + SLOTS.filter((x) => p.equip[x]).length;
export const areaCount = (p: Player) => cardCount(p) + p.judge.length;
export const equipped = (p: Player, name: string) => SLOTS.some((x) => p.equip[x] !== null && card(p.equip[x]!).name === name);
export const wounded = (p: Player) => p.hp < p.maxHp;
/** The name a judgement-area card counts as: a converted delayed trick's (G6.4, 断粮), else its own. */
export const judgeName = (s: State, id: string) => s.judgeAs?.[id] ?? card(id).name;

// ── where cards are (G1.5) ──

export type Place =
  | { zone: 'hand' | 'judge'; seat: number }
  | { zone: 'equip'; seat: number; slot: Slot }
  | { zone: 'draw' | 'discard' | 'processing' | 'removed' }
  /** A face-up pile on a character's general (types.ts Player.pile: 不屈's 创). */
  | { zone: 'pile'; seat: number; pile: string };

export function locate(s: State, id: string): Place | null {
  for (let i = 0; i < N(s); i++) {
    const p = P(s, i);
    if (p.hand.includes(id)) return { zone: 'hand', seat: i };
    if (p.judge.includes(id)) return { zone: 'judge', seat: i };
    for (const slot of SLOTS) if (p.equip[slot] === id) return { zone: 'equip', seat: i, slot };
    if (p.pile) for (const [pile, ids] of Object.entries(p.pile)) if (ids.includes(id)) return { zone: 'pile', seat: i, pile };
  }
  if (s.processing.includes(id)) return { zone: 'processing' };
  if (s.discardPile.includes(id)) return { zone: 'discard' };
  if (s.drawPile.includes(id)) return { zone: 'draw' };
  if (s.removed.includes(id)) return { zone: 'removed' };
  return null;
}

const drop = (a: string[], id: string) => { const k = a.indexOf(id); if (k >= 0) a.splice(k, 1); };

/** Takes a card out of wherever it lies; returns where it was. */
export function detach(s: State, id: string): Place | null {
  const at = locate(s, id);
  if (!at) return null;
  switch (at.zone) {
    case 'hand': drop(P(s, at.seat).hand, id); break;
    case 'judge': drop(P(s, at.seat).judge, id); break;
    case 'equip': P(s, at.seat).equip[at.slot] = null; break;
    case 'processing': drop(s.processing, id); break;
    case 'discard': drop(s.discardPile, id); break;
    case 'draw': drop(s.drawPile, id); break;
    case 'removed': drop(s.removed, id); break;
    case 'pile': {
      const p = P(s, at.seat);
      const rest = p.pile![at.pile]!.filter((x) => x !== id);
      if (rest.length) p.pile = { ...p.pile, [at.pile]: rest };
      else { const { [at.pile]: _gone, ...others } = p.pile!; if (Object.keys(others).length) p.pile = others; else delete p.pile; }
      break;
    }
  }
  return at;
}

export type Dest = { zone: 'discard' | 'processing' } | { zone: 'hand' | 'judge' | 'equip'; seat: number }
  /** Face up on a character's general (空城's 琴: cards given to it, H-SHU-04). */
  | { zone: 'pile'; seat: number; pile: string };

/**
 * Why a batch goes to the discard pile when that is not a discard (弃置): `put` (置入弃牌堆 — an equipment card replaced,
 * G5.6; 护心镜 spent), `recast` (重铸, G5.4). A move of own hand/equipment cards straight to the discard pile without one
 * of these is a discard (礼让).
 */
export type MoveWhy = 'put' | 'recast';
/** One card of a move batch (the point `cardsMoved`, triggers.ts): where it was, where it went, and whether it was discarded. */
export interface CardMove { id: string; from: Place; to: Dest; discarded: boolean }

/**
 * Moves cards (G5.5). An equipment card leaving its area stops working at once (G22.6); 白银狮子 leaving gives its
 * owner 1 HP (C-SILVER-LION) if it is alive.
 */
export function move(ctx: Ctx, ids: string[], dest: Dest, opts: { usedAs?: string; why?: MoveWhy } = {}): Place[] {
  const s = ctx.s;
  const from: Place[] = [];
  const batch: CardMove[] = [];
  for (const id of ids) {
    const at = detach(s, id);
    if (at) {
      from.push(at);
      const own = at.zone === 'hand' || at.zone === 'equip';
      batch.push({ id, from: at, to: dest, discarded: dest.zone === 'discard' && own && !opts.why });
    }
    switch (dest.zone) {
      case 'discard':
        // C-SA-IMPERIAL-ORDER (guozhan D14): 敕令 entering the discard pile other than after its own use as 敕令 is
        // removed from the game, and its effect comes due at the end of this turn (once per game).
        if (card(id).name === '敕令' && opts.usedAs !== '敕令') {
          s.removed.push(id);
          ev(ctx, 'removedFromGame', { card: id });
          if (s.imperialOrder === 'unused' && s.status === 'running') s.imperialOrder = 'due';
          break;
        }
        s.discardPile.push(id);
        break;
      case 'processing': s.processing.push(id); break;
      case 'hand': P(s, dest.seat).hand.push(id); break;
      case 'judge': P(s, dest.seat).judge.push(id); break;
      case 'equip': { const slot = card(id).slot!; P(s, dest.seat).equip[slot] = id; break; }
      case 'pile': pileIn(ctx, dest.seat, dest.pile, id); break;
    }
  }
  // The point after cards move (issue 19: 枭姬, 礼让, 死谏): once per batch, after every card has arrived (G21.1's
  // order among the listeners), before the equipment's own "when lost" effects (白银狮子; general skills first).
  // A converted delayed trick is that trick only while it lies in a judgement area.
  for (const m of batch) if (m.from.zone === 'judge' && dest.zone !== 'judge' && s.judgeAs?.[m.id]) delete s.judgeAs[m.id];
  if (batch.length) trigger(ctx, { point: 'cardsMoved', moves: batch, ...(opts.why ? { why: opts.why } : {}) });
  from.forEach((at, k) => {
    if (at.zone === 'equip' && card(ids[k]!).name === '白银狮子' && !(dest.zone === 'equip' && dest.seat === at.seat)) {
      const p = P(s, at.seat);
      if (p.alive && p.hp < p.maxHp) recover(ctx, at.seat, 1, '白银狮子');
    }
  });
  return from;
}

/** Puts `id` (taken from wherever it is, e.g. the top of the draw pile) face up on `seat`'s general, in pile `pile` (不屈's 创). */
export function toPile(ctx: Ctx, seat: number, pile: string, id: string) {
  detach(ctx.s, id);
  pileIn(ctx, seat, pile, id);
}
/** A detached card onto `seat`'s pile `pile`, face up, with its public row (toPile, and move's `pile` destination). */
function pileIn(ctx: Ctx, seat: number, pile: string, id: string) {
  const p = P(ctx.s, seat);
  p.pile = { ...(p.pile ?? {}), [pile]: [...(p.pile?.[pile] ?? []), id] };
  ev(ctx, 'pileAdd', { seat, pile, card: id });
}
/** All the cards in `seat`'s piles (its death puts them into the discard pile). */
export const pileCards = (p: Player) => Object.values(p.pile ?? {}).flat();

export function discard(ctx: Ctx, ids: string[], usedAs?: string) { if (ids.length) move(ctx, ids, { zone: 'discard' }, usedAs ? { usedAs } : {}); }

// ── the game's end (G16.6, G20.2) ──

export function endDraw(ctx: Ctx, reason: string): never {
  const s = ctx.s;
  s.status = 'ended';
  s.winners = [];
  s.end = { how: 'draw', at: ctx.now };
  s.ask = null;
  ev(ctx, 'gameEnd', { how: 'draw', reason, winners: [] });
  throw new GameOver();
}

// ── the draw pile (G20) ──

/** G20.1–G20.2: makes sure `n` cards can be taken from the draw pile, reshuffling the discard pile under it once. */
export function ensure(ctx: Ctx, n: number) {
  const s = ctx.s;
  if (s.drawPile.length >= n) return;
  const limit = s.settings.reshuffleLimit;
  if (limit !== null && s.reshuffles >= limit) endDraw(ctx, 'reshuffleLimit');
  s.reshuffles += 1;
  const pile = shuffle(s, s.discardPile);
  s.discardPile = [];
  s.drawPile.push(...pile);
  ev(ctx, 'reshuffle', { count: pile.length, n: s.reshuffles });
  if (s.drawPile.length < n) endDraw(ctx, 'noCards');
}

/** Takes the top `n` cards of the draw pile (G20 first). */
export function takeTop(ctx: Ctx, n: number): string[] {
  ensure(ctx, n);
  return ctx.s.drawPile.splice(0, n);
}

/** A character draws `n` cards: the count is public, the cards are the drawer's (X1, X1.1). */
export function draw(ctx: Ctx, seat: number, n: number, why?: string) {
  if (n <= 0) return;
  const ids = takeTop(ctx, n);
  P(ctx.s, seat).hand.push(...ids);
  ev(ctx, 'draw', { seat, n, ...(why ? { why } : {}) });
  ev(ctx, 'drawn', { seat, cards: ids, to: [seat] });
}

/**
 * G9.1: the top card becomes `seat`'s judgement card (public, in the processing area). Then the retrial windows
 * (G21.7): the registered retrial skills (triggers.ts, point `retrial`) in seat order from the current player, each
 * once, may replace it (`retrial` below). Returns the final judgement card.
 */
export function judge(ctx: Ctx, seat: number, reason: string): string {
  const [id] = takeTop(ctx, 1);
  ctx.s.processing.push(id!);
  const c = card(id!);
  // G9.2: the suit as it counts for `seat` (红颜: ♠ as ♥; suitOf).
  const suit = suitOf(ctx.s, seat, id!);
  ev(ctx, 'judge', { seat, card: id, suit, rank: c.rank, color: colorOf(suit), reason });
  const j: Judgement = { seat, card: id!, reason };
  trigger(ctx, { point: 'retrial', judgement: j });
  return j.card;
}
/**
 * G9.1 / G21.7: `by` replaces the current judgement card with its own card `id` (played face up): the replaced card
 * goes to the discard pile (鬼才) or to `by`'s hand (鬼道).
 */
export function retrial(ctx: Ctx, j: Judgement, by: number, id: string, replaced: 'discard' | 'hand') {
  const prev = j.card;
  move(ctx, [id], { zone: 'processing' });
  const c = card(id);
  const suit = suitOf(ctx.s, j.seat, id);
  ev(ctx, 'retrial', { seat: by, judge: j.seat, card: id, replaced: prev, suit, rank: c.rank, color: colorOf(suit) });
  move(ctx, [prev], replaced === 'hand' ? { zone: 'hand', seat: by } : { zone: 'discard' });
  j.card = id;
}
/**
 * G9.1: after the result has taken effect ("after final", point `judged`: 天妒, 洛神 may take it) the judgement card
 * goes to the discard pile if still in processing.
 */
export function judgeDone(ctx: Ctx, id: string, seat?: number) {
  if (seat !== undefined) trigger(ctx, { point: 'judged', seat, card: id });
  if (ctx.s.processing.includes(id)) move(ctx, [id], { zone: 'discard' });
}

// ── HP (G8.3–G8.5) ──

/** G8.4: never above max HP. */
export function recover(ctx: Ctx, seat: number, n: number, why?: string) {
  const p = P(ctx.s, seat);
  const k = Math.min(n, p.maxHp - p.hp);
  if (k <= 0) return;
  p.hp += k;
  ev(ctx, 'recover', { seat, n: k, hp: p.hp, ...(why ? { why } : {}) });
  // The point after a recovery (issue 19: 淑慎): `n` is the HP actually recovered.
  trigger(ctx, { point: 'recovered', seat, n: k, ...(why ? { why } : {}) });
}

/**
 * The hand limit (G19.1): current HP (not below 0), or a skill's base instead (英姿: max HP); plus the skills' bonuses
 * (红颜 +1) and this turn's 阴阳鱼 bonus. The skills are rules of revealed generals (triggers.ts `handBase`, `handPlus`).
 */
export function handLimit(s: State, seat: number): number {
  const p = P(s, seat);
  let n = Math.max(0, p.hp);
  for (const r of rulesOf(s, seat, 'handBase')) { const b = r.handBase!(s, seat); if (b !== null) n = b; }
  for (const r of rulesOf(s, seat, 'handPlus')) n += r.handPlus!(s, seat);
  return n + (s.turn.seat === seat ? s.turn.limitBonus : 0);
}

/**
 * The suit `seat`'s own card or judgement card `id` counts as (G9.2): its printed suit, unless a rule of `seat`'s
 * revealed generals changes it (红颜: ♠ as ♥; triggers.ts `suit`). Suit reads of a character's cards and
 * judgements go through here.
 */
export function suitOf(s: State, seat: number | null, id: string): Suit {
  let x = card(id).suit;
  if (seat !== null) for (const r of rulesOf(s, seat, 'suit')) x = r.suit!(s, seat, id, x);
  return x;
}
