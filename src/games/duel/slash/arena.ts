/**
 * The arena in chat (duel.md D10.4): `/arena a:<greedy|lander|agent|@user> b:<…>` with the start's settings, always
 * unrated. With a person on a side it is an ordinary chat duel (its thread, its seats, unrated); between two bots the
 * engine resolves every turn at its opening, so the game is over within its start entry — its turns are then told in
 * the thread one by one, `arenaTurnMs` apart (page.ts arenaTurns plays the same game again turn by turn), and the
 * game is archived when the last is told (its result, the final map, the thread archived an hour later).
 *
 * The pacing lives in this process: a restart in the middle leaves the rest untold, and the next /arena archives
 * such a game (sweep). The spec puts the pacing in the service; until the service paces publication itself, this is
 * it (no per-turn map pictures: the command has no renderer; the final map comes with the result).
 */
import type { GameInfo, GameServiceApi, Lang, Result } from '../../../platform/session/index.ts';
import type { UserRef } from '../../../platform/chat/index.ts';
import type { ChatActions } from '../../../platform/slash/index.ts';
import type { DuelEntry } from '../engine.ts';
import { arenaTurns } from '../page.ts';
import { duelRules, duelState } from './rules.ts';
import { DUEL_HOST_ID, DUEL_KIND, duelBotCheck, duelRefusal, openDuel, type DuelSide } from './start.ts';

/** D10.9's server-wide `arenaTurnMs`: how far apart an arena game's turns are told. */
export const ARENA_TURN_MS = 500;

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const fail = <V>(code: string, text: string): Result<V> => ({ ok: false, code, text });

/** The bots by the names a side may be given (D8: greedy, lander, agent; their Chinese names too). */
const BOT_NAMES: Record<string, string> = { greedy: 'greedy', 贪婪: 'greedy', lander: 'lander', 登陆: 'lander', agent: 'agent', 智能体: 'agent' };

/** A side as typed: a bot by name, or a person as a mention `<@id>` (or a bare user id). */
export function arenaSide(text: string, lg: Lang): { ok: true; bot: string } | { ok: true; userId: string } | { ok: false; code: 'BAD_SYNTAX'; text: string } {
  const t = text.trim();
  const bot = BOT_NAMES[t.toLowerCase()];
  if (bot) return { ok: true, bot };
  const m = /^<@!?(\d{5,22})>$/.exec(t) ?? /^(\d{5,22})$/.exec(t);
  if (m) return { ok: true, userId: m[1]! };
  return { ok: false, code: 'BAD_SYNTAX', text: T(lg, `"${t.slice(0, 40)}"不是竞技场的一方：写 greedy（贪婪）、lander（登陆）、agent（智能体）或 @某人`, `"${t.slice(0, 40)}" is no arena side: give greedy, lander, agent or @someone`) };
}

export interface ArenaAsk {
  /** Where it was asked (its thread opens there). */
  channelId: string;
  /** Who asks: seating someone else takes a moderator (the server's judge role). */
  by: UserRef & { isModerator?: boolean };
  /** Side A and side B: a bot by name (greedy, lander, agent) or a person. */
  a: { bot: string } | { user: UserRef };
  b: { bot: string } | { user: UserRef };
  /** Settings of the start (startArmies, turnSeconds, turnLimit) and setup options (seed). */
  settings: Record<string, unknown>;
  lang: Lang;
  /** How far apart a bot game's turns are told (default ARENA_TURN_MS). */
  turnMs?: number;
}

/** Bot games of each service whose turns this process is telling (the sweep leaves them alone). */
const telling = new WeakMap<GameServiceApi, Set<string>>();
const tellingOf = (service: GameServiceApi) => {
  let s = telling.get(service);
  if (!s) telling.set(service, (s = new Set()));
  return s;
};

/**
 * Checks the sides, then opens the arena's duel: people must differ (NOT_ALLOWED), each must be free (ALREADY_IN_DUEL,
 * D9.5), someone else is seated only by a moderator (NOT_ALLOWED), the agent only with its weights (AGENT_UNAVAILABLE);
 * unrated whatever else. Between two bots the telling of the turns begins; `turns` is how many will be told.
 */
