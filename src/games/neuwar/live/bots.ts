/**
 * Issue 13: who plays a country by computer, and what it says now. Bot seats (【机器人】) and the autopilot of
 * absent players (house rule `autopilot`) both ask the decision engine (../bots) for ordinary text commands; the
 * live service sends them as that country's message through the same parse → apply → log path as a person's.
 * Everything here is a function of the state and the game's seed, so the same log gives the same bot messages.
 */
import type { BotMessage, Lang } from '../../../platform/session/index.ts';
import { BOT_STYLE_LABEL, botView, decideResponses, decideTurn, type BotStyle } from '../bots/index.ts';
import { BOT_STYLE_WORDS, botStyleOf, cn, type CountryId, type Game, type GameState } from '../engine/index.ts';

/** Who plays a country by computer now, and how; null: a person (or nobody). */
export function driverOf(s: GameState, c: CountryId): { style: BotStyle; mode: 'full' | 'defend'; autopilot: boolean } | null {
  const cs = s.countries[c];
  if (!cs?.alive) return null;
  if (cs.bot) return { style: (cs.bot in BOT_STYLE_LABEL ? cs.bot : 'balanced') as BotStyle, mode: 'full', autopilot: false };
  const ap = s.settings.autopilot ?? 'off';
  // Civil disorder (【托管】, player removed) or the player missed autopilotAfter deadlines in a row.
  if (ap !== 'off' && (cs.autopilot || !cs.player)) return { style: 'balanced', mode: ap === 'defend' ? 'defend' : 'full', autopilot: true };
  return null;
}

/** A stable 32-bit hash (FNV-1a) of a text: the seed of a game that has none, and a country's share of the seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The seed one decision of one country uses: the game's seed, the turn and the country. */
export function decisionSeed(gameSeed: number, turn: number, c: CountryId, what: string): number {
  return hash32(`${gameSeed >>> 0}:${turn}:${c}:${what}`);
}

/**
 * What every computer-played country says now: its turn (once a turn: orders ending with 【完成】) and its
 * answers to the requests addressed to it. `gameId` seeds a game whose start entry carries no seed.
 */
export function botMessages(g: Game, gameId: number): BotMessage[] {
  const s = g.state;
  if (s.status !== 'running') return [];
  const seed = s.seed ?? hash32(`game:${gameId}`);
  const out: BotMessage[] = [];
  for (const c of Object.keys(s.countries).sort()) {
    const who = driverOf(s, c);
    if (!who) continue;
    const cs = s.countries[c]!;
    const asked = s.pending.filter((r) => r.to === c).map((r) => r.id);
    if (cs.botTurn !== s.turn) {
      let lines: string[];
      try {
        lines = decideTurn(botView(s, g.map, c), g.map, { style: who.style, seed: decisionSeed(seed, s.turn, c, 'turn'), mode: who.mode });
      } catch {
        // A bot never stalls the game: a decision that failed commits the turn as it stands.
        lines = ['【完成】'];
      }
      if (!lines.some((l) => /【完成】\s*$/.test(l))) lines = [...lines, '【完成】'];
      // The turn's opening time is in the key: a turn reopened by 【撤回】 is played again.
      out.push({ seat: c, key: `turn:${s.turn}:${s.clock.openedAt}:${c}`, text: lines.join('\n') });
    }
    if (asked.length) {
      let answers: { command: string; reason: string }[];
      try {
        answers = decideResponses(botView(s, g.map, c), g.map, { style: who.style, seed: decisionSeed(seed, s.turn, c, `answer:${asked.join(',')}`), mode: who.mode });
      } catch {
        answers = [];
      }
      if (answers.length) {
        out.push({
          seat: c, key: `answer:${s.turn}:${s.clock.openedAt}:${c}:${asked.join(',')}`, text: answers.map((a) => a.command).join('\n'),
          note: answers.map((a) => a.reason).filter(Boolean).join(' '),
        });
      }
    }
  }
  return out;
}

/** A style named by a judge (Chinese or English; none: balanced), or null. */
export function styleOf(name: string | undefined): BotStyle | null {
  return (name ?? '').trim() ? botStyleOf(name!) : 'balanced';
}

/** How a computer player of a style is named where players are listed: 机器人（进攻） / Bot (aggressive). */
export function botName(style: string, lg: Lang): string {
  const label = (BOT_STYLE_LABEL as Record<string, string>)[style] ?? style;
  return lg === 'en' ? `Bot (${style})` : `机器人（${label}）`;
}

/** The styles, as a refusal lists them. */
export function styleList(lg: Lang): string {
  return BOT_STYLE_WORDS[lg];
}

/** The mark after a country's name wherever it is shown (no emoji: the PNG font has none). */
export function botMark(s: GameState, c: CountryId, lg: Lang): string {
  const cs = s.countries[c];
  if (cs?.bot) return lg === 'en' ? ' (bot)' : '（机器人）';
  if (cs?.alive && driverOf(s, c)?.autopilot) return lg === 'en' ? ' (autopilot)' : '（自动托管）';
  return '';
}

/** A country's name with its mark. */
export function seatLabel(g: { map: Game['map']; state: GameState }, c: CountryId, lg: Lang): string {
  return cn(g.map, c, lg) + botMark(g.state, c, lg);
}
