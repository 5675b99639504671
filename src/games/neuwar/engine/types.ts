import type { Settings } from './settings.ts';

export type CountryId = string;
export type TerrId = string;

/** How many armies an order moves (R10.1): a number, 全部 (all) or 一半 (half, rounded down). */
export type Count = { kind: 'n'; n: number } | { kind: 'all' } | { kind: 'half' };

/** An item of goods or terms (commands.md §1): points, a territory, or arms N军（X→Y）. */
export type Item =
  | { kind: 'points'; n: number }
  | { kind: 'territory'; id: TerrId }
  | { kind: 'arms'; n: number; from: TerrId; to: TerrId };

export type TechId = 'airship' | 'spy' | 'comms';
export type QueryKind = 'map' | 'scores' | 'status' | 'orders' | 'help';

/**
 * The typed commands every route (text, slash, web, transcript) ends in. `from` in diplomacy is the acting
 * country as written; the engine checks the speaker may act for it (NOT_YOUR_COUNTRY).
 */
export type Command =
  // Diplomacy (R4–R6, R12), public
  | { kind: 'declareWar'; from: CountryId; to: CountryId }
  | { kind: 'ceasefire'; from: CountryId; to: CountryId; unconditional: boolean; terms: Item[] } // R5.3
  | { kind: 'surrender'; from: CountryId; to: CountryId } // R5.4 请求投降
  | { kind: 'alliance'; from: CountryId; to: CountryId } // R6.1
  | { kind: 'breakAlliance'; from: CountryId; to: CountryId } // R6.2
  | { kind: 'pact'; from: CountryId; to: CountryId } // R6.3
  | { kind: 'trade'; from: CountryId; to: CountryId; give: Item[]; get: Item[] } // R6.5
  | { kind: 'pledge'; from: CountryId; to: CountryId } // R12 效忠
  /**
   * An answer (R4.2, R6.6). `request` is the quoted request of the seed's full form (…——同意。), absent for
   * the short forms 【同意】【拒绝】【协商】 which answer the newest open request addressed to the speaker.
   * A counter-offer carries `terms` (peace) or `give`/`get` (trade, from the speaker's side).
   */
  | { kind: 'answer'; answer: 'accept' | 'reject' | 'counter'; request?: Command; terms?: Item[]; give?: Item[]; get?: Item[] }
  | { kind: 'puppet'; from: CountryId; to: CountryId } // R5.5 傀儡
  | { kind: 'annex'; from: CountryId; to: CountryId } // R5.5 灭国
  | { kind: 'demand'; from: CountryId; to: CountryId; territories: TerrId[] } // R5.5 领土要求
  | { kind: 'independence'; from: CountryId; to: CountryId } // R6.4 独立
  | { kind: 'leave'; country?: CountryId } // R12 退出
  // Orders and actions, private until resolution
  | { kind: 'move'; from: TerrId; to: TerrId; count: Count } // R10
  | { kind: 'cancel'; from?: TerrId; to?: TerrId } // both absent: cancel all
  | { kind: 'airlift'; from: TerrId; to: TerrId; count: Count } // R8.3
  | { kind: 'buy'; n: number; country?: CountryId } // R8.1
  | { kind: 'industry'; country?: CountryId } // R8.2
  | { kind: 'tech'; tech: TechId; n: number; country?: CountryId } // R8.3
  | { kind: 'mobilize'; type: 'partial' | 'national'; placement: { territory: TerrId; n: number }[]; country?: CountryId } // R9
  | { kind: 'commit'; country?: CountryId } // R3.2
  | { kind: 'uncommit'; country?: CountryId }
  | { kind: 'spy'; country?: CountryId } // R8.3
  | { kind: 'query'; what: QueryKind; region?: string; country?: CountryId }
  // Judge (R13)
  | { kind: 'resolve' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'extend'; seconds: number }
  | { kind: 'undo' }
  | { kind: 'set'; target: string; field: 'armies' | 'owner' | 'score'; value: number | CountryId | null }
  | { kind: 'rule'; key: string; value: string }
  /** R13/R3.2: 【托管】X takes a country's player away (civil disorder: counts as committed, never late); 【接管】X gives it back. */
  | { kind: 'control'; country: CountryId; player: boolean }
  /** R13, issue 13: 【机器人】X seats a computer player of a style (balanced, aggressive, defensive) in a country without a player. */
  | { kind: 'bot'; country: CountryId; style: string }
  /** R13: the judge ends the game; winners named, or else by R11's score rule. */
  | { kind: 'endGame'; winners?: CountryId[] };

