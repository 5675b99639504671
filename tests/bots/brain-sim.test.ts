/**
 * The simulator's --bots option (issue 13: "the simulator can run whole bot-only games"): a game of computer
 * players through simulate(), written as a transcript (commands.md §3), replays through the transcript runner to
 * the identical state — the log is the game (R3), the bots' choices are a function of the state and the seed.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { runTranscript } from '../../src/games/neuwar/transcript.ts';
import { simulate, toTranscript } from '../../src/games/neuwar/sim/simulate.ts';
import { withoutLines } from '../../src/games/neuwar/sim/invariants.ts';

const europe = loadMapFile('maps/europe.json');

test('simulate({ bots }) → transcript → runTranscript replays to the identical state, nothing refused', () => {
  const bots = { FRA: 'aggressive', DEU: 'defensive', ITA: 'balanced', ESP: 'passive' } as const;
  const r = simulate(europe, { players: ['FRA', 'DEU', 'ITA', 'ESP', 'POL'], turns: 10, seed: 3, bots });
  assert.equal(r.stats.turns, 10);
  assert.equal(r.stats.refused, 0);
  assert.ok((r.stats.byKind.move ?? 0) > 0 && (r.stats.byKind.commit ?? 0) > 0);
  const text = toTranscript(europe, 'maps/europe.json', r, ['bots']);
  const rep = runTranscript(join(process.cwd(), 'bots.txt'), text, process.cwd());
  assert.deepEqual(withoutLines(stateJson(rep.game.state, europe)), withoutLines(stateJson(r.game.state, europe)));
  // POL is not named: a passive seat, it only commits.
  const pol = r.entries.filter((e) => e.type === 'command' && e.speaker.kind === 'country' && e.speaker.id === 'POL');
  assert.ok(pol.length > 0 && pol.every((e) => e.type === 'command' && e.command.kind === 'commit'));
});
