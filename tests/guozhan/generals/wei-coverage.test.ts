/**
 * The registry of the standard generals' skills (skills/index.ts): COVERAGE lists the Wei generals in H order, each
 * skill it calls done is registered for that general (and nothing registered is missing from it), and the skill
 * names are the ones H gives (what players write after 【技能】).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COVERAGE, skillsFor } from '../../../src/games/guozhan/skills/index.ts';
import { GENERAL_ROWS } from '../../../src/games/guozhan/data/generals.ts';

test('COVERAGE: the 15 Wei generals in H order; done = registered, by general and name; no other pack has skills', () => {
  const wei = GENERAL_ROWS.filter((r) => r[0].startsWith('H-WEI-')).map((r) => `${r[0]} ${r[1]}`);
  const WEI = COVERAGE.filter((c) => c.h.startsWith('H-WEI-'));
  assert.deepEqual(WEI.map((c) => `${c.h} ${c.general}`), wei);
  const reg = skillsFor('standard');
  for (const c of WEI) {
    const names = [...new Set(reg.filter((k) => k.general === c.general).map((k) => k.name))];
    assert.deepEqual(names.sort(), [...c.done].sort(), c.general);
    for (const k of Object.keys(c.waiting)) assert.ok(!names.includes(k), `${k} both done and waiting`);
  }
  // All 20 Wei skills of H are done; none waits for an engine hook.
  assert.equal(WEI.reduce((n, c) => n + c.done.length, 0), 20);
  assert.equal(WEI.reduce((n, c) => n + Object.keys(c.waiting).length, 0), 0);
  assert.deepEqual(skillsFor(['formation']), []);
  assert.equal(new Set(reg.map((k) => k.id)).size, reg.length);
});
