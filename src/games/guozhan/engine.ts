/**
 * 国战's engine: the game is its log. `newGame` folds the start entry (seed, seats, settings and the transcript's
 * fixed generals, deck and hands), `applyEntry` every later one — a player's command, a timeout, the judge's
 * abort. Between asks the table runs by itself (the turn's stages, G4); a step that asks (flow.ts) is suspended
 * and re-run with its answers. Pure and deterministic: no clock, I/O or randomness beyond the seeded RNG in
 * the state.
 */
import { card, deckIds } from './cards.ts';
import { draw, handLimit, hasHidden, N, nextAlive, P, aliveSeats } from './core.ts';
import { jadeSealHolds } from './cards/sa.ts';
import { ev, GameOver, Refuse, Suspend, type Ctx } from './flow.ts';
import { general, GENERAL_IDS } from './generals.ts';
import { seedState, shuffle } from './rng.ts';
import { judgePhase } from './cards/delayed.ts';
import { discardStep, freshTurn, playStartStep, playStep, setupStep, turnEndStep, turnStartStep } from './turn.ts';
import { DEFAULT_SETTINGS, type Cmd, type Pending, type Player, type Reply, type Settings, type Stage, type State, type Unit, type Which } from './types.ts';
import { T } from './texts.ts';
import { isSkipped, listens, prelightable, setPrelight, trigger, type PhaseName } from './triggers.ts';
import { registerGeneralSkills } from './skills/index.ts';

// issue 19: the standard generals' skills are registered once, when the engine loads, for every game; a game with
// `skills=off` never fires them (triggers.ts), and the registry is the same for every game, so replay stays deterministic.
registerGeneralSkills();

export interface StartEntry {
  type: 'start';
  at: number;
  seed: number;
  /** Seat names in seat order (seat 1 starts, G2.1). */
  seats: string[];
  settings?: Partial<Settings>;
  /** X6.4 `@generals`: seat name → [main, deputy] engine ids. */
  generals?: Record<string, [string, string]>;
  /** X6.4 `@deck`: the draw pile's top, first = top. */
  deck?: string[];
  /** X6.4 `@hand`: a seat's whole opening hand. */
  hands?: Record<string, string[]>;
  /** X6.4 `@revealed`. */
  revealed?: Record<string, Which>;
}
export type GzEntry =
  | StartEntry
  | { type: 'cmd'; at: number; seat: number; cmd: Cmd; line?: number; text?: string }
  | { type: 'timeout'; at: number; ask: string }
  | { type: 'abort'; at: number; by?: string }
  /** A refusal the parser decided (nothing changes but the record). */
  | { type: 'refused'; at: number; seat: number | null; code: string; message: string; kind?: string; line?: number; text?: string };

export interface Outcome { state: State; ok: boolean; code?: string; message?: string }

export function mergeSettings(patch: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, ...patch, timeouts: { ...DEFAULT_SETTINGS.timeouts, ...(patch.timeouts ?? {}) } };
}

