/**
 * The one interface every game implements. The platform (this folder) knows no game: it holds games by their
 * `kind`, keeps their logs, locks and clocks, and speaks for them; everything that depends on a game's rules
 * comes through a GameModule and the Rules it opens for one game.
 *
 * A game is its log: `setup` makes the start entry (with the seed, for a game that shuffles), `apply` folds
 * one entry into the game (pure and deterministic: no clock, I/O or randomness inside), so replaying the
 * stored entries rebuilds the game exactly. The only state that leaves a module is what `view` gives a seat.
 */
import type { z } from 'zod';
import type { OutButton, OutImage } from '../chat/index.ts';
import type { RatedOutcome } from '../ratings/index.ts';

export type Lang = 'zh' | 'en';

/** A log entry: JSON, with a type and the time it happened. Each game has its own kinds. */
export interface Entry { type: string; at: number; [k: string]: unknown }

/** Who speaks in a message: a seat's player, or a judge (the creator, a judge, a moderator) who holds no seat. */
export type Speaker = { kind: 'seat'; seat: string; name: string; bot?: boolean } | { kind: 'judge'; name: string };

/**
 * What a game's computer players say now (issue 13): one message per seat, sent through the same parse → apply →
 * log path as a person's. `key` names the decision (e.g. a seat's turn, its answers to requests): the platform
 * asks each key once. `note`: a sentence posted beside it in the channel (why a bot answered a request so).
 */
export interface BotMessage { seat: string; key: string; text: string; note?: string }

/** The answer to one entry, as its speaker (and, if public, the channel) reads it. */
export interface Answer { ok: boolean; code?: string; text: string; private: boolean }

/** Pictures the game draws: its own names for them (e.g. 'map', 'scores') and an optional focus. */
export interface PictureAsk { which: string[]; region?: string }

/** What one applied entry did, as the platform needs it to write, answer and post. */
export interface StepResult {
  /** The answer to the entry's speaker; null for entries nobody said (ticks, the start). */
  answer: Answer | null;
  /** The answer is a request that another seat answers by buttons: its post keeps `key` until settled. */
  request?: { key: string; buttons: OutButton[] };
  /** An answered picture query: the platform screens, rate-limits and draws it. */
  picture?: PictureAsk;
  /** Turns (rounds) that closed with this entry: a snapshot follows the entry and `present` tells them. */
  resolved: number[];
  /** An undo: the log from this turn on is taken back (the store marks it) and a snapshot follows. */
  undoneFromTurn?: number;
  /** What `present` needs of this step beyond the game itself (e.g. the events of a resolution). */
  detail?: unknown;
}

/** A message the game wants posted in the channel: text, and pictures drawn in the background. */
export interface Post { text: string; pictures?: PictureAsk }

/** Timed things of a running game: absolute times; `kind` names them for the store and for `tick`. */
export interface Timers {
  /** The turn they belong to: a timer of an earlier turn is stale. */
  turn: number;
  /** Times at which the clock acts (`tick`): e.g. the deadline and the hard close. */
  deadlines: { kind: string; at: number }[];
  /** Times at which seats that still owe an action are reminded, with seconds left. */
  reminders: { kind: string; at: number; seconds: number }[];
}

/** The settings a game's creator and judges may set, validated. */
export type SettingsCheck<S> = { ok: true; settings: S } | { ok: false; key: string; reason: string };

/** The game as the local page's panel shows it. */
export interface PageView {
  seats: { id: string; zh: string; en: string; color: string; playable: boolean; committed: boolean; score: number | null; alive: boolean; bot?: string | null }[];
  hardCloseAt: number | null;
  paused: boolean;
  turnSeconds: number | null;
  names: { countries: { id: string; zh: string; en: string; aliases: string[] }[]; territories: { id: string; zh: string; en: string; aliases: string[]; kind: string }[] };
  /**
   * A game whose page draws its own board (Europe Duel's clickable map): the static drawing data (map geometry),
   * sent once when a page opens the channel; each viewer then gets the seat's `view` pushed as the game changes.
   */
  board?: unknown;
}

/**
 * One game of a kind, opened on its resource (New European War: its map file). Methods marked optional have a
 * plain default in the platform (no buttons, no pictures, no reminders text, nothing to restore after an outage).
 */
export interface Rules<G = unknown> {
  /** The resource's id, stored with the game (a map's id). */
  readonly resourceId: string;
  /** The resource's display name (the map's name). */
  resourceName(lang: Lang): string;

