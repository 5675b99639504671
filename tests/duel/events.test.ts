/**
 * duel.md D10.8 `lastEvents`: every event kind the spec lists appears, with exactly its fields, in D2.6's pipeline
 * order (step 2 route events, 4 moves, 5 sea, 6 head-on, 7 reinforce, 8 melee, 9 battle, 10 capture, 11 route
 * bookkeeping and paint, 12 growth, 13 idle and victory, 14 turnResolved and turnOpened), each step in the spec's
 * id order; times count from turn 1's opening. Played on Europe by both sides typing random commands (helper modes,
 * paint, rally points, routes, manual orders), as the identity fuzz does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { makeRng } from '../../src/games/europe/rng.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { applyDuel, newDuel, type DuelCommand } from '../../src/games/duel/engine.ts';
import { MODES } from '../../src/games/duel/helpers.ts';
import type { DuelEvent } from '../../src/games/duel/resolve.ts';

const map = loadMapFile('maps/europe.json');
const g = duelGraph(map);

/** D10.8's kinds with their fields, in the spec's order. */
const FIELDS: Record<DuelEvent['type'], string[]> = {
  move: ['side', 'from', 'to', 'n', 'by'],
  routeWait: ['route', 'side', 'at', 'armies'],
  seaLoss: ['sea', 'side', 'before', 'after'],
  headOn: ['a', 'b', 'survivor', 'left'],
  reinforce: ['territory', 'side', 'n'],
  melee: ['territory', 'entrants', 'survivor', 'left'],
  battle: ['territory', 'attacker', 'defender', 'attackers', 'defenders', 'won', 'left'],
  capture: ['territory', 'from', 'to', 'armies'],
  routeCancelled: ['route', 'side', 'reason'],
  routeDone: ['route', 'side', 'at'],
  paint: ['side', 'territory', 'mode'],
  growth: ['side', 'territories', 'armies'],
  idle: ['side', 'count'],
  victory: ['winners', 'how'],
  turnResolved: ['turn', 'at', 'forced'],
  turnOpened: ['turn', 'at', 'deadlineAt'],
};

/** D2.6's step of an event (a route cancelled `empty` at step 2, the others at 11). */
function step(e: DuelEvent): number {
  switch (e.type) {
    case 'routeWait': return 2;
    case 'routeCancelled': return e.reason === 'empty' ? 2 : 11;
    case 'move': return 4;
    case 'seaLoss': return 5;
    case 'headOn': return 6;
    case 'reinforce': return 7;
    case 'melee': return 8;
    case 'battle': return 9;
    case 'capture': return 10;
    case 'routeDone': return 11;
    case 'paint': return 11.5;
    case 'growth': return 12;
    case 'idle': return 13;
    case 'victory': return 13.5;
    case 'turnResolved': return 14;
    case 'turnOpened': return 14.5;
  }
}

/** The key a step orders its events by (D10.8: node id, side A before B, route id). */
function key(e: DuelEvent): string {
  const pad = (n: number) => String(n).padStart(6, '0');
  switch (e.type) {
    case 'move': return `${e.from}\u0000${e.side}\u0000${pad(e.route ?? 0)}`;
    case 'routeWait': case 'routeCancelled': case 'routeDone': return pad(e.route);
    case 'seaLoss': return `${e.sea}\u0000${e.side}`;
    case 'headOn': return e.a.from;
    case 'reinforce': case 'melee': case 'battle': case 'capture': return e.territory;
    case 'paint': return `${e.side}\u0000${e.territory}`;
    case 'growth': case 'idle': return e.side;
    default: return '';
  }
}

