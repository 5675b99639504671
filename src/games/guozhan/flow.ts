/**
 * How a rule waits for a player. A step of the game (a play-phase action, a judge phase, …) is plain code that
 * calls `ask` when it needs a decision (G21, X3). The first time, `ask` suspends the step: the state keeps the
 * open ask, the step's starting state and the answers so far (types.ts Pending). When an answer (or a timeout)
 * arrives, the step is run again from its starting state with every answer so far — deterministic, so it takes
 * the same path and continues past the ask. A step is short (one action and its responses), so re-running it
 * costs little, and the rules read as the card texts do. A refusal of the newest answer discards the re-run.
 */
import type { Ask, LogRow, Reply, Settings, State } from './types.ts';

export interface Ctx {
  s: State;
  replies: Reply[];
  /** Answers consumed so far. */
  i: number;
  /** The clock: the step's start, then the time of the last answer consumed. */
  now: number;
  serial: number;
}

export type AskSpec = Omit<Ask, 'id' | 'openedAt' | 'deadline'>;

export class Suspend {
  constructor(readonly ask: AskSpec, readonly timeout: keyof Settings['timeouts']) {}
}
/** A player's command that does not fit (X6.4 codes); only ever raised for the newest answer. */
export class Refuse {
  constructor(readonly code: string, readonly message: string) {}
}
/** G16.1: the game ended; the effect in progress is abandoned. */
export class GameOver {}

export function ask(ctx: Ctx, spec: AskSpec, timeout: keyof Settings['timeouts']): Reply {
  if (ctx.i < ctx.replies.length) {
    const r = ctx.replies[ctx.i++]!;
    ctx.now = r.at;
    return r;
  }
  throw new Suspend(spec, timeout);
}

export function refuse(code: string, message: string): never {
  throw new Refuse(code, message);
}

/** Appends a log row stamped with the step's clock. */
export function ev(ctx: Ctx, t: string, fields: Omit<LogRow, 'at' | 't'> = {}): void {
  ctx.s.log.push({ at: ctx.now, t, ...fields });
  // The play phase's record of used cards (types.ts Turn.used: 克己, 谋断): every use and every equipping — 杀, tricks,
  // delayed tricks, 无懈可击, a rescue's 桃, equipment (G5.6) — while the current turn's play phase runs.
  const st = ctx.s.turn?.stage;
  if ((t === 'use' || t === 'equip') && typeof fields.seat === 'number' && (st === 'play' || st === 'playStart' || st === 'playing')) {
    const ids = t === 'equip' ? [fields.card as string] : ((fields.cards as string[] | undefined) ?? []);
    ctx.s.turn.used = [...(ctx.s.turn.used ?? []), { seat: fields.seat, name: t === 'equip' ? '' : (fields.name as string), ids }];
  }
}
