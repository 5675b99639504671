/**
 * The README's coverage table of 国战's 60 standard generals (issue 19's proof: "each general, its skills, and the
 * tests that cover them"), built from the skills registry's COVERAGE and the test files under
 * tests/guozhan/generals/. `npx tsx scripts/generals-table.ts` rewrites the table between the README's markers;
 * `--check` only compares and exits 1 when the README is stale (tests/guozhan/generals/readme-table.test.ts runs
 * it, so a new skill or test file cannot leave the README behind).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERAL_ROWS } from '../src/games/guozhan/data/generals.ts';
import { KINGDOM_ZH } from '../src/games/guozhan/generals.ts';
import { COVERAGE } from '../src/games/guozhan/skills/index.ts';

export const START = '<!-- generals:start (scripts/generals-table.ts writes this table) -->';
export const END = '<!-- generals:end -->';

/** The table for the current registry and test files (`root`: the repository). */
export function generalsTable(root: string): string {
  const dir = join(root, 'tests/guozhan/generals');
  const files = readdirSync(dir).filter((f) => /^H-[A-Z]+-\d\d-.*\.test\.ts$/.test(f)).sort();
  const cov = new Map(COVERAGE.map((c) => [c.general, c]));
  const lines = ['| H id | general | kingdom | skills done | skills waiting (missing engine hook) | tests |', '| --- | --- | --- | --- | --- | --- |'];
  let done = 0;
  let waiting = 0;
  for (const [hid, id, zh, kingdom] of GENERAL_ROWS) {
    const c = cov.get(id);
    const tests = files.filter((f) => f.startsWith(`${hid}-`)).map((f) => `\`${f}\``);
    const d = c?.done ?? [];
    const w = Object.entries(c?.waiting ?? {});
    done += d.length;
    waiting += w.length;
    const wait = c ? (w.length ? w.map(([k, why]) => `${k} (${why.replace(/\|/g, '\\|')})`).join('; ') : '—') : 'not started';
    lines.push(`| ${hid} | ${zh} \`${id}\` | ${KINGDOM_ZH[kingdom]} | ${d.join('、') || '—'} | ${wait} | ${tests.join(', ') || '—'} |`);
  }
  const started = GENERAL_ROWS.filter(([, id]) => cov.has(id)).length;
  lines.push('', `${done} skills done, ${waiting} waiting; ${started} of ${GENERAL_ROWS.length} generals listed in the registry${started < GENERAL_ROWS.length ? ' (the rest not started)' : ''}.`);
  return lines.join('\n');
}

/** The README with its table replaced (throws when the markers are missing). */
export function withTable(readme: string, table: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} markers`);
  return `${readme.slice(0, a + START.length)}\n${table}\n${readme.slice(b)}`;
}

if (process.argv[1] && /generals-table\.ts$/.test(process.argv[1])) {
  const root = process.cwd();
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const next = withTable(readme, generalsTable(root));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the generals table is stale; run `npx tsx scripts/generals-table.ts`');
      process.exit(1);
    }
  } else if (next !== readme) writeFileSync(path, next);
}
