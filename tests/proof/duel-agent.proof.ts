/**
 * duel.md D11 P3's agent rows (issue 17): the agent against greedy and against lander, 400 games each — seeds
 * 1–200 of the fair D1 draw, each played once from either side — with the score's 95% interval, the agent's
 * embarkations, and its wins by a sea landing on the enemy capital (it must win some that way). Targets: ≥ 90% vs
 * greedy, ≥ 60% vs lander.
 *
 * The weights are the shipped ones (models/duel-agent, D8.4); `DUEL_AGENT_DIR` and `DUEL_AGENT_VERSION` point it at a
 * candidate instead (e.g. `DUEL_AGENT_DIR=models/duel-agent/candidates DUEL_AGENT_VERSION=4 npm run proof -- duel`),
 * which is how a candidate is checked before it is promoted. Without weights the rows are skipped, saying why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAgent, MODEL_DIR, registerPolicy } from '../../src/games/duel/agent.ts';
import { playDuel } from '../../src/games/duel/sim.ts';
import type { DuelView } from '../../src/games/duel/bots.ts';
import type { Side } from '../../src/games/duel/resolve.ts';
import { europe, europeMap, fmt, SEEDS } from './duel-lib.ts';

const dir = process.env.DUEL_AGENT_DIR ?? MODEL_DIR;
const version = process.env.DUEL_AGENT_VERSION ? Number(process.env.DUEL_AGENT_VERSION) : undefined;
const loaded = loadAgent(europe, dir, version);
const positions = Math.max(1, Math.floor(SEEDS / 2));

/** The agent's policy with a count of its embarkations (a land territory's army ordered into a sea zone). */
let embarks = 0;
const SPY = 'proof:agent';
if (loaded.ok) {
  const agent = loaded.policy;
  registerPolicy({ id: SPY, decide: (v: DuelView) => {
    const d = agent.decide(v);
    for (const o of d.orders) if (europe.kind.get(o.from) === 'land' && europe.kind.get(o.to) === 'sea') embarks++;
    return d;
  } });
}

/** Score share (win 1, draw ½) with a normal-approximation 95% interval over the games' scores, in points. */
function scoreInterval(scores: readonly number[]): { mean: number; half: number } {
  const n = scores.length;
  const mean = scores.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(scores.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, n - 1));
  return { mean: 100 * mean, half: (100 * 1.96 * sd) / Math.sqrt(n) };
}

for (const [opp, target] of [['greedy', 90], ['lander', 60]] as const) {
  test(`D11 P3 agent vs ${opp}: ${2 * positions} games (seeds 1–${positions}, each from both sides), score ≥ ${target}%, wins by a sea landing on the capital counted`, { skip: loaded.ok ? false : `no usable agent weights in ${dir}: ${loaded.ok ? '' : loaded.reason}` }, () => {
    if (!loaded.ok) return;
    embarks = 0;
    const scores: number[] = [];
    let w = 0; let d = 0; let l = 0; let bySea = 0; let turns = 0;
    for (let seed = 1; seed <= positions; seed++) {
      for (const side of ['A', 'B'] as const) {
        const r = playDuel(europeMap, { seed, bots: side === 'A' ? { A: SPY, B: opp } : { A: opp, B: SPY } });
        const s = r.winner.length === 1 ? (r.winner[0] === side ? 1 : 0) : 0.5;
        scores.push(s);
        turns += r.turns;
        if (s === 1) w++; else if (s === 0) l++; else d++;
        // The capital fell in the last resolution: was it taken by armies coming from a sea zone?
        const E = r.state.capitals[(side === 'A' ? 'B' : 'A') as Side];
        const ev = r.state.lastEvents;
        if (s === 1 && r.how === 'capital' && ev.some((e) => e.type === 'capture' && e.territory === E && e.to === side)
          && ev.some((e) => e.type === 'move' && e.side === side && e.to === E && europe.kind.get(e.from) === 'sea')) bySea++;
      }
    }
    const { mean, half } = scoreInterval(scores);
    console.log(`P3 | agent ${loaded.id} (${dir}) vs ${opp} | ${w}–${d}–${l} | ${fmt(mean)}% ± ${fmt(half)} (95%) | mean turns ${fmt(turns / scores.length)} | embarkations ${embarks}, wins by a sea landing on the capital ${bySea} | required ≥ ${target}%`);
    assert.ok(mean >= target, `agent vs ${opp} scores ${fmt(mean)}% < ${target}%`);
    assert.ok(bySea > 0, 'the agent won no game by a sea landing on the capital');
  });
}
