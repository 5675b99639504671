/**
 * Issue 19's random-play proof with every standard general: seeded 8-player games, skills=on, generals dealt at
 * random from all 60 of the standard pack, played to the end by sim.ts (which uses skills and answers their asks at
 * random, or lets them time out), the invariants checked after every entry, no stuck ask, every 25th game replayed
 * from its entries to the same state. `GUOZHAN_ALL_GAMES` sets the number (npm test: 30; `npm run proof guozhan`:
 * 1,000, the issue's figure).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simulate } from '../../../src/games/guozhan/sim.ts';
import { applyEntry, newGame, type GzEntry, type StartEntry } from '../../../src/games/guozhan/engine.ts';
import { checkInvariants } from '../invariants.ts';
import './helpers.ts';

const GAMES = Number(process.env.GUOZHAN_ALL_GAMES ?? 30);

test(`random play with all 60 standard generals: ${GAMES} seeded 8-player games end, invariants after every entry, no stuck ask, replays equal`, () => {
  const used = new Map<string, number>();
  const generals = new Set<string>();
  let steps = 0;
  const t0 = process.hrtime.bigint();
  for (let seed = 1; seed <= GAMES; seed++) {
    let r: ReturnType<typeof simulate>;
    try {
      r = simulate({ players: 8, seed: 50_000 + seed, settings: { skills: 'on' }, timeoutRate: 0.05, check: (s, k) => checkInvariants(s, `seed ${50_000 + seed} step ${k}`) });
    } catch (e) { throw new Error(`seed ${50_000 + seed}: ${(e as Error).stack ?? String(e)}`); }
    assert.equal(r.state.status, 'ended', `seed ${50_000 + seed} ended`);
    steps += r.entries.length;
    for (const p of r.state.players) p.generals?.forEach((g) => generals.add(g));
    for (const row of r.state.log) if (row.t === 'skill') used.set(row.skill as string, (used.get(row.skill as string) ?? 0) + 1);
    if (seed % 25 === 0) {
      const es = JSON.parse(JSON.stringify(r.entries)) as GzEntry[];
      let s = newGame(es[0] as StartEntry);
      for (const e of es.slice(1)) s = applyEntry(s, e as Exclude<GzEntry, StartEntry>).state;
      assert.deepEqual(JSON.parse(JSON.stringify(s)), JSON.parse(JSON.stringify(r.state)), `seed ${50_000 + seed} replays`);
    }
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  // 8 seats × 2 generals a game: 30 games seat far more than 60 picks, so most generals play.
  assert.ok(generals.size >= Math.min(50, GAMES), `generals seen ${generals.size}`);
  assert.ok(used.size >= Math.min(40, GAMES), `skills used ${used.size}`);
  process.stdout.write(`# ${GAMES} games, ${steps} entries, ${generals.size} generals seated, ${used.size} skills used, ${Math.round(ms)} ms\n`);
});
