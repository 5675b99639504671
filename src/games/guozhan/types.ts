/**
 * 国战's state, commands, asks and log rows: plain JSON all the way down (a snapshot is the state's JSON). The
 * rules they follow are guozhan.md's G/C/X ids, cited where each is applied.
 */
import type { Kingdom } from './data/generals.ts';
import type { Suit } from './data/cards.ts';

export type { Kingdom, Suit };
export type Nature = 'normal' | 'fire' | 'thunder';
/** G1.5: the equipment slots, in the order of G1.12. */
export type Slot = 'weapon' | 'armor' | 'defHorse' | 'offHorse' | 'treasure';
export const SLOTS: readonly Slot[] = ['weapon', 'armor', 'defHorse', 'offHorse', 'treasure'];

/** G0 (defaults in bold there). Timeouts in seconds (X3.1). */
export interface Settings {
  ruleVersion: 'new' | 'old';
  generalsDealt: number;
  skills: 'on' | 'off';
  generalPacks: 'standard';
  strategicAdvantage: boolean;
  includeWoodenOx: boolean;
  aozhan: boolean;
  revealLockedInPlay: boolean;
  /** null: none (G20.2, guozhan D10). */
  reshuffleLimit: number | null;
  timeouts: { play: number; response: number; nullify: number; choice: number; pick: number };
  blindOrder: 'shuffled' | 'held';
  /** X2 (b): a hidden skill's private prompt is shown as one to every alive character with a hidden general. */
  decoyPrompts: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  ruleVersion: 'new', generalsDealt: 4, skills: 'on', generalPacks: 'standard', strategicAdvantage: false, includeWoodenOx: false,
  aozhan: true, revealLockedInPlay: true, reshuffleLimit: null,
  timeouts: { play: 90, response: 20, nullify: 12, choice: 30, pick: 90 }, blindOrder: 'shuffled', decoyPrompts: false,
};

export interface Markers { vanguard: number; yinyang: number; companion: number }

/** A look at another character's hidden general (先驱, 知己知彼): X1.1, shown only to the looker. */
export interface Look { seat: number; which: 0 | 1; general: string }

export interface Player {
  name: string;
  /** [main, deputy] engine ids; null until the pick (G2.3). */
  generals: [string, string] | null;
  revealed: [boolean, boolean];
  /** G3.2/G15.1: both generals have been revealed together once (bonuses are granted only the first time). */
  bothOnce: boolean;
  /** G14: the determined kingdom (null: none yet); a careerist keeps its generals' kingdom here but `careerist` is set. */
  kingdom: Kingdom | null;
  careerist: boolean;
  hp: number;
  maxHp: number;
  hand: string[];
  equip: Record<Slot, string | null>;
  /** G1.12: oldest first. */
  judge: string[];
  chained: boolean;
  faceDown: boolean;
  alive: boolean;
  markers: Markers;
  /** G2.3: the generals dealt for the pick (private; emptied once picked). */
  dealt: string[];
  /** Hidden generals of others this player has looked at (X1.1). */
  looks: Look[];
  /** 断肠: generals (0 main, 1 deputy) whose skills this character lost for the rest of the game (public). */
  lost?: (0 | 1)[];
  /** Face-up piles on the generals, by pile name (不屈's 创; public, X1): oldest first. */
  pile?: Record<string, string[]>;
  /** G13.5 prelight: the triggered skills whose `autoAsk` flag this player turned off (private; default: all on). */
  noAsk?: string[];
}

export type Stage = 'before' | 'start' | 'prepare' | 'judge' | 'draw' | 'play' | 'playStart' | 'playing' | 'discard' | 'finish' | 'end' | 'over';

export interface Turn {
  seat: number;
  /** Turns taken in the game (1 = the first). */
  n: number;
  stage: Stage;
  skipDraw: boolean;
  skipPlay: boolean;
  /** G5.1: 杀 used in this play phase that count toward the limit. */
  slashes: number;
  /** G5.2: the 酒 buff was used this turn; `wineBuff`: it waits for the next 杀. */
  wineUsed: boolean;
  wineBuff: boolean;
  /** G15.2: 阴阳鱼's +2 hand limit this turn. */
  limitBonus: number;
  /** The play phase is over (ended by the player or its timeout). */
  playEnded: boolean;
  /** G4.9: an extra turn (放权, 挟天子以令诸侯). */
  extra: boolean;
  /** G18.4: characters removed by 调虎离山 until the end of this turn. */
  removed: number[];
  /** G18.3 (guozhan D8): 连横 was used in this play phase. */
  alliance: boolean;
  /** C-SA-THREATEN-EMPEROR took effect: at the end of the turn its user may discard a card for an extra turn. */
  threaten: boolean;
  /** Where the current phase stands: asked just before it (`phaseBefore`), entered (its start point fired), its body done (its end point next), or neither. */
  point: null | 'before' | 'body' | 'end';
  /** G4.10: other phases of this turn to skip (a skill's `skipPhase`; draw and play use skipDraw/skipPlay). */
  skip: string[];
  /**
   * The cards used in this turn's play phase (克己, 谋断; flow.ts ev notes every `use` and `equip` row while the play
   * phase runs): who, the card's name and its physical cards. Replaced, never mutated (a step's base shares it).
   */
  used?: { seat: number; name: string; ids: string[] }[];
  /** 铁骑: generals (`seat:k`) whose non-locked skills are invalid until the end of this turn. */
  invalid?: string[];
}