  // ── seats and settings ──
  /** The seats a player may take (countries), in order. */
  seats(settings: unknown): string[];
  /** A seat's display name. */
  seatName(seat: string, lang: Lang): string;
  /** The seat a player named (any of its names), or null. */
  findSeat(name: string): string | null;
  /** Fewest seats taken to start. */
  readonly minSeats: number;
  /** Defaults merged with a creator's or judge's patch; `base` is the stored settings (unknown shape, old versions). */
  settings(base: unknown, patch: Record<string, unknown>): SettingsCheck<unknown>;
  /** The language of a game with these settings. */
  language(settings: unknown): Lang;

  // ── the log ──
  /** The start entry: what `apply` needs to create the game, so the log alone rebuilds it. */
  setup(seats: string[], settings: unknown, seed: number, at: number, bots?: Record<string, string>): Entry;
  /** Folds one entry: a start entry makes the game (`game` null before it); others change `game` in place. */
  apply(game: G | null, entry: Entry): { game: G | null; step: StepResult | null };
  /** Entries the game reads (not lifecycle notes). */
  isGameEntry(entry: Entry): boolean;
  snapshot(game: G): string;
  restore(json: string): G;
  /** The turn (round) now open. */
  turn(game: G): number;
  /** running | paused | ended, as the game sees itself. */
  phase(game: G): 'running' | 'paused' | 'ended';
  /**
   * A game over at its start (computer against computer) is archived at once — unless this says its host tells it
   * at its own pace and then ends it (Europe Duel's /arena, D10.4). `settings`: the game's stored settings.
   */
  pacedEnd?(game: G, settings: unknown): boolean;
  /** The deadline of the open turn (null: none, e.g. ended). */
  deadline(game: G): number | null;
  /** The settings in force (a judge may change them mid-game). */
  settingsOf(game: G): unknown;
  /** The game's state object as tools and tests read it (the engine's own shape). */
  stateOf(game: G): unknown;
  /** A copy that later entries cannot change (what a background picture draws). */
  freeze(game: G): G;

  // ── input ──
  /**
   * The entries a chat message means (none: not addressed to the game). `game` null: the lobby. `judge`: the
   * speaker may use judge commands. Refusals the game can tell without folding are entries too.
   */
  parse(text: string, game: G | null, speaker: Speaker, judge: boolean, at: number, lang: Lang): Entry[];
  /** What a parsed entry is to the platform before it is applied. */
  /** `ratings`: the entry asks the platform's ratings (duel.md D9.6: 【排行】 the board, 【等级分】 the speaker's card). */
  classify?(entry: Entry): { picture?: PictureAsk; help?: boolean; private?: boolean; routine?: boolean; ratings?: 'board' | 'card' };
  /** The entry a button press means, or a refusal, or null when the button is not this game's. */
  press?(game: G, buttonId: string, seat: string | null, at: number): { entry: Entry } | { refuse: { code: string; text: string } } | null;
  /** Which tracked posts (requests) are settled, and how each ended (a stored code and the line added to the post), after `steps`. */
  settled?(game: G | null, open: string[], steps: StepResult[], ended: boolean): { key: string; code: string; text: string }[];
  /** The entry a judge's /end makes while the game runs (recorded by the game), or null: the platform archives it directly. */
  endEntry?(game: G, judgeName: string, at: number): Entry | null;
  /** The entry that gives a seat back to a player (true) or puts it in civil disorder (false), if the game has one. */
  control?(seat: string, player: boolean, judgeName: string, at: number): Entry | null;
  /** A seat still in play whose player was removed (a judge may seat someone there). */
  vacant?(game: G, seat: string): boolean;
  /** A lobby entry that seats a computer player (the game's 【机器人】 before the start; its refusal when the parser refused it), or null. */
  seatsBot?(entry: Entry): { seat: string; style: string } | { code: string; text: string } | null;
  /** The style a judge named for a computer player (none: the default) with its label, or null: no such style. */
  botStyle?(name: string | undefined, lang: Lang): { id: string; label: string } | null;
  /** The styles, as an error message lists them. */
  botStyles?(lang: Lang): string;
  /** The name a computer player seated in `seat` goes by (members lists, the start's seat list). Default: its style's label. */
  botName?(seat: string, label: string): string;
  /**
   * The computer opponents a lobby may offer (Europe Duel's greedy / lander / agent, duel.md D10.6), each with whether
   * it can play now and, when not, why (the agent without weights: AGENT_UNAVAILABLE's text). Default: none.
   */
  botOffers?(lang: Lang): { id: string; label: string; available: boolean; note?: string }[];
  /** The entry that seats a computer player of `style` in a running game's seat (the judge's), or null: the game has none. */
  botEntry?(seat: string, style: string, judgeName: string, at: number): Entry | null;
  /** What computer players (and the autopilot of absent players) say now; `gameId` seeds a game without a seed. */
  bots?(game: G, gameId: number): BotMessage[];
  /** The text of 【帮助】 (answered in the lobby too). */
  help(lang: Lang): string;

