import { runTranscript } from '../../src/replay/index.ts';
import type { GameState, Outcome, GameEvent } from '../../src/games/neuwar/engine/index.ts';

export interface Played {
  state: GameState;
  /** The answers to each command line, by the line's text (first match) or number. */
  outcomes: Outcome[];
  answersOf(lineNo: number): Outcome[];
  /** Every event of every resolution, in order. */
  events: GameEvent[];
  score(c: string): number;
  owner(t: string): string | null;
  armies(t: string): number;
}

/** Plays an inline transcript (commands.md §3) through the real parser and engine. */
export function play(text: string): Played {
  const body = text.split('\n').map((l) => l.replace(/^\s+/, '')).join('\n');
  const r = runTranscript('tests/scenarios/inline.txt', body, process.cwd());
  const s = r.game.state;
  const outcomes: Outcome[] = [];
  const events: GameEvent[] = [];
  for (const a of r.answers) for (const st of a.steps) {
    if (st.outcome) outcomes.push(st.outcome);
    for (const res of st.resolved) events.push(...res.events);
  }
  return {
    state: s,
    outcomes,
    answersOf: (n) => r.answers.filter((a) => a.line === n).flatMap((a) => a.steps.map((x) => x.outcome!).filter(Boolean)),
    events,
    score: (c) => s.countries[c]!.score,
    owner: (t) => (s.territories[t] as { owner: string | null }).owner,
    armies: (t) => (s.territories[t] as { armies: number }).armies,
  };
}

/** The codes of refused commands, in order. */
export const refusals = (p: Played): string[] => p.outcomes.filter((o) => !o.ok).map((o) => (o as { code: string }).code);
