/**
 * Europe Duel D11 B1's allocation: bytes allocated by one turn's resolution, a figure unaffected by machine load
 * (B1's p99 is the resolutions a young-generation collection lands in, and how often one lands follows what a
 * resolution allocates). Run: `npx tsx bench/duel-alloc.ts` (it re-runs itself under node with `--expose-gc` and a
 * young generation large enough that no collection happens inside one resolution).
 *
 * Each figure: a full GC, the heap's used size, the calls, the used size again, divided by the calls (the young
 * generation is made large enough to hold them all, so nothing is collected in between); what the calls keep is
 * included (the new records, events, routes). Reported as median / min / max:
 *  - B1's position (bench/duel.ts midGame: seed 7 at ~120 territories a side, helpers on all, 5 routes a side),
 *    fresh parsed copies as B1 times them, 20 batches of 20 after 10 warm-up batches;
 *  - per turn of 12 games where both sides only press Ready (the helpers play everything), seeds 1–12, ≤ 80 turns,
 *    each game's average (both Ready commands and the resolution);
 *  - per turn of 6 games of a bot (greedy, lander) against a side that only presses Ready, the bot's next
 *    decision included.
 * It also prints a hash of every resolution's `lastEvents` and played state over those games (the same games,
 * deterministic), to show an optimisation changed no result: compare it before and after.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadMapFile } from '../src/games/europe/map/index.ts';
import { duelGraph } from '../src/games/duel/board.ts';
import { applyDuel, newDuel, resolveTurn, toBoard, type DuelState } from '../src/games/duel/engine.ts';
import { midGame } from './duel.ts';

const gc = (globalThis as { gc?: () => void }).gc;

if (!gc) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const used = () => process.memoryUsage().heapUsed;
const kb = (x: number) => (x / 1024).toFixed(1);

/** What `n` calls allocated each, on average: full GC, used size, the calls, used size (the young generation holds them all). */
function allocated(n: number, f: (i: number) => void): number {
  gc!();
  const h0 = used();
  for (let i = 0; i < n; i++) f(i);
  return (used() - h0) / n;
}

const map = loadMapFile('maps/europe.json');
const g = duelGraph(map);
const hash = createHash('sha256');
const played = (s: DuelState) => JSON.stringify([s.turn, s.status, s.outcome, s.owner, s.armies, s.stacks, s.routes, s.nextRoute, s.helper, s.idle, s.lastEvents]);

// B1's position, as bench/duel.ts benchResolve resolves it (a parsed copy, its board built before), in batches of 20.
const { state } = midGame(map);
const snap = JSON.stringify(state);
const b1: number[] = [];
for (let round = 0; round < 30; round++) {
  const copies = Array.from({ length: 20 }, () => { const s = JSON.parse(snap) as DuelState; toBoard(s); return s; });
  const bytes = allocated(copies.length, (i) => resolveTurn(g, copies[i]!, copies[i]!.openedAt));
  if (round >= 10) b1.push(bytes); // the first rounds warm the JIT up
  if (round === 0) hash.update(played(copies[0]!));
}

/** A game played turn by turn: `turn(s)` answers one turn; per turn, the game's average (measured), then its hash (replayed). */
function games(seeds: number[], start: (seed: number) => DuelState, turn: (s: DuelState) => void): { perTurn: number[]; turns: number } {
  const perTurn: number[] = [];
  let turns = 0;
  for (const seed of seeds) {
    const s = start(seed);
    const t0 = s.turn;
    gc!();
    const h0 = used();
    while (s.status === 'running') turn(s);
    const n = s.turn - t0 + 1;
    perTurn.push((used() - h0) / n);
    turns += n;
    const r = start(seed);
    while (r.status === 'running') { turn(r); hash.update(played(r)); }
  }
  return { perTurn, turns };
}
const readyA = (s: DuelState) => applyDuel(g, s, { type: 'command', at: s.openedAt, side: 'A', command: { kind: 'ready' } });
const readyB = (s: DuelState) => applyDuel(g, s, { type: 'command', at: s.openedAt, side: 'B', command: { kind: 'ready' } });

// Both sides press Ready every turn: each resolution runs both sides' helpers on every territory.
const helped = games([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (seed) => newDuel(map, { type: 'start', at: 0, seed, settings: { turnLimit: 80 } }), (s) => { readyA(s); readyB(s); });
// A bot against a side that only presses Ready (two bots would play the whole game inside one call, D8.1): each turn
// one resolution with B's helpers and the bot's next decision for A.
const bots = games([1, 2, 3, 4, 5, 6], (seed) => newDuel(map, { type: 'start', at: 0, seed, bots: { A: seed % 2 ? 'greedy' : 'lander' }, settings: { turnLimit: 80 } }), readyB);

const median = (xs: readonly number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
const stats = (xs: readonly number[]) => `median ${kb(median(xs))} KB, min ${kb(Math.min(...xs))}, max ${kb(Math.max(...xs))}`;
console.log(`B1 position, one resolution (average of 20, 20 batches): ${stats(b1)}`);
console.log(`helper-played games (seeds 1–12, both sides only press Ready, ≤ 80 turns; ${helped.turns} turns), per turn (average per game): ${stats(helped.perTurn)}`);
console.log(`a bot (greedy / lander) against Ready-only helpers (seeds 1–6, ≤ 80 turns; ${bots.turns} turns), per turn with the bot's next decision: ${stats(bots.perTurn)}`);
console.log(`results hash (lastEvents and played state of every resolution above): ${hash.digest('hex').slice(0, 16)}`);
