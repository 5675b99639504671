/**
 * duel.md D8.4, the agent's interface: observation v1, action v1 (with "leave it to the helper"), the reference
 * network's inference, the weights file's loading contract and AGENT_UNAVAILABLE. No trained weights ship: the
 * files here are written to a temporary directory from the reference architecture filled by makeRng(1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import type { DuelView } from '../../src/games/duel/bots.ts';
import { lander } from '../../src/games/duel/bots.ts';
import type { Board, Side } from '../../src/games/duel/resolve.ts';
import {
  actionSpace, agentFiles, agentGraph, agentPolicy, allTo, chooseActions, decodeActions, duelGraphHash, encodeDecision, forward, halfTo,
  loadAgent, observe, randomWeights, referenceTensors, resolveBot, HELPER, NODE_FEATURES, STAND, type AgentView,
} from '../../src/games/duel/agent.ts';
import { duelBot } from '../../src/games/duel/module.ts';
import { newDuel, toBoard } from '../../src/games/duel/engine.ts';
import { runDuelTranscript } from '../../src/games/duel/transcript.ts';

const islandsMap = loadMapFile('tests/fixtures/islands.json');
const islands = duelGraph(islandsMap);
const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));

function view(g = islands, owned: Record<string, [Side | null, number]>, stacks: Record<string, { A: number; B: number }> = {}, extra: Partial<AgentView> = {}): AgentView {
  const board: Board = { owner: new Map(), armies: new Map(), stacks: new Map(Object.entries(stacks)) };
  for (const t of g.land) { board.owner.set(t, owned[t]?.[0] ?? null); board.armies.set(t, owned[t]?.[1] ?? 1); }
  return { graph: g, board, side: 'A', capitals: { A: 'w_cap', B: 'e_cap' }, routes: [], maxRoutes: 50, defenseFactor: 1.5, seaLoss: 0.1, turn: 1, turnLimit: 150, idle: 0, idleTurns: 3, ...extra };
}

const feat = (obs: { node: Float64Array }, i: number) => [...obs.node.subarray(i * NODE_FEATURES, (i + 1) * NODE_FEATURES)];

test('D8.4 observation v1 on islands.json: nodes in map file order (arsenals dropped), 16 features each, 6 global ones', () => {
  const ag = agentGraph(islands);
  assert.deepEqual(ag.nodes, ['w_cap', 'w_port', 'w_land', 'e_cap', 'e_port', 'e_land', 'z_town', 'isle', 'inner', 'outer']);
  const v = view(islands, { w_cap: ['A', 10], e_cap: ['B', 10], w_port: [null, 2], w_land: ['A', 4] }, { inner: { A: 5, B: 0 } }, { turn: 15, idle: 1 });
  const obs = observe(v);
  assert.equal(obs.node.length, 10 * 16);
  // w_port: land, value 2/3, neutral garrison 2/3, coastal; landDist to w_cap 1 → 1/32; to e_cap w_port–w_land–e_land–e_cap 3 → 3/32.
  assert.deepEqual(feat(obs, 1), [1, 2 / 3, 0, 0, 1, 0, 0, 2 / 3, 0, 0, 1, 1 / 32, 3 / 32, 0, 0, 0]);
  // w_land: A's with 4 → ln(5)/5; not coastal; next to e_land (neutral, over the Great Belt-like strait) → feature 15; no E neighbour.
  assert.deepEqual(feat(obs, 2), [1, 1 / 3, 1, 0, 0, Math.log(5) / 5, 0, 0, 0, 0, 0, 1 / 32, 2 / 32, 0, 0, 1]);
  // e_cap: E's capital with 10 → ln(11)/5 in feature 6, value 3/3.
  assert.equal(feat(obs, 3)[6], Math.log(11) / 5);
  assert.equal(feat(obs, 3)[9], 1);
  // inner: a sea zone — A's stack of 5 → ln(6)/5; landDist features 1 (sea).
  assert.deepEqual(feat(obs, 8), [0, 0, 0, 0, 0, Math.log(6) / 5, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0]);
  // isle is unreachable by land from either capital: landDist ∞ → 1.
  assert.deepEqual([feat(obs, 7)[11], feat(obs, 7)[12]], [1, 1]);
  // Global: turn 15/150; A's score w_cap 3 + w_land 1 = 4 of the map's 14 (3+2+1+3+2+1+1+1); B's 3/14; armies 10+4+5 = 19 → ln(20)/8, B's 10 → ln(11)/8; idle 1/3.
  assert.deepEqual([...obs.global], [15 / 150, 4 / 14, 3 / 14, Math.log(20) / 8, Math.log(11) / 8, 1 / 3]);
});

test('D8.4 feature 13 counts only the own routes\' armies; E\'s routes are never observed; features 14/15 next to E / a neutral', () => {
  const base = view(islands, { w_cap: ['A', 10], w_land: ['A', 4], e_land: ['B', 3], e_cap: ['B', 10] });
  const withRoutes = { ...base, routes: [
    { id: 1, side: 'A' as const, path: ['w_cap', 'w_land', 'e_land'], at: 1, count: 'all' as const, armies: 3, waiting: true },
    { id: 2, side: 'B' as const, path: ['e_land', 'w_land'], at: 0, count: 'all' as const, armies: 7, waiting: false },
  ] };
  const obs = observe(withRoutes);
  assert.equal(feat(obs, 2)[13], Math.log(4) / 5, 'A\'s route carries 3 at w_land: ln(1 + 3)/5');
  assert.equal(feat(obs, 5)[13], 0, 'B\'s route is not observed');
  assert.equal(feat(obs, 2)[14], 1, 'w_land borders B\'s e_land');
  assert.equal(feat(obs, 2)[15], 1, 'w_land borders the neutral z_town');
  assert.equal(feat(obs, 0)[15], 1, 'w_cap borders the neutral w_port');
});

test('D8.4 action v1: one choice per acting node — 0 helper, 1 stand, 2+2k all / 3+2k half to the k-th neighbour (id order); zero-army moves masked', () => {
  // A acts at w_cap (neighbours in id order: w_land, w_port) and at the zone inner (e_port, outer, w_port) with a stack of 1.
  const v = view(islands, { w_cap: ['A', 10], e_cap: ['B', 10] }, { inner: { A: 1, B: 4 }, outer: { A: 0, B: 3 } });
  const { acting, mask } = actionSpace(v);
  assert.deepEqual(acting, [0, 8], 'w_cap and inner; outer holds only B\'s stack');
  assert.deepEqual([...mask[0]!], [1, 1, 1, 1, 1, 1]);
  // A stack of 1: all moves carry 1, half of 1 is 0 → masked.
  assert.deepEqual([...mask[1]!], [1, 1, 1, 0, 1, 0, 1, 0]);
  assert.deepEqual(decodeActions(v, [halfTo(1), allTo(0)]), { orders: [{ from: 'w_cap', to: 'w_port', count: 'half' }, { from: 'inner', to: 'e_port', count: 'all' }], routes: [] });
  assert.deepEqual(decodeActions(v, [HELPER, STAND]), { orders: [{ from: 'inner', to: 'inner', count: 'stand' }], routes: [] }, 'choice 0 gives no order: the helper plays w_cap (D8.1)');
  assert.throws(() => decodeActions(v, [0, halfTo(0)]), /masked/);
  // A territory at 0 may only stand (or be left to the helper).
  const zero = actionSpace(view(islands, { w_cap: ['A', 0] }));
  assert.deepEqual([...zero.mask[0]!], [1, 1, 0, 0, 0, 0]);
});

test('D8.4/D8.1 a node held by an own route allows only choice 0 (an order there would cancel the route, D2.3)', () => {
  const v = view(islands, { w_cap: ['A', 10], w_land: ['A', 6] });
  v.routes = [{ id: 1, side: 'A', path: ['w_land', 'e_land'], at: 0, count: 'all', armies: null, waiting: true }];
  const { acting, mask } = actionSpace(v);
  assert.deepEqual(acting, [0, 2]);
  assert.deepEqual([...mask[1]!], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'w_land: 2 + 2 × 4 neighbours (e_land, w_cap, w_port, z_town) — all but 0 masked');
});

test('D8.4 encode/decode round-trip: every legal action list of a position, and the lander\'s gathering decision', () => {
  const v = view(islands, { w_cap: ['A', 5], w_port: ['A', 5], w_land: ['A', 1], e_cap: ['B', 5], e_port: [null, 4] }, { inner: { A: 3, B: 0 } }, { landerMinTerritories: 2 } as Partial<AgentView>);
  const { mask } = actionSpace(v);
  // Exhaustive over the masks: w_cap 6 choices, w_port 8 (inner, w_cap, w_land: 2 + 2×3), w_land 8 (half of 1 masked), inner 8.
  const legal = mask.map((m) => [...m].flatMap((ok, c) => (ok ? [c] : [])));
  let n = 0;
  const walk = (prefix: number[]) => {
    if (prefix.length === legal.length) {
      assert.deepEqual(encodeDecision(v, decodeActions(v, prefix)), prefix);
      n++;
      return;
    }
    for (const c of legal[prefix.length]!) walk([...prefix, c]);
  };
  walk([]);
  // w_cap 6 × w_port 8 × w_land (0, 1, all×4) 6 × inner (3 armies: 8) 8 = 2304 lists.
  assert.equal(n, 6 * 8 * 6 * 8);
  // The lander's decision (the port stands, w_cap walks to it) comes back the same, its orders in map file order.
  const gather = lander.decide(v as DuelView);
  const byFrom = (d: typeof gather) => [...d.orders].sort((a, b) => (a.from < b.from ? -1 : 1));
  assert.deepEqual(encodeDecision(v, gather), [allTo(1), STAND, HELPER, HELPER]);
  assert.deepEqual(byFrom(decodeActions(v, encodeDecision(v, gather))), byFrom(gather));
});

test('D8.4 masked argmax per node, ties to the lowest index', () => {
  const v = view(islands, { w_cap: ['A', 1] });
  const ag = agentGraph(islands);
  const { acting, mask } = actionSpace(v);
  const node = new Float64Array(ag.nodes.length * 2);
  const edge = new Float64Array(ag.edgeCount * 2);
  // w_cap: helper 0.5, stand 0.5 (a tie: the helper, index 0 wins); then all→w_port 0.9 but half→w_land 2 is masked (half of 1).
  node[0] = 0.5; node[1] = 0.5;
  assert.deepEqual(chooseActions(ag, { node, edge }, acting, mask), [HELPER]);
  edge[(ag.edgeStart[0]! + 1) * 2] = 0.9;
  edge[(ag.edgeStart[0]! + 0) * 2 + 1] = 2;
  assert.deepEqual(chooseActions(ag, { node, edge }, acting, mask), [allTo(1)]);
});

test('D8.4 the reference architecture: 22→48, 4 mean-aggregating layers with one matrix per edge type, heads 48→2 and 100→2: 47,676 parameters', () => {
  const n = referenceTensors().reduce((a, t) => a + t.shape.reduce((x, y) => x * y, 1), 0);
  // 22×48 + 48 = 1,104; per layer 5 × 48×48 + 48 = 11,568, ×4 = 46,272; node head 98; edge head 202.
  assert.equal(n, 1104 + 4 * 11568 + 98 + 202);
  const w = randomWeights(1);
  const ag = agentGraph(islands);
  const obs = observe(view(islands, { w_cap: ['A', 10], e_cap: ['B', 10] }));
  const a = forward(ag, w, obs);
  assert.deepEqual(forward(ag, w, obs), a, 'deterministic');
  assert.equal(a.edge.length, ag.edgeCount * 2);
});

test('D8.4 mapHash: SHA-256 of the canonical duel graph — the same map the same hash, another map another', () => {
  assert.match(duelGraphHash(islands), /^[0-9a-f]{64}$/);
  assert.equal(duelGraphHash(duelGraph(loadMapFile('tests/fixtures/islands.json'))), duelGraphHash(islands));
  assert.notEqual(duelGraphHash(tiny), duelGraphHash(islands));
});

function modelDir(): string {
  return mkdtempSync(join(tmpdir(), 'duel-agent-'));
}

test('D8.4 loading: no weights file → AGENT_UNAVAILABLE; a written v1 pair loads as agent@v1 and decides like its weights', () => {
  const dir = modelDir();
  try {
    const none = loadAgent(islands, dir);
    assert.deepEqual([none.ok, !none.ok && none.code], [false, 'AGENT_UNAVAILABLE']);
    const st = view(islands, { w_cap: ['A', 10], w_port: ['A', 3], e_cap: ['B', 10] });
    const files = agentFiles(islands, 1, randomWeights(1), st, 12);
    writeFileSync(join(dir, 'v1.json'), files.json);
    writeFileSync(join(dir, 'v1.bin'), files.bin);
    const ok = loadAgent(islands, dir);
    assert.ok(ok.ok, !ok.ok ? ok.reason : '');
    assert.equal(ok.id, 'agent@v1');
    assert.equal(ok.manifest.trainedGames, 12);
    assert.deepEqual(ok.policy.decide(st), agentPolicy('x', randomWeights(1)).decide(st));
    assert.ok(files.json.length + files.bin.length <= 2 * 1024 * 1024, 'D8.4: both ≤ 2 MB');
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('D8.4 loading refuses a wrong binary hash, another map, another version, a failing self-test — each AGENT_UNAVAILABLE with its reason', () => {
  const dir = modelDir();
  try {
    const st = view(islands, { w_cap: ['A', 10], e_cap: ['B', 10] });
    const files = agentFiles(islands, 2, randomWeights(2), st);
    const write = (json: string, bin: Buffer) => { writeFileSync(join(dir, 'v2.json'), json); writeFileSync(join(dir, 'v2.bin'), bin); };
    const reason = () => { const r = loadAgent(islands, dir); assert.equal(r.ok, false); return !r.ok ? `${r.code}: ${r.reason}` : ''; };
    const bad = Buffer.from(files.bin);
    bad.writeFloatLE(1, 0);
    write(files.json, bad);
    assert.match(reason(), /AGENT_UNAVAILABLE: .*SHA-256/);
    const m = JSON.parse(files.json) as Record<string, unknown>;
    write(JSON.stringify({ ...m, map: 'europe' }), files.bin);
    assert.match(reason(), /trained on map "europe"/);
    write(JSON.stringify({ ...m, mapHash: '0'.repeat(64) }), files.bin);
    assert.match(reason(), /mapHash/);
    write(JSON.stringify({ ...m, obsVersion: 2 }), files.bin);
    assert.match(reason(), /version/);
    const selfTest = m.selfTest as { actions: number[] };
    write(JSON.stringify({ ...m, selfTest: { ...selfTest, actions: selfTest.actions.map((a) => (a === 0 ? 1 : 0)) } }), files.bin);
    assert.match(reason(), /self-test/);
    // The tiny map is not the map it was written for.
    write(files.json, files.bin);
    const other = loadAgent(tiny, dir);
    assert.equal(other.ok, false);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('D8.4/D10.10 the agent bot choice without weights answers AGENT_UNAVAILABLE in Chinese; greedy and lander are always there', () => {
  const root = modelDir();
  try {
    const r = duelBot(islands, 'agent', 'zh', root);
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.code, 'AGENT_UNAVAILABLE');
    assert.match(!r.ok ? r.text : '', /^AGENT_UNAVAILABLE：智能体暂时不可用——没有可用的权重文件/);
    assert.match(!r.ok ? r.text : '', /贪婪（greedy）或登陆（lander）/);
    // The loader's reason names files on the server, in English: a Chinese-speaking player is not shown it.
    assert.doesNotMatch(!r.ok ? r.text : '', new RegExp(`${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|no weights file`));
    const en = duelBot(islands, 'agent', 'en', root);
    assert.match(!en.ok ? en.text : '', /: no weights file in /, 'the English text keeps the reason for the operator');
    assert.deepEqual(duelBot(islands, 'greedy', 'zh', root), { ok: true, id: 'greedy' });
    assert.deepEqual(duelBot(islands, 'Lander', 'zh', root), { ok: true, id: 'lander' });
    assert.equal(duelBot(islands, 'robot', 'zh', root).ok, false);
    assert.equal(resolveBot('robot', islands, root), null);
  } finally { rmSync(root, { recursive: true, force: true }); }
});

test('D10.7/D8.4 `@bot 蓝方 agent` plays a transcript when a usable weights file is present (and the game replays the same)', () => {
  const root = modelDir();
  try {
    const map = resolve('tests/fixtures/islands.json');
    const seed = newDuel(islandsMap, { type: 'start', at: 0, seed: 5, capitals: { A: 'w_cap', B: 'e_cap' } });
    const files = agentFiles(islands, 1, randomWeights(3), { ...view(islands, {}), board: toBoard(seed), side: 'B' });
    const dir = join(root, 'models', 'duel-agent');
    // models/duel-agent/v1.{json,bin} under the transcript's root.
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'v1.json'), files.json);
    writeFileSync(join(dir, 'v1.bin'), files.bin);
    const text = `@game duel\n@map ${map}\n@seed 5\n@bot 蓝方 agent\n@capitals 西都 东都\n红方: 【准备】\n红方: 【准备】\n@pass 3\n`;
    const a = runDuelTranscript(join(root, 't.txt'), text, root);
    assert.equal(a.state.bots.B, 'agent@v1');
    assert.ok(a.state.turn >= 3 || a.state.status === 'ended');
    const b = runDuelTranscript(join(root, 't.txt'), text, root);
    assert.deepEqual(b.state, a.state, 'D1.8/D8.1: the agent is pure, so the replay is exact');
    assert.equal(JSON.parse(readFileSync(join(dir, 'v1.json'), 'utf8')).format, 'duel-agent');
  } finally { rmSync(root, { recursive: true, force: true }); }
});

test('D11 B5 (informative): one agent decision on Europe with the reference architecture from makeRng(1)', () => {
  const europe = loadMapFile('maps/europe.json');
  const s = newDuel(europe, { type: 'start', at: 0, seed: 42 });
  const g = duelGraph(europe);
  assert.equal(agentGraph(g).nodes.length, 300, 'D8.4: 275 land + 25 sea');
  const p = agentPolicy('agent@bench', randomWeights(1));
  const v: AgentView = { graph: g, board: toBoard(s), side: 'A', capitals: s.capitals, routes: [], maxRoutes: 50, defenseFactor: 1.5, seaLoss: 0.1, turn: 1, turnLimit: 150, idle: 0, idleTurns: 3 };
  p.decide(v);
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) p.decide(v);
  const ms = (performance.now() - t0) / 5;
  console.log(`# agent decision on Europe: ${ms.toFixed(1)} ms (target ≤ 50 ms p99, D11 B5)`);
  assert.ok(ms < 1000);
});