/** G2: seats, the general deal (with guozhan D16's silent redeal), the shuffled deck, then the picks open. */
export function newGame(e: StartEntry): State {
  const settings = mergeSettings(e.settings);
  const n = e.seats.length;
  if (n < 3 || n > 10 || new Set(e.seats).size !== n) throw new Error('3–10 distinct seats (G0)');
  if (settings.includeWoodenOx) throw new Error('includeWoodenOx: 木牛流马 is not implemented (guozhan D19)');
  const ids = deckIds(settings.strategicAdvantage);
  for (const id of [...(e.deck ?? []), ...Object.values(e.hands ?? {}).flat()]) if (!ids.includes(id)) throw new Error(`${id} is not in this game's deck (C0${settings.strategicAdvantage ? ' + C-SA' : '; C-SA needs strategicAdvantage'})`);
  const fixed = e.generals ?? {};
  const fixedIds = Object.values(fixed).flat();
  const empty = (name: string): Player => ({
    name, generals: null, revealed: [false, false], bothOnce: false, kingdom: null, careerist: false, hp: 0, maxHp: 0,
    hand: [], equip: { weapon: null, armor: null, defHorse: null, offHorse: null, treasure: null }, judge: [], chained: false,
    faceDown: false, alive: true, markers: { vanguard: 0, yinyang: 0, companion: 0 }, dealt: [], looks: [],
  });
  const s: State = {
    game: 'guozhan', settings, seed: e.seed, rng: seedState(e.seed), players: e.seats.map(empty), generalPile: [], drawPile: [],
    discardPile: [], processing: [], removed: [], status: 'picking', turn: freshTurn(0, 0), ask: null, pending: null, serial: 0,
    firstReveal: false, aozhan: false, reshuffles: 0, winners: null, end: null, now: e.at, log: [], commands: [], revealAtStart: { ...(e.revealed ?? {}) },
    extraTurns: [], resumeAfter: null, noReveal: [], imperialOrder: 'unused', skillUses: {},
  };
  // G2.2–G2.3: shuffle the general pile, deal each unfixed seat its set; a set with no same-kingdom pair goes back under the pile.
  const pile = shuffle(s, GENERAL_IDS.filter((g) => !fixedIds.includes(g)));
  s.players.forEach((p, i) => {
    const pair = fixed[p.name];
    if (pair) { p.generals = [pair[0], pair[1]]; return; }
    for (let tries = 0; ; tries++) {
      if (tries > pile.length || pile.length < settings.generalsDealt) throw new Error('the general pile cannot deal a set with a pair');
      const set = pile.splice(0, settings.generalsDealt);
      if (set.some((a, x) => set.some((b, y) => y > x && general(a).kingdom === general(b).kingdom))) { p.dealt = set; break; }
      pile.push(...set);
    }
    void i;
  });
  s.generalPile = pile;
  // G2.6 / X6.4: `@hand` cards leave the pile, `@deck` cards go on top in order, the rest is shuffled below.
  const hands = e.hands ?? {};
  const held = Object.values(hands).flat();
  const top = e.deck ?? [];
  s.drawPile = [...top, ...shuffle(s, ids.filter((id) => !held.includes(id) && !top.includes(id)))];
  for (const [name, ids] of Object.entries(hands)) { const p = s.players.find((q) => q.name === name); if (p) p.hand = [...ids]; }
  advance(s, e.at);
  return s;
}

/** The steps the engine suspends (flow.ts), by name. */
const STEPS: Record<Unit['k'], (ctx: Ctx, unit: Unit) => void> = {
  setup: setupStep, revealHeader: () => undefined, turnStart: turnStartStep, judge: judgePhase, play: playStep, discard: discardStep,
  playStart: playStartStep, turnEnd: turnEndStep,
  point: (ctx, u) => { if (u.k === 'point') trigger(ctx, { point: u.point, seat: u.seat, phase: u.phase }); },
  drawPhase: (ctx) => drawPhaseDraw(ctx),
};

/**
 * G4.5: the draw phase's draw — 2 cards; the skills at `drawPhase` may change the number or replace the draw
 * (triggers.ts), then C-SA-JADE-SEAL's +1 for its holder while it has a revealed general (equipment after general
 * skills, G21.1).
 */
function drawPhaseDraw(ctx: Ctx) {
  const s = ctx.s;
  const seat = s.turn.seat;
  const d = { n: 2 };
  trigger(ctx, { point: 'drawPhase', seat, draw: d });
  if (jadeSealHolds(s, seat)) d.n += 1;
  draw(ctx, seat, d.n, 'drawPhase');
}

/** Runs a step that cannot ask. */
function inline(s: State, now: number, fn: (ctx: Ctx) => void) {
  const ctx: Ctx = { s, replies: [], i: 0, now, serial: s.serial };
  try { fn(ctx); } catch (e) {
    if (e instanceof GameOver) return;
    if (e instanceof Suspend) throw new Error('engine: an inline step asked');
    throw e;
  }
}

/**
 * A deep copy of the game without its records (the log and commands are append-only and shared). Settings and
 * the header's reveals never change after the start, so they are shared too.
 */
