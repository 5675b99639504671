/**
 * Tables of computer players (issue 20's proof): a seeded game in which every seat is played by bot.ts — or, for
 * the comparison in the README, some seats by sim.ts's random player — through the engine alone. A seat that finds
 * nothing to say lets its ask time out (the X3 default), as the platform's clock would. Used by the bench (≥ 200
 * six-player games without a stuck ask) and the tests.
 */
import { makeRng } from '../europe/rng.ts';
import { applyEntry, newGame, type StartEntry } from './engine.ts';
import { botMove } from './bot.ts';
import { parseCommands } from './parse.ts';
import { propose } from './sim.ts';
import type { State } from './types.ts';

export interface BotTableOptions {
  players: number;
  seed: number;
  /** Seats (indices in seat order as dealt) played at random instead of by the bot. */
  random?: (s: State, seat: number) => boolean;
  settings?: StartEntry['settings'];
  /** Entries after which the game counts as stuck. */
  maxSteps?: number;
  check?: (s: State, step: number) => void;
}

export interface BotTableResult { state: State; steps: number; timeouts: number; botRefused: number; stuck: boolean }

const SEATS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'];

export function botTable(o: BotTableOptions): BotTableResult {
  const rng = makeRng(o.seed ^ 0x2545f491);
  let s = newGame({ type: 'start', at: 0, seed: o.seed, seats: SEATS.slice(0, o.players), settings: { ...(o.settings ?? {}) } });
  let steps = 0, timeouts = 0, botRefused = 0;
  const max = o.maxSteps ?? 30000;
  let lastAsk = '', sameAsk = 0;
  while (s.status !== 'ended' && steps < max) {
    const a = s.ask!;
    // A stuck ask: the same one open after many answers.
    if (a.id === lastAsk) { if (++sameAsk > 50) return { state: s, steps, timeouts, botRefused, stuck: true }; } else { lastAsk = a.id; sameAsk = 0; }
    let moved = false;
    for (const seat of [...a.seats]) {
      const now = Math.max(s.now, a.openedAt) + 500;
      if (o.random?.(s, seat)) {
        for (let tries = 0; tries < 6 && !moved; tries++) {
          const r = applyEntry(s, { type: 'cmd', at: now, seat, cmd: propose(s, seat, rng, tries) });
          s = r.state;
          moved = r.ok;
        }
      } else {
        const text = botMove(s, seat);
        const p = text ? parseCommands(text)[0] : null;
        if (p && p.ok && !('judge' in p)) {
          const r = applyEntry(s, { type: 'cmd', at: now, seat, cmd: p.cmd, text: text! });
          s = r.state;
          if (r.ok) moved = true; else botRefused++;
        }
      }
      if (moved || s.ask?.id !== a.id) break;
    }
    if (!moved && s.ask?.id === a.id) {
      s = applyEntry(s, { type: 'timeout', at: s.ask.deadline, ask: s.ask.id }).state;
      timeouts++;
    }
    steps++;
    o.check?.(s, steps);
  }
  return { state: s, steps, timeouts, botRefused, stuck: s.status !== 'ended' };
}
