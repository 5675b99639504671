/**
 * Europe Duel's status message (duel.md D10.3.2), edited in place by the platform after every event: turn N/150,
 * the deadline as `<t:…:R>` (Discord shows it in each reader's time zone; the page and the repl render it), ready
 * ✓/✗ for both sides, the scores, the idle warning (D2.8), and its buttons [准备] [地图] [网页]. [准备] comes back
 * as the side's 【准备】 through the rules' `press`; [地图] is answered by the chat adapter's duel command (an
 * ephemeral picture); [网页] (`page:`) by an adapter that knows the page's public address, left out by one that does not.
 */
import type { Entry, Lang } from '../../platform/session/index.ts';
import type { OutButton } from '../../platform/chat/index.ts';
import type { DuelState } from './engine.ts';
import type { Side } from './resolve.ts';

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const SIDES = ['A', 'B'] as const;

/** The status message's buttons: ready (the rules' press), the map (the chat adapter's), the page (`page:`). */
export const READY_BUTTON = 'duel:ready';
export const MAP_BUTTON = 'duel:map';
export const PAGE_BUTTON = 'page:duel';

/** Whether a button id is the duel's own (a press in a broken duel's channel is still answered). */
export const isDuelButton = (id: string): boolean => id === READY_BUTTON || id === MAP_BUTTON;

export function duelStatusText(s: DuelState, sc: Record<Side, number>, seatName: (x: Side) => string, lg: Lang): string {
  const clock = s.status === 'ended' ? T(lg, '已结束', 'over')
    : s.pausedAt !== null ? T(lg, '暂停中', 'paused')
      : T(lg, `截止 <t:${Math.floor(s.deadlineAt / 1000)}:R>`, `deadline <t:${Math.floor(s.deadlineAt / 1000)}:R>`);
  const head = T(lg, `⚔️ 欧陆对决 · 第${s.turn}/${s.settings.turnLimit}回合 · ${clock}`, `⚔️ Europe Duel · turn ${s.turn}/${s.settings.turnLimit} · ${clock}`);
  const side = (x: Side) => {
    const bot = s.bots[x] ? '🤖' : '';
    const ready = s.ready[x] ? T(lg, '✓ 已准备', '✓ ready') : T(lg, '✗ 未准备', '✗ not ready');
    return T(lg, `${seatName(x)}${bot} ${ready} · ${sc[x]}分`, `${seatName(x)}${bot} ${ready} · ${sc[x]}`);
  };
  const lines = [head, `${side('A')} ｜ ${side('B')}`];
  // D2.8: a side that gives no command idleTurns turns in a row loses; the warning stands from the first idle turn.
  const limit = s.settings.idleTurns;
  if (s.status === 'running' && limit > 0) {
    for (const x of SIDES) {
      const n = s.idle[x];
      if (s.bots[x] || n <= 0) continue;
      const left = Math.max(0, limit - n);
      lines.push(T(lg, `⚠️ ${seatName(x)}已连续${n}回合没有操作：再${left}回合没有操作就判负（D2.8）`,
        `⚠️ ${seatName(x)} has been idle ${n} turn${n === 1 ? '' : 's'} in a row: ${left} more and it loses (D2.8)`));
    }
  }
  return lines.join('\n');
}

/** The buttons while the duel runs (none once it has ended: the platform removes them). */
export function duelStatusButtons(s: DuelState, lg: Lang): OutButton[] {
  if (s.status === 'ended') return [];
  return [
    { id: READY_BUTTON, label: T(lg, '准备', 'Ready'), style: 'primary' },
    { id: MAP_BUTTON, label: T(lg, '地图', 'Map'), style: 'secondary' },
    { id: PAGE_BUTTON, label: T(lg, '网页', 'Web page'), style: 'secondary' },
  ];
}

/**
 * [准备] pressed: the presser's side's 【准备】, the same entry the typed command makes; a spectator or the judge (no
 * side) is NOT_YOUR_COUNTRY, a bot's side NOT_ALLOWED (the engine's), an ended duel GAME_NOT_RUNNING (the
 * engine's). null: not this button.
 */
export function duelPress(buttonId: string, seat: string | null, at: number, refuse: (code: string) => string): { entry: Entry } | { refuse: { code: string; text: string } } | null {
  if (buttonId !== READY_BUTTON) return null;
  if (seat !== 'A' && seat !== 'B') return { refuse: { code: 'NOT_YOUR_COUNTRY', text: refuse('NOT_YOUR_COUNTRY') } };
  return { entry: { type: 'command', at, side: seat, command: { kind: 'ready' }, text: '【准备】' } as unknown as Entry };
}