export type CommandKind = Command['kind'];

/** Who typed a command: a country's player, or a judge (named for the log). */
export type Speaker = { kind: 'country'; id: CountryId } | { kind: 'judge'; name?: string };

/**
 * A game is its log (issue 2 §2). Every input is an entry with its time in ms (epoch in live games, virtual
 * from 0 in transcripts). The state is a fold of the entries; resolution is triggered by entries, never by a clock.
 */
export type LogEntry =
  | { type: 'command'; at: number; speaker: Speaker; command: Command; line?: number; text?: string; user?: string; bot?: true }
  /**
   * Input the parser refused: logged so the record is complete; changes nothing. `kind`: the command its bracket
   * head named (however spelled), so its answer is as private as the command would be.
   */
  | { type: 'refused'; at: number; speaker: Speaker; code: ErrorCode; message: string; kind?: CommandKind; line?: number; text?: string; user?: string; bot?: true }
  /** The clock says time has reached `at` (deadline timer, hard close, sweep). */
  | { type: 'tick'; at: number };

/**
 * Every refusal code (commands.md §5), in one list: the ErrorCode type and the state schema's enum (sim/schema.ts)
 * are both derived from it, so a code added here is known to both.
 */
export const ERROR_CODES = [
  'UNKNOWN_COMMAND', 'BAD_SYNTAX', 'UNKNOWN_COUNTRY', 'UNKNOWN_TERRITORY', 'NOT_YOUR_COUNTRY', 'NOT_OWNER',
  'NOT_ADJACENT', 'NOT_ENOUGH_ARMIES', 'INSUFFICIENT_SCORE', 'ONE_REQUEST_PER_TURN', 'NOT_AT_WAR',
  'WAR_NOT_ACTIVE', 'ALREADY_AT_WAR', 'ALLIED', 'PACT_ACTIVE', 'TRUCE_ACTIVE', 'CAPITAL_NOT_TRADEABLE',
  'TRADE_INVALID', 'NO_SUCH_REQUEST', 'LIMIT_EXCEEDED', 'ALREADY_USED', 'NATIONAL_NOT_ALLOWED',
  'ARSENAL_BLOCKADED', 'TECH_REQUIRED', 'PUPPET_RESTRICTED', 'NOT_JUDGE', 'GAME_NOT_RUNNING',
  'RECENTLY_ALLIED', 'MESSAGE_TOO_LONG', 'ONCE_PER_TURN', 'NOT_ATTACKER', 'NOT_ALLOWED',
  'TOO_MANY_COMMANDS', 'COUNTRY_TAKEN', 'UNKNOWN_STYLE',
] as const;

export type ErrorCode = typeof ERROR_CODES[number];

export interface Mobilization {
  partialUsed: boolean;
  nationalUsed: boolean;
  /** Income payments still halved (R9): periods add up. */
  halfIncomeLeft: number;
  nationalTurn: number | null;
}

export interface CountryState {
  score: number;
  alive: boolean;
  overlord: CountryId | null;
  bankrupt: boolean;
  industry: number;
  tech: Record<TechId, number>;
  techDone: TechId[];
  mobilization: Mobilization;
  /** Turns of arsenal blockade still to run after the last turn an enemy touched the arsenal (R8.1). */
  blockadeLeft: number;
  /** R8.1: the last turn in which buying is blocked (0: none). */
  blockadeUntil: number;
  committed: boolean;
  /** A player controls it (R3.2 active countries). False: neutral at start, removed, civil disorder. */
  player: boolean;
  /** Time of the last 【完成】 this turn (ms), for R3.3. */
  committedAt: number | null;
  /** Committed strictly after its own deadline at some point this turn (R3.3). */
  lateCommit: boolean;
  /** Turn in which this country used its one request (R4.1). */
  requestTurn: number | null;
  industryTurn: number | null; // R8.2 once per turn
  industryPending: number; // bought this turn, income from the end of the next turn
  airliftTurn: number | null; // R8.3 once per turn
  mobilizeTurn: number | null; // R9 one per turn
  /** Armies bought this turn (R8.1), deployed at resolution step 2. */
  buying: number;
  /** Mobilized armies waiting for step 2 (R9). */
  placing: { territory: TerrId; n: number }[];
  /** Turn of bankruptcy (R12): it may pledge or leave during the next turn. */
  bankruptTurn: number | null;
  /** Territories demanded so far as overlord of each puppet (R5.5 puppetDemand). */
  demanded: Record<CountryId, number>;
  /** R6.2: the turn through which it may not declare war on a former ally. */
  brokeWith: Record<CountryId, number>;
  /** Issue 13: the style of the computer player seated in it (absent or null: none). */
  bot?: string | null;
  /** Issue 13: the autopilot plays it for an absent player (house rule `autopilot`) until the player's own command. */
  autopilot?: boolean;
  /** Deadlines its player missed in a row (issue 13's autopilot counts them). */
  missed?: number;
  /** The last turn a computer player (bot or autopilot) spoke for it: it plays each turn once. */
  botTurn?: number;
}

