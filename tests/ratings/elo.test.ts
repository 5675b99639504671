/** D9.3 rating arithmetic: the spec's worked examples, the provisional boundary, the floor and the rounding. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eloUpdate, expected, kFactor, roundHalfAwayFromZero, RATING_DEFAULTS } from '../../src/platform/ratings/index.ts';

const est = (rating: number) => ({ rating, games: 10 }); // established: 10 finished rated games
const prov = (rating: number) => ({ rating, games: 0 }); // provisional

test('D9.3 example 1: 1000 vs 1000, both established, A wins → +16 / −16', () => {
  // E = 1/(1 + 10^0) = 0.5; Δ_A = round(32 × (1 − 0.5)) = +16; Δ_B = round(32 × (0 − 0.5)) = −16.
  const u = eloUpdate(est(1000), est(1000), 1);
  assert.equal(u.a.expected, 0.5);
  assert.deepEqual([u.a.delta, u.b.delta, u.a.after, u.b.after], [16, -16, 1016, 984]);
});

test('D9.3 example 1b: 1000 vs 1000, both established, a draw → 0 / 0', () => {
  // 32 × (0.5 − 0.5) = 0 for both.
  const u = eloUpdate(est(1000), est(1000), 0.5);
  assert.deepEqual([u.a.delta, u.b.delta, u.a.after, u.b.after], [0, 0, 1000, 1000]);
  assert.ok(!Object.is(u.a.delta, -0) && !Object.is(u.b.delta, -0), 'no negative zero stored');
});

test('D9.3 example 2: 1200 (established) vs 1000 (provisional), the 1000 wins → +49 / −24', () => {
  // E_low = 1/(1 + 10^(200/400)) = 1/(1 + 10^0.5) = 0.2403; Δ_low = round(64 × 0.7597) = round(48.62) = +49;
  // E_high = 0.7597; Δ_high = round(32 × (0 − 0.7597)) = round(−24.31) = −24.
  const u = eloUpdate(est(1200), prov(1000), 0);
  assert.equal(u.b.expected.toFixed(4), '0.2403');
  assert.equal(u.a.k, 32);
  assert.equal(u.b.k, 64);
  assert.deepEqual([u.b.delta, u.a.delta], [49, -24]);
  assert.deepEqual([u.b.after, u.a.after], [1049, 1176]);
});

test('D9.3 example 3: a draw 1200 vs 1000, both established → −8 / +8', () => {
  // 32 × (0.5 − 0.7597) = −8.31 → −8; 32 × (0.5 − 0.2403) = 8.31 → +8.
  const u = eloUpdate(est(1200), est(1000), 0.5);
  assert.deepEqual([u.a.delta, u.b.delta, u.a.after, u.b.after], [-8, 8, 1192, 1008]);
});

test('D9.3 provisional boundary: K = 64 with 9 finished rated games before this one, 32 with 10', () => {
  assert.equal(kFactor({ rating: 1000, games: 9 }), 64);
  assert.equal(kFactor({ rating: 1000, games: 10 }), 32);
  // 9 games: 64 × 0.5 = +32 (the "±32 while provisional"); 10 games: 32 × 0.5 = +16.
  assert.equal(eloUpdate({ rating: 1000, games: 9 }, { rating: 1000, games: 9 }, 1).a.delta, 32);
  assert.equal(eloUpdate({ rating: 1000, games: 10 }, { rating: 1000, games: 9 }, 1).a.delta, 16);
  assert.equal(eloUpdate({ rating: 1000, games: 10 }, { rating: 1000, games: 9 }, 1).b.delta, -32);
});

test('D9.3 floor: R ← max(100, R + Δ); Δ as computed, the rating never below 100', () => {
  // A, 110 (established), loses to B, 110: Δ_A = 32 × (0 − 0.5) = −16 → 94 → floored to 100; B gets +16 → 126.
  const u = eloUpdate(est(110), est(110), 0);
  assert.equal(u.a.delta, -16);
  assert.equal(u.a.after, RATING_DEFAULTS.floor);
  assert.equal(u.b.delta, 16);
  assert.equal(u.b.after, 126);
  // At the floor a loss keeps 100.
  assert.equal(eloUpdate(est(100), est(100), 0).a.after, 100);
});

test('D9.3 rounding: half away from zero, float64 E with 10 ** x', () => {
  assert.equal(roundHalfAwayFromZero(48.5), 49);
  assert.equal(roundHalfAwayFromZero(-24.5), -25, 'Math.round would give −24');
  assert.equal(roundHalfAwayFromZero(-24.31), -24);
  assert.equal(roundHalfAwayFromZero(0.4), 0);
  assert.equal(expected(1000, 1200), 1 / (1 + 10 ** 0.5));
  // Ratings stay integers.
  for (const [a, b, s] of [[1234, 987, 1], [1500, 1499, 0.5], [100, 2400, 1]] as const) {
    const u = eloUpdate({ rating: a, games: 3 }, { rating: b, games: 12 }, s);
    assert.ok(Number.isInteger(u.a.after) && Number.isInteger(u.b.after));
  }
});
