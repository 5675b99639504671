/**
 * Bot-only games through the real path: every line a bot says is parsed by the game's parser and applied by the
 * engine as that country's message, exactly as the service would. Used by the tests (tests/bots), the benchmark
 * (bench/bots.ts) and the simulator's --bots option. Virtual clock: every entry is stamped at the game's opening
 * time, so nobody is late.
 *
 * A turn: every country answers what is addressed to it, then gives its turn's lines (held back: its 【完成】),
 * then up to three rounds of answers (requests made this turn, counter-offers), then the commits in order — the
 * last resolves the turn (R3.2). A "passive" seat only commits.
 */
import type { GameMap } from '../../europe/map/index.ts';
import {
  activeCountries, applyEntry, defaultSettings, mergeSettings, newGame,
  type CountryId, type Game, type LogEntry, type Settings, type Step,
} from '../engine/index.ts';
import { parseMessage } from '../parse/index.ts';
import { botView, decideResponses, decideTurn } from './index.ts';
import type { BotStyle } from './types.ts';

export type Seat = BotStyle | 'passive';

export interface BotGameOptions {
  seats: Record<CountryId, Seat>;
  seed: number;
  turns: number;
  settings?: Partial<Settings>;
  /** Seats in 'defend' autopilot mode. */
  defend?: CountryId[];
  /** After every applied entry (invariant checks); `before` when `measure`. */
  onStep?: (entry: LogEntry, step: Step, game: Game, before: { score: Record<CountryId, number>; armies: number }) => void;
  measure?: boolean;
  /** Called with each bot's decision time (ms) for a whole turn (decideTurn). */
  onDecide?: (country: CountryId, ms: number, kind: 'turn' | 'answers') => void;
}

export interface Refusal { turn: number; country: CountryId; line: string; code: string; message: string }

export interface BotGameResult {
  game: Game;
  refusals: Refusal[];
  lines: number;
  /** Every line with its speaker, in order (a transcript's body). */
  said: { turn: number; country: CountryId; line: string }[];
  turns: number;
}

/**
 * One chat line as country `c`'s message through the real path (parseMessage → applyEntry), as the service does:
 * each command in it applied in order. Returns each command's step with the entry applied.
 */
export function sayAs(g: Game, c: CountryId, line: string, at = 0): { entry: LogEntry; step: Step }[] {
  const s = g.state;
  const ps = parseMessage(line, g.map, { lang: s.settings.language, settings: { partialArmies: s.settings.partialArmies, nationalArmies: s.settings.nationalArmies } });
  return ps.map((p) => {
    const entry: LogEntry = p.ok
      ? { type: 'command', at, speaker: { kind: 'country', id: c }, command: p.command, text: p.text }
      : { type: 'refused', at, speaker: { kind: 'country', id: c }, code: p.code, message: p.message, text: p.text };
    return { entry, step: applyEntry(g, entry) };
  });
}

function totals(g: Game): { score: Record<CountryId, number>; armies: number } {
  let armies = 0;
  for (const t of Object.values(g.state.territories)) {
    if ('stacks' in t) for (const k of Object.keys(t.stacks)) armies += t.stacks[k]!;
    else armies += t.armies;
  }
  for (const k of Object.keys(g.state.arsenals)) armies += g.state.arsenals[k]!;
  return { score: Object.fromEntries(Object.entries(g.state.countries).map(([c, cs]) => [c, cs.score])), armies };
}

export class BotGame {
  readonly game: Game;
  readonly refusals: Refusal[] = [];
  readonly said: BotGameResult['said'] = [];
  lines = 0;
  turns = 0;

  constructor(readonly map: GameMap, readonly opts: BotGameOptions) {
    let settings = defaultSettings();
    if (opts.settings) {
      const r = mergeSettings(settings, opts.settings as Record<string, unknown>);
      if (!r.ok) throw new Error(`bad setting ${r.key}: ${r.reason}`);
      settings = r.settings;
    }
    this.game = newGame(map, { players: Object.keys(opts.seats), settings, at: 0 });
  }

