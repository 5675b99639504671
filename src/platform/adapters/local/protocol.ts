import type { FeedMessage } from './chat.ts';

/** Limits at the socket boundary (commands.md §1: 4,000 characters per message). */
export const MAX_TEXT = 4000;
export const MAX_FRAME = 64 * 1024;
export const MAX_NAME = 32;
export const MAX_CLIENT_ID = 64;

/** What the page sends. Every action carries `id`, the client's message id: a resend is applied once. */
export type ClientMsg =
  /** `link`: the duel page's own seat or watch token (its address's fragment), which opens that duel alone without the password. */
  | { t: 'hello'; token?: string; name?: string; password?: string; link?: { gameId?: unknown; seat?: unknown; watch?: unknown } }
  | { t: 'name'; id: string; name: string }
  | { t: 'open'; channelId: string }
  /** `game`: the game kind (default: the first the server hosts); `map`: that game's resource, from the list (New European War: required). */
  | { t: 'create'; id: string; map?: string; game?: string; settings?: Record<string, unknown> }
  | { t: 'join'; id: string; channelId: string; country: string }
  /** 单人练习 (issue 13): a game on the practice map, the visitor in `country`, computer players everywhere else, started at once. */
  | { t: 'practice'; id: string; country: string }
  | { t: 'leave'; id: string; channelId: string }
  | { t: 'start'; id: string; channelId: string }
  | { t: 'end'; id: string; channelId: string }
  | { t: 'judge'; id: string; channelId: string; userId: string }
  | { t: 'say'; id: string; channelId: string; text: string }
  | { t: 'button'; id: string; channelId: string; buttonId: string }
  /** A game that draws its own board (PageView.board): a transcript or a bot game's header played back turn by turn (the arena). */
  | { t: 'playback'; id: string; channelId: string; text: string }
  /**
   * Europe Duel's lobby (duel.md D10.6): challenge a friend (a game with both seats; the creator sits as A and gets
   * the second seat's link to send) or play a computer opponent (started at once). `identity`: the rated identity
   * `local:<name>` and its secret, which the browser keeps (registered at first use). `settings`: the duel's own
   * (D10.9); anything but the defaults makes the game unrated (D9.2).
   */
  | { t: 'duel'; id: string; mode: 'friend' | 'bot'; bot?: string; identity: DuelIdentity; settings?: Record<string, unknown> }
  /**
   * Opens a lobby duel's page `/duel/<gameId>`: with `token` (the link's `#seat=…`, sent here so it never reaches an
   * HTTP log) as that seat — taken for the first time with `identity`, or restored; without, as a spectator.
   * A duel played on Discord (duel.md D10.3.2) opens only with its link's token: `token` (a player's `#seat=…`,
   * played as that Discord player) or `watch` (`#watch=…`, watching only); without one it is refused (NEED_LINK).
   */
  | { t: 'seat'; id: string; gameId: number; token?: string; watch?: string; identity?: DuelIdentity }
  /** The creator withdraws a challenge nobody has taken yet (its seat A token). */
  | { t: 'withdraw'; id: string; gameId: number; token: string }
  /** The lobby's numbers: a rated identity's rating, the computer opponents on offer. */
  | { t: 'lobby'; id: string; name?: string }
  | { t: 'ping' };

export interface DuelIdentity { name: string; secret: string }

/** A lobby duel as its page shows it beside the map: who sits where, their ratings, whether it is rated. */
export interface DuelInfo {
  gameId: number;
  channelId: string;
  status: 'open' | 'running' | 'ended';
  rated: boolean | null;
  /** This page's seat (null: a spectator). */
  seat: string | null;
  /** `delta`: once a rated game ended, the change it made (D9.3); `rating` is then the rating after it. */
  sides: Record<string, { name: string | null; bot: string | null; rating: number | null; provisional: boolean; games: number; delta: number | null }>;
  /** A duel played on Discord, opened by a personal link (D10.3.2): commands from the page reach it, chat stays on Discord. */
  remote?: boolean;
}

export interface Ack {
  t: 'ack';
  id: string;
  ok: boolean;
  code?: string;
  text?: string;
  duplicate?: boolean;
  /** create: the new game's channel. */
  channelId?: string;
  /** duel, seat: the lobby duel's game id, this page's seat and its token (duel: seat A's, to keep). */
  gameId?: number;
  seat?: string | null;
  token?: string;
  /** duel (friend): the second seat's link, `/duel/<gameId>#seat=<token>`, to send. */
  invite?: string;
  /** seat: the duel is played on Discord (its link came from there; the lobby does not list it as the page's own). */
  remote?: boolean;
  /** lobby: the asker's rating and the computer opponents. */
  lobby?: LobbyView;
}

