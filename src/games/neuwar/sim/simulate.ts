/**
 * Simulated games: every turn each country gets the generator's commands (diplomacy, answers, economy, army
 * orders), then commits, so the turn resolves (R3.2). Engine only, virtual clock: every entry is stamped at the
 * opening time of the game (0), so nobody is ever late and a transcript needs no @at lines.
 */
import type { GameMap } from '../../europe/map/index.ts';
import {
  activeCountries, answeredRequest, applyEntry, cn, defaultSettings, mergeSettings, newGame,
  type Command, type CountryId, type ErrorCode, type Game, type GameEvent, type LogEntry, type Settings, type Speaker, type Step,
} from '../engine/index.ts';
import { formatCommand } from '../parse/index.ts';
import { answerFor, DEFAULT_POLICY, diplomacyFor, economyFor, ordersFor, requestCommand, View, type Policy } from './generate.ts';
import { makeRng, type Rng } from '../../europe/rng.ts';
import { BotGame, type Seat } from '../bots/index.ts';

export interface SimOptions {
  /** Countries taken by players: ids, or how many of the map's playable countries (in map order). Default 10 or all. */
  players?: CountryId[] | number;
  /** Turns to resolve (the game may end earlier, R11). */
  turns: number;
  seed: number;
  policy?: Partial<Policy>;
  /** Rule settings (house rules) for the game. */
  settings?: Partial<Settings>;
  /** Called after every applied entry (for invariant checks). */
  onStep?: (entry: LogEntry, step: Step, game: Game, before: { score: Record<CountryId, number>; armies: number }) => void;
  /** Measure the state before each entry and pass it to onStep (costs a pass over the state). */
  measure?: boolean;
  /**
   * Computer players (issue 13): the countries named here are played by the bots' decision engine
   * (src/games/neuwar/bots) with the given style, every line through the parser and engine; the other players
   * are passive (they only commit). Without it the legal-order generator plays, as before.
   */
  bots?: Record<CountryId, Seat>;
}

export interface SimStats {
  turns: number;
  status: 'running' | 'ended';
  winner: CountryId[] | null;
  battles: number;
  captures: number;
  wars: number;
  peaceTreaties: number;
  fallenCapitals: number;
  commands: number;
  refused: number;
  refusedByCode: Partial<Record<ErrorCode, number>>;
  byKind: Record<string, number>;
  scores: Record<CountryId, number>;
}

export interface SimResult {
  game: Game;
  players: CountryId[];
  settings: Settings;
  /** Every entry applied, in order (replaying them into a fresh newGame gives the same state). */
  entries: LogEntry[];
  /** The turn open when each entry was applied. */
  entryTurns: number[];
  stats: SimStats;
}

export function resolvePlayers(map: GameMap, players: SimOptions['players']): CountryId[] {
  const playable = map.countries.filter((c) => c.playable !== false).map((c) => c.id);
  if (Array.isArray(players)) return players;
  return playable.slice(0, Math.min(players ?? 10, playable.length));
}

/** Sum of every army on the board: land garrisons, sea stacks and arsenals. */
export function totalArmies(g: Game): number {
  let n = 0;
  for (const t of Object.values(g.state.territories)) {
    if ('stacks' in t) for (const k of Object.keys(t.stacks)) n += t.stacks[k]!;
    else n += t.armies;
  }
  for (const k of Object.keys(g.state.arsenals)) n += g.state.arsenals[k]!;
  return n;
}

function emptyStats(): SimStats {
  return { turns: 0, status: 'running', winner: null, battles: 0, captures: 0, wars: 0, peaceTreaties: 0, fallenCapitals: 0, commands: 0, refused: 0, refusedByCode: {}, byKind: {}, scores: {} };
}

export function countEvents(stats: SimStats, events: GameEvent[]): void {
  for (const e of events) {
    if (e.type === 'battle') stats.battles++;
    else if (e.type === 'capture') stats.captures++;
    else if (e.type === 'warDeclared') stats.wars++;
    else if (e.type === 'warEnded' && (e.how === 'ceasefire' || e.how === 'peace')) stats.peaceTreaties++;
    else if (e.type === 'capitalFell') stats.fallenCapitals++;
  }
}

/** Drives one game; `play()` runs it to the end. Exposed as a class so benchmarks can stop in mid-play. */
export class Simulation {
  readonly game: Game;
  readonly players: CountryId[];
  readonly settings: Settings;
  readonly entries: LogEntry[] = [];
  readonly entryTurns: number[] = [];
  readonly stats = emptyStats();
  readonly rng: Rng;
  readonly policy: Policy;

