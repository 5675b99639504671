/**
 * Issue 19's proof asks for a coverage table in the README: each general, its skills, and the tests that cover
 * them. scripts/generals-table.ts writes it from the registry's COVERAGE and the H-… test files; this test fails
 * when the README's table is not what the script would write now (a skill or test added without the README).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { END, START, generalsTable, withTable } from '../../../scripts/generals-table.ts';
import { COVERAGE } from '../../../src/games/guozhan/skills/index.ts';

const root = new URL('../../../', import.meta.url).pathname;

test('issue 19: the README lists all 60 standard generals, and its table is the one the registry and tests give', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  assert.ok(a >= 0 && b > a, 'README.md has the generals table markers');
  const rows = readme.slice(a, b).split('\n').filter((l) => /^\| H-(WEI|SHU|WU|QUN)-\d\d /.test(l));
  assert.equal(rows.length, 60);
  assert.equal(withTable(readme, generalsTable(root)), readme, 'run `npx tsx scripts/generals-table.ts`');
});

test('issue 19: a done skill appears in its general\'s row with that general\'s test file', () => {
  const table = generalsTable(root);
  const caocao = table.split('\n').find((l) => l.startsWith('| H-WEI-01 '))!;
  assert.ok(COVERAGE.find((c) => c.h === 'H-WEI-01')!.done.includes('奸雄'));
  assert.match(caocao, /奸雄/);
  assert.match(caocao, /`H-WEI-01-caocao\.test\.ts`/);
});