export function cloneState(s: State): State {
  return {
    game: s.game, settings: s.settings, seed: s.seed, rng: s.rng, players: s.players.map(clonePlayer),
    generalPile: s.generalPile.slice(), drawPile: s.drawPile.slice(), discardPile: s.discardPile.slice(), processing: s.processing.slice(), removed: s.removed.slice(),
    status: s.status, turn: { ...s.turn, removed: s.turn.removed.slice(), skip: (s.turn.skip ?? []).slice() }, ask: s.ask ? structuredClone(s.ask) : null, pending: s.pending, serial: s.serial, firstReveal: s.firstReveal,
    aozhan: s.aozhan, reshuffles: s.reshuffles, winners: s.winners ? s.winners.slice() : null, end: s.end ? { ...s.end } : null, now: s.now,
    log: s.log, commands: s.commands, revealAtStart: s.revealAtStart,
    extraTurns: s.extraTurns.slice(), resumeAfter: s.resumeAfter, noReveal: s.noReveal.slice(), imperialOrder: s.imperialOrder, skillUses: { ...s.skillUses },
    ...(s.judgeAs ? { judgeAs: { ...s.judgeAs } } : {}),
  };
}
function clonePlayer(p: Player): Player {
  return {
    name: p.name, generals: p.generals ? [p.generals[0], p.generals[1]] : null, revealed: [p.revealed[0], p.revealed[1]], bothOnce: p.bothOnce,
    kingdom: p.kingdom, careerist: p.careerist, hp: p.hp, maxHp: p.maxHp, hand: p.hand.slice(),
    equip: { weapon: p.equip.weapon, armor: p.equip.armor, defHorse: p.equip.defHorse, offHorse: p.equip.offHorse, treasure: p.equip.treasure },
    judge: p.judge.slice(), chained: p.chained, faceDown: p.faceDown, alive: p.alive,
    markers: { vanguard: p.markers.vanguard, yinyang: p.markers.yinyang, companion: p.markers.companion }, dealt: p.dealt.slice(), looks: p.looks.map((l) => ({ ...l })),
    ...(p.noAsk ? { noAsk: p.noAsk.slice() } : {}),
    ...(p.lost ? { lost: p.lost.slice() } : {}),
    ...(p.pile ? { pile: Object.fromEntries(Object.entries(p.pile).map(([k, v]) => [k, v.slice()])) } : {}),
  };
}

function startStep(s: State, unit: Unit, now: number) {
  s.serial += 1;
  const base = cloneState(s);
  base.log = [];
  base.commands = [];
  run(s, { unit, serial: s.serial, startAt: now, base, logLen: s.log.length, replies: [] });
}

/** Runs a step from where `s` stands (its base) with the answers in `p`. */
function run(s: State, p: Pending): Refuse | null {
  const ctx: Ctx = { s, replies: p.replies, i: 0, now: p.startAt, serial: p.serial };
  try {
    STEPS[p.unit.k](ctx, p.unit);
  } catch (e) {
    if (e instanceof Suspend) {
      s.pending = p;
      const secs = s.settings.timeouts[e.timeout];
      s.ask = { ...e.ask, id: `u${p.serial}.${ctx.i}`, openedAt: ctx.now, deadline: ctx.now + secs * 1000 };
      s.now = ctx.now;
      return null;
    }
    if (e instanceof Refuse) {
      if (ctx.i !== p.replies.length || !p.replies.length) throw new Error(`engine: an earlier answer was refused on re-run (${e.code}: ${e.message})`);
      return e;
    }
    if (e instanceof GameOver) { s.pending = null; s.ask = null; return null; }
    throw e;
  }
  if (ctx.i < p.replies.length) throw new Error('engine: a step ended with answers left unread');
  s.pending = null;
  s.ask = null;
  return null;
}

/** Folds an answer into the suspended step: a new state, or the refusal (the state unchanged). */
function answer(s: State, reply: Reply): { state: State; refused: Refuse | null } {
  const p = s.pending;
  if (!p) throw new Error('engine: an answer without a suspended step');
  const work = cloneState(p.base);
  // The re-run writes its events afresh; they replace the step's events in the record only if it is accepted.
  work.log = [];
  work.commands = s.commands;
  const refused = run(work, { ...p, replies: [...p.replies, reply] });
  if (refused) return { state: s, refused };
  const fresh = work.log;
  s.log.length = p.logLen;
  for (const row of fresh) s.log.push(row);
  work.log = s.log;
  work.now = reply.at;
  advance(work, reply.at);
  return { state: work, refused: null };
}

