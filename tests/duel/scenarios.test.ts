/**
 * duel.md D11 P8: every `tests/scenarios/duel-*.txt` plays through the duel's transcript runner and `replay`, and
 * its expectations hold. An expectation is a comment line (so `replay` ignores it)
 *
 *     #= PATH JSON
 *
 * checked against D10.8's state JSON as it stands after the lines above it (the transcript is played up to that
 * line). PATH is dotted (`territories.a_land.owner`, `sides.A.score`, `log.-1.code` — a negative index counts
 * from the end), or one of the shorthands `refusals` (every refused log row as "line:code"), `events.TYPE` (the
 * last resolution's events of that type) and `armies.ID` / `owner.ID` (a territory's garrison / owner).
 * An absent key reads as null. `#! REGEX` says the transcript up to that line is malformed with a message matching REGEX.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { duelStateJson, runDuelTranscript } from '../../src/games/duel/transcript.ts';
import { replayCommand } from '../../src/replay/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import { checkExpectations } from '../helpers/expectations.ts';

const DIR = 'tests/scenarios';
const files = readdirSync(DIR).filter((f) => /^duel-.*\.txt$/.test(f)).sort();

function at(json: Record<string, unknown>, path: string): unknown {
  const [head, ...rest] = path.split('.');
  if (head === 'refusals') return (json.log as { ok: boolean; line: number; code?: string }[]).filter((r) => !r.ok).map((r) => `${r.line}:${r.code}`);
  if (head === 'events') return (json.lastEvents as { type: string }[]).filter((e) => e.type === rest[0]);
  if (head === 'armies' || head === 'owner') return (json.territories as Record<string, Record<string, unknown>>)[rest[0]!]?.[head];
  let x: unknown = json;
  for (const k of [head!, ...rest]) {
    if (Array.isArray(x)) x = x.at(Number(k));
    else x = (x as Record<string, unknown> | null)?.[k];
  }
  // An absent key reads as null (a sea zone without stacks is not listed, D10.8).
  return x === undefined ? null : x;
}

for (const file of files) {
  const path = join(DIR, file);
  const text = readFileSync(path, 'utf8');
  const lines = text.split(/\r?\n/);
  const title = lines.find((l) => l.startsWith('# '))?.slice(2).trim() ?? file;
  test(`P8 ${file}: ${title}`, () => {
    const { malformed } = checkExpectations(file, lines, {
      state: (prefix) => { const r = runDuelTranscript(path, prefix); return duelStateJson(r.map, r.g, r.state, r.names); },
      run: (prefix) => runDuelTranscript(path, prefix),
      pick: at,
    });
    if (!malformed) {
      // The whole file replays (exit 0) and prints the same state as the runner's last expectation point.
      let out = '';
      const code = replayCommand(path, { out: (x) => { out += x; }, err: (x) => { throw new Error(x); } }, [neuwar, duel]);
      assert.equal(code, 0);
      assert.equal(JSON.parse(out).game, 'duel');
    }
  });
}
