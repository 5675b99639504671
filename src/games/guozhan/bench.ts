/**
 * Issue 18's speed targets for `npm run bench -- guozhan`: a whole random 8-player game's engine time ≤ 100 ms
 * (median) and one action applied ≤ 0.2 ms (median). Games are played by sim.ts, then their recorded entries are
 * replayed through the engine alone and timed, so the random player's own work is not counted. The figures have
 * the shape bench/index.ts prints (hooking this in is one line in its list of optional sections).
 */
import { performance } from 'node:perf_hooks';
import { applyEntry, newGame, type GzEntry, type StartEntry } from './engine.ts';
import { simulate } from './sim.ts';

export interface BenchFigure { name: string; value: number; unit: string; target: number; pass: boolean }

const median = (xs: number[]) => { const a = [...xs].sort((x, y) => x - y); return a.length ? a[Math.floor(a.length / 2)]! : NaN; };
const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

export async function benchGuozhan(games = 30): Promise<BenchFigure[]> {
  const perGame: number[] = [];
  const perAction: number[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const { entries } = simulate({ players: 8, seed });
    let total = 0;
    const t0 = performance.now();
    let s = newGame(entries[0] as StartEntry);
    total += performance.now() - t0;
    for (const e of entries.slice(1) as Exclude<GzEntry, StartEntry>[]) {
      const t = performance.now();
      s = applyEntry(s, e).state;
      const dt = performance.now() - t;
      total += dt;
      perAction.push(dt);
    }
    perGame.push(total);
  }
  const g = round(median(perGame), 1), a = round(median(perAction), 3);
  return [
    { name: `guozhan: a whole random 8-player game, engine time (median of ${games})`, value: g, unit: 'ms', target: 100, pass: g <= 100 },
    { name: 'guozhan: one action applied (median)', value: a, unit: 'ms', target: 0.2, pass: a <= 0.2 },
  ];
}