  // ── the clock ──
  timers(game: G, live: { reminderOffsets: number[] }): Timers | null;
  /** The entry a due deadline makes (null: not due after all; the platform reschedules). */
  tick(game: G, kind: string, now: number): Entry | null;
  /** Seats that still owe an action this turn (reminders name exactly them). */
  laggards?(game: G): string[];
  reminder?(game: G, seconds: number, lang: Lang): string;
  /** After an outage: entries that move a deadline the bot slept through, and what to tell the channel. */
  restart?(game: G, now: number, lastAlive: number, live: { restartWindowSeconds: number; restartExtendCapSeconds: number }): { entries: Entry[]; text: () => string } | null;

  // ── speaking ──
  /** Posts after applied steps: what resolved, a turn that opens (or reopens after an undo). */
  present(game: G, steps: StepResult[], lang: Lang): Post[];
  /** The lobby's announcement of a new game. */
  created(by: string, lang: Lang): string;
  /** The start announcement (players by seat). */
  started(game: G, players: { seat: string; name: string }[], lang: Lang): Post[];
  /** The end: winner and ranking. */
  ended(game: G | null, judge: string | null, lang: Lang): { text: string; pictures?: PictureAsk; chart?: boolean };
  /** The status message (edited in place). */
  status(game: G, lang: Lang): string;
  /**
   * Buttons kept on the status message while the game runs (Europe Duel's [准备] [地图] [网页], duel.md D10.3): a press
   * comes back through `press` (or an adapter's own handler for ids it claims). Default: none.
   */
  statusButtons?(game: G, lang: Lang): OutButton[];
  /** The status message's last text when the game is archived (`byJudge`: a judge ended it). */
  finalStatus?(game: G, byJudge: boolean, lang: Lang): string;
  /** A past turn's summary and the game as it stood (for /history), or null when there is no such turn. */
  history?(snapshotJson: string, turn: number, lang: Lang): { text: string; game: G };
  /** Draws pictures of `game` (already a frozen copy) with the host's renderer; a picture late past `timeoutMs` is left out. */
  draw?(renderer: unknown, game: G, ask: PictureAsk, lang: Lang, timeoutMs: number): Promise<OutImage[]>;
  /** Every picture kind, as /history posts them. */
  pictureKinds?(): string[];
  /** A picture's caption (a spectator's or a private answer). */
  pictureCaption?(ask: PictureAsk, lang: Lang): string;
  /** The note on a message's one picture of a kind when the message asked for more. */
  onePerMessage?(kind: string, lang: Lang): string;
  /** A picture of the whole game's course (the score chart), if the game has one. */
  chart?(game: G, lang: Lang): Promise<Buffer>;
  /** The state as a seat (or a judge: null, everything; 'public': no one's secrets) may see it; the export's state JSON. */
  view(game: G, seat: string | null | 'public'): unknown;
  /**
   * What the local page's side panel shows of the game (seats with colour, score, alive and committed; the
   * clock) and the names its input box completes.
   */
  page?(game: G | null): PageView;
  /** A transcript (or a bot game's header) played back turn by turn for the page's player (arena, replays). */
  playback?(text: string, root: string): { ok: true; data: unknown } | { ok: false; text: string };
  /** Final ranking (seats, best first; ties share a place) once the game has ended; feeds ratings. */
  result(game: G): { seat: string; place: number; score?: number }[] | null;
  /**
   * Ratings (kept per game kind, for games whose spec rates: duel.md D9): once the game has ended, each seat's score
   * and a rated computer player's id, or null when this end is unrated. The platform writes the ratings in the
   * transaction that stores the end. Default: never rated.
   */
  rated?(game: G): RatedOutcome | null;
  winner(game: G): string[] | null;
}

