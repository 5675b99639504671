import { hardCloseAt, type GameState } from '../engine/index.ts';
import type { LiveSettings } from '../../../platform/clock/index.ts';

export interface TurnTimes {
  turn: number;
  deadline: number;
  hardClose: number;
  /** Reminder kind (`reminder:<seconds>`) and time, earliest first. */
  reminders: { kind: string; at: number }[];
}

/** The absolute times of the open turn (none while paused or ended: a paused clock does not run out). */
export function reminderTimes(s: GameState, live: LiveSettings): TurnTimes | null {
  if (s.status !== 'running' || s.clock.pausedAt !== null) return null;
  const reminders = [...new Set(live.reminderOffsets)].sort((a, b) => b - a)
    .map((sec) => ({ kind: `reminder:${sec}`, at: s.clock.deadlineAt - sec * 1000 }))
    .filter((r) => r.at > s.clock.openedAt);
  return { turn: s.turn, deadline: s.clock.deadlineAt, hardClose: hardCloseAt(s), reminders };
}

/**
 * After a restart at `now`: if the open turn's deadline (or its hard close) passed while the bot was down
 * (`lastAlive` is the last moment it was known up), the times the entries must set so nobody pays lateness
 * for the outage. Returned as a judge `pause` stamped at `pauseAt` and a `resume` at `now`: the engine
 * moves the deadline by now − pauseAt, which lands it at `newDeadline` — exact on replay, and unlike
 * `extend` it does not use up the judge's maxExtendSeconds.
 */
export function restartShift(s: GameState, now: number, lastAlive: number, live: LiveSettings): { pauseAt: number; newDeadline: number } | null {
  if (s.status !== 'running' || s.clock.pausedAt !== null) return null;
  const d = s.clock.deadlineAt;
  const h = hardCloseAt(s);
  const w = live.restartWindowSeconds * 1000;
  let target: number;
  if (now >= d && lastAlive < d) target = now + w; // the deadline itself fell in the outage
  else if (now >= h - w && lastAlive < h) target = now + w - (h - d); // the grace ran out (or nearly) while down: hard close moves
  else return null;
  target = Math.min(target, d + live.restartExtendCapSeconds * 1000);
  if (target <= d) return null;
  let pauseAt = d + now - target;
  // The pause must land before the hard close, or the engine would resolve the turn first.
  if (pauseAt >= h) pauseAt = h - 1;
  return { pauseAt, newDeadline: d + now - pauseAt };
}
