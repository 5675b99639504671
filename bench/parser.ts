/**
 * Parser benchmark: time per message on the fuzz corpus of src/games/neuwar/sim/fuzz.ts (hostile and mutated text, valid commands
 * of a simulated Europe game, texts near the 4,000-character limit), 99th percentile ≤ 1 ms; plus messages/s on
 * the generator's valid commands. Run alone: npx tsx bench/parser.ts
 */
import { fileURLToPath } from 'node:url';
import { loadMapFile } from '../src/games/europe/map/index.ts';
import { formatCommand, parseMessage } from '../src/games/neuwar/parse/index.ts';
import { simulate } from '../src/games/neuwar/sim/simulate.ts';
import { fuzzCorpus } from '../src/games/neuwar/sim/fuzz.ts';

export interface BenchFigure { name: string; value: number; unit: string; target: number; pass: boolean }

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))]!; };

/**
 * The cap on commands per message (maxCommandsPerMessage, default 100) is lifted so the long messages (~240
 * commands) are parsed in full: the bench measures the parser's worst case, not a quick refusal.
 */
const OPTS = { settings: { maxCommandsPerMessage: 10_000 } };

export async function benchParser(): Promise<BenchFigure[]> {
  const map = loadMapFile('maps/europe.json');
  const valid = simulate(map, { seed: 2, turns: 10 }).entries.flatMap((e) => (e.type === 'command' ? [formatCommand(e.command, map)] : []));
  const corpus = fuzzCorpus(map, valid, 5000, 77);
  for (const t of corpus.slice(0, 500)) parseMessage(t, map, OPTS); // warm: lexicon, converter, JIT
  // Best of three passes against machine load: each message's time is its fastest of the three.
  const best = corpus.map(() => Infinity);
  for (let pass = 0; pass < 3; pass++) {
    corpus.forEach((t, i) => {
      const t0 = performance.now();
      parseMessage(t, map, OPTS);
      best[i] = Math.min(best[i]!, performance.now() - t0);
    });
  }
  const p99 = pct(best, 0.99), max = Math.max(...best);
  // For the reading: the corpus holds ~3% messages of 3,900–4,000 characters carrying ~100 commands each.
  const short = best.filter((_, i) => corpus[i]!.length < 1000);
  const longCmds = corpus.filter((t) => t.length >= 3000).map((t) => parseMessage(t, map, OPTS).length);
  const longMs = best.filter((_, i) => corpus[i]!.length >= 3000);
  let rate = 0;
  for (let pass = 0; pass < 3; pass++) {
    const t0 = performance.now();
    for (const t of valid) parseMessage(t, map, OPTS);
    rate = Math.max(rate, valid.length / ((performance.now() - t0) / 1000));
  }
  return [
    { name: `parser, ${corpus.length} fuzz-corpus messages (max ${max.toFixed(2)} ms), 99th percentile`, value: +p99.toFixed(3), unit: 'ms', target: 1, pass: p99 <= 1 },
    { name: `parser, the ${short.length} corpus messages under 1,000 characters, 99th percentile`, value: +pct(short, 0.99).toFixed(3), unit: 'ms', target: 1, pass: pct(short, 0.99) <= 1 },
    { name: `parser, the ${longMs.length} messages of 3,000+ characters (median ${pct(longCmds, 0.5)} commands each), median`, value: +pct(longMs, 0.5).toFixed(3), unit: 'ms', target: 5, pass: pct(longMs, 0.5) <= 5 },
    { name: `parser alone, the generator's ${valid.length} valid commands`, value: Math.round(rate), unit: 'messages/s', target: 50000, pass: rate >= 50000 },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const f of await benchParser()) console.log(`${f.pass ? 'ok  ' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (target ${f.unit === 'ms' ? '≤' : '≥'} ${f.target})`);
}
