/**
 * 国战 in `npm run bench -- guozhan`: issue 18's engine targets (a whole random 8-player game ≤ 100 ms, one action
 * ≤ 0.2 ms; the measuring code sits beside the engine, src/games/guozhan/bench.ts) and issue 20's table picture:
 * the PNG of a mid-game 8-seat table through the platform's render worker (what a turn post costs), ≤ 80 ms median.
 */
import { performance } from 'node:perf_hooks';
import { benchGuozhan as benchEngine, type BenchFigure } from '../src/games/guozhan/bench.ts';
import { simulate } from '../src/games/guozhan/sim.ts';
import { guozhanRenderer, tableView, type TableView } from '../src/games/guozhan/table.ts';

const median = (xs: number[]) => { const a = [...xs].sort((x, y) => x - y); return a.length ? a[Math.floor(a.length / 2)]! : NaN; };

/** Issue 20: the table PNG in the render worker, over positions of random 8-player games (one warm-up first). */
export async function benchTable(positions = 20): Promise<BenchFigure[]> {
  const views: TableView[] = [];
  for (let seed = 1; views.length < positions; seed++) {
    simulate({ players: 8, seed, maxSteps: 600, check: (s, step) => { if (step % 120 === 60 && s.status === 'running' && views.length < positions) views.push(tableView(s)); } });
  }
  const r = guozhanRenderer();
  try {
    await r.tablePng(views[0]!);
    const times: number[] = [];
    for (const v of views) {
      const t = performance.now();
      await r.tablePng(v);
      times.push(performance.now() - t);
    }
    const m = Math.round(median(times) * 10) / 10;
    return [{ name: `guozhan: the table PNG of an 8-seat game in the render worker (median of ${positions})`, value: m, unit: 'ms', target: 80, pass: m <= 80 }];
  } finally {
    await r.close();
  }
}

export async function benchGuozhan(): Promise<BenchFigure[]> {
  return [...await benchEngine(), ...await benchTable()];
}