/**
 * The table between asks (G4): turn start (face-down check, G1.8; 鏖战, G17.1), the turn-start reveal, the phases
 * (skipped ones without events, G4.10), the next alive seat (G22.8). The current player's death ends its turn
 * after the step in progress (G22.9).
 */
export function advance(s: State, now: number) {
  while (s.status !== 'ended' && !s.ask) {
    if (s.status === 'picking') { startStep(s, { k: 'setup' }, now); continue; }
    const t = s.turn;
    const cur = P(s, t.seat);
    if (!cur.alive && t.stage !== 'end' && t.stage !== 'over' && t.stage !== 'before') { t.stage = 'end'; t.point = null; }
    switch (t.stage) {
      case 'before':
        inline(s, now, (ctx) => {
          ev(ctx, 'turn', { seat: t.seat, n: t.n, ...(t.extra ? { extra: true } : {}) });
          if (cur.faceDown) { cur.faceDown = false; ev(ctx, 'faceUp', { seat: t.seat }); t.stage = 'end'; return; }
          aozhanCheck(ctx);
          t.stage = 'start';
        });
        break;
      case 'start':
        t.stage = 'prepare';
        if (hasHidden(cur)) startStep(s, { k: 'turnStart' }, now);
        break;
      case 'prepare': case 'judge': case 'draw': case 'play': case 'discard': case 'finish':
        phase(s, now, t.stage);
        break;
      case 'playStart':
        // C-SA-JADE-SEAL: at the start of the play phase its holder is treated as using 知己知彼.
        t.stage = 'playing';
        if (jadeSealHolds(s, t.seat)) startStep(s, { k: 'playStart' }, now);
        break;
      case 'playing':
        if (t.playEnded) { t.stage = 'play'; t.point = 'end'; }
        else startStep(s, { k: 'play' }, now);
        break;
      case 'end':
        // C-SA-THREATEN-EMPEROR's discard for an extra turn, C-SA-IMPERIAL-ORDER's removal clause: at the end of the turn.
        t.stage = 'over';
        if ((t.threaten && cur.alive) || s.imperialOrder === 'due') startStep(s, { k: 'turnEnd' }, now);
        break;
      case 'over': {
        // G4.9: "until end of turn" effects lapse with the turn object (调虎离山's removal too, G18.4); then the
        // extra turns waiting, each a full turn (one whose owner is dead is lost); then the next alive seat after
        // the character whose regular turn just ended.
        inline(s, now, (ctx) => ev(ctx, 'turnEnd', { seat: t.seat, n: t.n }));
        if (!t.extra) s.resumeAfter = t.seat;
        let next: number | null = null;
        while (s.extraTurns.length && next === null) {
          const x = s.extraTurns.shift()!;
          if (P(s, x).alive) next = x;
          else inline(s, now, (ctx) => ev(ctx, 'extraTurnLost', { seat: x }));
        }
        if (next !== null) { s.turn = freshTurn(next, t.n + 1); s.turn.extra = true; break; }
        s.turn = freshTurn(nextAlive(s, s.resumeAfter ?? t.seat), t.n + 1);
        s.resumeAfter = null;
        break;
      }
    }
  }
}

const NEXT: Record<PhaseName, Stage> = { prepare: 'judge', judge: 'draw', draw: 'play', play: 'discard', discard: 'finish', finish: 'end' };

/**
 * One phase of G4 in three moves: entering it (or skipping it, G4.10: no start or end then), its body, leaving it.
 * Its start and end are trigger points (triggers.ts); a step is opened for them only when a registered skill listens,
 * so that a game without skills logs exactly what it did before.
 */
