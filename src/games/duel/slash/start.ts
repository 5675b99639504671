/**
 * Starting a duel from a chat (duel.md D10.3.2): a thread `欧陆对决 #<id> 甲 vs 乙` off the challenge (the channel
 * itself where no thread can be opened), the game created there with the service's own calls — createGame, join
 * (the challenger as A), the opponent's join or the computer player's seat, start — and D9.5's and D9.2's checks
 * that come before any of it.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameInfo, GameServiceApi, Lang, Result } from '../../../platform/session/index.ts';
import type { UserRef } from '../../../platform/chat/index.ts';
import type { ChatActions } from '../../../platform/slash/index.ts';
import { decideRated, duelSeatRefusal, RATED_MAP_ID, type SideSpec } from '../ratings.ts';
import { splitSetupOptions, type DuelVia } from '../options.ts';
import { duel, duelBot, type DuelRules } from '../module.ts';

/** The game kind. */
export const DUEL_KIND = 'duel';

/**
 * Who creates and starts a chat's duel: neither player, so neither is its judge and neither can abort a rated
 * game (D7.6; the server's moderators still judge). Its name on the game is the challenger's.
 */
export const DUEL_HOST_ID = 'duel-host';

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const fail = <V>(code: string, text: string): Result<V> => ({ ok: false, code, text });

