/**
 * Issue 18's proof by random legal play: seeded 6-player games of vanilla generals (skills off) played to the end
 * by sim.ts, the invariants (invariants.ts) checked after every entry, and each game replayed from its entries to
 * the same state (a game is its log). `GUOZHAN_GAMES` sets the number of games (CI: 200; `npm run proof`: 1,000).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simulate } from '../../src/games/guozhan/sim.ts';
import { applyEntry, newGame, type GzEntry, type StartEntry } from '../../src/games/guozhan/engine.ts';
import { checkInvariants } from './invariants.ts';

const GAMES = Number(process.env.GUOZHAN_GAMES ?? 200);
const PLAYERS = Number(process.env.GUOZHAN_PLAYERS ?? 6);

test(`random legal play: ${GAMES} seeded ${PLAYERS}-player games end with the invariants after every entry`, () => {
  let ended = 0, victories = 0, draws = 0, careerists = 0, aozhan = 0, steps = 0;
  for (let seed = 1; seed <= GAMES; seed++) {
    const r = simulate({ players: PLAYERS, seed, check: (s, k) => checkInvariants(s, `seed ${seed} step ${k}`) });
    assert.equal(r.state.status, 'ended', `seed ${seed} ended`);
    ended++;
    steps += r.steps;
    if (r.state.end?.how === 'victory') victories++;
    else draws++;
    careerists += r.state.players.filter((p) => p.careerist).length;
    if (r.state.aozhan) aozhan++;
    // A game is its log: every tenth game is replayed from its entries (JSON round trip) to the same state.
    if (seed % 10 === 0) {
      const es = JSON.parse(JSON.stringify(r.entries)) as GzEntry[];
      let s = newGame(es[0] as StartEntry);
      for (const e of es.slice(1)) s = applyEntry(s, e as Exclude<GzEntry, StartEntry>).state;
      assert.deepEqual(JSON.parse(JSON.stringify(s)), JSON.parse(JSON.stringify(r.state)), `seed ${seed} replays`);
    }
  }
  assert.equal(ended, GAMES);
  // The generator reaches the endings it must (most games end in a victory).
  assert.ok(victories > GAMES / 2, `victories ${victories}`);
  process.stdout.write(`# ${GAMES} games: ${victories} victories, ${draws} draws, ${careerists} careerists, 鏖战 in ${aozhan}, ${steps} entries\n`);
});

test('random legal play across settings: 3–10 players, old and new rules, held blind order, 7 generals dealt, a reshuffle limit, 鏖战 off', () => {
  let draws = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const players = 3 + (seed % 8);
    const settings = {
      ruleVersion: seed % 2 ? 'old' : 'new', blindOrder: seed % 3 ? 'shuffled' : 'held',
      generalsDealt: players * 7 <= 60 && seed % 5 === 0 ? 7 : 4, reshuffleLimit: seed % 7 === 0 ? 1 : null, aozhan: seed % 4 !== 0,
    } as const;
    const r = simulate({ players, seed, settings, timeoutRate: 0.1, check: (s, k) => checkInvariants(s, `seed ${seed} step ${k}`) });
    assert.equal(r.state.status, 'ended', `seed ${seed}`);
    if (r.state.end?.how === 'draw') draws++;
    if (!settings.aozhan) assert.equal(r.state.aozhan, false);
  }
  // G20.2: with a reshuffle limit of 1 some games end in a draw.
  assert.ok(draws > 0);
});

test('random legal play with the 势备篇 (G18, C-SA): 159 cards, 连横, removal, extra turns, 敕令\'s clause — the invariants hold', () => {
  const GAMES_SA = Math.max(20, Math.round(GAMES / 4));
  const seen = { alliance: 0, removed: 0, extra: 0, imperial: 0, sa: 0 };
  for (let seed = 1; seed <= GAMES_SA; seed++) {
    const players = 4 + (seed % 5);
    const r = simulate({ players, seed: 10_000 + seed, settings: { strategicAdvantage: true, ruleVersion: seed % 2 ? 'new' : 'old' }, check: (s, k) => checkInvariants(s, `SA seed ${seed} step ${k}`) });
    assert.equal(r.state.status, 'ended', `SA seed ${seed}`);
    const log = r.state.log;
    if (log.some((e) => e.t === 'alliance')) seen.alliance++;
    if (log.some((e) => e.t === 'removedFromTable')) seen.removed++;
    if (log.some((e) => e.t === 'turn' && e.extra)) seen.extra++;
    if (log.some((e) => e.t === 'imperialOrder')) seen.imperial++;
    if (log.some((e) => e.t === 'use' && typeof e.card === 'string' && /\(SA\d\d\)/.test(e.card))) seen.sa++;
    if (seed % 5 === 0) {
      const es = JSON.parse(JSON.stringify(r.entries)) as GzEntry[];
      let s = newGame(es[0] as StartEntry);
      for (const e of es.slice(1)) s = applyEntry(s, e as Exclude<GzEntry, StartEntry>).state;
      assert.deepEqual(JSON.parse(JSON.stringify(s)), JSON.parse(JSON.stringify(r.state)), `SA seed ${seed} replays`);
    }
  }
  // The generator reaches the 势备篇's mechanics (each in some game).
  assert.ok(seen.sa > GAMES_SA / 2, `C-SA cards used in ${seen.sa}`);
  assert.ok(seen.alliance > 0 && seen.removed > 0 && seen.extra > 0, JSON.stringify(seen));
  process.stdout.write(`# ${GAMES_SA} 势备篇 games: ${JSON.stringify(seen)}\n`);
});