  constructor(readonly map: GameMap, readonly opts: SimOptions) {
    this.players = resolvePlayers(map, opts.players);
    let settings = defaultSettings();
    if (opts.settings) {
      const r = mergeSettings(settings, opts.settings as Record<string, unknown>);
      if (!r.ok) throw new Error(`bad setting ${r.key}: ${r.reason}`);
      settings = r.settings;
    }
    this.settings = settings;
    this.game = newGame(map, { players: this.players, settings: { ...settings }, at: 0 });
    this.rng = makeRng(opts.seed);
    this.policy = { ...DEFAULT_POLICY, ...opts.policy };
  }

  get state() { return this.game.state; }

  apply(speaker: Speaker, command: Command): Step {
    const entry: LogEntry = { type: 'command', at: 0, speaker, command };
    let before = { score: {} as Record<CountryId, number>, armies: 0 };
    if (this.opts.measure) {
      before = { score: Object.fromEntries(Object.entries(this.state.countries).map(([c, cs]) => [c, cs.score])), armies: totalArmies(this.game) };
    }
    this.entryTurns.push(this.state.turn);
    const step = applyEntry(this.game, entry);
    this.entries.push(entry);
    this.stats.commands++;
    this.stats.byKind[command.kind] = (this.stats.byKind[command.kind] ?? 0) + 1;
    if (step.outcome && !step.outcome.ok) {
      this.stats.refused++;
      this.stats.refusedByCode[step.outcome.code] = (this.stats.refusedByCode[step.outcome.code] ?? 0) + 1;
    }
    if (step.outcome?.ok) countEvents(this.stats, step.outcome.events);
    for (const r of step.resolved) {
      countEvents(this.stats, r.events);
      this.stats.turns++;
    }
    this.opts.onStep?.(entry, step, this.game, before);
    return step;
  }

  private active(): CountryId[] {
    return activeCountries(this.state).sort();
  }

  private country(id: CountryId): Speaker { return { kind: 'country', id }; }

  /** One whole turn: diplomacy, answers, economy and orders, commits (the last commit resolves it). */
  playTurn(): void {
    const s = this.state, map = this.map, rng = this.rng, p = this.policy;
    if (s.status !== 'running') return;
    const turn = s.turn;
    // 1. Diplomacy: declarations, the one request, R5.5 choices.
    for (const c of rng.shuffle(this.active())) {
      if (!s.countries[c]!.alive) continue;
      for (const cmd of diplomacyFor(new View(s, map), rng, c, p)) {
        if (!s.countries[c]!.alive) break;
        this.apply(this.country(c), cmd);
      }
    }
    // 2. Answers, newest first, up to three rounds of counter-offers.
    const decided = new Set<number>();
    for (let round = 0; round < 3; round++) {
      const open = [...s.pending].filter((r) => !decided.has(r.id)).sort((a, b) => b.id - a.id);
      if (open.length === 0) break;
      for (const r of open) {
        if (!s.pending.includes(r) || decided.has(r.id) || !s.countries[r.to]?.alive) continue;
        decided.add(r.id);
        const a = answerFor(new View(s, map), rng, r, p);
        if (!a) continue;
        const req = requestCommand(r);
        // The full form names the request, and the engine takes it for the newest open one of that kind between the two.
        const full = req !== null && answeredRequest(s, r.to, req) === r;
        const newest = answeredRequest(s, r.to) === r;
        let command: Command = a;
        if (full && (!newest || rng.chance(p.fullForm))) command = { ...a, request: req! };
        else if (!newest) continue;
        this.apply(this.country(r.to), command);
      }
    }
    // 3. Economy and army orders (an overlord sometimes orders its puppet's armies, R6.4).
    for (const c of rng.shuffle(this.active())) {
      const cs = s.countries[c]!;
      if (!cs.alive) continue;
      for (const cmd of economyFor(new View(s, map), rng, c, p)) this.apply(this.country(c), cmd);
      const lord = cs.overlord && s.countries[cs.overlord]?.alive && rng.chance(p.overlordOrders) ? cs.overlord : null;
      const orders = ordersFor(new View(s, map), rng, c, p, lord !== null);
      for (const cmd of orders) {
        this.apply(this.country(lord ?? c), cmd);
        if (cmd.kind === 'move' && rng.chance(p.cancel)) {
          this.apply(this.country(lord ?? c), { kind: 'cancel', from: cmd.from, to: cmd.to });
          this.apply(this.country(lord ?? c), cmd);
        }
      }
      if (rng.chance(p.query)) this.apply(this.country(c), { kind: 'query', what: rng.pick(['scores', 'status', 'orders', 'map', 'help'] as const) });
      if (cs.techDone.includes('spy') && rng.chance(p.query * 3)) this.apply(this.country(c), { kind: 'spy' });
    }
    // 4. Commits; an early one is sometimes reopened and given again.
    const act = rng.shuffle(this.active());
    for (let i = 0; i < act.length && s.turn === turn && s.status === 'running'; i++) {
      const c = act[i]!;
      if (!s.countries[c]!.alive) continue;
      this.apply(this.country(c), { kind: 'commit' });
      if (i < act.length - 1 && s.turn === turn && rng.chance(p.uncommit)) {
        this.apply(this.country(c), { kind: 'uncommit' });
        this.apply(this.country(c), { kind: 'commit' });
      }
    }
    // Nobody left to commit (everyone left the game): the judge resolves.
    if (s.turn === turn && s.status === 'running') this.apply({ kind: 'judge' }, { kind: 'resolve' });
  }