export async function startArena(service: GameServiceApi, chat: ChatActions | undefined, ask: ArenaAsk): Promise<Result<{ channelId: string; game: GameInfo; turns: number | null }>> {
  const lg = ask.lang;
  const sides: { A: DuelSide; B: DuelSide } = { A: { bot: '', label: '' }, B: { bot: '', label: '' } };
  const humans: UserRef[] = [];
  for (const [x, s] of [['A', ask.a], ['B', ask.b]] as const) {
    if ('user' in s) {
      humans.push(s.user);
      sides[x] = { user: s.user };
      continue;
    }
    const ok = duelBotCheck(s.bot, lg);
    if (!ok.ok) return fail(ok.code, ok.text);
    sides[x] = { bot: s.bot, label: botLabel(s.bot, lg) };
  }
  if (humans.length === 2 && humans[0]!.id === humans[1]!.id) {
    return fail('NOT_ALLOWED', T(lg, `${humans[0]!.name}不能同时下两边；和电脑下就把另一边写成 greedy、lander 或 agent`, `${humans[0]!.name} cannot play both sides; make the other greedy, lander or agent`));
  }
  const other = humans.find((h) => h.id !== ask.by.id);
  if (other && !ask.by.isModerator) {
    return fail('NOT_ALLOWED', T(lg, `只有裁判（管理员）可以安排别人（${other.name}）上竞技场；想和人对战请用 /duel opponent:@${other.name}`, `only a moderator may seat someone else (${other.name}) in the arena; to play a person, /duel opponent:@${other.name}`));
  }
  for (const h of humans) {
    const busy = await duelRefusal(service, h.id, lg);
    if (busy) return fail(busy.code, h.id === ask.by.id ? busy.text : T(lg, `${h.name}已经在一局进行中的欧陆对决里了：一次只能下一局（D9.5）`, `${h.name} is already in a running Europe Duel: one at a time (D9.5)`));
  }
  await sweep(service, ask.by.name);
  const opened = await openDuel(service, chat, {
    channelId: ask.channelId, host: ask.by.name, sides, settings: { ...ask.settings, rated: false }, lang: lg, via: 'arena',
    title: { zh: '竞技场', en: 'Arena' },
  });
  if (!opened.ok) return opened as Result<never>;
  if (humans.length === 0 && !chat) {
    // Nowhere to tell the turns: the game is archived at once, its result told.
    await service.end(opened.value.channelId, { id: DUEL_HOST_ID, name: ask.by.name });
    return { ok: true, value: { ...opened.value, turns: 0 }, text: opened.text };
  }
  const turns = humans.length === 0 && chat ? await tell(service, chat, opened.value.channelId, ask.by.name, ask.turnMs ?? ARENA_TURN_MS, lg) : null;
  return { ok: true, value: { ...opened.value, turns }, text: opened.text };
}

/** A bot's name in the thread's title and the start message: 贪婪 / 登陆 / 智能体. */
function botLabel(bot: string, lg: Lang): string {
  return bot === 'greedy' ? T(lg, '贪婪', 'greedy') : bot === 'lander' ? T(lg, '登陆', 'lander') : bot === 'agent' ? T(lg, '智能体', 'agent') : bot;
}

/**
 * Tells a bot game's turns in its channel, `turnMs` apart, then archives it (service.end by its host: the result,
 * the final map, and the thread archived an hour later). Returns how many turns will be told; 0 when the game could
 * not be played again to the same end (logged; the game is archived at once, its result told).
 */
async function tell(service: GameServiceApi, chat: ChatActions, channelId: string, hostName: string, turnMs: number, lg: Lang): Promise<number> {
  const host: UserRef = { id: DUEL_HOST_ID, name: hostName };
  const rules = await duelRules(service, channelId);
  const state = await duelState(service, channelId);
  const exported = await service.export(channelId, host);
  const start = exported.ok ? exported.value.log.map((l) => l.entry as DuelEntry).find((e) => e?.type === 'start') : undefined;
  let turns: { text: string }[] = [];
  if (rules && state && start?.type === 'start') {
    const told = arenaTurns(rules.map, rules.g, start, lg);
    if (JSON.stringify(told.outcome) === JSON.stringify(state.outcome)) turns = told.turns;
    else chat.log(`arena ${channelId}: playing the bot game again came to ${JSON.stringify(told.outcome)}, the game to ${JSON.stringify(state.outcome)}; only its result is told`);
  }
  const busy = tellingOf(service);
  busy.add(channelId);
  let i = 0;
  const next = async (): Promise<void> => {
    if (i < turns.length) {
      const t = turns[i++]!;
      try {
        await chat.post(channelId, { text: t.text });
      } catch (e) {
        chat.log(`arena ${channelId}: turn ${i} could not be told`, e);
      }
      chat.later(turnMs, next);
      return;
    }
    busy.delete(channelId);
    const r = await service.end(channelId, host);
    if (!r.ok) chat.log(`arena ${channelId}: the told game could not be archived (${r.code} ${r.text})`);
  };
  chat.later(turnMs, next);
  return turns.length;
}

/**
 * A bot game whose telling a restart cut short stays running, over in its state: the next /arena archives it (its
 * result and final map are told then).
 */
async function sweep(service: GameServiceApi, hostName: string): Promise<void> {
  const busy = tellingOf(service);
  for (const g of await service.listGames({ status: ['running'] })) {
    if (g.kind !== DUEL_KIND || g.creator !== DUEL_HOST_ID || busy.has(g.channelId)) continue;
    if (g.players.length !== 2 || !g.players.every((p) => p.userId.startsWith('bot:'))) continue;
    if ((await duelState(service, g.channelId))?.status !== 'ended') continue;
    await service.end(g.channelId, { id: DUEL_HOST_ID, name: hostName });
  }
}
