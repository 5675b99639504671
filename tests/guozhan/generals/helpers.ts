/**
 * Shared by the generals' scenario tests (issue 19): play a transcript with the standard skills registered, and
 * read the state the way the tests assert it. Each test file runs in its own process (node --test), so registering
 * here does not reach the engine tests of issue 18.
 */
import assert from 'node:assert/strict';
import { registerGeneralSkills } from '../../../src/games/guozhan/skills/index.ts';
import { runGuozhanTranscript } from '../../../src/games/guozhan/transcript.ts';
import type { State } from '../../../src/games/guozhan/types.ts';

registerGeneralSkills();

/** Plays the lines (X6.4) and returns the final state. */
export function play(lines: string[]): State {
  return runGuozhanTranscript('generals.txt', lines.join('\n')).state;
}

/** Seat index by name. */
export const seat = (s: State, name: string) => s.players.findIndex((p) => p.name === name);
export const pl = (s: State, name: string) => s.players[seat(s, name)]!;

/** Every refused command as CODE (a test that expects none asserts []). */
export const refusals = (s: State) => s.commands.filter((c) => !c.ok).map((c) => `${c.line ?? '?'}:${c.code}`);

/** The skill rows of the log as "seat:skill", in order. */
export const skillRows = (s: State) => s.log.filter((r) => r.t === 'skill').map((r) => `${s.players[r.seat as number]!.name}:${r.skill}`);

/** Log rows of type t (seat names instead of indices for `seat`). */
export const rows = (s: State, t: string) => s.log.filter((r) => r.t === t);

export function noRefusals(s: State) { assert.deepEqual(refusals(s), []); }

/** Plays `lines`, then times out the open prompt until `done` holds (at most `max` times). */
export function until(lines: string[], done: (s: State) => boolean, max = 60): { s: State; lines: string[] } {
  const l = [...lines];
  let s = play(l);
  for (let k = 0; k < max && !done(s); k++) { l.push('@timeout'); s = play(l); }
  assert.ok(done(s), 'the awaited moment came');
  return { s, lines: l };
}
