/**
 * Engine benchmarks on the Europe map (maps/europe.json), with the simulator's games as the workload:
 *  - parse + validate + apply throughput on the generator's command mix (a whole 25-turn game's chat text,
 *    resolutions included), ≥ 50,000 commands/s;
 *  - one turn resolution with every country giving 30 orders, ≤ 5 ms median;
 *  - a whole simulated 25-turn, 10-country game (engine only), ≤ 1 s;
 *  - 1,000 games in mid-play (10+ turns each) in one process, ≤ 1 GB RSS (in a child process with --expose-gc).
 * Run alone: npx tsx bench/engine.ts
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadMapFile, type GameMap } from '../src/games/europe/map/index.ts';
import { applyEntry, newGame, type Command, type Game, type LogEntry, type Speaker } from '../src/games/neuwar/engine/index.ts';
import { parseMessage, formatCommand } from '../src/games/neuwar/parse/index.ts';
import { Simulation, simulate } from '../src/games/neuwar/sim/simulate.ts';
import { ordersFor, padOrders, View, DEFAULT_POLICY } from '../src/games/neuwar/sim/generate.ts';
import { makeRng } from '../src/games/europe/rng.ts';

export interface BenchFigure { name: string; value: number; unit: string; target: number; pass: boolean }

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
const europe = () => loadMapFile('maps/europe.json');

interface Line { speaker: Speaker; text: string }

function gameLines(map: GameMap, seed: number): { lines: Line[]; players: string[] } {
  const r = simulate(map, { seed, turns: 25, players: 10 });
  const lines = r.entries.flatMap((e) => (e.type === 'command' ? [{ speaker: e.speaker, text: formatCommand(e.command, map) }] : []));
  return { lines, players: r.players };
}

/**
 * Parse + validate + apply a whole simulated game's chat text into a fresh game; commands per second, the best of
 * 10 passes (the first passes run while the JIT is still compiling; a shared machine's load spikes are not ours).
 */
export function throughput(map: GameMap): { all: number; orders: number; commands: number } {
  const { lines, players } = gameLines(map, 1);
  let best = 0, bestOrders = 0;
  for (let rep = 0; rep < 10; rep++) {
    const g = newGame(map, { players, at: 0 });
    let n = 0, nOrders = 0, msOrders = 0;
    const t0 = performance.now();
    for (const l of lines) {
      const t1 = performance.now();
      const ps = parseMessage(l.text, map);
      for (const p of ps) {
        const e: LogEntry = p.ok ? { type: 'command', at: 0, speaker: l.speaker, command: p.command } : { type: 'refused', at: 0, speaker: l.speaker, code: p.code, message: p.message };
        applyEntry(g, e);
        n++;
      }
      const kind = ps[0]?.ok ? ps[0].command.kind : '';
      if (kind !== 'commit' && kind !== 'resolve') { nOrders += ps.length; msOrders += performance.now() - t1; }
    }
    const ms = performance.now() - t0;
    best = Math.max(best, n / (ms / 1000));
    bestOrders = Math.max(bestOrders, nOrders / (msOrders / 1000));
  }
  return { all: best, orders: bestOrders, commands: lines.length };
}

/** A mid-game Europe turn where every alive country has given 30 army orders, ready to resolve. */
function turnWith30Orders(map: GameMap): { game: Game; orders: number } {
  const sim = new Simulation(map, { seed: 7, turns: 25, players: 10 });
  for (let t = 0; t < 8; t++) sim.playTurn();
  const g = sim.game;
  const rng = makeRng(99);
  let orders = 0;
  for (const c of Object.keys(g.state.countries).filter((x) => g.state.countries[x]!.alive).sort()) {
    const v = new View(g.state, map);
    const cmds = padOrders(v, rng, c, ordersFor(v, rng, c, { ...DEFAULT_POLICY, maxOrders: 30 }), 30).slice(0, 30);
    for (const command of cmds) {
      const st = applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'country', id: c }, command });
      if (st.outcome?.ok) orders++;
    }
  }
  return { game: g, orders };
}

/** Median time of one turn's resolution (the judge's 【结算】: steps 1–9, the undo snapshot and the next turn's opening). */
export function turnResolution(map: GameMap, runs = 41): { median: number; orders: number; countries: number } {
  const { game, orders } = turnWith30Orders(map);
  const saved = JSON.stringify(game.state);
  const times: number[] = [];
  const resolve: Command = { kind: 'resolve' };
  for (let i = 0; i < runs + 5; i++) {
    game.state = JSON.parse(saved);
    const t0 = performance.now();
    applyEntry(game, { type: 'command', at: 0, speaker: { kind: 'judge' }, command: resolve });
    if (i >= 5) times.push(performance.now() - t0);
  }
  const countries = Object.values(JSON.parse(saved).countries as Record<string, { alive: boolean }>).filter((c) => c.alive).length;
  return { median: median(times), orders, countries };
}

