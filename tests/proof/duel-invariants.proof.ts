/**
 * duel.md D11 P6, invariants after every resolution of every P3 game (the scripted pairings and the test-only
 * expansion-everywhere policy, seeds 1–400, played step by step with the decisions typed for the sides) and of a
 * fuzz run (random commands of both sides, 200 games): armies ≥ 0 everywhere; a neutral garrison never increases;
 * owners ∈ {A, B, null}; sea zones have no owner; conservation (Σ armies after = Σ before − battle and sea losses +
 * growth, each event's numbers adding up by R10's arithmetic); routes at a node carry ≤ their side's armies there;
 * score = Σ owned values; no game passes turnLimit. The step-by-step scripted games are also checked to be the very
 * games `newDuel` plays with bots (D8.1: a bot's decision is applied as if typed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assault, atSea, clash } from '../../src/games/europe/combat.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { duelStateJson } from '../../src/games/duel/transcript.ts';
import { playDuel, playStepwise } from '../../src/games/duel/sim.ts';
import { SEEDS, europe, europeMap, fuzzGame } from './duel-lib.ts';

const g = europe;
const landSet = new Set(g.land);
const seaSet = new Set(g.sea);

function total(s: DuelState): number {
  let n = 0;
  for (const t of g.land) n += s.armies[t] ?? 0;
  for (const st of Object.values(s.stacks)) n += st.A + st.B;
  return n;
}

let checked = 0;

/** Every P6 invariant of one resolution, `before` the opening state, `s` the next opening (or the end). */
export function checkResolution(before: DuelState, s: DuelState, where: string): void {
  const at = `${where}, turn ${before.turn}`;
  const f = s.settings.defenseFactor;
  // Owners: land only, A, B or null; every land territory listed; stacks only on sea zones; armies integers ≥ 0.
  for (const [t, o] of Object.entries(s.owner)) {
    assert.ok(landSet.has(t), `${at}: ${t} has an owner entry but is no land territory (sea zones have no owner)`);
    assert.ok(o === 'A' || o === 'B' || o === null, `${at}: owner of ${t} is ${String(o)}`);
  }
  assert.equal(Object.keys(s.owner).length, g.land.length, `${at}: every land territory has an owner entry`);
  for (const t of g.land) assert.ok(Number.isInteger(s.armies[t]) && s.armies[t]! >= 0, `${at}: armies at ${t} = ${s.armies[t]}`);
  for (const [z, st] of Object.entries(s.stacks)) {
    assert.ok(seaSet.has(z), `${at}: a stack on ${z}, not a sea zone`);
    assert.ok(Number.isInteger(st.A) && st.A >= 0 && Number.isInteger(st.B) && st.B >= 0, `${at}: stack at ${z} = ${JSON.stringify(st)}`);
  }
  // A neutral garrison never increases (it never grows, D1.4; it only loses assaults).
  for (const t of g.land) {
    if (before.owner[t] === null && s.owner[t] === null) assert.ok(s.armies[t]! <= before.armies[t]!, `${at}: neutral ${t} grew ${before.armies[t]} → ${s.armies[t]}`);
  }
  // Conservation, each event's numbers by R10 (D4): Σ after = Σ before − losses + growth.
  let losses = 0;
  let growth = 0;
  const grew: Record<string, number> = {};
  for (const e of s.lastEvents) {
    switch (e.type) {
      case 'headOn': {
        const r = clash(e.a.n, e.b.n);
        assert.equal(e.left, r.left, `${at}: head-on ${JSON.stringify(e)}`);
        assert.equal(e.survivor, r.winner === 'a' ? e.a.side : r.winner === 'b' ? e.b.side : null);
        losses += e.a.n + e.b.n - e.left;
        break;
      }
      case 'melee': {
        const [x, y] = e.entrants;
        const r = clash(x!.n, y!.n);
        assert.equal(e.left, r.left, `${at}: melee ${JSON.stringify(e)}`);
        losses += x!.n + y!.n - e.left;
        break;
      }
      case 'battle': {
        const r = assault(e.attackers, e.defenders, f);
        assert.deepEqual({ won: e.won, left: e.left }, r, `${at}: battle ${JSON.stringify(e)}`);
        losses += e.attackers + e.defenders - e.left;
        break;
      }
      case 'seaLoss':
        assert.equal(e.after, atSea(e.before, s.settings.seaLoss), `${at}: sea loss ${JSON.stringify(e)}`);
        losses += e.before - e.after;
        break;
      case 'growth':
        growth += e.armies;
        grew[e.side] = e.armies;
        break;
      // D10.8's other events move armies or report; the numbers that change a total are above.
      case 'reinforce': case 'move': case 'capture': case 'routeWait': case 'routeCancelled': case 'routeDone': case 'paint':
      case 'idle': case 'victory': case 'turnResolved': case 'turnOpened':
        break;
      default:
        assert.fail(`${at}: an event P6 does not know: ${JSON.stringify(e)}`);
    }
  }
  if (s.lastEvents.length || before.turn !== s.turn) assert.equal(total(s), total(before) - losses + growth, `${at}: conservation`);
  // Growth (D3) is the value of every owned territory: the score (D7.2) of each side.
  const json = duelStateJson(europeMap, g, s) as { sides: Record<'A' | 'B', { score: number }> };
  for (const side of ['A', 'B'] as const) {
    const sum = g.land.reduce((a, t) => a + (s.owner[t] === side ? g.value.get(t)! : 0), 0);
    assert.equal(json.sides[side].score, sum, `${at}: score of ${side} = Σ owned values`);
    if (s.lastEvents.some((e) => e.type === 'growth')) assert.equal(grew[side] ?? 0, sum, `${at}: growth of ${side}`);
  }
  // Routes at a node carry no more than their side's armies there (D5.5's cap).
  const carried = new Map<string, number>();
  for (const r of s.routes) {
    if (r.armies === null) continue;
    const k = `${r.side}|${r.path[r.at]}`;
    carried.set(k, (carried.get(k) ?? 0) + r.armies);
  }
  for (const [k, n] of carried) {
    const [side, node] = k.split('|') as ['A' | 'B', string];
    const there = seaSet.has(node) ? s.stacks[node]?.[side] ?? 0 : s.owner[node] === side ? s.armies[node]! : 0;
    assert.ok(n <= there, `${at}: routes of ${side} carry ${n} at ${node}, which holds ${there}`);
  }
  assert.ok(s.turn <= s.settings.turnLimit, `${at}: turn ${s.turn} passed the limit ${s.settings.turnLimit}`);
  checked++;
}

