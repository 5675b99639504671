/**
 * The platform issue's boundaries, checked on every import of the code: the platform (src/platform) knows no
 * game and never imports src/games or commands/; a game never imports the adapters; and no product code (src,
 * commands, bench) imports past a folder's index.ts from outside that folder (a folder's index is its public face).
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'commands', 'bench', 'tests'];

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name === 'static' || name === 'fixtures' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) files(p, out);
    else if (/\.(ts|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every relative import of a file (static, dynamic and re-exports), as a path from the project root. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of text.matchAll(re)) out.push(relative(ROOT, resolve(ROOT, dirname(file), m[1]!)).split(sep).join('/'));
  return out;
}

const under = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);

/** The rule an import breaks, or null. */
export function violation(from: string, to: string): string | null {
  if (under(from, 'src/platform') && (under(to, 'src/games') || under(to, 'commands'))) return 'the platform imports a game';
  if (under(from, 'src/games') && under(to, 'src/platform/adapters')) return 'a game imports an adapter';
  const dir = dirname(to);
  // Tests may look inside a folder (a unit test of a painter's drawing context); the product's code may not.
  const product = under(from, 'src') || under(from, 'commands') || under(from, 'bench');
  if (product && to !== `${dir}/index.ts` && existsSync(join(ROOT, dir, 'index.ts')) && !under(from, dir) && (under(to, 'src') || under(to, 'commands'))) {
    return `reaches past ${dir}/index.ts`;
  }
  return null;
}

/**
 * What is known and left for later, each with why. The test fails when a new violation appears and when one
 * listed here is gone (so the list shrinks as the work is done).
 */
const KNOWN: Record<string, string> = {};

test('platform issue: the platform imports no game, games import no adapter, nothing reaches past an index.ts', () => {
  const found: string[] = [];
  for (const root of SCANNED) {
    for (const f of files(root)) {
      const rel = f.split(sep).join('/');
      for (const to of importsOf(rel, readFileSync(join(ROOT, f), 'utf8'))) {
        const why = violation(rel, to);
        if (why) found.push(`${rel} → ${to}: ${why}`);
      }
    }
  }
  const unexpected = found.filter((v) => !(v.split(':')[0]! in KNOWN));
  assert.deepEqual(unexpected, [], 'imports that break the boundaries');
  const gone = Object.keys(KNOWN).filter((k) => !found.some((v) => v.startsWith(`${k}:`)));
  assert.deepEqual(gone, [], 'listed as known but no longer there: take them off the list');
});

test('the boundary rules catch what they are for (each rule at its edge)', () => {
  assert.equal(violation('src/platform/session/service.ts', 'src/games/neuwar/module.ts'), 'the platform imports a game');
  assert.equal(violation('src/platform/adapters/discord/index.ts', 'commands/index.ts'), 'the platform imports a game');
  assert.equal(violation('src/games/neuwar/module.ts', 'src/platform/session/index.ts'), null, 'a game may use the platform');
  assert.equal(violation('src/games/neuwar/module.ts', 'src/platform/adapters/local/index.ts'), 'a game imports an adapter');
  assert.equal(violation('src/games/neuwar/module.ts', 'src/games/neuwar/engine/apply.ts'), 'reaches past src/games/neuwar/engine/index.ts');
  assert.equal(violation('src/games/neuwar/engine/resolve.ts', 'src/games/neuwar/engine/apply.ts'), null, 'inside its own folder');
  assert.equal(violation('src/games/neuwar/module.ts', 'src/games/neuwar/live/texts.ts'), null, 'a folder without index.ts has no public face to keep');
  assert.equal(violation('tests/unit/paint-context.test.ts', 'src/games/europe/paint/ink.ts'), null, 'a unit test may test a folder\'s insides');
  assert.equal(violation('bench/demo.ts', 'src/games/neuwar/engine/types.ts'), 'reaches past src/games/neuwar/engine/index.ts');
  assert.deepEqual(importsOf('src/a/b.ts', "import x from '../c/d.ts';\nexport { y } from './e.ts';\nconst z = await import('../../f.ts');"), ['src/c/d.ts', 'src/a/e.ts', 'f.ts']);
});
