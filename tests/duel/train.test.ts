/**
 * Issue 17's trainer (src/games/duel/train/): its batches match agent.ts's observation and action v1, its backward
 * pass is the gradient of agent.ts's forward, a checkpoint resumes to the identical next step, the weights it
 * writes pass agent.ts's loader and self-test and play a whole game with legal actions only, and a tiny
 * behaviour-cloning run lowers the loss on a fixed batch. All on the small islands map (fast).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { need } from '../../src/games/europe/combat.ts';
import { duelGraph, geography } from '../../src/games/duel/board.ts';
import {
  actionSpace, agentGraph, decodeActions, encodeDecision, forward, loadAgent, observe, randomWeights, registerPolicy, type AgentView,
} from '../../src/games/duel/agent.ts';
import type { DuelView } from '../../src/games/duel/bots.ts';
import { newDuel } from '../../src/games/duel/engine.ts';
import { backward, forwardCache, maskedLoss, zeroGrads } from '../../src/games/duel/train/net.ts';
import { coastGatherTeacher, guardPushTeacher, landerTeacher, playGame, teacherOf, type GameOpts, type Sample } from '../../src/games/duel/train/play.ts';
import { DEFAULTS, bcWeight, exportWeights, loadCheckpoint, newState, returns, run, saveCheckpoint, trainStep, trainStepPool, type Item, type TrainConfig } from '../../src/games/duel/train/trainer.ts';
import { GamePool } from '../../src/games/duel/train/pool.ts';

const MAP = 'tests/fixtures/islands.json';
const map = loadMapFile(MAP);
const g = duelGraph(map);
const ag = agentGraph(g);
const opts: GameOpts = { capitals: { A: 'w_cap', B: 'e_cap' }, settings: { turnLimit: 30 } };
const cfg = (dir: string): TrainConfig => ({ ...DEFAULTS, seed: 5, mapPath: MAP, outDir: dir, ckptDir: join(dir, 'train'), workers: 0, chunk: 2, batch: 4, evalEvery: 1000, evalGames: 2, game: opts });
const tmp = () => mkdtempSync(join(tmpdir(), 'duel-train-'));
const items = (ss: readonly Sample[]): Item[] => ss.map((sample) => ({ sample, weights: sample.actions.map(() => 1) }));
const teacherSamples = (seeds: number[]) => seeds.flatMap((s) => playGame(map, s, { A: { kind: 'teacher', min: 2 }, B: { kind: 'teacher', min: 2 } }, ['A', 'B'], s, opts)).flatMap((r) => [...r.samples.A!, ...r.samples.B!]);

test('recorded batches are agent.ts observation v1 and action v1: same features, acting nodes, masks, and the teacher\'s decision', () => {
  const landerOrders = landerTeacher(2);
  const views: AgentView[] = [];
  const id = 'test:train:spy';
  registerPolicy({ id, decide: (v: DuelView) => { views.push(structuredClone({ ...v, graph: undefined }) as unknown as AgentView); return landerOrders.decide(v); } });
  newDuel(map, { type: 'start', at: 0, seed: 11, bots: { A: id, B: 'greedy' }, ...opts });
  const rec = playGame(map, 11, { A: { kind: 'teacher', min: 2 }, B: { kind: 'scripted', id: 'greedy' } }, ['A'], 11, opts);
  const ss = rec.samples.A!;
  assert.equal(ss.length, views.filter((v) => { const x = { ...v, graph: g }; return actionSpace(x).acting.length > 0; }).length);
  let k = 0;
  let moves = 0;
  for (const raw of views) {
    const v = { ...raw, graph: g } as AgentView;
    const { acting, mask } = actionSpace(v);
    if (!acting.length) continue;
    const s = ss[k++]!;
    const obs = observe(v);
    assert.deepEqual(s.node, Float32Array.from(obs.node));
    assert.deepEqual(s.global, Float32Array.from(obs.global));
    assert.deepEqual(s.acting, acting);
    assert.deepEqual(s.mask.map((m) => [...m]), mask.map((m) => [...m]));
    const d = landerOrders.decide(v);
    assert.deepEqual(s.actions, encodeDecision(v, d));
    const back = decodeActions(v, s.actions);
    const key = (o: { from: string; to: string; count: string }) => `${o.from}>${o.to}:${o.count === 'stand' || o.from === o.to ? 'stand' : o.count}`;
    assert.deepEqual(back.orders.map(key).sort(), [...new Set(d.orders.map(key))].sort());
    s.actions.forEach((c, j) => assert.equal(s.mask[j]![c], 1));
    moves += s.actions.filter((c) => c > 1).length;
  }
  assert.ok(moves > 0, 'the teacher gives manual moves');
});

test('the guard-push teacher (--teacher guard-push): the lander\'s orders, plus the capital standing and interior armies walking toward the enemy capital — all in action v1', () => {
  // On Europe (the islands are too small for interiors the lander's gathering leaves alone), D8.3's minimum of 8.
  const map = loadMapFile('maps/europe.json');
  const g = duelGraph(map);
  const plain = landerTeacher();
  const teacher = guardPushTeacher();
  const geo = geography(g);
  const views: AgentView[] = [];
  const id = 'test:train:spy-guard';
  registerPolicy({ id, decide: (v: DuelView) => { views.push(structuredClone({ ...v, graph: undefined }) as unknown as AgentView); return teacher.decide(v); } });
  for (const bots of [{ A: id, B: 'greedy' }, { A: 'lander', B: id }]) newDuel(map, { type: 'start', at: 0, seed: 12, bots });
  let stands = 0, pushes = 0;
  for (const raw of views) {
    const v = { ...raw, graph: g } as AgentView;
    const S = v.side, E = v.capitals[S === 'A' ? 'B' : 'A'];
    const base = plain.decide(v).orders;
    const d = teacher.decide(v);
    const key = (o: { from: string; to: string; count: string }) => `${o.from}>${o.to}:${o.count}`;
    // The lander's own orders come first, unchanged.
    assert.deepEqual(d.orders.slice(0, base.length).map(key), base.map(key));
    const own = g.land.filter((t) => v.board.owner.get(t) === S);
    for (const o of d.orders.slice(base.length)) {
      if (o.count === 'stand') {
        // Only the capital stands, and only from 8 own territories on.
        assert.equal(o.from, v.capitals[S]);
        assert.ok(own.length >= 8);
        stands++;
      } else {
        // A push: from an interior own territory with armies, all of them, to a land neighbour strictly nearer E.
        assert.equal(o.count, 'all');
        assert.ok((v.board.armies.get(o.from) ?? 0) > 0);
        assert.ok((g.nbrs.get(o.from) ?? []).filter((n) => g.kind.get(n) === 'land').every((n) => v.board.owner.get(n) === S), `${o.from} is interior`);
        assert.ok(geo.landDist(o.to, E) < geo.landDist(o.from, E), `${o.from}→${o.to} goes nearer ${E}`);
        pushes++;
      }
    }
    // Every order is an action v1 choice the mask allows, and decodes back to itself.
    const { acting } = actionSpace(v);
    if (!acting.length) continue;
    const acts = encodeDecision(v, d);
    assert.deepEqual(decodeActions(v, acts).orders.map((o) => `${o.from}>${o.to}`).sort(), [...new Set(d.orders.map((o) => `${o.from}>${o.to}`))].sort());
  }
  assert.ok(stands > 0 && pushes > 0, `the capital stood (${stands}) and interiors pushed (${pushes})`);
});

test('the coast-gather teacher (--teacher coast-gather): a port that stands then sails, interiors walking toward the enemy capital, a guarded capital — every order an action v1 choice', () => {
  const map = loadMapFile('maps/europe.json');
  const g = duelGraph(map);
  const teacher = coastGatherTeacher();
  const views: AgentView[] = [];
  const id = 'test:train:spy-coast';
  registerPolicy({ id, decide: (v: DuelView) => { views.push(structuredClone({ ...v, graph: undefined }) as unknown as AgentView); return teacher.decide(v); } });
  for (const [seed, bots] of [[12, { A: id, B: 'greedy' }], [13, { A: 'lander', B: id }]] as const) newDuel(map, { type: 'start', at: 0, seed, bots });
  const seen = { capitalStands: 0, portStands: 0, embarks: 0, sails: 0, walks: 0 };
  for (const raw of views) {
    const v = { ...raw, graph: g } as AgentView;
    const S = v.side;
    const d = teacher.decide(v);
    // Each node is ordered at most once, and only the side's own land or its own stacks at sea.
    assert.equal(new Set(d.orders.map((o) => o.from)).size, d.orders.length);
    for (const o of d.orders) {
      const sea = g.kind.get(o.from) === 'sea';
      assert.ok(sea ? (v.board.stacks.get(o.from)?.[S] ?? 0) > 0 : v.board.owner.get(o.from) === S, `${o.from} is the side's to order`);
      if (o.count === 'stand') { if (o.from === v.capitals[S]) seen.capitalStands++; else seen.portStands++; }
      else if (sea) seen.sails++;
      else if (g.kind.get(o.to) === 'sea') seen.embarks++;
      else seen.walks++;
    }
    const { acting } = actionSpace(v);
    if (!acting.length) continue;
    assert.deepEqual(decodeActions(v, encodeDecision(v, d)).orders.map((o) => `${o.from}>${o.to}`).sort(), d.orders.map((o) => `${o.from}>${o.to}`).sort());
  }
  for (const [k, n] of Object.entries(seen)) assert.ok(n > 0, `${k}: ${n}`);
});

test('coast-launch: the coast-gatherer whose port sails once it holds 10 armies — every embarkation carries at least 10, and one happens', () => {
  const map = loadMapFile('maps/europe.json');
  const g = duelGraph(map);
  const teacher = coastGatherTeacher(10);
  let embarks = 0;
  const id = 'test:train:spy-launch';
  registerPolicy({ id, decide: (v: DuelView) => {
    const d = teacher.decide(v);
    for (const o of d.orders) {
      if (g.kind.get(o.from) !== 'land' || g.kind.get(o.to) !== 'sea') continue;
      // The port's whole army sails (all), and only from 10 on.
      assert.equal(o.count, 'all');
      assert.ok((v.board.armies.get(o.from) ?? 0) >= 10, `${o.from} sails with ${v.board.armies.get(o.from)}`);
      embarks++;
    }
    return d;
  } });
  for (const [seed, bots] of [[12, { A: id, B: 'greedy' }], [13, { A: 'lander', B: id }]] as const) newDuel(map, { type: 'start', at: 0, seed, bots });
  assert.ok(embarks > 0, 'the port sailed');
});

test('spear-expand: from 40 territories every attack is the spear (the neighbour nearest the enemy capital, strictly nearer, taken by the whole army); below 40 the frontier expands with D6.4\'s half-splits; every order an action v1 choice', () => {
  const map = loadMapFile('maps/europe.json');
  const g = duelGraph(map);
  const geo = geography(g);
  const teacher = teacherOf('spear-expand');
  const seen = { spears: 0, halvesBelow40: 0 };
  const id = 'test:train:spy-spear';
  registerPolicy({ id, decide: (v: DuelView) => {
    const d = teacher.decide(v);
    const b = v.board;
    const E = v.capitals[v.side === 'A' ? 'B' : 'A'];
    const own = g.land.filter((t) => b.owner.get(t) === v.side).length;
    for (const o of d.orders) {
      if (o.count === 'half') {
        // Only D6.4's expansion splits in half, and it plays only below 40 territories.
        assert.ok(own < 40, `a half-split at ${own} territories`);
        seen.halvesBelow40++;
      }
      if (own < 40 || o.count !== 'all' || g.kind.get(o.from) !== 'land' || g.kind.get(o.to) !== 'land' || b.owner.get(o.to) === v.side) continue;
      // From 40 on the helper plays the rest, so a manual attack on a foreign territory is the spear's.
      const nearest = (g.landNbrs.get(o.from) ?? []).filter((n) => b.owner.get(n) !== v.side).reduce((m, n) => Math.min(m, geo.landDist(n, E)), Infinity);
      assert.equal(geo.landDist(o.to, E), nearest, `${o.from}→${o.to} is not toward ${E}`);
      assert.ok(geo.landDist(o.to, E) < geo.landDist(o.from, E));
      // D4.1: taking d defenders needs floor(1.5 d) + 1 (e.g. 4 → 7).
      assert.ok((b.armies.get(o.from) ?? 0) >= need(b.armies.get(o.to) ?? 0, v.defenseFactor), `${o.from} (${b.armies.get(o.from)}) cannot take ${o.to} (${b.armies.get(o.to)})`);
      seen.spears++;
    }
    const { acting } = actionSpace(v as AgentView);
    if (acting.length) {
      const key = (o: { from: string; to: string; count: string }) => `${o.from}>${o.to}:${o.from === o.to ? 'stand' : o.count}`;
      assert.deepEqual(decodeActions(v, encodeDecision(v, d)).orders.map(key).sort(), [...new Set(d.orders.map(key))].sort());
    }
    return d;
  } });
  for (const [seed, bots] of [[12, { A: id, B: 'greedy' }], [13, { A: 'lander', B: id }]] as const) newDuel(map, { type: 'start', at: 0, seed, bots });
  assert.ok(seen.spears > 0 && seen.halvesBelow40 > 0, JSON.stringify(seen));
});

test('DAgger games (--dagger): the network\'s argmax plays, the teacher labels every state it reaches', () => {
  const w = randomWeights(3);
  const teacher = { kind: 'teacher', min: 2 } as const;
  const greedy = { kind: 'scripted', id: 'greedy' } as const;
  // beta 0: every decision is the network's, so the game is exactly the argmax network's game, state for state.
  const dag = playGame(map, 11, { A: { kind: 'dagger', weights: w, beta: 0, min: 2 }, B: greedy }, ['A'], 11, opts);
  const net = playGame(map, 11, { A: { kind: 'net', weights: w, sample: false }, B: greedy }, ['A'], 11, opts);
  assert.deepEqual([dag.turns, dag.winner, dag.scores], [net.turns, net.winner, net.scores]);
  const ds = dag.samples.A!; const ns = net.samples.A!;
  assert.equal(ds.length, ns.length);
  ds.forEach((s, k) => { assert.deepEqual(s.node, ns[k]!.node); assert.deepEqual(s.acting, ns[k]!.acting); });
  // ...but the labels are the teacher's: the first state is the same whoever plays, so its label is the teacher's own
  // first label; later labels differ from what the random network chose.
  const tea = playGame(map, 11, { A: teacher, B: greedy }, ['A'], 11, opts);
  assert.deepEqual(ds[0]!.actions, tea.samples.A![0]!.actions);
  assert.ok(ds.some((s, k) => s.actions.join() !== ns[k]!.actions.join()), 'the labels are not the network\'s choices');
  // beta 1: the teacher plays every decision, so the record is the plain teacher game's.
  const all = playGame(map, 11, { A: { kind: 'dagger', weights: w, beta: 1, min: 2 }, B: greedy }, ['A'], 11, opts);
  assert.deepEqual([all.turns, all.winner, all.scores], [tea.turns, tea.winner, tea.scores]);
  assert.deepEqual(all.samples.A!.map((s) => s.actions), tea.samples.A!.map((s) => s.actions));
});

test('BC class weights: "leave it to the helper" weighs 1, a land move bcMove, a stand or a move from or into the sea bcRare', () => {
  const seen = new Map<number, number>();
  for (const s of teacherSamples([11, 12])) {
    s.actions.forEach((a, j) => {
      const i = s.acting[j]!;
      const to = a >= 2 ? ag.nbrs[i]![Math.floor((a - 2) / 2)]! : null;
      const sea = (k: number) => g.kind.get(ag.nodes[k]!) === 'sea';
      const want = a === 0 ? 1 : a === 1 || sea(i) || sea(to!) ? 7 : 2;
      const got = bcWeight(ag, s, j, { bcMove: 2, bcRare: 7 });
      assert.equal(got, want, `choice ${a} at ${ag.nodes[i]}`);
      // Unset, every weight is 1 (the trainer's behaviour before the option).
      assert.equal(bcWeight(ag, s, j, {}), 1);
      seen.set(got, (seen.get(got) ?? 0) + 1);
    });
  }
  assert.deepEqual([...seen.keys()].sort(), [1, 2, 7], 'helper, land moves and rare choices all occur');
});

test('the trainer\'s forward pass is agent.ts\'s bit for bit, and its backward pass is the gradient (finite differences)', () => {
  const w = randomWeights(3);
  const s = teacherSamples([2])[6]!;
  const obs = { node: Float64Array.from(s.node), global: Float64Array.from(s.global) };
  const a = forward(ag, w, obs);
  const { logits, cache } = forwardCache(ag, w, obs);
  assert.deepEqual([...logits.node], [...a.node]);
  assert.deepEqual([...logits.edge], [...a.edge]);
  const terms = s.acting.map((i, j) => ({ i, mask: s.mask[j]!, action: s.actions[j]!, weight: 1 + j }));
  const lossOf = () => { const l = forwardCache(ag, w, obs).logits; return maskedLoss(ag, l, terms, new Float64Array(l.node.length), new Float64Array(l.edge.length), 0.01).loss; };
  const dN = new Float64Array(logits.node.length);
  const dE = new Float64Array(logits.edge.length);
  maskedLoss(ag, logits, terms, dN, dE, 0.01);
  const gr = zeroGrads();
  backward(ag, w, cache, dN, dE, gr);
  let checked = 0;
  for (const name of ['input.weight', 'mp0.self', 'mp1.sea', 'mp2.land', 'mp3.bias', 'node.weight', 'edge.weight', 'edge.bias']) {
    const p = w.get(name)!;
    const gg = gr.get(name)!;
    // The coordinates with the largest gradients (a zero gradient may sit on a ReLU kink).
    const idx = [...gg.keys()].sort((x, y) => Math.abs(gg[y]!) - Math.abs(gg[x]!)).slice(0, 3);
    for (const i of idx) {
      const old = p[i]!;
      const eps = 1e-3;
      p[i] = old + eps; const up = lossOf();
      p[i] = old - eps; const down = lossOf();
      const hi = Math.fround(old + eps) - Math.fround(old - eps);
      p[i] = old;
      const num = (up - down) / hi;
      assert.ok(Math.abs(num - gg[i]!) <= 2e-2 * Math.max(1, Math.abs(num)), `${name}[${i}]: numeric ${num} vs backward ${gg[i]}`);
      checked++;
    }
  }
  assert.ok(checked >= 20);
});

test('a tiny behaviour-cloning run lowers the loss on a fixed batch', () => {
  const st = newState(cfg(tmp()));
  const batch = items(teacherSamples([3, 4]).slice(0, 8));
  const lossOn = () => { let l = 0; for (const it of batch) { const { logits } = forwardCache(ag, st.weights, { node: Float64Array.from(it.sample.node), global: Float64Array.from(it.sample.global) }); l += maskedLoss(ag, logits, it.sample.acting.map((i, j) => ({ i, mask: it.sample.mask[j]!, action: it.sample.actions[j]!, weight: 1 })), new Float64Array(logits.node.length), new Float64Array(logits.edge.length)).loss; } return l; };
  const before = lossOn();
  for (let k = 0; k < 15; k++) trainStep(ag, st, batch);
  const after = lossOn();
  assert.ok(after < 0.7 * before, `loss ${before} → ${after}`);
});

test('data-parallel steps: a minibatch\'s halves computed in two workers give the in-process step bit for bit (weights and Adam state)', async () => {
  const batch = items(teacherSamples([3, 4]).slice(0, 9));
  const one = newState(cfg(tmp()));
  const two = newState(cfg(tmp()));
  const pool = new GamePool(MAP, 2);
  try {
    assert.equal(pool.size, 2);
    for (let k = 0; k < 3; k++) {
      const a = trainStep(ag, one, batch);
      const b = await trainStepPool(ag, two, batch, 0, pool);
      assert.deepEqual(b, a);
    }
  } finally { await pool.close(); }
  for (const [name, w] of one.weights) assert.deepEqual(two.weights.get(name), w, name);
  for (const [name, m] of one.adam.m) { assert.deepEqual(two.adam.m.get(name), m); assert.deepEqual(two.adam.v.get(name), one.adam.v.get(name)); }
  assert.equal(two.steps, 3);
  // And the steps moved the weights (a no-op would pass the comparison too).
  const fresh = newState(cfg(tmp()));
  assert.ok([...fresh.weights].some(([name, w]) => w.some((x, i) => x !== one.weights.get(name)![i])));
});

test('a checkpoint round-trip resumes to the identical next step (weights, Adam, counters, RNG)', async () => {
  const dir = tmp();
  try {
    const c = cfg(dir);
    // Uninterrupted: 4 BC games. Interrupted: 2 games, checkpoint, load, 2 more.
    const straight = await run(newState({ ...c, ckptDir: join(dir, 'a') }), { phase: 'bc', games: 4, log: () => {}, holdoutGames: 1 });
    const first = await run(newState({ ...c, ckptDir: join(dir, 'b') }), { phase: 'bc', games: 2, log: () => {}, holdoutGames: 1 });
    saveCheckpoint(first);
    const resumed = await run(loadCheckpoint(join(dir, 'b')), { phase: 'bc', games: 2, log: () => {}, holdoutGames: 1 });
    assert.equal(resumed.steps, straight.steps);
    assert.equal(resumed.rng, straight.rng);
    assert.equal(resumed.adam.t, straight.adam.t);
    for (const [name, a] of straight.weights) assert.deepEqual(resumed.weights.get(name), a, name);
    for (const [name, a] of straight.adam.v) assert.deepEqual(resumed.adam.v.get(name), a, name);
    // And a short self-play step from the resumed state is deterministic too.
    const r1 = await run(loadCheckpoint(join(dir, 'b')), { phase: 'rl', games: 2, log: () => {}, holdoutGames: 1 });
    const r2 = await run(loadCheckpoint(join(dir, 'a')), { phase: 'rl', games: 2, log: () => {}, holdoutGames: 1 });
    for (const [name, a] of r1.weights) assert.deepEqual(r2.weights.get(name), a, name);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('the written weights pass agent.ts\'s loader and self-test, and play a whole game with legal actions only', async () => {
  const dir = tmp();
  try {
    const st = await run(newState(cfg(dir)), { phase: 'bc', games: 2, log: () => {}, holdoutGames: 1 });
    const e = exportWeights(map, st, 3);
    assert.ok(e.bytes <= 2 * 1024 * 1024);
    const r = loadAgent(g, dir, 3);
    assert.ok(r.ok, r.ok ? '' : r.reason);
    assert.equal(r.manifest.trainedGames, 2);
    assert.ok(r.manifest.selfTest.acting.length > 0);
    // newDuel throws on any refused order (D8.1): a finished game is a game of legal actions.
    const s = newDuel(map, { type: 'start', at: 0, seed: 9, bots: { A: r.id, B: 'lander' }, ...opts });
    assert.equal(s.status, 'ended');
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('self-play returns: the shaping anneals away, leaving the discounted final result', () => {
  const ss = teacherSamples([6]).slice(0, 5);
  const G = returns(ag, ss, 1, 0, 0.5);
  assert.deepEqual(G, [1 / 16, 1 / 8, 1 / 4, 1 / 2, 1]);
  const shaped = returns(ag, ss, 1, 1, 0.5);
  assert.notDeepEqual(shaped, G);
});