const played = (s: DuelState) => JSON.stringify([s.turn, s.status, s.outcome, s.capitals, s.owner, s.armies, s.stacks, s.routes.map((r) => [r.side, r.path, r.at, r.count, r.armies, r.waiting])]);

for (const [a, b] of [['greedy', 'greedy'], ['lander', 'greedy'], ['lander', 'lander'], ['expand', 'greedy']] as const) {
  test(`D11 P6 invariants after every resolution of ${a} vs ${b}, seeds 1–${SEEDS} (D8.1: the same games as with seated bots)`, () => {
    const start = checked;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const s = playStepwise(europeMap, { seed, bots: { A: a, B: b } }, (before, after) => checkResolution(before, after, `${a}/${b} seed ${seed}`));
      if (b !== 'greedy' || a !== 'expand') assert.equal(played(s), played(playDuel(europeMap, { seed, bots: { A: a, B: b } }).state), `${a}/${b} seed ${seed}: typed decisions play the bot game`);
    }
    console.log(`P6 ${a} vs ${b}: ${checked - start} resolutions checked`);
  });
}

test('D11 P6 invariants after every resolution of a fuzz run: random commands of both sides, 200 games', () => {
  const start = checked;
  const ends: Record<string, number> = {};
  for (let seed = 1; seed <= 200; seed++) {
    const s = fuzzGame(europeMap, seed, (before, after) => checkResolution(before, after, `fuzz seed ${seed}`));
    const how = s.outcome?.how ?? 'running';
    ends[how] = (ends[how] ?? 0) + 1;
  }
  console.log(`P6 fuzz: 200 games, ${checked - start} resolutions checked; endings ${JSON.stringify(ends)}`);
});
