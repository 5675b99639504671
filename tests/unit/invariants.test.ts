/**
 * Invariants over many seeded simulated games (src/sim): after every entry, armies are never negative, sea zones
 * are never owned, land is owned by a country of the map or neutral; army totals change only by what the events
 * account for; scores change by exactly their score events; the log replayed into a fresh game gives the identical
 * state; the state JSON passes the commands.md §4 schema.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import { applyEntry, newGame, stateJson, type Game } from '../../src/games/neuwar/engine/index.ts';
import { Simulation, totalArmies, type SimOptions } from '../../src/games/neuwar/sim/simulate.ts';
import { armyDeltaOf, checkState, checkStep } from '../../src/games/neuwar/sim/invariants.ts';
import { stateSchemaFor, StateJsonSchema } from '../../src/games/neuwar/sim/schema.ts';

const europe = loadMapFile('maps/europe.json');
const tiny = loadMapFile('tests/fixtures/tiny.json');
const islands = loadMapFile('tests/fixtures/islands.json');

interface Checked { sim: Simulation; violations: string[] }

function run(map: GameMap, opts: Omit<SimOptions, 'onStep' | 'measure'>): Checked {
  const violations: string[] = [];
  const sim = new Simulation(map, {
    ...opts,
    measure: true,
    onStep: (entry, step, g, before) => {
      violations.push(...checkStep(entry, step, g, before));
      if (step.resolved.length || entry.type !== 'command' || entry.command.kind !== 'move') violations.push(...checkState(g));
    },
  });
  sim.play();
  return { sim, violations };
}

function replay(map: GameMap, sim: Simulation): Game {
  const g = newGame(map, { players: sim.players, settings: structuredClone(sim.settings), at: 0 });
  for (const e of sim.entries) applyEntry(g, e);
  return g;
}

function checkGame(map: GameMap, opts: Omit<SimOptions, 'onStep' | 'measure'>): Simulation {
  const { sim, violations } = run(map, opts);
  assert.deepEqual(violations.slice(0, 10), [], `seed ${opts.seed} on ${map.id}: ${violations.length} violations`);
  const j = stateJson(sim.state, map);
  const parsed = stateSchemaFor(map).safeParse(j);
  assert.ok(parsed.success, `seed ${opts.seed}: state JSON fails the §4 schema: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  assert.deepEqual(stateJson(replay(map, sim).state, map), j, `seed ${opts.seed} on ${map.id}: replaying the log gives another state`);
  return sim;
}

// `npm run proof` raises these (PROOF_GAMES, PROOF_TURNS); npm test keeps the short smoke run.
const GAMES = Number(process.env.PROOF_GAMES ?? 20);
const TURNS = Number(process.env.PROOF_TURNS ?? 10);

test(`${GAMES} seeded ${TURNS}-turn Europe games keep every invariant after every entry`, () => {
  let battles = 0, entries = 0;
  for (let seed = 101; seed < 101 + GAMES; seed++) {
    const sim = checkGame(europe, { seed, turns: TURNS });
    assert.equal(sim.stats.turns, TURNS);
    battles += sim.stats.battles;
    entries += sim.entries.length;
  }
  // The checks ran over real play, not an idle board.
  assert.ok(battles > GAMES * 30, `only ${battles} battles in ${GAMES} games`);
  assert.ok(entries > GAMES * 500, `only ${entries} entries in ${GAMES} games`);
});

test('whole games on the fixture maps (capitals fall, puppets, bankruptcy, leaving) keep every invariant', () => {
  const seen = { capital: 0, puppet: 0, left: 0, sea: 0 };
  for (const [map, seeds] of [[tiny, [1, 2, 3, 4, 5, 6]], [islands, [1, 2, 3, 4, 5, 6]]] as const) {
    for (const seed of seeds) {
      const sim = checkGame(map, { seed, turns: 25, settings: { independenceCost: 20, airshipCost: 30 } });
      seen.capital += sim.stats.fallenCapitals;
      for (const cs of Object.values(sim.state.countries)) {
        if (cs.overlord) seen.puppet++;
        if (cs.player && !cs.alive) seen.left++;
      }
      seen.sea += sim.stats.byKind.move ?? 0;
    }
  }
  assert.ok(seen.capital >= 1, `no capital fell on the fixtures: ${JSON.stringify(seen)}`);
});

test('the accounting checks catch a change without an event (they are not vacuous)', () => {
  const sim = new Simulation(tiny, { seed: 1, turns: 1 });
  const g = sim.game;
  const before = { score: Object.fromEntries(Object.entries(g.state.countries).map(([c, cs]) => [c, cs.score])), armies: totalArmies(g) };
  const step = applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'country', id: 'A' }, command: { kind: 'industry' } });
  assert.deepEqual(checkStep({ type: 'tick', at: 0 }, step, g, before), []);
  (g.state.territories.a_land as { armies: number }).armies += 3;
  g.state.countries.B!.score += 2;
  const v = checkStep({ type: 'tick', at: 0 }, { outcome: null, resolved: [] }, g, { ...before, score: { ...before.score, A: g.state.countries.A!.score } });
  assert.equal(v.length, 2, v.join('\n'));
  assert.match(v[0]!, /armies/);
  assert.match(v[1]!, /score of B/);
  (g.state.territories.a_land as { armies: number }).armies = -1;
  assert.ok(checkState(g).some((x) => x.includes('a_land')));
  assert.equal(armyDeltaOf([{ type: 'battle', territory: 'x', attacker: 'A', defender: null, attackers: 7, defenders: 4, won: true, left: 1, from: [] }]), -10);
});

test('the §4 schema rejects what §4 forbids', () => {
  const sim = new Simulation(tiny, { seed: 3, turns: 2 });
  sim.play();
  const j = stateJson(sim.state, tiny) as Record<string, any>;
  const schema = stateSchemaFor(tiny);
  assert.ok(schema.safeParse(j).success);
  const bad = (f: (x: Record<string, any>) => void) => {
    const x = structuredClone(j);
    f(x);
    return schema.safeParse(x).success;
  };
  assert.equal(bad((x) => { x.territories.mid_sea = { owner: 'A', armies: 1 }; }), false, 'an owned sea zone');
  assert.equal(bad((x) => { x.territories.a_land.armies = -1; }), false, 'negative armies');
  assert.equal(bad((x) => { x.territories.a_land.owner = 'ZZZ'; }), false, 'an owner not of the map');
  assert.equal(bad((x) => { x.alliances = [['B', 'A']]; }), false, 'an unsorted pair');
  assert.equal(bad((x) => { x.status = 'ended'; }), false, 'ended without a winner');
  assert.equal(bad((x) => { delete x.countries.A.score; }), false, 'a missing field');
  assert.equal(bad((x) => { x.log.push({ turn: 1, speaker: 'A', command: 'move', ok: false }); }), false, 'a refusal without a code');
  assert.equal(StateJsonSchema.safeParse({ ...j, extra: 1 }).success, true, 'added fields are allowed');
});