export type AskKind = 'pick' | 'turnStart' | 'play' | 'respond' | 'peach' | 'nullify' | 'confirm' | 'option' | 'pickCard' | 'ownCards' | 'target'
  /** A distribution (遗计): `【给出】C、…→P` per receiver, `【不出】` stops. */
  | 'give'
  /** A point fight's card (拼点): `【拼点】C`. */
  | 'pindian';

/** A timed decision (X3, G21): who must answer, what is legal, and the deadline. */
export interface Ask {
  id: string;
  kind: AskKind;
  /** Seat indices that may still answer. */
  seats: number[];
  openedAt: number;
  deadline: number;
  /** What is asked, in Chinese (X5: the prompt names who, what and when). */
  text: string;
  /** The card name wanted (respond: 闪/杀; peach: 桃). */
  want?: string;
  /** G6.1: a use or a play. */
  mode?: 'use' | 'play';
  /** The character that caused the ask (a 杀's user), and the one it concerns (the dying, a pick's owner). */
  from?: number;
  on?: number;
  /** option: the options' texts (1 = first). */
  options?: string[];
  /** ownCards: how many, and whether declining is allowed. */
  count?: number;
  optional?: boolean;
  /** ownCards: whether equipment may be chosen. */
  equip?: boolean;
  /** 八卦阵 may still be tried in this request (respond). */
  eightDiagram?: boolean;
  /** Private details of the ask (the pick's dealt generals, a pick's cards) are in the asked seats' views only. */
  secret?: boolean;
  /** pick: the choices already made (private to each seat). */
  picks?: Record<string, [string, string]>;
  /** ownCards: the suit a card must have (火攻). */
  suit?: string;
  /** Extra context for clients and bots (JSON). */
  about?: Record<string, unknown>;
}

/** A reference to a card as a player names it (X6.1). */
export interface CardRef { id?: string; suit?: Suit; rank?: number; name?: string }
/** Another character's card in a pick (G21.8): a blind hand position, an equipment slot or a card name. */
export interface OtherRef { pos?: number; slot?: Slot; name?: string }
export type Which = 'main' | 'deputy' | 'both';

/** What a player said, as the parser reads it (X4, X6.2); the engine resolves names and cards. */
export type Cmd =
  | { k: 'card'; name: string; cards: CardRef[]; skill?: string; targets: string[]; victim?: string; whole?: boolean }
  | { k: 'pass' }
  | { k: 'ok' }
  | { k: 'skill'; skill: string; cards: CardRef[]; targets: string[]; other?: OtherRef[] }
  | { k: 'reveal'; which: Which }
  | { k: 'marker'; marker: 'vanguard' | 'yinyang' | 'companion'; option?: 'draw' | 'limit' | 'peach'; target?: string }
  | { k: 'recast'; card: CardRef; skill?: string }
  /** G18.3 `【连横】C、…→P`. */
  | { k: 'alliance'; cards: CardRef[]; target: string }
  | { k: 'end' }
  | { k: 'choose'; option?: number; text?: string; players?: string[]; cards?: CardRef[]; other?: OtherRef[]; general?: { player: string; which: Which }; pair?: [string, string] }
  | { k: 'discard'; cards: CardRef[]; targets?: string[] }
  | { k: 'query'; what: 'status' | 'hand' | 'help' }
  | { k: 'prelight'; skill: string; on: boolean }
  /** X6.2 `【给出】C、…→P`: one gift of a distribution. */
  | { k: 'give'; cards: CardRef[]; target: string }
  /** X6.2 `【拼点】C`: the point-fight card. */
  | { k: 'pindian'; card: CardRef }
  /** X6.2 `【排列】上 C、…[ 下 C、…]` (观星). */
  | { k: 'arrange'; top: CardRef[]; bottom: CardRef[] };

