/**
 * `npm run bench -- bots`: New European War's computer players on the Europe map (issue 13).
 *  - a bot's whole turn for one country (botView + decideTurn), ≤ 20 ms median, ≤ 100 ms max;
 *  - a 25-turn game of 12 bots, engine + bots (every line parsed and applied as the service would), ≤ 3 s.
 *    Times are the process's CPU time (process.cpuUsage), wall time alongside: the bench machine is shared, and
 *    wall time there also counts other processes' turns on the cores;
 *  - a round robin of the styles over ≥ 100 seeded 25-turn games: in each game the 12 countries are dealt, by the
 *    game's seed, to four seats of three countries each — balanced, aggressive, defensive and passive (only
 *    commits). A style "beats passive" in a game when its three countries' mean final score is higher than the
 *    three passive countries' mean (the deal rotates, so every style plays every country); the stricter share of
 *    single bot countries scoring above the passive mean is printed too. Win rate: share of games a country of
 *    the style is among the winners (R11). What each style does is counted per country and game (wars declared,
 *    pacts asked, industry built, armies bought), so the styles can be seen to differ. Refusals (target 0) and invariant violations (target 0) over every
 *    entry of every game.
 * Run alone: npx tsx bench/bots.ts [games]
 */
import { fileURLToPath } from 'node:url';
import { loadMapFile, type GameMap } from '../src/games/europe/map/index.ts';
import { makeRng } from '../src/games/europe/rng.ts';
import { botView, decideTurn } from '../src/games/neuwar/bots/index.ts';
import { BotGame, type Seat } from '../src/games/neuwar/bots/index.ts';
import { checkState, checkStep } from '../src/games/neuwar/sim/invariants.ts';
import type { BenchFigure } from './engine.ts';

const SEATS: Seat[] = ['balanced', 'aggressive', 'defensive', 'passive'];
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? NaN; };
const playable = (map: GameMap) => map.countries.filter((c) => c.playable !== false).map((c) => c.id);

/** The deal of game `seed`: the countries shuffled by the seed, then seats in turn. */
export function deal(map: GameMap, seed: number): Record<string, Seat> {
  const cs = makeRng(seed * 7919 + 17).shuffle(playable(map));
  return Object.fromEntries(cs.map((c, i) => [c, SEATS[i % SEATS.length]!]));
}

export interface StyleRow {
  seat: Seat; games: number; wins: number; meanScore: number; beatsPassive: number; countriesAbovePassive: number;
  /** What the style does, per country and game: wars declared, pacts asked, industry built, armies bought, captures. */
  wars: number; pacts: number; industry: number; bought: number;
}
export interface RoundRobin { rows: StyleRow[]; games: number; refusals: number; refusalSamples: string[]; violations: number; violationSamples: string[]; ms: number }

export function roundRobin(map: GameMap, games: number, turns = 25, opts: { invariants?: boolean; firstSeed?: number } = {}): RoundRobin {
  const t0 = performance.now();
  const acc = new Map<Seat, { wins: number; score: number; n: number; beats: number; above: number; countries: number; wars: number; pacts: number; industry: number; bought: number }>();
  for (const s of SEATS) acc.set(s, { wins: 0, score: 0, n: 0, beats: 0, above: 0, countries: 0, wars: 0, pacts: 0, industry: 0, bought: 0 });
  let refusals = 0, violations = 0;
  const refusalSamples: string[] = [], violationSamples: string[] = [];
  for (let g = 0; g < games; g++) {
    const seed = (opts.firstSeed ?? 1) + g;
    const seats = deal(map, seed);
    const inv = opts.invariants !== false;
    const game = new BotGame(map, {
      seats, seed, turns, measure: inv,
      onStep: inv ? (entry, step, gm, before) => {
        const v = [...checkState(gm), ...checkStep(entry, step, gm, before)];
        violations += v.length;
        if (violationSamples.length < 5) violationSamples.push(...v.slice(0, 5 - violationSamples.length).map((x) => `seed ${seed}: ${x}`));
      } : undefined,
    });
    const r = game.play();
    refusals += r.refusals.length;
    for (const x of r.refusals.slice(0, 5 - refusalSamples.length)) refusalSamples.push(`seed ${seed} turn ${x.turn} ${x.country}: ${x.line} → ${x.code} ${x.message}`);
    for (const x of r.said) {
      const a = acc.get(seats[x.country]!)!;
      if (x.line.startsWith('【宣战】')) a.wars++;
      else if (x.line.startsWith('【协定】') && !x.line.includes('——')) a.pacts++;
      else if (x.line.startsWith('【工业】')) a.industry++;
      else if (x.line.startsWith('【军事】')) a.bought += Number(x.line.slice(4)) || 0;
    }
    const s = r.game.state;
    const winners = new Set(s.winner ?? []);
    const mean = (seat: Seat) => {
      const cs = Object.keys(seats).filter((c) => seats[c] === seat);
      return cs.reduce((a, c) => a + s.countries[c]!.score, 0) / cs.length;
    };
    const passive = mean('passive');
    for (const seat of SEATS) {
      const a = acc.get(seat)!;
      const cs = Object.keys(seats).filter((c) => seats[c] === seat);
      a.n++;
      a.score += mean(seat);
      if (cs.some((c) => winners.has(c))) a.wins++;
      if (mean(seat) > passive) a.beats++;
      for (const c of cs) { a.countries++; if (s.countries[c]!.score > passive) a.above++; }
    }
  }
  const rows: StyleRow[] = SEATS.map((seat) => {
    const a = acc.get(seat)!;
    const per = (x: number) => x / a.countries;
    return { seat, games: a.n, wins: a.wins / a.n, meanScore: a.score / a.n, beatsPassive: a.beats / a.n, countriesAbovePassive: a.above / a.countries, wars: per(a.wars), pacts: per(a.pacts), industry: per(a.industry), bought: per(a.bought) };
  });
  return { rows, games, refusals, refusalSamples, violations, violationSamples, ms: performance.now() - t0 };
}

