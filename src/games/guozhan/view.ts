/**
 * What leaves the engine (architecture: secrets leave only through a per-seat view). X1 is public: seats, HP, hand
 * counts, equipment, judgement areas, chains, facing, markers, revealed generals, kingdoms, the discard pile, the
 * piles' sizes, the open ask, public log rows. X1.1 adds, for one seat only: its hand, its own hidden generals,
 * its dealt generals during the pick, its looks at others' generals, and log rows addressed to it. A judge
 * (null) sees everything; `replay` prints the judge's JSON with hands only when asked (`--reveal`). The seed,
 * the PRNG state and a suspended step's starting state never leave (they would tell the draw pile).
 */
import { bigKingdoms, P } from './core.ts';
import { GENERALS } from './generals.ts';
import type { Ask, CommandRow, LogRow, State } from './types.ts';
import { T } from './texts.ts';

export type Viewer = number | null | 'public';

const SEAT_KEYS = new Set(['seat', 'source', 'target', 'from', 'killer', 'victim', 'user', 'on', 'receiver']);
const SEAT_LISTS = new Set(['targets', 'winners', 'seats', 'to', 'legal', 'victims']);

/** A row with seat indices written as seat names (the JSON is read by people and tests). */
export function named(s: State, row: Record<string, unknown>): Record<string, unknown> {
  const name = (i: unknown) => (typeof i === 'number' ? s.players[i]?.name ?? i : i);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (SEAT_KEYS.has(k)) out[k] = v === null ? null : name(v);
    else if (SEAT_LISTS.has(k) && Array.isArray(v)) out[k] = v.map(name);
    else if (k === 'about' && v && typeof v === 'object') out[k] = named(s, v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
}

const visible = (row: { to?: number[] }, viewer: Viewer) => !row.to || viewer === null || (typeof viewer === 'number' && row.to.includes(viewer));

function askView(s: State, a: Ask, viewer: Viewer): Record<string, unknown> {
  // G21.9 / X2: a private prompt (a hidden skill's) shows others only who is asked and until when; with decoy
  // prompts its other seats are told they only wait. Its owner is `on` (or its only seat).
  const owner = a.on ?? a.seats[0];
  if (a.secret && a.kind !== 'pick' && viewer !== null && viewer !== owner) {
    return named(s, { id: a.id, kind: 'private', seats: a.seats, openedAt: a.openedAt, deadline: a.deadline, ...(typeof viewer === 'number' && a.seats.includes(viewer) ? { text: T.decoyWait } : {}) });
  }
  const { picks, ...rest } = a;
  const out = named(s, rest as unknown as Record<string, unknown>);
  // A pick's choices are each seat's own (X1.1); the judge sees them all.
  if (picks) out.picks = viewer === null ? Object.fromEntries(Object.entries(picks).map(([k, v]) => [s.players[Number(k)]!.name, v])) : typeof viewer === 'number' && picks[String(viewer)] ? { [s.players[viewer]!.name]: picks[String(viewer)] } : {};
  return out;
}

export interface JsonOptions {
  /** Hand cards of every seat for a judge's JSON (replay's `--reveal`); a seat always sees its own. */
  hands?: boolean;
  /** Only the log rows from this index on (a page's incremental push, tests). */
  logFrom?: number;
}

/** The state JSON as `viewer` may see it (X1, X1.1), and the replay's output (issue 18). */
export function stateJson(s: State, viewer: Viewer, o: JsonOptions = { hands: true }): Record<string, unknown> {
  const own = (i: number) => viewer === null || viewer === i;
  const seats = s.players.map((p, i) => {
    const gens = p.generals
      ? p.generals.map((g, k) => ({ general: p.revealed[k] || own(i) ? g : null, name: p.revealed[k] || own(i) ? GENERALS[g]!.zh : null, revealed: p.revealed[k]! }))
      : null;
    return {
      name: p.name, alive: p.alive, hp: p.hp, maxHp: p.maxHp, handCount: p.hand.length,
      ...((viewer === null && o.hands) || viewer === i ? { hand: [...p.hand] } : {}),
      equip: { ...p.equip }, judge: [...p.judge], chained: p.chained, faceDown: p.faceDown,
      generals: gens, kingdom: p.careerist ? 'careerist' : p.kingdom, printedKingdom: p.kingdom, markers: { ...p.markers },
      ...(own(i) && p.dealt.length ? { dealt: [...p.dealt] } : {}),
      ...(own(i) ? { looks: p.looks.map((l) => ({ seat: s.players[l.seat]!.name, which: l.which === 0 ? 'main' : 'deputy', general: l.general })) } : {}),
      // 断肠's lost generals and the face-up piles on the generals (不屈's 创) are public (X1).
      ...(p.lost?.length ? { lost: p.lost.map((k) => (k === 0 ? 'main' : 'deputy')) } : {}),
      ...(p.pile && Object.keys(p.pile).length ? { pile: Object.fromEntries(Object.entries(p.pile).map(([k, v]) => [k, [...v]])) } : {}),
      // G13.5: the skills this player turned prelight off for (private).
      ...(own(i) && p.noAsk?.length ? { noAsk: [...p.noAsk] } : {}),
    };
  });
  const t = s.turn;
  return {
    game: 'guozhan',
    status: s.status,
    ...(viewer === null ? { seed: s.seed } : {}),
    settings: s.settings,
    turn: s.status === 'picking' ? null : { n: t.n, seat: P(s, t.seat).name, phase: t.stage, slashes: t.slashes, wineBuff: t.wineBuff, limitBonus: t.limitBonus, ...(t.extra ? { extra: true } : {}), ...(t.removed.length ? { removed: t.removed.map((i) => P(s, i).name) } : {}), ...(t.alliance ? { alliance: true } : {}), ...(t.threaten ? { threaten: true } : {}) },
    ...(s.extraTurns.length ? { extraTurns: s.extraTurns.map((i) => P(s, i).name) } : {}),
    ...(s.settings.strategicAdvantage ? { bigKingdoms: [...bigKingdoms(s)], imperialOrder: s.imperialOrder } : {}),
    aozhan: s.aozhan,
    firstReveal: s.firstReveal,
    piles: { draw: s.drawPile.length, discard: s.discardPile.length, processing: [...s.processing], removed: [...s.removed], reshuffles: s.reshuffles },
    discardPile: [...s.discardPile],
    seats,
    ask: s.ask ? askView(s, s.ask, viewer) : null,
    winners: s.winners ? s.winners.map((i) => s.players[i]!.name) : null,
    end: s.end,
    log: (o.logFrom ? s.log.slice(o.logFrom) : s.log).filter((r) => visible(r, viewer)).map((r) => named(s, r as LogRow)),
    commands: s.commands.filter((r) => visible(r, viewer)).map((r) => named(s, r as unknown as CommandRow & Record<string, unknown>)),
  };
}

/** `view(state, seat)` of issue 18: a seat's own secrets and no one else's; null: the judge; 'public': spectators. */
export function view(s: State, viewer: Viewer): Record<string, unknown> {
  return stateJson(s, viewer, { hands: viewer === null });
}