  get state() { return this.game.state; }

  /** One line as `c`'s message: parsed, each command applied; refusals recorded. */
  say(c: CountryId, line: string): void {
    const s = this.state;
    const before = this.opts.measure ? totals(this.game) : { score: {}, armies: 0 };
    this.said.push({ turn: s.turn, country: c, line });
    this.lines++;
    const turn = s.turn;
    const done = sayAs(this.game, c, line);
    if (done.length === 0) this.refusals.push({ turn, country: c, line, code: 'NOT_A_COMMAND', message: 'no command in the line' });
    for (const { entry, step } of done) {
      if (step.outcome && !step.outcome.ok) this.refusals.push({ turn, country: c, line, code: step.outcome.code, message: step.outcome.message });
      this.turns += step.resolved.length;
      this.opts.onStep?.(entry, step, this.game, before);
    }
  }

  private alive(c: CountryId): boolean { return !!this.state.countries[c]?.alive; }

  private answers(c: CountryId): void {
    const seat = this.opts.seats[c];
    if (!seat || seat === 'passive' || !this.alive(c)) return;
    if (!this.state.pending.some((r) => r.to === c)) return;
    const mode = this.opts.defend?.includes(c) ? 'defend' as const : 'full' as const;
    const t0 = performance.now();
    const out = decideResponses(botView(this.state, this.map, c), this.map, { style: seat, seed: this.opts.seed, mode });
    this.opts.onDecide?.(c, performance.now() - t0, 'answers');
    for (const a of out) if (this.alive(c)) this.say(c, a.command);
  }

  playTurn(): void {
    const s = this.state;
    if (s.status !== 'running') return;
    const turn = s.turn;
    const order = activeCountries(s).sort();
    for (const c of order) this.answers(c);
    const commits: CountryId[] = [];
    for (const c of order) {
      if (!this.alive(c) || s.turn !== turn) continue;
      const seat = this.opts.seats[c];
      if (!seat || seat === 'passive') { commits.push(c); continue; }
      const mode = this.opts.defend?.includes(c) ? 'defend' as const : 'full' as const;
      const t0 = performance.now();
      const lines = decideTurn(botView(s, this.map, c), this.map, { style: seat, seed: this.opts.seed, mode });
      this.opts.onDecide?.(c, performance.now() - t0, 'turn');
      const last = lines[lines.length - 1];
      for (const l of last === '【完成】' ? lines.slice(0, -1) : lines) if (this.alive(c)) this.say(c, l);
      if (last === '【完成】') commits.push(c);
      else if (lines.length > 0) this.refusals.push({ turn, country: c, line: String(last), code: 'NO_COMMIT', message: 'the turn did not end with 【完成】' });
    }
    for (let round = 0; round < 3 && s.turn === turn; round++) {
      if (!s.pending.length) break;
      for (const c of activeCountries(s).sort()) this.answers(c);
    }
    for (const c of commits) {
      if (s.turn !== turn || s.status !== 'running') break;
      if (this.alive(c)) this.say(c, '【完成】');
    }
    // Nobody could commit (everyone left): the turn resolves as the judge would.
    if (s.turn === turn && s.status === 'running') {
      const before = this.opts.measure ? totals(this.game) : { score: {}, armies: 0 };
      const entry: LogEntry = { type: 'command', at: 0, speaker: { kind: 'judge' }, command: { kind: 'resolve' } };
      const step = applyEntry(this.game, entry);
      this.turns += step.resolved.length;
      this.opts.onStep?.(entry, step, this.game, before);
    }
  }

  play(): BotGameResult {
    while (this.state.status === 'running' && this.turns < this.opts.turns) this.playTurn();
    return { game: this.game, refusals: this.refusals, lines: this.lines, said: this.said, turns: this.turns };
  }
}

export function playBotGame(map: GameMap, opts: BotGameOptions): BotGameResult {
  return new BotGame(map, opts).play();
}