export function table(rr: RoundRobin): string {
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const out = [
    `| style | games | win rate | mean final score | beats passive (seat mean) | bot countries above passive mean | wars declared | pacts asked | industry | armies bought |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  ];
  for (const r of rr.rows) {
    const bot = r.seat !== 'passive';
    out.push(`| ${r.seat} | ${r.games} | ${pct(r.wins)} | ${r.meanScore.toFixed(0)} | ${bot ? pct(r.beatsPassive) : '—'} | ${bot ? pct(r.countriesAbovePassive) : '—'} | ${r.wars.toFixed(1)} | ${r.pacts.toFixed(1)} | ${r.industry.toFixed(1)} | ${r.bought.toFixed(0)} |`);
  }
  return out.join('\n');
}

/** CPU time of this process in ms (the machine is shared: wall time also counts other processes' turns). */
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/**
 * Every country's whole turn, botView + decideTurn, over the turns of a 12-bot game (the decisions, not the engine):
 * CPU time and wall time of each.
 */
function turnTimes(map: GameMap): { cpu: number[]; wall: number[] } {
  const cs = playable(map);
  const seats = Object.fromEntries(cs.map((c, i) => [c, SEATS[i % 3]!])) as Record<string, Seat>;
  const g = new BotGame(map, { seats, seed: 11, turns: 25 });
  const out = { cpu: [] as number[], wall: [] as number[] };
  while (g.state.status === 'running' && g.turns < 25) {
    for (const c of cs) {
      if (!g.state.countries[c]!.alive) continue;
      const c0 = cpu(), t0 = performance.now();
      decideTurn(botView(g.state, map, c), map, { style: seats[c] as 'balanced', seed: 11 });
      out.wall.push(performance.now() - t0);
      out.cpu.push(cpu() - c0);
    }
    g.playTurn();
  }
  return out;
}

export async function benchBots(games = Number(process.env.BOT_GAMES ?? 100)): Promise<BenchFigure[]> {
  const map = loadMapFile('maps/europe.json');
  const figs: BenchFigure[] = [];
  // Warm up the JIT with one short game, as a long-running service would be.
  new BotGame(map, { seats: deal(map, 999), seed: 999, turns: 3 }).play();
  const times = turnTimes(map);
  const med = median(times.cpu), max = Math.max(...times.cpu);
  const r1 = (x: number) => +x.toFixed(1);
  figs.push({ name: `a bot's whole turn on the Europe map, CPU, median of ${times.cpu.length} (wall ${r1(median(times.wall))} ms)`, value: +med.toFixed(2), unit: 'ms', target: 20, pass: med <= 20 });
  figs.push({ name: `a bot's whole turn on the Europe map, CPU, max (wall max ${r1(Math.max(...times.wall))} ms)`, value: r1(max), unit: 'ms', target: 100, pass: max <= 100 });
  const cs = playable(map);
  const seats = Object.fromEntries(cs.map((c, i) => [c, SEATS[i % 3]!])) as Record<string, Seat>;
  const gameCpu: number[] = [], gameWall: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c0 = cpu(), t0 = performance.now();
    new BotGame(map, { seats, seed: 21 + i, turns: 25 }).play();
    gameWall.push(performance.now() - t0);
    gameCpu.push(cpu() - c0);
  }
  const gm = median(gameCpu);
  figs.push({ name: `a 25-turn game of 12 bots, engine + bots, CPU, median of 3 (wall ${Math.round(median(gameWall))} ms)`, value: Math.round(gm), unit: 'ms', target: 3000, pass: gm <= 3000 });
  const rr = roundRobin(map, games, 25);
  console.log(`round robin: ${games} games of 25 turns on the Europe map, ${Math.round(rr.ms / 1000)} s\n${table(rr)}`);
  for (const s of rr.refusalSamples) console.log(`  refusal: ${s}`);
  for (const s of rr.violationSamples) console.log(`  violation: ${s}`);
  for (const r of rr.rows) {
    if (r.seat === 'passive') continue;
    figs.push({ name: `% ${r.seat} beats passive (${games} games)`, value: +(100 * r.beatsPassive).toFixed(1), unit: '% of games', target: 95, pass: r.beatsPassive >= 0.95 });
  }
  figs.push({ name: `bot commands refused over ${games} games`, value: rr.refusals, unit: 'commands', target: 0, pass: rr.refusals === 0 });
  figs.push({ name: `invariant violations over ${games} games`, value: rr.violations, unit: 'violations', target: 0, pass: rr.violations === 0 });
  return figs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figs = await benchBots(Number(process.argv[2] ?? process.env.BOT_GAMES ?? 100));
  for (const f of figs) console.log(`${f.pass ? 'ok  ' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (target ${f.target})`);
}
