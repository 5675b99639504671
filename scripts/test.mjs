// Runs Node's test runner over tests/**/*.test.ts (Node 20's --test does not expand globs itself).
// Browser tests live in tests/e2e (`npm run test:e2e`), the long crash-safety soak in tests/soak (`npm run test:soak`).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['tests'];
const files = [];
for (const root of roots) {
  const separate = root === 'tests' ? new Set([join('tests', 'e2e'), join('tests', 'soak')]) : new Set();
  if (!statSync(root).isDirectory()) {
    files.push(root);
    continue;
  }
  (function walk(dir) {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (separate.has(p)) continue;
        if (name === 'fixtures' || name === 'node_modules') continue;
        walk(p);
      } else if (name.endsWith('.test.ts')) files.push(p);
    }
  })(root);
}
if (files.length === 0) {
  console.error(`no test files under ${roots.join(' ')}`);
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