/** D9.5: why `userId` may not start another duel (ALREADY_IN_DUEL, naming the channel of the one it plays), or null. */
export async function duelRefusal(service: GameServiceApi, userId: string, lg: Lang): Promise<{ code: string; text: string } | null> {
  const live = (await service.listGames({ status: ['open', 'running'] }));
  const lookup = {
    gamesOfUser: (u: string) => live.filter((g) => g.players.some((p) => p.userId === u)).map((g) => ({ gameId: g.id, channelId: g.channelId })),
    game: (id: number) => live.find((g) => g.id === id) ?? null,
  };
  const r = duelSeatRefusal(userId, -1, lookup, lg);
  if (!r) return null;
  const where = lookup.gamesOfUser(userId).find((g) => lookup.game(g.gameId)?.kind === DUEL_KIND);
  return { code: r.code, text: where ? `${r.text}${T(lg, `（<#${where.channelId}>）`, ` (<#${where.channelId}>)`)}` : r.text };
}

/** The project root: where `models/duel-agent` lies (D8.4). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
let europe: DuelRules | null = null;

/**
 * D8: a computer opponent asked for by name (greedy, lander, agent): its policy id, or why not — AGENT_UNAVAILABLE
 * (D8.4) when no usable weights file is present, BAD_SYNTAX for a name no bot has. Read on the default map's graph.
 */
export function duelBotCheck(name: string, lg: Lang, root = ROOT): { ok: true; id: string } | { ok: false; code: string; text: string } {
  europe ??= duel.open(duel.defaultResource(root), root) as DuelRules;
  return duelBot(europe.g, name, lg, root);
}

/** What a new chat duel is, as D9.2 decides whether it may be rated. */
export interface DuelAsk {
  /** A bot's policy id for B (greedy, lander, agent), or null for a person. */
  bot: string | null;
  /** Settings and setup options (options.ts) as asked. */
  settings: Record<string, unknown>;
  /** `rated` as asked (undefined: rated when it can be). */
  rated?: boolean;
}

/** D9.2: whether the duel is rated, or NOT_ALLOWED with the reasons when `rated:true` was asked of one that cannot be. */
export function duelRated(ask: DuelAsk, lg: Lang): { ok: true; rated: boolean } | { ok: false; code: string; text: string } {
  const split = splitSetupOptions(ask.settings);
  const plain = split.ok ? split.rest : ask.settings;
  const b: SideSpec = ask.bot ? { kind: 'bot', bot: ask.bot === 'agent' ? 'agent@v0' : ask.bot } : { kind: 'human', userId: 'B' };
  return decideRated(ask.rated, {
    mapId: RATED_MAP_ID, sides: { A: { kind: 'human', userId: 'A' }, B: b }, settings: plain,
    seedGiven: split.ok && split.options.seed !== undefined,
  }, lg);
}

export interface StartDuel {
  /** The channel the duel was asked in (its thread opens there). */
  channelId: string;
  /** The challenge's message: the thread starts on it. */
  fromMessageId?: string;
  a: UserRef;
  /** B: a person, or a computer player (its policy id and its name). */
  b: DuelSide;
  settings: Record<string, unknown>;
  lang: Lang;
  /** How it came to be (options.ts `via`; the new game's first message says what that needs): by default a challenge against a person, `bot` against the computer. */
  via?: DuelVia;
}

/** A side of a new chat duel: a person, or a computer player (its policy name and how it is called). */
export type DuelSide = { user: UserRef } | { bot: string; label: string };

/**
 * Opens the duel's thread and starts the game in it: the challenger as A, the opponent (or the computer player) as
 * B. Anything refused after the game was created withdraws it, so no half-made duel holds a player (D9.5).
 */
export async function startDuel(service: GameServiceApi, chat: ChatActions | undefined, o: StartDuel): Promise<Result<{ channelId: string; game: GameInfo }>> {
  return openDuel(service, chat, {
    channelId: o.channelId, ...(o.fromMessageId ? { fromMessageId: o.fromMessageId } : {}), host: o.a.name, sides: { A: { user: o.a }, B: o.b },
    settings: o.settings, lang: o.lang, via: o.via ?? ('user' in o.b ? 'challenge' : 'bot'),
  });
}

export interface OpenDuel {
  channelId: string;
  fromMessageId?: string;
  /** Whose duel it is (the host's name on the game: the challenger, the arena's organizer). */
  host: string;
  sides: { A: DuelSide; B: DuelSide };
  settings: Record<string, unknown>;
  lang: Lang;
  via: DuelVia;
  /** The thread's name before its game's id (default 欧陆对决). */
  title?: { zh: string; en: string };
}

/**
 * A chat duel of any two sides (people or computer players): its thread `<title> #<id> 甲 vs 乙` (the channel itself
 * where no thread can be opened), the game created there by DUEL_HOST_ID with the service's own calls, the sides
 * seated (a person joins, a computer player is seated by the host), started. Anything refused after the game was
 * created withdraws it.
 */
export async function openDuel(service: GameServiceApi, chat: ChatActions | undefined, o: OpenDuel): Promise<Result<{ channelId: string; game: GameInfo }>> {
  const name = (x: DuelSide) => ('user' in x ? x.user.name : x.label);
  const head = o.title ? T(o.lang, o.title.zh, o.title.en) : T(o.lang, '欧陆对决', 'Europe Duel');
  const title = (id?: number) => `${head}${id !== undefined ? ` #${id}` : ''} ${name(o.sides.A)} vs ${name(o.sides.B)}`;
  const thread = chat ? await chat.openThread(o.channelId, title(), o.fromMessageId) : null;
  const channelId = thread ?? o.channelId;
  const host: UserRef = { id: DUEL_HOST_ID, name: o.host };
  const made = await service.createGame(channelId, host, { game: DUEL_KIND, settings: { ...o.settings, via: o.via } });
  if (!made.ok) return fail(made.code, made.text);
  if (thread && chat) await chat.rename(thread, title(made.value.id));
  const seat = (x: 'A' | 'B') => {
    const side = o.sides[x];
    return 'user' in side ? () => service.join(channelId, side.user, x) : () => service.seatBot(channelId, host, x, side.bot);
  };
  for (const step of [seat('A'), seat('B')] as (() => Promise<Result<unknown>>)[]) {
    const r = await step();
    if (!r.ok) {
      await service.end(channelId, host);
      return fail(r.code, r.text);
    }
  }
  const started = await service.start(channelId, host);
  if (!started.ok) {
    await service.end(channelId, host);
    return fail(started.code, started.text);
  }
  return { ok: true, value: { channelId, game: started.value }, text: started.text };
}
