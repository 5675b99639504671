/** How a duel ends, duel.md D7, with the spec's examples worked out in the comments. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import type { Board, Side } from '../../src/games/duel/resolve.ts';
import { byScore, endCheck, score } from '../../src/games/duel/end.ts';

const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const caps: Record<Side, string> = { A: 'a_city', B: 'b_city' };

function board(owned: Record<string, Side>): Board {
  const b: Board = { owner: new Map(), armies: new Map(), stacks: new Map() };
  for (const t of tiny.land) { b.owner.set(t, owned[t] ?? null); b.armies.set(t, 1); }
  return b;
}

test('D7.2 score: the values of a side\'s land — a_city 2 + a_land 1 + a_cap 3 = 6', () => {
  assert.equal(score(tiny, board({ a_city: 'A', a_land: 'A', a_cap: 'A', b_city: 'B' }), 'A'), 6);
});

test('D7.3 turn limit: 120 vs 109 draw (11000 < 12000); 120 vs 108 the higher wins (12000 < 12000 false); 50 vs 50 draw; drawMargin 0 needs equal scores', () => {
  assert.deepEqual(byScore(120, 109, 0.1), { winner: [], how: 'score' });
  assert.deepEqual(byScore(120, 108, 0.1), { winner: ['A'], how: 'score' });
  assert.deepEqual(byScore(108, 120, 0.1), { winner: ['B'], how: 'score' });
  assert.deepEqual(byScore(50, 50, 0.1), { winner: [], how: 'score' });
  assert.deepEqual(byScore(51, 50, 0), { winner: ['A'], how: 'score' });
  assert.deepEqual(byScore(50, 50, 0), { winner: [], how: 'score' });
});

test('D7.1/D7.4/D7.7: capital first, then technical defeat, then the turn limit', () => {
  const idle0 = { A: 0, B: 0 };
  // B holds A's capital: B wins by capital even though B has idled out this very turn (capital is checked first).
  assert.deepEqual(endCheck(tiny, board({ a_city: 'B', b_city: 'B' }), caps, { A: 0, B: 3 }, 5), { winner: ['B'], how: 'capital' });
  // Both capitals fell in one resolution: a draw.
  assert.deepEqual(endCheck(tiny, board({ a_city: 'B', b_city: 'A' }), caps, idle0, 5), { winner: [], how: 'capital' });
  // A idled 3 turns: technical defeat; both: abandoned; idleTurns 0 turns the rule off.
  const both = board({ a_city: 'A', b_city: 'B' });
  assert.deepEqual(endCheck(tiny, both, caps, { A: 3, B: 1 }, 5), { winner: ['B'], how: 'technical' });
  assert.deepEqual(endCheck(tiny, both, caps, { A: 3, B: 4 }, 5), { winner: [], how: 'abandoned' });
  assert.equal(endCheck(tiny, both, caps, { A: 9, B: 0 }, 5, { turnLimit: 150, drawMargin: 0.1, idleTurns: 0 }), null);
  // Turn 149 goes on; at turn 150 the scores decide: A 2 + 1 = 3 vs B 2: (3 − 2) × 1000 = 1000 < 100 × 3 is false → A wins.
  const ahead = board({ a_city: 'A', a_land: 'A', b_city: 'B' });
  assert.equal(endCheck(tiny, ahead, caps, idle0, 149), null);
  assert.deepEqual(endCheck(tiny, ahead, caps, idle0, 150), { winner: ['A'], how: 'score' });
});
