/**
 * D11 B8: the Europe duel's map PNG, median warm, and its size (≤ 150 ms, ≤ 1 MB), drawn by the same painter and
 * caches as the war mode's map (src/games/duel/draw.ts over src/games/europe/paint). The states are a real game's:
 * seed 7 played by both sides' helpers (people who only press Ready), one picture every 2 turns from turn 4 to
 * turn 42 — the board filling up, the fronts meeting, captures both ways — each drawn once, as a game posts it.
 * Warm: the map's geometry, the full view's static layer and the first states' names and badges are made by
 * unmeasured renders of another game (seed 11) first. CPU time (all threads) beside the wall clock, which a shared
 * machine stretches. Run alone: npx tsx bench/duel-map.ts
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadMapFile, type GameMap } from '../src/games/europe/map/index.ts';
import { ensureFonts } from '../src/games/europe/paint/index.ts';
import { duelGraph } from '../src/games/duel/board.ts';
import { applyDuel, newDuel } from '../src/games/duel/engine.ts';
import { SIDE_COLOR } from '../src/games/duel/page.ts';
import { duelPicture, renderDuelMapPng, type DuelPicture } from '../src/games/duel/draw.ts';

interface BenchFigure { name: string; value: number; unit: string; target: number; pass: boolean }

const median = (xs: readonly number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

/** Pictures of one helper-played game at `turns` (the board as each of those turns opens). */
export function duelPictures(map: GameMap, seed: number, turns: readonly number[]): DuelPicture[] {
  const g = duelGraph(map);
  const s = newDuel(map, { type: 'start', at: 0, seed });
  const out: DuelPicture[] = [];
  const last = Math.max(...turns);
  while (s.status === 'running' && s.turn <= last) {
    if (turns.includes(s.turn)) out.push(duelPicture(g, s, SIDE_COLOR));
    for (const side of ['A', 'B'] as const) applyDuel(g, s, { type: 'command', at: s.openedAt, side, command: { kind: 'ready' } });
  }
  return out;
}

export async function benchDuelMap(): Promise<BenchFigure[]> {
  ensureFonts();
  const map = loadMapFile('maps/europe.json');
  const warm = duelPictures(map, 11, [3, 15, 30]);
  const pics = duelPictures(map, 7, Array.from({ length: 20 }, (_, i) => 4 + 2 * i));
  const c0 = process.cpuUsage(), t0 = performance.now();
  await renderDuelMapPng(map, warm[0]!);
  const cold = performance.now() - t0, coldCpu = process.cpuUsage(c0);
  for (const p of warm.slice(1)) await renderDuelMapPng(map, p);
  const wall: number[] = [], cpu: number[] = [];
  let largest = 0;
  for (const p of pics) {
    const c = process.cpuUsage(), t = performance.now();
    const png = await renderDuelMapPng(map, p);
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
    largest = Math.max(largest, png.length);
  }
  const m = median(wall), kb = largest / 1024;
  console.log(`info B8: first render of the view (geometry, static layer) ${cold.toFixed(0)} ms wall, ${((coldCpu.user + coldCpu.system) / 1000).toFixed(0)} ms CPU; ` +
    `${pics.length} states, wall ${Math.min(...wall).toFixed(0)}–${Math.max(...wall).toFixed(0)} ms; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  return [
    { name: `B8 duel map PNG, Europe, median warm (${pics.length} states of a seed-7 game, turns 4–42)`, value: +m.toFixed(1), unit: 'ms', target: 150, pass: m <= 150 },
    { name: 'B8 (part) the same, CPU time all threads, median', value: +median(cpu).toFixed(1), unit: 'ms', target: 300, pass: median(cpu) <= 300 },
    { name: 'B8 duel map PNG, largest', value: Math.round(kb), unit: 'KB', target: 1024, pass: kb <= 1024 },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const f of await benchDuelMap()) console.log(`${f.pass ? 'ok  ' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (target ≤ ${f.target} ${f.unit})`);
}