function phase(s: State, now: number, stage: Stage) {
  const t = s.turn;
  const ph = stage as PhaseName;
  const point = (which: 'phaseBefore' | 'phaseStart' | 'phaseEnd') => { if (listens(s, which)) startStep(s, { k: 'point', point: which, seat: t.seat, phase: ph }, now); };
  const cur = P(s, t.seat);
  if (t.point === null || t.point === 'before') {
    // Entering: skipped phases end here without events for their start or end (G4.10). A phase not skipped is first
    // offered to the skills heard just before it (神速, 巧变), which may skip it.
    if (isSkipped(s, ph)) {
      inline(s, now, (ctx) => ev(ctx, 'skip', { seat: t.seat, phase: ph }));
      t.point = null;
      t.stage = NEXT[ph];
      return;
    }
    if (t.point === null && listens(s, 'phaseBefore')) { t.point = 'before'; point('phaseBefore'); return; }
    // G4.4: the judge phase is announced when it has something to judge.
    if (ph !== 'judge' || cur.judge.length) inline(s, now, (ctx) => ev(ctx, 'phase', { seat: t.seat, phase: ph }));
    t.point = 'body';
    point('phaseStart');
    return;
  }
  if (t.point === 'body') {
    t.point = 'end';
    switch (ph) {
      case 'judge': if (cur.judge.length) startStep(s, { k: 'judge' }, now); return;
      case 'draw':
        // G4.5 with the skills at `drawPhase` (a step of its own only when one listens), and 玉玺's +1.
        if (listens(s, 'drawPhase')) startStep(s, { k: 'drawPhase' }, now);
        else inline(s, now, drawPhaseDraw);
        return;
      case 'play': t.stage = 'playStart'; return;
      case 'discard': if (cur.hand.length > handLimit(s, t.seat)) startStep(s, { k: 'discard' }, now); return;
      default: return;
    }
  }
  t.point = null;
  t.stage = NEXT[ph];
  point('phaseEnd');
}

/** G17.1: alive ≤ T (3 at 7 or fewer players, 4 above, guozhan D4) and no two alive share a kingdom. */
function aozhanCheck(ctx: Ctx) {
  const s = ctx.s;
  if (!s.settings.aozhan || s.aozhan) return;
  const alive = aliveSeats(s);
  if (alive.length > (N(s) <= 7 ? 3 : 4)) return;
  const ks = alive.flatMap((i) => (P(s, i).kingdom !== null && !P(s, i).careerist ? [P(s, i).kingdom!] : []));
  if (new Set(ks).size !== ks.length) return;
  s.aozhan = true;
  ev(ctx, 'aozhan', {});
}

/** Folds one entry after the start. Refusals leave the state as it was, with a row in `commands`. */
export function applyEntry(s: State, e: Exclude<GzEntry, StartEntry>): Outcome {
  if (e.type === 'refused') {
    s.commands.push({ at: e.at, seat: e.seat, kind: e.kind ?? 'unknown', ok: false, code: e.code, message: e.message, after: s.log.length, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.text ? { text: e.text } : {}), ...(e.seat !== null ? { to: [e.seat] } : {}) });
    return { state: s, ok: false, code: e.code, message: e.message };
  }
  if (e.type === 'abort') {
    if (s.status === 'ended') return { state: s, ok: false, code: 'GAME_NOT_RUNNING', message: T.gameOver };
    s.status = 'ended';
    s.winners = [];
    s.end = { how: 'abort', at: e.at };
    s.ask = null;
    s.pending = null;
    s.log.push({ at: e.at, t: 'gameEnd', how: 'abort', winners: [] });
    s.commands.push({ at: e.at, seat: null, kind: 'abort', ok: true, after: s.log.length - 1 });
    return { state: s, ok: true };
  }
  if (e.type === 'timeout') {
    const a = s.ask;
    if (s.status === 'ended' || !a || a.id !== e.ask || e.at < a.deadline) return { state: s, ok: false, code: 'NOT_DUE', message: 'no such open ask at its deadline' };
    const after = s.log.length;
    const r = answer(s, { at: e.at, seat: null, cmd: null, ...(a.kind === 'pick' ? { picks: a.picks ?? {} } : {}) });
    r.state.commands.push({ at: e.at, seat: null, kind: 'timeout', ok: true, after, text: a.id });
    return { state: r.state, ok: true };
  }
  return command(s, e);
}