/** A whole simulated 25-turn, 10-country game: generator + engine, and the engine alone replaying its entries. */
export function wholeGame(map: GameMap): { simMs: number; engineMs: number; turns: number } {
  let simMs = Infinity, engineMs = Infinity, turns = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    const r = simulate(map, { seed: 1 + rep, turns: 25, players: 10 });
    simMs = Math.min(simMs, performance.now() - t0);
    turns = r.stats.turns;
    const g = newGame(map, { players: r.players, at: 0 });
    const t1 = performance.now();
    for (const e of r.entries) applyEntry(g, e);
    engineMs = Math.min(engineMs, performance.now() - t1);
  }
  return { simMs, engineMs, turns };
}

/**
 * The memory child: 1,000 games in mid-play (10 turns each) held at once. 25 distinct simulated games are played;
 * the other games are deep copies of them (each its own state, log, undo and turn-start strings), as a live bot
 * would hold them. Prints JSON {rss, heapUsed, games, turns}.
 */
function memoryChild(): void {
  const map = europe();
  const gc = (globalThis as { gc?: () => void }).gc;
  const base: Game[] = [];
  for (let seed = 1; seed <= 25; seed++) {
    const sim = new Simulation(map, { seed, turns: 10, players: 10 });
    sim.play();
    base.push(sim.game);
  }
  const games: Game[] = [];
  for (let i = 0; i < 1000; i++) {
    const b = base[i % base.length]!;
    games.push({ map, state: structuredClone(b.state), undo: b.undo === null ? null : JSON.stringify(JSON.parse(b.undo)), turnStart: JSON.stringify(JSON.parse(b.turnStart)) });
  }
  base.length = 0;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  const turns = Math.min(...games.map((g) => g.state.turn - 1));
  console.log(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, games: games.length, turns, gc: !!gc }));
}

export function memory(): { rssMb: number; heapMb: number; games: number; turns: number } | { error: string } {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory-child'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  try {
    const j = JSON.parse(line) as { rss: number; heapUsed: number; games: number; turns: number };
    return { rssMb: j.rss / 2 ** 20, heapMb: j.heapUsed / 2 ** 20, games: j.games, turns: j.turns };
  } catch {
    return { error: `memory child failed (exit ${r.status}): ${r.stderr.slice(0, 500)}` };
  }
}

export async function benchEngine(): Promise<BenchFigure[]> {
  const map = europe();
  const out: BenchFigure[] = [];
  const tp = throughput(map);
  out.push({ name: `parse+validate+apply, generator mix (${tp.commands} commands of a 25-turn game, resolutions included)`, value: Math.round(tp.all), unit: 'commands/s', target: 50000, pass: tp.all >= 50000 });
  out.push({ name: 'parse+validate+apply, the same mix without commits (no resolution)', value: Math.round(tp.orders), unit: 'commands/s', target: 50000, pass: tp.orders >= 50000 });
  const tr = turnResolution(map);
  out.push({ name: `resolve one Europe turn, ${tr.countries} countries × 30 orders (${tr.orders} accepted), median`, value: +tr.median.toFixed(2), unit: 'ms', target: 5, pass: tr.median <= 5 });
  const wg = wholeGame(map);
  out.push({ name: `whole simulated ${wg.turns}-turn, 10-country game, engine only (replaying its entries)`, value: Math.round(wg.engineMs), unit: 'ms', target: 1000, pass: wg.engineMs <= 1000 });
  out.push({ name: 'whole simulated 25-turn, 10-country game, generator + engine', value: Math.round(wg.simMs), unit: 'ms', target: 1000, pass: wg.simMs <= 1000 });
  const mem = memory();
  if ('error' in mem) out.push({ name: `memory: ${mem.error}`, value: NaN, unit: 'MB', target: 1024, pass: false });
  else out.push({ name: `memory: ${mem.games} Europe games in mid-play (${mem.turns}+ turns each), RSS (heap ${Math.round(mem.heapMb)} MB)`, value: Math.round(mem.rssMb), unit: 'MB', target: 1024, pass: mem.rssMb <= 1024 });
  return out;
}

if (process.argv.includes('--memory-child')) memoryChild();
else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const f of await benchEngine()) console.log(`${f.pass ? 'ok  ' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (target ${f.unit === 'commands/s' ? '≥' : '≤'} ${f.target})`);
}