/** One answer folded into a suspended step: the speaker and command, or null for a timeout / a window all passed. */
export interface Reply { at: number; seat: number | null; cmd: Cmd | null; picks?: Record<string, [string, string]> }

/** The step that is suspended on an ask (engine.ts): re-run from `base` with `replies`. */
export type Unit = { k: 'setup' } | { k: 'revealHeader' } | { k: 'turnStart' } | { k: 'judge' } | { k: 'play' } | { k: 'discard' } | { k: 'playStart' } | { k: 'turnEnd' }
  /** The draw phase's draw when a skill listens at `drawPhase` (triggers.ts). */
  | { k: 'drawPhase' }
  /** Trigger points that registered skills hear (triggers.ts): just before, the start or end of a phase. */
  | { k: 'point'; point: 'phaseBefore' | 'phaseStart' | 'phaseEnd'; seat: number; phase: 'prepare' | 'judge' | 'draw' | 'play' | 'discard' | 'finish' };

export interface Pending {
  unit: Unit;
  serial: number;
  startAt: number;
  /** The state when the step began (without log, ask and pending). */
  base: State;
  logLen: number;
  replies: Reply[];
}

/** A row of the game's record: an event or a command's outcome. `to`: a private row, shown only to these seats. */
export interface LogRow {
  at: number;
  t: string;
  seat?: number;
  to?: number[];
  [k: string]: unknown;
}

/** One input: who, what (the transcript line or chat text), and whether it was accepted. `after`: events before it. */
export interface CommandRow {
  at: number;
  seat: number | null;
  kind: string;
  ok: boolean;
  after: number;
  line?: number;
  text?: string;
  code?: string;
  message?: string;
  /** Private rows (a general pick, a query): shown only to these seats. */
  to?: number[];
}

export interface State {
  game: 'guozhan';
  settings: Settings;
  seed: number;
  /** The PRNG's state (rng.ts): every shuffle draws from it, in log order. */
  rng: number;
  players: Player[];
  generalPile: string[];
  /** Top first. */
  drawPile: string[];
  /** Oldest first (the top is the last). */
  discardPile: string[];
  processing: string[];
  removed: string[];
  status: 'picking' | 'running' | 'ended';
  turn: Turn;
  ask: Ask | null;
  pending: Pending | null;
  /** Steps started (ask ids are `u<serial>.<k>`). */
  serial: number;
  /** G15.3: a general has been revealed in this game. */
  firstReveal: boolean;
  /** G17: 鏖战 is on. */
  aozhan: boolean;
  reshuffles: number;
  winners: number[] | null;
  /** G16.6/G20.2: the game ended without a winner ('draw'), or was aborted by the judge (G16.7). */
  end: null | { how: 'victory' | 'draw' | 'abort'; at: number };
  /** The clock of the last entry. */
  now: number;
  log: LogRow[];
  /** Every command and timeout as it arrived, accepted or refused (never re-run): X6.4's codes. */
  commands: CommandRow[];
  /** Transcript header extras that must survive into setup (`@revealed`). */
  revealAtStart: Record<string, Which>;
  /** G4.9: extra turns waiting, in order, and the seat whose regular turn they follow. */
  extraTurns: number[];
  resumeAfter: number | null;
  /** C-SA-BLADE: characters that cannot reveal generals now (the targets of a 青龙偃月刀 杀 while it resolves). */
  noReveal: number[];
  /** C-SA-IMPERIAL-ORDER's removal clause (once per game): unused, due at the end of this turn, or done. */
  imperialOrder: 'unused' | 'due' | 'done';
  /** Limited skill uses (triggers.ts): `seat|skill|scope` → times used. */
  skillUses: Record<string, number>;
  /** G6.4: a card in a judgement area that is a converted delayed trick (断粮's 兵粮寸断) → the trick's name. */
  judgeAs?: Record<string, string>;
}

/** A judgement in progress (G9.1): whose, its current card (a retrial replaces it, G21.7), and why. */
export interface Judgement { seat: number; card: string; reason: string }

/** A card as used or played (G1.6, G6.4): a physical card, a conversion of cards, or virtual (no source). */
export interface UsedCard {
  name: string;
  /** Physical source cards (empty: virtual). */
  ids: string[];
  suit: Suit | null;
  color: 'red' | 'black' | null;
  rank: number | null;
  /** The converting skill, equipment or rule (丈八蛇矛, 鏖战), if any. */
  skill?: string;
}