  play(): SimResult {
    while (this.state.status === 'running' && this.stats.turns < this.opts.turns) this.playTurn();
    return this.result();
  }

  result(): SimResult {
    const s = this.state;
    this.stats.status = s.status;
    this.stats.winner = s.winner;
    this.stats.scores = Object.fromEntries(Object.keys(s.countries).filter((c) => s.countries[c]!.player).sort().map((c) => [c, s.countries[c]!.score]));
    return { game: this.game, players: this.players, settings: this.settings, entries: this.entries, entryTurns: this.entryTurns, stats: this.stats };
  }
}

export function simulate(map: GameMap, opts: SimOptions): SimResult {
  return opts.bots ? simulateBots(map, opts) : new Simulation(map, opts).play();
}

/** A game of computer players (SimOptions.bots), with the same result, stats and transcript as the generator's. */
export function simulateBots(map: GameMap, opts: SimOptions): SimResult {
  const players = resolvePlayers(map, opts.players);
  const seats: Record<CountryId, Seat> = Object.fromEntries(players.map((c) => [c, opts.bots?.[c] ?? 'passive']));
  const entries: LogEntry[] = [];
  const entryTurns: number[] = [];
  const stats = emptyStats();
  const bg = new BotGame(map, {
    seats, seed: opts.seed, turns: opts.turns, measure: opts.measure,
    ...(opts.settings ? { settings: opts.settings } : {}),
    onStep: (entry, step, game, before) => {
      entries.push(entry);
      entryTurns.push(step.resolved[0]?.turn ?? game.state.turn);
      stats.commands++;
      if (entry.type === 'command') stats.byKind[entry.command.kind] = (stats.byKind[entry.command.kind] ?? 0) + 1;
      if (step.outcome && !step.outcome.ok) {
        stats.refused++;
        stats.refusedByCode[step.outcome.code] = (stats.refusedByCode[step.outcome.code] ?? 0) + 1;
      }
      if (step.outcome?.ok) countEvents(stats, step.outcome.events);
      for (const r of step.resolved) {
        countEvents(stats, r.events);
        stats.turns++;
      }
      opts.onStep?.(entry, step, game, before);
    },
  });
  bg.play();
  const s = bg.game.state;
  stats.status = s.status;
  stats.winner = s.winner;
  stats.scores = Object.fromEntries(Object.keys(s.countries).filter((c) => s.countries[c]!.player).sort().map((c) => [c, s.countries[c]!.score]));
  return { game: bg.game, players, settings: { ...s.settings }, entries, entryTurns, stats };
}

/** A country's or the judge's name as a transcript speaker. */
function speakerText(map: GameMap, sp: Speaker): string {
  return sp.kind === 'judge' ? '裁判' : cn(map, sp.id, 'zh');
}

/**
 * The game as a transcript (commands.md §3): @map, @players, @set for rules that differ from the defaults, then
 * one `国家名: 【…】` line per command, written with formatCommand.
 */
export function toTranscript(map: GameMap, mapPath: string, r: Pick<SimResult, 'players' | 'settings' | 'entries' | 'entryTurns'>, header: string[] = []): string {
  const lines = header.map((h) => `# ${h}`);
  lines.push(`@map ${mapPath}`, `@players ${r.players.join(' ')}`);
  const def = defaultSettings() as Record<string, unknown>;
  const diff = Object.entries(r.settings).filter(([k, v]) => def[k] !== v && k !== 'language').map(([k, v]) => `${k}=${v}`);
  if (diff.length) lines.push(`@set ${diff.join(' ')}`);
  if (r.settings.language !== 'zh') lines.push(`@set language=${r.settings.language}`);
  let turn = 0;
  r.entries.forEach((e, i) => {
    if (e.type !== 'command') return;
    if (r.entryTurns[i] !== turn) lines.push(`# turn ${(turn = r.entryTurns[i]!)}`);
    lines.push(`${speakerText(map, e.speaker)}: ${formatCommand(e.command, map, 'zh')}`);
  });
  return lines.join('\n') + '\n';
}
