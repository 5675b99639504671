import type { GameMap } from '../../europe/map/index.ts';
import { cn, describeEvent, hardCloseAt, type GameEvent, type GameState, type Lang } from '../engine/index.ts';

import { list, L } from '../engine/index.ts';
import { botMark } from './bots.ts';

/** The engine's wording helpers: one sentence in the game's language, and a list joined the same way. */
export { list };
export const T = (lg: Lang, zh: string, en: string): string => L(lg, zh, en);

/**
 * Discord's timestamp markup (the web channel renders it too), drawn in each reader's own time zone. `rel` is
 * redrawn live ("in 5 minutes", later "2 minutes ago"), so it never goes next to words that stay as written.
 */
export const rel = (ms: number): string => `<t:${Math.floor(ms / 1000)}:R>`;
export const abs = (ms: number): string => `<t:${Math.floor(ms / 1000)}:T>`;

type Group = 'battles' | 'moves' | 'captures' | 'diplomacy' | 'scores' | 'other';

const GROUP_OF: Partial<Record<GameEvent['type'], Group>> = {
  battle: 'battles', headOn: 'battles', melee: 'battles', heldBack: 'battles',
  move: 'moves', reinforce: 'moves', seaLoss: 'moves', airlift: 'moves', deploy: 'moves', orderDropped: 'moves', orderShrunk: 'moves', mobilized: 'moves',
  capture: 'captures', capitalFell: 'captures', blockade: 'captures', transfer: 'captures',
  warDeclared: 'diplomacy', warActive: 'diplomacy', warEnded: 'diplomacy', attackerSwitched: 'diplomacy', alliance: 'diplomacy',
  pact: 'diplomacy', truce: 'diplomacy', lapsed: 'diplomacy', puppet: 'diplomacy', annexed: 'diplomacy', left: 'diplomacy',
  bankrupt: 'diplomacy', victory: 'diplomacy', answered: 'diplomacy',
  score: 'scores', late: 'scores', stacking: 'scores',
};

const HEAD: Record<Group, [string, string]> = {
  battles: ['【战斗】', '[Battles]'], moves: ['【调动】', '[Moves]'], captures: ['【占领】', '[Captures]'],
  diplomacy: ['【外交】', '[Diplomacy]'], scores: ['【罚分与分数变化】', '[Penalties and score changes]'], other: ['【其他】', '[Other]'],
};

/** The turn post (R3.5 step 10): what the resolution did, grouped, each line from describeEvent. */
export function turnSummary(map: GameMap, turn: number, events: GameEvent[], lg: Lang): string {
  const groups = new Map<Group, string[]>();
  let forced = false;
  for (const ev of events) {
    if (ev.type === 'turnResolved') { forced = ev.forced; continue; }
    if (ev.type === 'turnOpened' || ev.type === 'committed' || ev.type === 'uncommitted' || ev.type === 'request' || ev.type === 'tech' || ev.type === 'industry') continue;
    const line = describeEvent(map, ev, lg);
    if (!line) continue;
    const g = GROUP_OF[ev.type] ?? 'other';
    const arr = groups.get(g) ?? [];
    arr.push(line);
    groups.set(g, arr);
  }
  const out = [T(lg, `═ 第${turn}回合结算${forced ? '（裁判强制）' : ''} ═`, `═ Turn ${turn} resolved${forced ? ' (forced by the judge)' : ''} ═`)];
  for (const g of ['battles', 'moves', 'captures', 'diplomacy', 'scores', 'other'] as Group[]) {
    const lines = groups.get(g);
    if (!lines?.length) continue;
    out.push(HEAD[g][lg === 'en' ? 1 : 0], ...lines.map((l) => `· ${l}`));
  }
  if (out.length === 1) out.push(T(lg, '（本回合无事发生）', '(nothing happened)'));
  return out.join('\n');
}

export function uncommitted(s: GameState): string[] {
  return Object.keys(s.countries).filter((c) => s.countries[c]!.alive && s.countries[c]!.player && !s.countries[c]!.committed).sort();
}

export function committedList(s: GameState): string[] {
  return Object.keys(s.countries).filter((c) => s.countries[c]!.alive && s.countries[c]!.player && s.countries[c]!.committed).sort();
}

/** The status message, edited in place: turn, deadline, who has committed. */
export function statusText(map: GameMap, s: GameState, lg: Lang): string {
  // Issue 13: computer-played countries are marked wherever they are shown.
  const names = (cs: string[]) => (cs.length ? list(cs.map((c) => cn(map, c, lg) + botMark(s, c, lg)), lg) : T(lg, '无', 'none'));
  if (s.status === 'ended') {
    return T(lg, `游戏结束（第${s.turn}回合）。胜者：${names(s.winner ?? [])}`, `Game over (turn ${s.turn}). Winner: ${names(s.winner ?? [])}`);
  }
  const lines = [T(lg, `📋 第${s.turn}回合`, `📋 Turn ${s.turn}`)];
  if (s.clock.pausedAt !== null) lines.push(T(lg, '⏸ 已暂停（计时停止）', '⏸ Paused (the clock is stopped)'));
  else lines.push(T(lg, `截止：${rel(s.clock.deadlineAt)}（${abs(s.clock.deadlineAt)}），宽限至 ${abs(hardCloseAt(s))}`, `Deadline: ${rel(s.clock.deadlineAt)} (${abs(s.clock.deadlineAt)}), hard close ${abs(hardCloseAt(s))}`));
  lines.push(T(lg, `已完成：${names(committedList(s))}`, `Committed: ${names(committedList(s))}`));
  lines.push(T(lg, `未完成：${names(uncommitted(s))}`, `Not committed: ${names(uncommitted(s))}`));
  return lines.join('\n');
}

export function reminderText(map: GameMap, s: GameState, seconds: number, lg: Lang): string {
  const left = uncommitted(s).map((c) => cn(map, c, lg));
  const when = seconds >= 60 && seconds % 60 === 0 ? T(lg, `${seconds / 60}分钟`, `${seconds / 60} min`) : T(lg, `${seconds}秒`, `${seconds} s`);
  // "1 minute left" is true when sent and stays written; the deadline beside it is a clock time so the two
  // still agree when the message is read after the deadline.
  return T(lg, `⏰ 第${s.turn}回合还有${when}截止（截止时间 ${abs(s.clock.deadlineAt)}）。尚未【完成】：${list(left, lg)}`,
    `⏰ Turn ${s.turn} closes in ${when} (at ${abs(s.clock.deadlineAt)}). Not committed yet: ${list(left, lg)}`);
}
