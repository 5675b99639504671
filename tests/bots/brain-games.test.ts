/**
 * Issue 13, "it never breaks a rule": whole bot-only games on the Europe map, every line a bot says parsed by the
 * real parser and applied by the engine as that country's message (src/games/neuwar/bots/play.ts), with the
 * simulator's invariants (src/games/neuwar/sim/invariants.ts) checked after every entry. Every style plays, a
 * passive seat only commits, and one country is on the 'defend' autopilot.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { BotGame, type Seat } from '../../src/games/neuwar/bots/play.ts';
import { checkState, checkStep } from '../../src/games/neuwar/sim/invariants.ts';

const europe = loadMapFile('maps/europe.json');
const playable = europe.countries.filter((c) => c.playable !== false).map((c) => c.id);
const SEATS: Seat[] = ['balanced', 'aggressive', 'defensive', 'passive'];

function run(seed: number, turns: number) {
  const seats = Object.fromEntries(playable.map((c, i) => [c, SEATS[(i + seed) % 4]!])) as Record<string, Seat>;
  const defend = [playable.find((c) => seats[c] === 'balanced')!];
  const violations: string[] = [];
  let worstStacking = 0;
  const g = new BotGame(europe, {
    seats, seed, turns, defend, measure: true,
    onStep: (entry, step, game, before) => {
      violations.push(...checkState(game), ...checkStep(entry, step, game, before));
      for (const r of step.resolved) for (const e of r.events) if (e.type === 'stacking') worstStacking = Math.max(worstStacking, e.penalty);
    },
  });
  const r = g.play();
  return { r, violations, seats, worstStacking };
}

for (const seed of [1, 2, 3]) {
  test(`R3–R12: a 25-turn Europe game of bots (seed ${seed}) — no line refused, invariants after every entry`, () => {
    const { r, violations, worstStacking } = run(seed, 25);
    assert.deepEqual(r.refusals, [], 'every command a bot sends is accepted');
    assert.deepEqual(violations.slice(0, 5), [], 'R1.3 and the accounting invariants hold after every entry');
    assert.equal(r.turns, 25, 'the game reaches the turn limit (R11) or ends earlier by the rules');
    assert.equal(r.game.state.status, 'ended');
    // R7: the penalty doubles with every ten armies over a cap; a bot stays at most ten over (2^0 = 1, or 2 for a
    // stack that ran into a cap while landing).
    assert.ok(worstStacking <= 2, `worst stacking penalty ${worstStacking}`);
    // Bots do play: they attack, buy and talk, not only commit.
    const said = r.said.map((x) => x.line);
    assert.ok(said.some((l) => l.startsWith('【调兵】')), 'army orders');
    assert.ok(said.some((l) => l.startsWith('【工业】')), 'industry (R8.2) while it pays back');
  });
}

test('determinism: the same seed gives the same game, line for line (a replay of the log reproduces it)', () => {
  const a = run(7, 8).r.said;
  const b = run(7, 8).r.said;
  assert.deepEqual(a, b);
});