export interface LobbyView {
  rating: { name: string; rating: number; provisional: boolean; games: number; registered: boolean } | null;
  bots: { id: string; label: string; available: boolean; note?: string }[];
}

export interface GameListItem {
  channelId: string;
  id: number;
  title: string;
  status: 'open' | 'running' | 'ended';
  /** The game's kind (the page's duel lobby lists the running duels to watch). */
  kind?: string;
  mapName: string;
  players: number;
  turn: number | null;
  /** Why the game's stored data cannot be loaded: listed, never opened. */
  broken?: string;
}

/** 单人练习: the map it is played on and the countries a visitor may choose. */
export interface PracticeView {
  map: string;
  mapName: string;
  countries: { id: string; zh: string; en: string; color: string }[];
}

export interface CountryView {
  id: string;
  zh: string;
  en: string;
  color: string;
  playable: boolean;
  player: { userId: string; name: string } | null;
  committed: boolean;
  score: number | null;
  alive: boolean;
  /** Issue 13: how a computer plays it (机器人, 自动托管), or null. */
  bot?: string | null;
}

export interface StatusView {
  status: 'open' | 'running' | 'ended';
  title: string;
  mapName: string;
  turn: number | null;
  deadlineAt: number | null;
  /** The hard close (deadline + grace): the turn resolves by then whoever has not committed. */
  hardCloseAt: number | null;
  paused: boolean;
  winner: string[] | null;
  creator: string;
  judges: { userId: string; name: string }[];
  countries: CountryView[];
  /** People in the channel: players, judges and watchers with the page open. */
  members: { userId: string; name: string; country: string | null; judge: boolean; online: boolean }[];
  /** The speaker's seat. */
  me: { country: string | null; judge: boolean };
  settings: { turnSeconds: number | null };
}

/** Names for autocomplete, from the game's map. */
export interface NamesView {
  countries: { id: string; zh: string; en: string; aliases: string[] }[];
  territories: { id: string; zh: string; en: string; aliases: string[]; kind: string }[];
}

export type ServerMsg =
  /** `kinds`: the games the server hosts, the default first (the page offers a choice when there is more than one). */
  | { t: 'welcome'; token: string; userId: string; name: string | null; games: GameListItem[]; maps: { path: string; name: string }[]; kinds?: { kind: string; title: { zh: string; en: string } }[]; needPassword?: false; practice?: PracticeView | null }
  /**
   * A refusal or failure outside an action's own answer. `id`: the frame it answers (an action refused before
   * it ran: RATE_LIMITED, INTERNAL_ERROR); `retryAfterMs`: when to try again (RATE_LIMITED, TOO_MANY_ATTEMPTS,
   * TOO_MANY_USERS).
   */
  | { t: 'error'; code: string; text: string; id?: string; retryAfterMs?: number }
  | Ack
  | { t: 'games'; games: GameListItem[] }
  /** The games changed or added since the last list this page got (newest first), and those gone, by channel. */
  | { t: 'gamesDiff'; upsert: GameListItem[]; remove: string[] }
  /** `board`: the static drawing data of a game whose page draws its own board (PageView.board), else absent. */
  | { t: 'channel'; channelId: string; feed: FeedMessage[]; status: StatusView | null; names: NamesView | null; board?: unknown }
  /** A board game's state as this viewer's seat may see it (Rules.view), pushed when it changes. */
  | { t: 'view'; channelId: string; view: unknown }
  /** The frames a `playback` request asked for (its ack follows). */
  | { t: 'playback'; id: string; data: unknown }
  | { t: 'status'; channelId: string; status: StatusView | null }
  | { t: 'msg'; m: FeedMessage }
  | { t: 'del'; channelId: string; id: string }
  | { t: 'you'; userId: string; name: string }
  /** A lobby duel's sides and ratings (on opening its page, at its start and at its end). */
  | { t: 'duelInfo'; info: DuelInfo }
  /** D10.6: another connection opened this page's seat with the same token and took it over; this page now watches. */
  | { t: 'seatTaken'; channelId: string; gameId: number; text: string }
  | { t: 'pong'; now: number };
