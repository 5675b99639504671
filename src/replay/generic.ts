/**
 * A transcript runner for any game, on the platform's Rules alone: the lines a game's own runner (New European
 * War's: src/games/neuwar/transcript.ts) would read, minus what only one game has (maps, rule settings).
 *
 *   # a comment
 *   @players A B      the seats taken (default: every seat), before the first message
 *   @at m:ss          the virtual clock, from the start: deadlines on the way fire as the live clock fires them
 *   SEAT: text        a player's chat message (SEAT: any name of a seat); judge: / 裁判: a judge's
 *
 * The game starts at time 0 with seed 0, in the game's default language; each message is folded through
 * `rules.parse` and `rules.apply`, as the live service does.
 */
import { readFileSync } from 'node:fs';
import { TranscriptError } from '../games/neuwar/transcript.ts';
import { withDefaults, type Entry, type FullRules, type GameModule, type Speaker, type StepResult } from '../platform/session/index.ts';
import { parseClock } from '../platform/clock/index.ts';

export interface GenericReplay {
  kind: string;
  game: unknown;
  rules: FullRules<unknown>;
  /** Per line that did something: a message's steps (none when the game did not read it), or the clock's. */
  answers: { line: number; speaker: string; text: string; steps: StepResult[] }[];
}

const JUDGE_NAMES = new Set(['judge', '裁判']);

/** Plays a transcript of `mod`'s game. Throws TranscriptError for a malformed transcript. */
export function runGenericTranscript(mod: GameModule<unknown>, file: string, text?: string, root = process.cwd()): GenericReplay {
  const src = text ?? readFileSync(file, 'utf8');
  const lines = src.split(/\r?\n/);
  const err = (n: number, reason: string) => new TranscriptError(file, n, reason);
  let rules: FullRules<unknown>;
  try {
    rules = withDefaults(mod.open(mod.defaultResource(root), root));
  } catch (e) {
    throw err(1, `the game ${mod.kind} cannot be opened: ${(e as Error).message}`);
  }
  const settingsCheck = rules.settings({}, {});
  if (!settingsCheck.ok) throw err(1, `the game ${mod.kind} has no valid default settings (${settingsCheck.key}: ${settingsCheck.reason})`);
  const settings = settingsCheck.settings;
  const lang = rules.language(settings);
  const allSeats = rules.seats(settings);
  let players: string[] | null = null;
  let game: unknown = null;
  let now = 0;
  const answers: GenericReplay['answers'] = [];

  const ensureGame = (n: number): unknown => {
    if (game !== null) return game;
    const seats = players ?? allSeats;
    if (seats.length < rules.minSeats) throw err(n, `${mod.kind} needs at least ${rules.minSeats} seats (have ${seats.length})`);
    game = rules.apply(null, rules.setup(seats, settings, 0, 0)).game;
    if (game === null) throw err(n, `the game ${mod.kind} did not start`);
    return game;
  };
  /** Folds one entry as the live service does (a game may hand back a new object). */
  const fold = (e: Entry): StepResult | null => {
    const r = rules.apply(game, e);
    game = r.game;
    return r.step;
  };
  const seatList = () => allSeats.map((s) => rules.seatName(s, lang)).join(', ');

  /** Fires every deadline due by `target`, each at its own time, as the live clock would. */
  const advance = (n: number, raw: string, target: number): void => {
    ensureGame(n);
    // A game that never stops setting deadlines in the past would loop forever: bounded, then an error.
    for (let guard = 0; ; guard++) {
      if (guard > 100_000) throw err(n, 'the clock does not settle (deadlines keep falling due)');
      if (rules.phase(game) === 'ended') break;
      const due = (rules.timers(game, { reminderOffsets: [] })?.deadlines ?? []).filter((d) => d.at <= target).sort((a, b) => a.at - b.at);
      let fired = false;
      for (const d of due) {
        const at = Math.max(d.at, now);
        const e = rules.tick(game, d.kind, at);
        if (!e) continue;
        now = at;
        const step = fold(e);
        answers.push({ line: n, speaker: 'clock', text: raw, steps: step ? [step] : [] });
        fired = true;
        break;
      }
      if (!fired) break;
    }
    now = target;
  };

  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('@')) {
      const [dir, ...args] = trimmed.replace(/\s+#.*$/, '').split(/\s+/);
      switch (dir) {
        case '@players': {
          if (game !== null) throw err(n, '@players must come before the first message');
          if (args.length < 1) throw err(n, '@players lists at least one seat');
          players = args.map((a) => {
            const s = rules.findSeat(a);
            if (!s || !allSeats.includes(s)) throw err(n, `unknown seat "${a}" (seats: ${seatList()})`);
            return s;
          });
          if (new Set(players).size !== players.length) throw err(n, '@players names a seat twice');
          break;
        }
        case '@at': {
          if (args.length !== 1) throw err(n, '@at takes a time m:ss since the start');
          const ms = parseClock(args[0]!);
          if (ms === null) throw err(n, `bad time "${args[0]}" (use m:ss)`);
          if (ms < now) throw err(n, `@at ${args[0]} goes back in time (time only moves forward)`);
          advance(n, raw, ms);
          break;
        }
        case '@game':
          throw err(n, '@game must be the first line of the transcript, and only once');
        default:
          throw err(n, `unknown directive ${dir} (known: @game @players @at)`);
      }
      continue;
    }
    const colon = raw.search(/[:：]/);
    if (colon < 1) throw err(n, 'a message line is "speaker: text" (speaker: a seat or judge)');
    const who = raw.slice(0, colon).trim();
    const body = raw.slice(colon + 1).trim();
    ensureGame(n);
    let speaker: Speaker;
    if (JUDGE_NAMES.has(who.toLowerCase())) speaker = { kind: 'judge', name: who };
    else {
      const seat = rules.findSeat(who);
      if (!seat) throw err(n, `unknown speaker "${who}" (a seat: ${seatList()}; or judge)`);
      if (!(players ?? allSeats).includes(seat)) throw err(n, `"${who}" holds no seat in this game`);
      speaker = { kind: 'seat', seat, name: who };
    }
    const steps: StepResult[] = [];
    for (const e of rules.parse(body, game, speaker, speaker.kind === 'judge', now, lang)) {
      const step = fold(e);
      if (step) steps.push(step);
    }
    answers.push({ line: n, speaker: who, text: body, steps });
  }
  return { kind: mod.kind, game: ensureGame(lines.length), rules, answers };
}
