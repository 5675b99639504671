/**
 * `npm run bench`: engine, parser, render, turn post and load benchmarks. Each line prints its figure and target,
 * FAIL when it misses; a summary line at the end. Exit code 0 regardless (figures depend on the machine).
 * `npm run bench -- engine render` (or `duel`, `bots`, `guozhan`) runs only the named sections; `--quick` shortens the load runs (the normal one and the abuse one) to 10 s each.
 * `npm run bench -- scale [--quick]` (bench/scale.ts, ~10 min, --quick ~3) runs only when named.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { benchEngine } from './engine.ts';
import { benchParser } from './parser.ts';
import { benchTurnPost } from './turnpost.ts';
import { benchLoad } from './load.ts';
import { benchScale } from './scale.ts';

interface BenchFigure { name: string; value: number; unit: string; target: number; pass: boolean }

const cmp = (f: BenchFigure) => (/\/s$|^% /.test(f.unit) ? '≥' : '≤');
const line = (f: BenchFigure) => `${f.pass ? 'ok  ' : 'FAIL'} ${f.name}: ${Number.isNaN(f.value) ? '—' : f.value} ${f.unit} (target ${cmp(f)} ${f.target} ${f.unit})`;

async function section(title: string, run: () => Promise<BenchFigure[]>): Promise<BenchFigure[]> {
  console.log(`\n== ${title}`);
  try {
    const figs = await run();
    for (const f of figs) console.log(line(f));
    return figs;
  } catch (e) {
    const f: BenchFigure = { name: `${title}: crashed: ${(e as Error).message}`, value: NaN, unit: '', target: 0, pass: false };
    console.log(line(f));
    return [f];
  }
}

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const want = (name: string) => wanted.length === 0 || wanted.includes(name);
const all: BenchFigure[] = [];
if (want('engine')) all.push(...await section('engine', benchEngine));
if (want('parser')) all.push(...await section('parser', benchParser));
const renderFile = new URL('./render.ts', import.meta.url);
if (want('render') && existsSync(renderFile)) {
  all.push(...await section('render', async () => {
    const mod = (await import(pathToFileURL(renderFile.pathname).href)) as { benchRender?: () => Promise<BenchFigure[]> };
    if (typeof mod.benchRender !== 'function') throw new Error('bench/render.ts exports no benchRender()');
    return mod.benchRender();
  }));
}
// Optional sections, each from its own file: `duel` (Europe Duel B1–B9), `bots` (New European War computer players), `guozhan` (国战's engine).
for (const [name, file, fn] of [['duel', './duel.ts', 'benchDuel'], ['bots', './bots.ts', 'benchBots'], ['guozhan', './guozhan.ts', 'benchGuozhan']] as const) {
  const url = new URL(file, import.meta.url);
  if (!want(name) || !existsSync(url)) continue;
  all.push(...await section(name, async () => {
    const mod = (await import(pathToFileURL(url.pathname).href)) as Record<string, unknown>;
    const run = mod[fn];
    if (typeof run !== 'function') throw new Error(`bench/${file.slice(2)} exports no ${fn}()`);
    return (run as () => Promise<BenchFigure[]>)();
  }));
}
if (want('turnpost')) all.push(...await section('turn post end to end (resolve + store + both PNGs)', benchTurnPost));
if (want('load')) all.push(...await section('load (local web channel, 100 WebSocket participants)', benchLoad));
// Issue 16's saturation points (SQLite and PostgreSQL, 10/100/1,000 games): minutes, so only when named.
if (wanted.includes('scale')) all.push(...await section('scale (saturation point, SQLite and PostgreSQL side by side)', benchScale));
const failed = all.filter((f) => !f.pass);
console.log(`\nsummary: ${all.length - failed.length}/${all.length} targets met${failed.length ? `; FAIL: ${failed.map((f) => f.name.split(',')[0]).join('; ')}` : ''}`);
process.exitCode = 0;
