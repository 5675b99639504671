/**
 * The expectation lines of a scenario transcript (the duel's and 国战's): `#= PATH JSON` is checked against the
 * state JSON as it stands after the lines above it (the transcript played up to that line; `pick` reads PATH),
 * and `#! REGEX` says the transcript up to that line is malformed with a message matching REGEX. A file must
 * check something. Returns whether it had a `#!` line (such a file does not replay whole).
 */
import assert from 'node:assert/strict';

export function checkExpectations(file: string, lines: string[], o: {
  /** The transcript text up to a line (the later lines blanked, so line numbers stay), played: its state JSON. */
  state: (prefix: string) => Record<string, unknown>;
  /** Plays a prefix that must be refused (throws). */
  run: (prefix: string) => unknown;
  pick: (json: Record<string, unknown>, path: string) => unknown;
}): { malformed: boolean } {
  const prefix = (n: number) => lines.map((l, i) => (i < n ? l : '')).join('\n');
  const states = new Map<number, Record<string, unknown>>();
  const stateAt = (n: number) => {
    let s = states.get(n);
    if (!s) { s = JSON.parse(JSON.stringify(o.state(prefix(n)))) as Record<string, unknown>; states.set(n, s); }
    return s;
  };
  let checks = 0;
  let malformed = false;
  lines.forEach((l, i) => {
    const e = /^#=\s*(\S+)\s+(.+)$/.exec(l.trim());
    if (e) {
      checks++;
      assert.deepEqual(o.pick(stateAt(i), e[1]!), JSON.parse(e[2]!), `${file}:${i + 1}: ${e[1]}`);
    }
    const bad = /^#!\s*(.+)$/.exec(l.trim());
    if (bad) {
      checks++;
      malformed = true;
      assert.throws(() => o.run(prefix(i)), (err: Error) => new RegExp(bad[1]!).test(err.message), `${file}:${i + 1}: malformed`);
    }
  });
  assert.ok(checks > 0, `${file} states no expectation (#= or #!)`);
  return { malformed };
}
