/**
 * duel.md D11 P4, pair balance (reported, not pass/fail): for each of the 64 qualifying pairs of today's Europe
 * (Appendix A), greedy-vs-greedy games over garrison seeds 1–4 with `@capitals x y`; the share of pairs that one
 * capital wins 4/4. *(proto)* 45% (29 of 64). A change to the draw criteria must report this figure before and after.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capitalPairs } from '../../src/games/duel/board.ts';
import { playDuel } from '../../src/games/duel/sim.ts';
import { europe, europeMap } from './duel-lib.ts';

test('D11 P4 pair balance: the share of the 64 pairs one capital wins 4/4 (greedy vs greedy, garrison seeds 1–4)', () => {
  const { pairs, fair } = capitalPairs(europe);
  assert.ok(fair);
  assert.equal(pairs.length, 64, 'D11 P7: 64 qualifying pairs on today\'s Europe');
  let lopsided = 0;
  const lines: string[] = [];
  for (const [x, y] of pairs) {
    let xw = 0;
    let yw = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const r = playDuel(europeMap, { seed, bots: { A: 'greedy', B: 'greedy' }, capitals: { A: x, B: y } });
      if (r.winner.length === 1) (r.winner[0] === 'A' ? xw++ : yw++);
    }
    if (xw === 4 || yw === 4) lopsided++;
    lines.push(`${x}–${y} ${xw}:${yw}`);
  }
  console.log(`P4 per pair (x wins : y wins of 4): ${lines.join(' · ')}`);
  console.log(`P4 pair balance: ${lopsided} of ${pairs.length} pairs (${((100 * lopsided) / pairs.length).toFixed(1)}%) won 4/4 by one capital (proto 45%, 29 of 64)`);
});