/**
 * A game kind the platform can host. Its slash commands are files under commands/<kind>/, listed in
 * commands/index.ts beside the platform's own (the Discord adapter is given that list).
 */
export interface GameModule<G = unknown> {
  readonly kind: string;
  readonly title: Record<Lang, string>;
  /** The resource a new game uses when the creator names none (New European War: the default map). */
  defaultResource(root: string): string;
  /** Whether a button id is this game's (so a press in a broken game's channel is answered). */
  ownsButton?(buttonId: string): boolean;
  /** Opens the resource a game was created with; throws when it cannot be used. */
  open(resource: string, root: string): Rules<G>;
  /** The pictures service a real process uses (tests give the service their own); none: no pictures. */
  renderer?(): unknown;
  /**
   * The game's own transcript runner (its header lines differ from the generic runner's): the final game, the
   * rules it was played with and the state `replay` prints. Throws an error whose message is `FILE:LINE: reason`.
   */
  transcript?(file: string, text: string, root: string): { game: unknown; rules: Rules<unknown>; state: unknown };
  /** Rule settings schema (zod), for documentation and slash options. */
  readonly settingsSchema?: z.ZodTypeAny;
  /**
   * Why a person may not take a seat in game `gameId`, or null (Europe Duel: one unfinished duel per person, duel.md
   * D9.5 ALREADY_IN_DUEL). `lookup` reads the store: the person's unfinished games and a game's kind.
   */
  seatRefusal?(userId: string, gameId: number, lookup: SeatLookup, lang: Lang): { code: string; text: string } | null;
}

/** What a module's seatRefusal may read of the store. */
export interface SeatLookup {
  gamesOfUser(userId: string): { gameId: number; channelId: string }[];
  game(id: number): { kind: string } | null;
}

/** The games a process hosts, by kind; the first is the default of `/game new`. */
export type GameRegistry = readonly GameModule<unknown>[];

/** The methods a game may leave out. */
type OptionalRule = Exclude<{ [K in keyof Rules]-?: undefined extends Rules[K] ? K : never }[keyof Rules], 'chart'>;

/** Rules with every optional method present but the chart (a game without one has none). */
export type FullRules<G = unknown> = Required<Omit<Rules<G>, 'chart'>> & Pick<Rules<G>, 'chart'>;

/**
 * The platform's defaults for what a game leaves out: no buttons, no pictures, nobody to remind, nothing to
 * move after an outage, a plain side panel. The result keeps `rules` as its prototype, so the game's own
 * methods (and `instanceof`) still apply.
 */
export function withDefaults<G>(rules: Rules<G>): FullRules<G> {
  const seatRow = (id: string) => ({ id, zh: rules.seatName(id, 'zh'), en: rules.seatName(id, 'en'), aliases: [] as string[] });
  const defaults: Pick<FullRules<G>, OptionalRule> = {
    press: () => null,
    settled: () => [],
    endEntry: () => null,
    control: () => null,
    vacant: () => false,
    pacedEnd: () => false,
    restart: () => null,
    finalStatus: (g, _byJudge, lang) => rules.status(g, lang),
    statusButtons: () => [],
    history: (json) => ({ text: '', game: rules.restore(json) }),
    draw: async () => [],
    pictureKinds: () => [],
    pictureCaption: (ask) => ask.which.join(' · '),
    onePerMessage: () => '',
    page: (g) => ({
      seats: rules.seats(null).map((id) => ({ ...seatRow(id), color: '#888888', playable: true, committed: false, score: null, alive: true })),
      hardCloseAt: null, paused: g !== null && rules.phase(g) === 'paused', turnSeconds: null,
      names: { countries: rules.seats(null).map(seatRow), territories: [] },
    }),
    classify: () => ({}),
    rated: () => null,
    playback: () => ({ ok: false, text: '这个游戏没有回放 / this game has no playback' }),
    seatsBot: () => null,
    botStyle: () => null,
    botStyles: () => '',
    botName: (_seat, label) => label,
    botOffers: () => [],
    botEntry: () => null,
    bots: () => [],
    laggards: () => [],
    reminder: () => '',
  };
  const full = Object.create(rules) as Record<string, unknown>;
  for (const [k, v] of Object.entries(defaults)) if ((rules as unknown as Record<string, unknown>)[k] === undefined) full[k] = v;
  return full as unknown as FullRules<G>;
}