export type LandState = { owner: CountryId | null; armies: number };
export type SeaState = { stacks: Record<CountryId, number> };

export interface War {
  attacker: CountryId;
  defender: CountryId;
  declaredTurn: number;
  active: boolean;
  /** R5.8 an intervention war: free to declare; peace by R5.4 gives only ±30. */
  intervention?: boolean;
  /** R2.4: capitals and cities captured during this war, keyed by the country they were taken from. */
  captured: Record<CountryId, TerrId[]>;
}

export interface Pact { between: [CountryId, CountryId]; untilTurn: number }
export interface Truce { winner: CountryId; loser: CountryId; untilTurn: number }

export type RequestKind = 'ceasefire' | 'surrender' | 'alliance' | 'pact' | 'trade' | 'pledge' | 'counter';

export interface PendingRequest {
  id: number;
  kind: RequestKind;
  from: CountryId;
  to: CountryId;
  turn: number;
  /** For a ceasefire or peace: terms the winner demands of the loser. */
  terms?: Item[];
  unconditional?: boolean;
  /** For a trade: what `from` gives and what it gets. */
  give?: Item[];
  get?: Item[];
  /** The war a peace request is about (attacker/defender at request time). */
  war?: { attacker: CountryId; defender: CountryId };
  /** For peace terms: the winner of the surrender (R5.4). */
  winner?: CountryId;
  /** What this request is in the end: the original kind of a counter-offer chain. */
  base?: 'ceasefire' | 'surrender' | 'trade';
}

export interface Order {
  kind: 'move' | 'airlift';
  from: TerrId;
  to: TerrId;
  count: Count;
  /** Who gave it (the owner, or its overlord, R6.4). */
  by: CountryId;
  /** Sequence for "orders are kept in the order given". */
  seq: number;
}

export interface LogLine {
  line?: number;
  turn: number;
  at: number;
  speaker: string;
  command: string;
  ok: boolean;
  code?: ErrorCode;
  message?: string;
  undone?: boolean;
}

export interface Clock {
  openedAt: number;
  deadlineAt: number;
  /** Extra grace from judge extensions (counts toward maxExtendSeconds). */
  extendedSeconds: number;
  pausedAt: number | null;
}

export interface GameState {
  mapId: string;
  settings: Settings;
  turn: number;
  status: 'running' | 'ended';
  winner: CountryId[] | null;
  clock: Clock;
  countries: Record<CountryId, CountryState>;
  territories: Record<TerrId, LandState | SeaState>;
  arsenals: Record<CountryId, number>;
  wars: War[];
  alliances: [CountryId, CountryId][];
  pacts: Pact[];
  truces: Truce[];
  pending: PendingRequest[];
  /** Secret army orders of this turn (R3.1), per acting country. */
  orders: Record<CountryId, Order[]>;
  /** R5.5: capitals taken last resolution waiting for 傀儡/灭国: loser → capturer and the turn the choice is due. */
  capitalFalls: { loser: CountryId; capturer: CountryId; turn: number }[];
  nextRequestId: number;
  nextOrderSeq: number;
  log: LogLine[];
  lastEvents: GameEvent[];
  /** The game's seed (its start entry's): computer players' choices are a function of it and what they see. */
  seed?: number;
  /** Score per country at the end of each resolved turn, for the history chart. */
  scoreHistory: { turn: number; scores: Record<CountryId, number> }[];
}

export type PayReason =
  | 'income' | 'tribute' | 'capture' | 'late' | 'upkeep' | 'warCost' | 'lossDeduction' | 'peace' | 'reparations'
  | 'annex' | 'stacking' | 'buy' | 'industry' | 'tech' | 'break' | 'pact' | 'independence' | 'trade' | 'judge' | 'puppetReset';

