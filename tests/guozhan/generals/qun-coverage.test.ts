/**
 * The registry of the standard generals' skills (skills/index.ts) for 群 (H-QUN): COVERAGE lists its 15 generals in H
 * order; each skill called done is registered for that general under H's name (and nothing registered is missing from
 * it); done and waiting together are exactly H's skills of the general, and each waiting skill names the engine hook
 * it lacks (kingdom-skills.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCoverage } from './kingdom-skills.ts';

test('COVERAGE H-QUN: the 15 generals in H order; done = registered; done + waiting = H', () => {
  const done = checkCoverage('QUN');
  assert.ok(done.length > 0);
  process.stdout.write(`H-QUN done: ${done.join(' ')}\n`);
});