function command(s: State, e: Extract<GzEntry, { type: 'cmd' }>): Outcome {
  const after = s.log.length;
  // A pick, a query and a refusal (its reason may name the speaker's cards) are the speaker's own (X1.1).
  // A private prompt's answer (a hidden skill's, G21.9) is the speaker's own too.
  const secret = e.cmd.k === 'query' || e.cmd.k === 'prelight' || s.ask?.kind === 'pick' || !!s.ask?.secret;
  const row = (st: State, ok: boolean, code?: string, message?: string) => {
    st.commands.push({ at: e.at, seat: e.seat, kind: e.cmd.k, ok, after, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.text ? { text: e.text } : {}), ...(code ? { code, message } : {}), ...(secret || !ok ? { to: [e.seat] } : {}) });
  };
  const fail = (code: string, message: string): Outcome => { row(s, false, code, message); return { state: s, ok: false, code, message }; };
  // X6.3: queries are taken at any time and change nothing.
  if (e.cmd.k === 'query') { row(s, true); return { state: s, ok: true }; }
  if (e.cmd.k === 'prelight') {
    // G13.5: the prelight flag, at any time, private. It is set in the suspended step's starting state too, so a re-run
    // of that step (the next answer) keeps it.
    const c = e.cmd;
    const own = prelightable(s, e.seat);
    if (!own.includes(c.skill)) return fail('UNKNOWN_SKILL', T.notPrelightable(c.skill, own));
    setPrelight(s, e.seat, c.skill, c.on);
    if (s.pending) setPrelight(s.pending.base, e.seat, c.skill, c.on);
    row(s, true);
    return { state: s, ok: true };
  }
  if (s.status === 'ended') return fail('GAME_NOT_RUNNING', T.gameOver);
  const a = s.ask;
  if (!a || !a.seats.includes(e.seat)) return fail('NO_PROMPT', T.noPrompt(s, e.seat));
  if (a.kind === 'pick') {
    // G2.3: two dealt generals of one kingdom, main first; every seat picks at once (X6.3).
    const c = e.cmd;
    if (c.k !== 'choose' || !c.pair) return fail('BAD_SYNTAX', T.generalPickHelp);
    const dealt = P(s, e.seat).dealt;
    const [m, d] = c.pair;
    if (!dealt.includes(m) || !dealt.includes(d)) return fail('ILLEGAL_CARD', T.notDealt(dealt));
    if (m === d || general(m).kingdom !== general(d).kingdom) return fail('ILLEGAL_CARD', T.pairKingdom);
    a.picks = { ...(a.picks ?? {}), [String(e.seat)]: [m, d] };
    a.seats = a.seats.filter((x) => x !== e.seat);
    row(s, true);
    if (a.seats.length) return { state: s, ok: true };
    const r = answer(s, { at: e.at, seat: null, cmd: null, picks: a.picks });
    return { state: r.state, ok: true };
  }
  if (a.kind === 'nullify' && e.cmd.k === 'pass') {
    // G21.4: a pass is done with this window; the window closes when everyone eligible has passed.
    a.seats = a.seats.filter((x) => x !== e.seat);
    row(s, true);
    if (a.seats.length) return { state: s, ok: true };
    const r = answer(s, { at: e.at, seat: null, cmd: null });
    return { state: r.state, ok: true };
  }
  const r = answer(s, { at: e.at, seat: e.seat, cmd: e.cmd });
  if (r.refused) return fail(r.refused.code, r.refused.message);
  row(r.state, true);
  return { state: r.state, ok: true };
}

/** Every physical card exactly once across piles, hands, equipment, judgement areas and the processing area (issue 18's invariant). */
export function cardCensus(s: State): Map<string, number> {
  const m = new Map<string, number>();
  const add = (id: string) => m.set(id, (m.get(id) ?? 0) + 1);
  [s.drawPile, s.discardPile, s.processing, s.removed].forEach((z) => z.forEach(add));
  for (const p of s.players) { p.hand.forEach(add); p.judge.forEach(add); Object.values(p.equip).forEach((x) => x && add(x)); }
  void card;
  return m;
}
