/**
 * 国战 in `npm run bench -- guozhan`: issue 18's engine targets (a whole random 8-player game ≤ 100 ms, one action
 * ≤ 0.2 ms; the measuring code sits beside the engine, src/games/guozhan/bench.ts) and issue 20's table picture:
 * the PNG of a mid-game 8-seat table through the platform's render worker (what a turn post costs), ≤ 80 ms median.
 */
import { performance } from 'node:perf_hooks';
import { benchGuozhan as benchEngine, type BenchFigure } from '../src/games/guozhan/bench.ts';
import { simulate } from '../src/games/guozhan/sim.ts';
import { guozhanRenderer, tableView, type TableView } from '../src/games/guozhan/table.ts';
import { botTable } from '../src/games/guozhan/botsim.ts';

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

/**
 * Issue 20's bots: ≥ 200 seeded 6-player games of computer players (skills on) end without a stuck ask, and bots
 * against random-play seats (seats 1, 3, 5 bots, 2, 4, 6 random) win more often — the README's table.
 */
export async function benchBots(games = 200, mixed = 100): Promise<BenchFigure[]> {
  let stuck = 0, timeouts = 0, steps = 0, refused = 0;
  const t0 = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const r = botTable({ players: 6, seed });
    if (r.stuck) stuck++;
    timeouts += r.timeouts;
    steps += r.steps;
    refused += r.botRefused;
  }
  const perGame = Math.round((performance.now() - t0) / games);
  let bot = 0, random = 0, draws = 0;
  for (let seed = 1; seed <= mixed; seed++) {
    const r = botTable({ players: 6, seed: 10_000 + seed, random: (_s, seat) => seat % 2 === 1 });
    const w = r.state.winners ?? [];
    if (!w.length) draws++;
    for (const i of w) if (i % 2 === 1) random++; else bot++;
  }
  console.log(`   bots vs random (${mixed} games, 3 seats each): seat-wins bot ${bot}, random ${random}, no winner ${draws}; all-bot games: ${steps} answers, ${timeouts} left to time out, ${refused} refused`);
  return [
    { name: `guozhan: ${games} seeded 6-player games of bots, stuck asks (${perGame} ms a game)`, value: stuck, unit: 'games', target: 0, pass: stuck === 0 },
    { name: `guozhan: bot seats' share of wins against random-play seats (${mixed} games)`, value: Math.round((100 * bot) / Math.max(1, bot + random)), unit: '% ', target: 50, pass: bot > random },
  ];
}

export async function benchGuozhan(): Promise<BenchFigure[]> {
  return [...await benchEngine(), ...await benchTable(), ...await benchBots()];
}