test('D10.8 lastEvents: every kind the spec lists, with its fields, in pipeline order and id order, times since turn 1 opened', () => {
  const seen = new Set<string>();
  for (const seed of [3, 11, 29]) {
    const T0 = 5_000;
    const s = newDuel(map, { type: 'start', at: T0, seed, settings: { turnLimit: 40 } });
    const rng = makeRng(seed * 31 + 7);
    let at = T0;
    while (s.status === 'running') {
      for (const side of ['A', 'B'] as const) {
        const own = g.land.filter((t) => s.owner[t] === side);
        const cmds: DuelCommand[] = [];
        if (rng.chance(0.3)) cmds.push({ kind: 'helper', mode: rng.pick(MODES) });
        if (rng.chance(0.4)) cmds.push({ kind: 'helper', mode: rng.pick(MODES), paint: Array.from({ length: 8 }, () => rng.pick(own.length ? own : g.land)) });
        if (rng.chance(0.2)) cmds.push({ kind: 'rally', at: rng.pick(g.land) });
        if (own.length && rng.chance(0.4)) cmds.push({ kind: 'route', from: rng.pick(own), points: [rng.pick([...g.land, ...g.sea])], count: rng.chance(0.5) ? 'all' : 'half' });
        // Side B idles now and then (its `idle` count grows; the rule is on: 3 turns would end the game).
        if (side === 'B' && rng.chance(0.3)) continue;
        for (const command of cmds) applyDuel(g, s, { type: 'command', at, side, command });
      }
      const turn = s.turn;
      // A forced turn now and then (the judge's 【结算】), else the deadline.
      const forced = rng.chance(0.2);
      at = forced ? at + 1_000 : s.deadlineAt;
      if (forced) applyDuel(g, s, { type: 'judge', at, command: { kind: 'resolve' } });
      else applyDuel(g, s, { type: 'tick', at });
      const ev = s.lastEvents;
      for (const e of ev) {
        seen.add(e.type);
        const want = FIELDS[e.type];
        const keys = Object.keys(e).filter((k) => k !== 'type' && !(e.type === 'move' && k === 'route'));
        assert.deepEqual(keys, want, `${e.type}'s fields: ${JSON.stringify(e)}`);
        if (e.type === 'move') assert.equal('route' in e, e.by === 'route', 'a route move names its route, no other does');
      }
      for (let i = 1; i < ev.length; i++) {
        const p = ev[i - 1]!;
        const q = ev[i]!;
        assert.ok(step(p) <= step(q), `seed ${seed} turn ${turn}: ${p.type} before ${q.type}`);
        if (step(p) === step(q)) assert.ok(key(p) <= key(q), `seed ${seed} turn ${turn}: id order ${JSON.stringify(p)} ${JSON.stringify(q)}`);
      }
      const resolved = ev.find((e) => e.type === 'turnResolved');
      assert.deepEqual(resolved, { type: 'turnResolved', turn, at: at - T0, forced });
      const opened = ev.find((e) => e.type === 'turnOpened');
      if (s.status === 'running') assert.deepEqual(opened, { type: 'turnOpened', turn: turn + 1, at: at - T0, deadlineAt: s.deadlineAt - T0 });
      else {
        assert.equal(opened, undefined, 'no turn opens after the end');
        assert.deepEqual(ev.find((e) => e.type === 'victory'), { type: 'victory', winners: s.outcome!.winner, how: s.outcome!.how });
      }
      // `idle` for every human side at every resolution, with the counter after step 13.
      assert.deepEqual(ev.filter((e) => e.type === 'idle'), [{ type: 'idle', side: 'A', count: s.idle.A }, { type: 'idle', side: 'B', count: s.idle.B }]);
      // A melee's entrants by n descending, then side.
      for (const e of ev) if (e.type === 'melee') assert.ok(e.entrants[0]!.n > e.entrants[1]!.n || (e.entrants[0]!.n === e.entrants[1]!.n && e.entrants[0]!.side === 'A'));
      // A capture follows the battle that won it, with the occupiers.
      for (const e of ev) if (e.type === 'capture') assert.ok(ev.some((b) => b.type === 'battle' && b.territory === e.territory && b.won && b.left === e.armies && b.attacker === e.to && b.defender === e.from));
    }
  }
  assert.deepEqual(Object.keys(FIELDS).filter((k) => !seen.has(k)), [], 'every kind of D10.8 was seen');
});

test('D10.8: a bot side has no `idle` event (bots never idle, D2.8); a bot game still reports every resolution', () => {
  const s = newDuel(map, { type: 'start', at: 0, seed: 5, bots: { B: 'greedy' } });
  applyDuel(g, s, { type: 'command', at: 0, side: 'A', command: { kind: 'ready' } });
  assert.deepEqual(s.lastEvents.filter((e) => e.type === 'idle'), [{ type: 'idle', side: 'A', count: 0 }]);
  assert.deepEqual(s.lastEvents.at(-1), { type: 'turnOpened', turn: 2, at: 0, deadlineAt: 30_000 });
  assert.ok(s.lastEvents.some((e) => e.type === 'move' && e.side === 'B'), 'the bot side moved');
});