/** What happened, for messages, the renderer's arrows and the invariant checks. */
export type GameEvent =
  | { type: 'score'; country: CountryId; delta: number; reason: PayReason; detail?: string }
  | { type: 'turnOpened'; turn: number; at: number; deadlineAt: number }
  | { type: 'turnResolved'; turn: number; at: number; forced: boolean }
  | { type: 'committed'; country: CountryId; late: boolean }
  | { type: 'uncommitted'; country: CountryId }
  | { type: 'late'; country: CountryId }
  | { type: 'warDeclared'; attacker: CountryId; defender: CountryId; intervention: boolean; activeFrom: number }
  | { type: 'warActive'; attacker: CountryId; defender: CountryId }
  | { type: 'warEnded'; winner: CountryId; loser: CountryId; how: 'ceasefire' | 'peace' | 'capital' | 'leave' | 'overlord' }
  | { type: 'attackerSwitched'; war: [CountryId, CountryId]; newAttacker: CountryId }
  | { type: 'deploy'; country: CountryId; territory: TerrId; n: number; source: 'buy' | 'mobilize' }
  | { type: 'airlift'; country: CountryId; from: TerrId; to: TerrId; n: number }
  | { type: 'move'; country: CountryId; from: TerrId; to: TerrId; n: number }
  | { type: 'orderDropped'; country: CountryId; from: TerrId; to: TerrId; code: ErrorCode; reason: string }
  | { type: 'orderShrunk'; country: CountryId; from: TerrId; to: TerrId; wanted: number; n: number }
  | { type: 'headOn'; a: { country: CountryId; from: TerrId; n: number }; b: { country: CountryId; from: TerrId; n: number }; survivor: CountryId | null; left: number }
  | { type: 'melee'; territory: TerrId; entrants: { country: CountryId; n: number }[]; survivor: CountryId | null; left: number }
  | { type: 'heldBack'; territory: TerrId; country: CountryId; n: number; from: TerrId[] }
  | { type: 'battle'; territory: TerrId; attacker: CountryId; defender: CountryId | null; attackers: number; defenders: number; won: boolean; left: number; from: TerrId[] }
  | { type: 'reinforce'; territory: TerrId; country: CountryId; n: number }
  | { type: 'seaLoss'; sea: TerrId; country: CountryId; before: number; after: number }
  | { type: 'capture'; territory: TerrId; from: CountryId | null; to: CountryId; armies: number }
  | { type: 'capitalFell'; loser: CountryId; capturer: CountryId }
  | { type: 'blockade'; country: CountryId; by: CountryId[] }
  | { type: 'stacking'; territory: TerrId; country: CountryId; over: number; penalty: number }
  | { type: 'transfer'; territory: TerrId; from: CountryId | null; to: CountryId | null; armies: number; why: string }
  | { type: 'armies'; territory: TerrId; country: CountryId | null; delta: number; why: string }
  | { type: 'request'; id: number; kind: RequestKind; from: CountryId; to: CountryId; text: string }
  | { type: 'answered'; id: number; answer: 'accept' | 'reject' | 'counter'; by: CountryId; text: string }
  | { type: 'lapsed'; id: number; from: CountryId; to: CountryId }
  | { type: 'alliance'; a: CountryId; b: CountryId; made: boolean }
  | { type: 'pact'; a: CountryId; b: CountryId; untilTurn: number }
  | { type: 'truce'; winner: CountryId; loser: CountryId; untilTurn: number }
  | { type: 'puppet'; puppet: CountryId; overlord: CountryId | null }
  | { type: 'annexed'; loser: CountryId; by: CountryId }
  | { type: 'left'; country: CountryId; why: 'leave' | 'bankrupt' | 'annexed' | 'judge' }
  | { type: 'bankrupt'; country: CountryId }
  | { type: 'tech'; country: CountryId; tech: TechId; invested: number; done: boolean }
  | { type: 'mobilized'; country: CountryId; kind: 'partial' | 'national'; armies: number }
  | { type: 'industry'; country: CountryId; level: number }
  | { type: 'victory'; winners: CountryId[]; how: 'majority' | 'score' | 'lastStanding' | 'judge' }
  | { type: 'judge'; name: string; action: string }
  | { type: 'clock'; action: 'pause' | 'resume' | 'extend'; at: number; deadlineAt: number }
  | { type: 'notice'; country: CountryId | null; text: string; tag?: 'autopilot' };

export type Outcome =
  | { ok: true; events: GameEvent[]; message: string; private: boolean }
  | { ok: false; code: ErrorCode; message: string };
