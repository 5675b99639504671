/**
 * duel.md D11 P1, side symmetry, on a few seeds (the 400-seed run belongs to the long proofs): the game with
 * the sides exchanged — same seed, so the same garrisons; capitals swapped; bots swapped — is the exact mirror.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { newDuel, type DuelState } from '../../src/games/duel/engine.ts';

const map = loadMapFile('maps/europe.json');

function mirror(s: DuelState): Record<string, [string | null, number]> {
  const flip = (o: string | null) => (o === 'A' ? 'B' : o === 'B' ? 'A' : null);
  return Object.fromEntries(Object.keys(s.owner).map((t) => [t, [flip(s.owner[t] ?? null), s.armies[t]!]]));
}
const table = (s: DuelState) => Object.fromEntries(Object.keys(s.owner).map((t) => [t, [s.owner[t] ?? null, s.armies[t]!]]));

for (const [a, b] of [['greedy', 'greedy'], ['lander', 'greedy']] as const) {
  test(`D11 P1 side symmetry, ${a} vs ${b}, seeds 1–4: the exchanged game is the exact mirror`, () => {
    for (let seed = 1; seed <= 4; seed++) {
      const one = newDuel(map, { type: 'start', at: 0, seed, bots: { A: a, B: b } });
      const two = newDuel(map, { type: 'start', at: 0, seed, capitals: { A: one.capitals.B, B: one.capitals.A }, bots: { A: b, B: a } });
      assert.equal(one.status, 'ended', `seed ${seed}`);
      assert.equal(two.turn, one.turn, `seed ${seed}: the same ending turn`);
      assert.equal(two.outcome?.how, one.outcome?.how);
      assert.deepEqual(two.outcome?.winner, one.outcome?.winner.map((w) => (w === 'A' ? 'B' : 'A')), `seed ${seed}: the winner label swapped`);
      assert.deepEqual(table(two), mirror(one), `seed ${seed}: the territory table mirrored`);
    }
  });
}
