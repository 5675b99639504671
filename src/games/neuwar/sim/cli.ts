/**
 * `npm run simulate -- --map maps/europe.json --turns 25 --seed 1 [--players 10|FRA,DEU,…] [--out game.txt] [--json]`
 * plays a whole game with the legal-order generator (engine only, virtual clock), prints a result summary, and with
 * --out writes a transcript (commands.md §3) that `npm run replay` reproduces exactly.
 * `--bots` plays it with the computer players instead (issue 13): `--bots` alone deals the styles balanced,
 * aggressive, defensive in turn; `--bots aggressive` gives every player that style; `--bots FRA=aggressive,DEU=passive`
 * names seats (a player not named is passive: it only commits).
 */
import { writeFileSync } from 'node:fs';
import { relative, resolve, dirname } from 'node:path';
import { loadMapFile } from '../../europe/map/index.ts';
import { resolvePlayers, simulate, toTranscript } from './simulate.ts';
import { cn } from '../engine/index.ts';
import { BOT_STYLES, BOT_STYLE_NAMES } from '../bots/index.ts';
import type { Seat } from '../bots/index.ts';
import { parseFlags } from '../../../platform/cli/index.ts';

/** The --bots option: '' or 'true' (styles dealt in turn), one style for all, or COUNTRY=STYLE pairs. */
function botSeats(spec: string, players: string[]): Record<string, Seat> {
  const style = (x: string): Seat => {
    if (x === 'passive') return 'passive';
    const s = BOT_STYLE_NAMES[x];
    if (!s) throw new Error(`unknown bot style "${x}" (balanced, aggressive, defensive, passive)`);
    return s;
  };
  if (spec === 'true' || spec === '') return Object.fromEntries(players.map((c, i) => [c, BOT_STYLES[i % BOT_STYLES.length]!]));
  if (!spec.includes('=')) return Object.fromEntries(players.map((c) => [c, style(spec)]));
  return Object.fromEntries(spec.split(',').map((p) => p.split('=').map((x) => x.trim()) as [string, string]).map(([c, st]) => [c, style(st)]));
}

function main(): number {
  let a: Record<string, string>;
  try {
    a = parseFlags(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  if (a.help) {
    console.log('usage: npm run simulate -- --map maps/europe.json --turns 25 --seed 1 [--players 10|FRA,DEU] [--bots [STYLE|FRA=STYLE,…]] [--out game.txt] [--json]');
    return 0;
  }
  const mapPath = a.map ?? 'maps/europe.json';
  const turns = Number(a.turns ?? 25);
  const seed = Number(a.seed ?? 1);
  if (!Number.isInteger(turns) || turns < 1 || !Number.isInteger(seed)) {
    console.error('--turns is a positive integer, --seed an integer');
    return 2;
  }
  const map = loadMapFile(mapPath);
  const players = a.players === undefined ? undefined : /^\d+$/.test(a.players) ? Number(a.players) : a.players.split(',').map((x) => x.trim());
  const settings = turns > 25 ? { turnLimit: turns } : undefined;
  const t0 = performance.now();
  let bots: Record<string, Seat> | undefined;
  if (a.bots !== undefined) {
    try {
      bots = botSeats(a.bots, resolvePlayers(map, players));
    } catch (e) {
      console.error((e as Error).message);
      return 2;
    }
  }
  const r = simulate(map, { turns, seed, ...(players !== undefined ? { players } : {}), ...(settings ? { settings } : {}), ...(bots ? { bots } : {}) });
  const ms = performance.now() - t0;
  const st = r.stats;
  if (a.out) {
    const out = resolve(a.out);
    const rel = relative(dirname(out), resolve(mapPath)) || mapPath;
    writeFileSync(out, toTranscript(map, rel, r, [`simulated: --map ${mapPath} --turns ${turns} --seed ${seed} --players ${r.players.join(',')}`]));
  }
  if (a.json) {
    console.log(JSON.stringify({ ...st, ms: Math.round(ms) }, null, 2));
    return 0;
  }
  const name = (c: string) => `${cn(map, c, 'zh')}(${c})`;
  console.log(`map ${map.id}, players ${r.players.join(' ')}, seed ${seed}${bots ? `, bots ${Object.entries(bots).map(([c, st]) => `${c}=${st}`).join(' ')}` : ''}`);
  console.log(`turns resolved: ${st.turns}  status: ${st.status}  winner: ${st.winner ? st.winner.map(name).join('、') : '—'}`);
  console.log(`battles: ${st.battles}  captures: ${st.captures}  wars: ${st.wars}  peace treaties: ${st.peaceTreaties}  fallen capitals: ${st.fallenCapitals}`);
  console.log(`commands: ${st.commands} (refused ${st.refused}${st.refused ? `: ${Object.entries(st.refusedByCode).map(([k, v]) => `${k}×${v}`).join(' ')}` : ''})  ${Math.round(ms)} ms`);
  console.log('final scores:');
  for (const [c, sc] of Object.entries(st.scores).sort((x, y) => y[1] - x[1])) {
    const cs = r.game.state.countries[c]!;
    const tag = !cs.alive ? ' (left)' : cs.overlord ? ` (puppet of ${cs.overlord})` : cs.bankrupt ? ' (bankrupt)' : '';
    console.log(`  ${name(c).padEnd(14)} ${String(sc).padStart(5)}${tag}`);
  }
  if (a.out) console.log(`transcript: ${a.out}`);
  return 0;
}

process.exitCode = main();
