/**
 * Render benchmark: map PNG time and size over a sequence of different mid-game states (warm: geometry,
 * the view's static layer and the names/badges seen before cached, fonts loaded), and the score table.
 * The single-SVG path (renderMapSvg → svgToPng, what the layered path replaced) is measured beside it on
 * the same states, interleaved, as the reference for before/after on a shared machine. Uses maps/europe.json when it exists; otherwise a synthetic
 * shaped map of the same scale (≈190 land + 20 sea, 1600×1200), plus the islands fixture (schematic).
 * Run: npx tsx bench/render.ts
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadMapFile, type GameMap } from '../src/games/europe/map/index.ts';
import { renderMap, renderMapPng, svgToPng, ensureFonts } from '../src/games/europe/paint/index.ts';
import { renderScoreTableSvg } from '../src/games/neuwar/pictures/index.ts';
import { demoState, syntheticMap } from './demo.ts';

export interface BenchFigure { name: string; value: number; unit: string; target: number; pass: boolean }

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

async function benchMap(label: string, map: GameMap, states = 20): Promise<BenchFigure[]> {
  const sts = Array.from({ length: states }, (_, i) => demoState(map, 100 + i, 3 + (i % 20)));
  // Cold: the first render of a view builds its static layer and the first names and badges.
  const c0 = process.cpuUsage(), t0 = performance.now();
  await renderMapPng(map, demoState(map, 99, 3));
  const coldT = performance.now() - t0, coldC = process.cpuUsage(c0);
  for (let i = 0; i < 3; i++) { await renderMapPng(map, sts[i]!); await svgToPng(renderMap(map, sts[i]!).svg); }
  const times: number[] = [], cpu: number[] = [], oldTimes: number[] = [], oldCpu: number[] = [];
  let maxBytes = 0;
  const measure = async (f: () => Promise<Buffer>, w: number[], c: number[]) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const png = await f();
    w.push(performance.now() - t0);
    const d = process.cpuUsage(c0);
    c.push((d.user + d.system) / 1000);
    return png;
  };
  for (const s of sts) {
    const png = await measure(() => renderMapPng(map, s), times, cpu);
    maxBytes = Math.max(maxBytes, png.length);
    await measure(() => svgToPng(renderMap(map, s).svg), oldTimes, oldCpu);
  }
  // Informative (no target): the single-SVG path on the same states, and the first render of a view.
  console.log(`info map PNG (${label}): single SVG median ${median(oldTimes).toFixed(1)} ms wall, ${median(oldCpu).toFixed(1)} ms CPU; ` +
    `first render of a view ${coldT.toFixed(0)} ms wall, ${((coldC.user + coldC.system) / 1000).toFixed(0)} ms CPU`);
  const t = median(times), kb = maxBytes / 1024;
  const tableTimes: number[] = [];
  for (const s of sts) {
    const t0 = performance.now();
    await svgToPng(renderScoreTableSvg(map, s).svg);
    tableTimes.push(performance.now() - t0);
  }
  const tt = median(tableTimes);
  return [
    { name: `map PNG median (${label})`, value: Math.round(t * 10) / 10, unit: 'ms', target: 150, pass: t <= 150 },
    // Informative: CPU time (all threads) is steadier than wall time on a shared machine.
    { name: `map PNG median CPU time, all threads (${label})`, value: Math.round(median(cpu) * 10) / 10, unit: 'ms', target: 300, pass: median(cpu) <= 300 },

    { name: `map PNG largest (${label})`, value: Math.round(kb), unit: 'KB', target: 1024, pass: kb <= 1024 },
    { name: `score table PNG median (${label})`, value: Math.round(tt * 10) / 10, unit: 'ms', target: 50, pass: tt <= 50 },
  ];
}

export async function benchRender(): Promise<BenchFigure[]> {
  ensureFonts();
  const out: BenchFigure[] = [];
  if (existsSync('maps/europe.json')) out.push(...await benchMap('europe', loadMapFile('maps/europe.json')));
  else out.push(...await benchMap('synthetic 188+20', syntheticMap()));
  out.push(...await benchMap('islands', loadMapFile('tests/fixtures/islands.json'), 10));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { loadavg } = await import('node:os');
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (wall times inflate when the machine is shared)`);
  const figs = await benchRender();
  for (const f of figs) console.log(`${f.pass ? 'ok  ' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (target ≤ ${f.target} ${f.unit})`);
  process.exitCode = figs.every((f) => f.pass) ? 0 : 1;
}
