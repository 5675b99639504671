/**
 * Scenario transcripts (tests/guozhan/scenarios/*.txt, X6.4 grammar), one per rule or card, with fixed decks and
 * the expected state worked out by hand in their comments. An expectation is a comment line
 *
 *     #= PATH JSON
 *
 * checked against the judge's state JSON (view.ts stateJson, hands included) as it stands after the lines above
 * it. PATH is dotted; an array is indexed by number (negative from the end) or, for `seats`, by seat name.
 * Shorthands: `refusals` (every refused command as "line:CODE"), `events.T` (the log rows of type T, seat names
 * written), `last.T[.PATH]` (the last such row), `hand.P`/`hp.P` (a seat's hand / HP). `#! REGEX`: the transcript up to
 * that line is malformed with a message matching REGEX. Every file also replays through `npm run replay`'s path.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import { stateJson } from '../../src/games/guozhan/view.ts';
import { checkExpectations } from '../helpers/expectations.ts';
import { replayCommand } from '../../src/replay/index.ts';
import { TOOL_GAMES } from '../../src/games/index.ts';

const DIR = 'tests/guozhan/scenarios';
const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();

export function pick(json: Record<string, unknown>, path: string): unknown {
  const [head, ...rest] = path.split('.');
  const seats = json.seats as { name: string }[];
  if (head === 'refusals') return (json.commands as { ok: boolean; line?: number; code?: string }[]).filter((r) => !r.ok).map((r) => `${r.line}:${r.code}`);
  const rows = () => (json.log as { t: string; at: number }[]).filter((e) => e.t === rest[0]).map(({ at: _a, ...e }) => e as Record<string, unknown>);
  if (head === 'events') return rows();
  if (head === 'hand' || head === 'hp') return (seats.find((s) => s.name === rest[0]) as Record<string, unknown> | undefined)?.[head] ?? null;
  let x: unknown = json;
  let keys = [head!, ...rest];
  if (head === 'last') { x = rows().at(-1) ?? null; keys = rest.slice(1); }
  for (const k of keys) {
    if (Array.isArray(x)) x = /^-?\d+$/.test(k) ? x.at(Number(k)) : x.find((e) => (e as { name?: string }).name === k);
    else x = (x as Record<string, unknown> | null)?.[k];
  }
  return x === undefined ? null : x;
}

for (const file of files) {
  const path = join(DIR, file);
  const text = readFileSync(path, 'utf8');
  const lines = text.split(/\r?\n/);
  const title = lines.find((l) => l.startsWith('# '))?.slice(2).trim() ?? file;
  test(`${title} (${file})`, () => {
    const { malformed } = checkExpectations(file, lines, {
      state: (prefix) => stateJson(runGuozhanTranscript(path, prefix).state, null, { hands: true }) as Record<string, unknown>,
      run: (prefix) => runGuozhanTranscript(path, prefix),
      pick,
    });
    if (!malformed) {
      // The whole file replays as `npm run replay` plays it (exit 0, 国战's state JSON).
      let out = '';
      const code = replayCommand(path, { out: (x) => { out += x; }, err: (x) => { throw new Error(x); } }, TOOL_GAMES);
      assert.equal(code, 0);
      assert.equal(JSON.parse(out).game, 'guozhan');
    }
  });
}
