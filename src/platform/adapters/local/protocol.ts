import type { FeedMessage } from './chat.ts';

/** Limits at the socket boundary (commands.md §1: 4,000 characters per message). */
export const MAX_TEXT = 4000;
export const MAX_FRAME = 64 * 1024;
export const MAX_NAME = 32;
export const MAX_CLIENT_ID = 64;

/** What the page sends. Every action carries `id`, the client's message id: a resend is applied once. */
export type ClientMsg =
  | { t: 'hello'; token?: string; name?: string; password?: string }
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
  | { t: 'ping' };

export interface Ack {
  t: 'ack';
  id: string;
  ok: boolean;
  code?: string;
  text?: string;
  duplicate?: boolean;
  /** create: the new game's channel. */
  channelId?: string;
}

export interface GameListItem {
  channelId: string;
  id: number;
  title: string;
  status: 'open' | 'running' | 'ended';
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
  | { t: 'pong'; now: number };
