// `npm run proof`: the long checks, then the benchmarks.
//  - no argument (or bench section names): New European War's invariants over 100 simulated 25-turn games and the
//    crash-safety soak, then `bench/index.ts` with the given arguments — exactly what `npm run proof` always ran;
//  - `duel`: Europe Duel's proofs of duel.md D11 (P1–P6, tests/proof/duel-*.proof.ts, minutes long: not part of
//    `npm test`, whose runner takes only *.test.ts), then `npm run bench -- duel`;
//  - `guozhan`: 国战's random legal play (issue 18) over 1,000 seeded 6-player games with the invariants after every
//    entry (`npm test` plays 200 of them), then issue 19's: 1,000 seeded 8-player games with all 60 standard
//    generals' skills on (`npm test` plays 30).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const tsx = join('node_modules', '.bin', 'tsx');
const run = (cmd, argv, env = {}) => spawnSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (args[0] === 'duel') {
  const files = readdirSync(join('tests', 'proof')).filter((f) => /^duel-.*\.proof\.ts$/.test(f)).sort().map((f) => join('tests', 'proof', f));
  const proofs = run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files]);
  const bench = run(tsx, ['bench/index.ts', 'duel', ...args.slice(1)]);
  process.exit(proofs || bench);
}
if (args[0] === 'guozhan') {
  const vanilla = run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'tests/guozhan/random.test.ts'], { GUOZHAN_GAMES: '1000' });
  const generals = run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'tests/guozhan/generals/all-random.test.ts'], { GUOZHAN_ALL_GAMES: '1000' });
  process.exit(vanilla || generals);
}
// Today's proof: PROOF_GAMES=100 PROOF_TURNS=25 node scripts/test.mjs tests/unit/invariants.test.ts tests/soak && tsx bench/index.ts
const tests = run(process.execPath, ['scripts/test.mjs', 'tests/unit/invariants.test.ts', 'tests/soak'], { PROOF_GAMES: '100', PROOF_TURNS: '25' });
if (tests !== 0) process.exit(tests);
process.exit(run(tsx, ['bench/index.ts', ...args]));
