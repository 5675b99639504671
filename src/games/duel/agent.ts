/**
 * Europe Duel's agent interface (duel.md D8.4): observation v1, action v1 (with "leave it to the helper"), the
 * reference network's inference in plain TypeScript, and the weights file's loading contract
 * (`models/duel-agent/v<N>.json` + `v<N>.bin`). No training here (a later issue): this is what a trained policy
 * plugs into. Without a usable weights file the agent is unavailable (`AGENT_UNAVAILABLE`) and everything else works.
 *
 * Also the policy registry the engine asks (D8.1): the scripted bots of bots.ts plus the agents loaded here.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeRng } from '../europe/rng.ts';
import { byId, geography, type DuelGraph } from './board.ts';
import { POLICIES, type DuelDecision, type DuelPolicy, type DuelView } from './bots.ts';
import { other } from './resolve.ts';

// ── the registry (D8.1) ─────────────────────────────────────────────────────────────────────────────

const agents = new Map<string, DuelPolicy>();

/** The policy of a bot id: a scripted bot, or an agent loaded by loadAgent (`agent@v<N>`). */
export function policyFor(id: string): DuelPolicy | undefined {
  return POLICIES[id] ?? agents.get(id);
}

/** D8.1: adding a policy needs no engine change. */
export function registerPolicy(p: DuelPolicy): void {
  agents.set(p.id, p);
}

// ── observation v1 (D8.4) ───────────────────────────────────────────────────────────────────────────

export const OBS_VERSION = 1;
export const ACT_VERSION = 1;
export const NODE_FEATURES = 16;
export const GLOBAL_FEATURES = 6;
/** D8.4's edge types, in this order (one-hot in the edge head, one weight matrix each per layer). */
export const EDGE_TYPES = ['land', 'strait', 'coast', 'sea'] as const;
export type AgentEdgeType = (typeof EDGE_TYPES)[number];

/** What the agent reads beyond D8.1's view: the turn and the idle counter (global features 0 and 5). */
export interface AgentView extends DuelView { turn?: number; turnLimit?: number; idle?: number; idleTurns?: number }

/** The duel graph as the network sees it: nodes in map file order, neighbours in id order (D8.4's k), typed edges. */
export interface AgentGraph {
  g: DuelGraph;
  nodes: string[];
  index: Map<string, number>;
  /** Per node, its neighbours' indices in id order: the k of action 2 + 2k. */
  nbrs: number[][];
  /** Per node, the type of the edge to each neighbour (index into EDGE_TYPES), parallel to nbrs. */
  types: number[][];
  /** Where node i's directed edges start in the flat edge list (edge i→nbrs[i][k] is edgeStart[i] + k). */
  edgeStart: number[];
  edgeCount: number;
  totalValue: number;
  coastal: boolean[];
  landDist(x: string, y: string): number;
}

const graphs = new WeakMap<DuelGraph, AgentGraph>();

/** The edge type of a duel edge (D1.1, D1.3): a land edge the map marks `strait` is a strait. */
function edgeType(g: DuelGraph, a: string, b: string): AgentEdgeType {
  const k = g.edgeKind(a, b);
  if (k === 'land') return g.map.straits.has(a < b ? `${a}|${b}` : `${b}|${a}`) ? 'strait' : 'land';
  return k === 'sea' ? 'sea' : 'coast';
}

export function agentGraph(g: DuelGraph): AgentGraph {
  let ag = graphs.get(g);
  if (ag) return ag;
  const nodes = g.map.territories.filter((t) => g.kind.has(t.id)).map((t) => t.id);
  const index = new Map(nodes.map((id, i) => [id, i]));
  const nbrs = nodes.map((id) => (g.nbrs.get(id) ?? []).map((n) => index.get(n)!));
  const types = nodes.map((id) => (g.nbrs.get(id) ?? []).map((n) => EDGE_TYPES.indexOf(edgeType(g, id, n))));
  const edgeStart: number[] = [];
  let e = 0;
  for (const ns of nbrs) { edgeStart.push(e); e += ns.length; }
  const geo = geography(g);
  ag = {
    g, nodes, index, nbrs, types, edgeStart, edgeCount: e,
    totalValue: g.land.reduce((a, t) => a + (g.value.get(t) ?? 0), 0),
    coastal: nodes.map((id) => g.kind.get(id) === 'land' && geo.coastal(id)),
    landDist: geo.landDist,
  };
  graphs.set(g, ag);
  return ag;
}

/**
 * D8.4 `mapHash`: SHA-256 (hex) of the canonical duel graph — one line `id<TAB>kind` per node in map file order
 * (the map's kind: land, city, capital, sea), then one line `a<TAB>b<TAB>type` per edge with a < b in id order,
 * sorted by (a, b); lines joined by `\n`.
 */
export function duelGraphHash(g: DuelGraph): string {
  const ag = agentGraph(g);
  const lines = ag.nodes.map((id) => `${id}\t${g.map.territory.get(id)!.kind}`);
  const edges: string[][] = [];
  for (const a of ag.nodes) for (const b of g.nbrs.get(a) ?? []) if (a < b) edges.push([a, b, edgeType(g, a, b)]);
  edges.sort((x, y) => byId(x[0]!, y[0]!) || byId(x[1]!, y[1]!));
  for (const e of edges) lines.push(e.join('\t'));
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** Observation v1: per node 16 features (row-major, node i at i × 16) and 6 global ones. */
export interface Observation { node: Float64Array; global: Float64Array }

/**
 * D8.4 observation v1 for the view's side S (E the other), from the view only: E's routes, paint and orders are
 * never in it (a DuelView holds none of them).
 */
export function observe(v: AgentView): Observation {
  const ag = agentGraph(v.graph);
  const { graph: g, board: b, side: S } = v;
  const E = other(S);
  const N = ag.nodes.length;
  const node = new Float64Array(N * NODE_FEATURES);
  const carried = new Map<string, number>();
  for (const r of v.routes) if (r.side === S && r.armies !== null) carried.set(r.path[r.at]!, (carried.get(r.path[r.at]!) ?? 0) + r.armies);
  const dist = (x: string, cap: string) => { const d = ag.landDist(x, cap); return d === Infinity ? 1 : d / 32; };
  let armiesS = 0;
  let armiesE = 0;
  let scoreS = 0;
  let scoreE = 0;
  for (let i = 0; i < N; i++) {
    const id = ag.nodes[i]!;
    const f = node.subarray(i * NODE_FEATURES, (i + 1) * NODE_FEATURES);
    const land = g.kind.get(id) === 'land';
    if (land) {
      const owner = b.owner.get(id) ?? null;
      const d = b.armies.get(id) ?? 0;
      const value = g.value.get(id) ?? 0;
      const nb = g.landNbrs.get(id) ?? [];
      f[0] = 1;
      f[1] = value / 3;
      f[2] = owner === S ? 1 : 0;
      f[3] = owner === E ? 1 : 0;
      f[4] = owner === null ? 1 : 0;
      f[5] = owner === S ? Math.log1p(d) / 5 : 0;
      f[6] = owner === E ? Math.log1p(d) / 5 : 0;
      f[7] = owner === null ? d / 3 : 0;
      f[8] = id === v.capitals[S] ? 1 : 0;
      f[9] = id === v.capitals[E] ? 1 : 0;
      f[10] = ag.coastal[i] ? 1 : 0;
      f[11] = dist(id, v.capitals[S]);
      f[12] = dist(id, v.capitals[E]);
      f[14] = owner === S && nb.some((u) => b.owner.get(u) === E) ? 1 : 0;
      f[15] = owner === S && nb.some((u) => (b.owner.get(u) ?? null) === null) ? 1 : 0;
      if (owner === S) { armiesS += d; scoreS += value; }
      if (owner === E) { armiesE += d; scoreE += value; }
    } else {
      const st = b.stacks.get(id);
      f[5] = Math.log1p(st?.[S] ?? 0) / 5;
      f[6] = Math.log1p(st?.[E] ?? 0) / 5;
      f[11] = 1;
      f[12] = 1;
      armiesS += st?.[S] ?? 0;
      armiesE += st?.[E] ?? 0;
    }
    f[13] = Math.log1p(carried.get(id) ?? 0) / 5;
  }
  const global = new Float64Array(GLOBAL_FEATURES);
  global[0] = (v.turn ?? 1) / (v.turnLimit ?? 150);
  global[1] = scoreS / ag.totalValue;
  global[2] = scoreE / ag.totalValue;
  global[3] = Math.log1p(armiesS) / 8;
  global[4] = Math.log1p(armiesE) / 8;
  global[5] = v.idleTurns ? (v.idle ?? 0) / v.idleTurns : 0;
  return { node, global };
}

// ── action v1 (D8.4) ────────────────────────────────────────────────────────────────────────────────

/** Choice 0: leave the node to the normal helper (D6.3 on land, D6.7 at sea). */
export const HELPER = 0;
/** Choice 1: stand. */
export const STAND = 1;
export const allTo = (k: number): number => 2 + 2 * k;
export const halfTo = (k: number): number => 3 + 2 * k;

/** The side's armies at a node it may act for: its garrison, or its stack at sea. */
function armiesAt(v: DuelView, id: string): number {
  const g = v.graph;
  if (g.kind.get(id) === 'sea') return v.board.stacks.get(id)?.[v.side] ?? 0;
  return v.board.owner.get(id) === v.side ? v.board.armies.get(id) ?? 0 : 0;
}

/**
 * The nodes where S can act (own land territories, zones with an S stack), as indices in map file order, and per
 * node the mask over its 2 + 2·degree choices (1: allowed). Masked: moves that would carry 0 armies (all of 0,
 * half of 0 or 1). A node where one of S's own routes stands allows only 0: an order there would cancel the
 * route (D2.3), which D8.1 forbids a policy.
 */
export function actionSpace(v: DuelView): { acting: number[]; mask: Uint8Array[] } {
  const ag = agentGraph(v.graph);
  const held = new Set(v.routes.filter((r) => r.side === v.side).map((r) => r.path[r.at]!));
  const acting: number[] = [];
  const mask: Uint8Array[] = [];
  for (let i = 0; i < ag.nodes.length; i++) {
    const id = ag.nodes[i]!;
    const sea = v.graph.kind.get(id) === 'sea';
    const n = armiesAt(v, id);
    if (sea ? n <= 0 : v.board.owner.get(id) !== v.side) continue;
    const m = new Uint8Array(2 + 2 * ag.nbrs[i]!.length);
    m[HELPER] = 1;
    if (!held.has(id)) {
      m[STAND] = 1;
      for (let k = 0; k < ag.nbrs[i]!.length; k++) {
        m[allTo(k)] = n >= 1 ? 1 : 0;
        m[halfTo(k)] = Math.floor(n / 2) >= 1 ? 1 : 0;
      }
    }
    acting.push(i);
    mask.push(m);
  }
  return { acting, mask };
}

/** The decision of one choice per acting node (choice 0 nodes get no order: the helper plays them, D8.1). */
export function decodeActions(v: DuelView, actions: readonly number[]): DuelDecision {
  const ag = agentGraph(v.graph);
  const { acting, mask } = actionSpace(v);
  if (actions.length !== acting.length) throw new Error(`action v1: ${actions.length} choices for ${acting.length} acting nodes`);
  const orders: DuelDecision['orders'] = [];
  actions.forEach((c, j) => {
    const i = acting[j]!;
    if (!Number.isInteger(c) || c < 0 || c >= mask[j]!.length || !mask[j]![c]) throw new Error(`action v1: choice ${c} is masked at ${ag.nodes[i]}`);
    const from = ag.nodes[i]!;
    if (c === HELPER) return;
    if (c === STAND) { orders.push({ from, to: from, count: 'stand' }); return; }
    const k = Math.floor((c - 2) / 2);
    orders.push({ from, to: ag.nodes[ag.nbrs[i]![k]!]!, count: c % 2 === 0 ? 'all' : 'half' });
  });
  return { orders, routes: [] };
}

/** The inverse of decodeActions: one choice per acting node; a node without an order is 0. Routes have no encoding. */
export function encodeDecision(v: DuelView, d: DuelDecision): number[] {
  const ag = agentGraph(v.graph);
  const { acting, mask } = actionSpace(v);
  if (d.routes.length) throw new Error('action v1 has no routes');
  const pos = new Map(acting.map((i, j) => [ag.nodes[i]!, j]));
  const out = acting.map(() => HELPER);
  for (const o of d.orders) {
    const j = pos.get(o.from);
    if (j === undefined) throw new Error(`action v1: ${o.from} is not a node the side acts for`);
    const i = acting[j]!;
    let c: number;
    if (o.count === 'stand' || o.to === o.from) c = STAND;
    else {
      const k = ag.nbrs[i]!.indexOf(ag.index.get(o.to) ?? -1);
      if (k < 0) throw new Error(`action v1: ${o.to} is not a neighbour of ${o.from}`);
      c = o.count === 'all' ? allTo(k) : halfTo(k);
    }
    if (!mask[j]![c]) throw new Error(`action v1: ${JSON.stringify(o)} is masked`);
    out[j] = c;
  }
  return out;
}

/**
 * The agent's choice per acting node: the masked argmax of its logits, ties to the lowest index (D8.4). Logits:
 * 2 per node (helper, stand) and 2 per directed edge (all, half), as `forward` gives them.
 */
export function chooseActions(ag: AgentGraph, logits: Logits, acting: readonly number[], mask: readonly Uint8Array[]): number[] {
  return acting.map((i, j) => {
    const m = mask[j]!;
    let best = -1;
    let bestV = -Infinity;
    for (let c = 0; c < m.length; c++) {
      if (!m[c]) continue;
      const e = ag.edgeStart[i]! + Math.floor((c - 2) / 2);
      const x = c < 2 ? logits.node[i * 2 + c]! : logits.edge[e * 2 + (c % 2)]!;
      if (best < 0 || x > bestV) { best = c; bestV = x; }
    }
    return best;
  });
}

// ── the reference network (D8.4) ────────────────────────────────────────────────────────────────────

export const HIDDEN = 48;
export const LAYERS = 4;
export const INPUT = NODE_FEATURES + GLOBAL_FEATURES;
const EDGE_IN = 2 * HIDDEN + EDGE_TYPES.length;

/** The reference architecture's tensors, name → shape ([out, in] row-major for matrices). ~48k parameters. */
export function referenceTensors(): { name: string; shape: number[] }[] {
  const t: { name: string; shape: number[] }[] = [{ name: 'input.weight', shape: [HIDDEN, INPUT] }, { name: 'input.bias', shape: [HIDDEN] }];
  for (let l = 0; l < LAYERS; l++) {
    t.push({ name: `mp${l}.self`, shape: [HIDDEN, HIDDEN] });
    for (const et of EDGE_TYPES) t.push({ name: `mp${l}.${et}`, shape: [HIDDEN, HIDDEN] });
    t.push({ name: `mp${l}.bias`, shape: [HIDDEN] });
  }
  t.push({ name: 'node.weight', shape: [2, HIDDEN] }, { name: 'node.bias', shape: [2] }, { name: 'edge.weight', shape: [2, EDGE_IN] }, { name: 'edge.bias', shape: [2] });
  return t;
}

export type Weights = Map<string, Float32Array>;
export interface Logits { node: Float64Array; edge: Float64Array }

/** What the backward pass needs: the inputs, every layer's output and neighbour means. */
export interface Cache { x: Float64Array; hs: Float64Array[]; means: Float64Array[]; counts: Int32Array }

/**
 * The network (D8.4): h⁰ = relu(W_in [node ‖ global] + b); 4 layers h′ᵢ = relu(W₀hᵢ + Σₜ Wₜ·mean{hⱼ : j ∈ Nₜ(i)} + b)
 * (an empty mean is 0); node head 48→2; edge head (hᵢ‖hⱼ‖one-hot type)→2 per directed edge. Deterministic, float64
 * in a fixed order. Keeps its activations for the trainer's backward pass (src/games/duel/train/net.ts).
 */
export function forwardCache(ag: AgentGraph, w: Weights, obs: Observation): { logits: Logits; cache: Cache } {
  const N = ag.nodes.length;
  const H = HIDDEN;
  const T = EDGE_TYPES.length;
  const get = (name: string) => { const t = w.get(name); if (!t) throw new Error(`missing tensor ${name}`); return t; };
  const x = new Float64Array(N * INPUT);
  for (let i = 0; i < N; i++) {
    for (let f = 0; f < NODE_FEATURES; f++) x[i * INPUT + f] = obs.node[i * NODE_FEATURES + f]!;
    for (let f = 0; f < GLOBAL_FEATURES; f++) x[i * INPUT + NODE_FEATURES + f] = obs.global[f]!;
  }
  const Win = get('input.weight');
  const bin = get('input.bias');
  let h = new Float64Array(N * H);
  for (let i = 0; i < N; i++) {
    for (let o = 0; o < H; o++) {
      let s = bin[o]!;
      const r = o * INPUT;
      for (let k = 0; k < INPUT; k++) s += Win[r + k]! * x[i * INPUT + k]!;
      h[i * H + o] = s > 0 ? s : 0;
    }
  }
  const hs = [h];
  const means: Float64Array[] = [];
  const counts = new Int32Array(N * T);
  for (let i = 0; i < N; i++) for (const t of ag.types[i]!) counts[i * T + t]! += 1;
  for (let l = 0; l < LAYERS; l++) {
    const mean = new Float64Array(N * T * H);
    for (let i = 0; i < N; i++) {
      const ns = ag.nbrs[i]!;
      const ts = ag.types[i]!;
      for (let k = 0; k < ns.length; k++) {
        const off = (i * T + ts[k]!) * H;
        const j = ns[k]! * H;
        for (let d = 0; d < H; d++) mean[off + d] += h[j + d]!;
      }
      for (let t = 0; t < T; t++) {
        const c = counts[i * T + t]!;
        if (c) for (let d = 0; d < H; d++) mean[(i * T + t) * H + d] /= c;
      }
    }
    const self = get(`mp${l}.self`);
    const bias = get(`mp${l}.bias`);
    const Wt = EDGE_TYPES.map((et) => get(`mp${l}.${et}`));
    const next = new Float64Array(N * H);
    for (let i = 0; i < N; i++) {
      for (let o = 0; o < H; o++) {
        let s = bias[o]!;
        for (let d = 0; d < H; d++) s += self[o * H + d]! * h[i * H + d]!;
        next[i * H + o] = s;
      }
      for (let t = 0; t < T; t++) {
        if (!counts[i * T + t]) continue;
        const W = Wt[t]!;
        const off = (i * T + t) * H;
        for (let o = 0; o < H; o++) {
          let s = next[i * H + o]!;
          for (let d = 0; d < H; d++) s += W[o * H + d]! * mean[off + d]!;
          next[i * H + o] = s;
        }
      }
      for (let d = 0; d < H; d++) if (next[i * H + d]! < 0) next[i * H + d] = 0;
    }
    means.push(mean);
    h = next;
    hs.push(h);
  }
  const nw = get('node.weight');
  const nb = get('node.bias');
  const node = new Float64Array(N * 2);
  for (let i = 0; i < N; i++) for (let o = 0; o < 2; o++) {
    let s = nb[o]!;
    for (let d = 0; d < H; d++) s += nw[o * H + d]! * h[i * H + d]!;
    node[i * 2 + o] = s;
  }
  const ew = get('edge.weight');
  const eb = get('edge.bias');
  const src = new Float64Array(N * 2);
  const dst = new Float64Array(N * 2);
  for (let i = 0; i < N; i++) for (let o = 0; o < 2; o++) {
    let a = 0;
    let b = 0;
    for (let d = 0; d < H; d++) { a += ew[o * EDGE_IN + d]! * h[i * H + d]!; b += ew[o * EDGE_IN + H + d]! * h[i * H + d]!; }
    src[i * 2 + o] = a;
    dst[i * 2 + o] = b;
  }
  const edge = new Float64Array(ag.edgeCount * 2);
  for (let i = 0; i < N; i++) {
    const ns = ag.nbrs[i]!;
    for (let k = 0; k < ns.length; k++) {
      const e = ag.edgeStart[i]! + k;
      const t = ag.types[i]![k]!;
      for (let o = 0; o < 2; o++) edge[e * 2 + o] = eb[o]! + src[i * 2 + o]! + dst[ns[k]! * 2 + o]! + ew[o * EDGE_IN + 2 * H + t]!;
    }
  }
  return { logits: { node, edge }, cache: { x, hs, means, counts } };
}

/** Inference: forwardCache's logits (one implementation, so training and play cannot drift apart). */
export function forward(ag: AgentGraph, w: Weights, obs: Observation): Logits {
  return forwardCache(ag, w, obs).logits;
}

/** The reference architecture filled from makeRng(seed) (D11 B5 without a weights file; tests). */
export function randomWeights(seed = 1): Weights {
  const rng = makeRng(seed);
  const w: Weights = new Map();
  for (const t of referenceTensors()) {
    const n = t.shape.reduce((a, b) => a * b, 1);
    const scale = t.shape.length === 2 ? 1 / Math.sqrt(t.shape[1]!) : 0.1;
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) a[i] = (rng.next() * 2 - 1) * scale;
    w.set(t.name, a);
  }
  return w;
}

/** An agent policy (D8.1, D8.4): observation → logits → masked argmax → manual orders; choice 0 leaves it to the helper. */
export function agentPolicy(id: string, w: Weights): DuelPolicy {
  return {
    id,
    decide(v: DuelView): DuelDecision {
      const ag = agentGraph(v.graph);
      const { acting, mask } = actionSpace(v);
      if (!acting.length) return { orders: [], routes: [] };
      return decodeActions(v, chooseActions(ag, forward(ag, w, observe(v)), acting, mask));
    },
  };
}

// ── the weights file (D8.4) ─────────────────────────────────────────────────────────────────────────

/** The directory the agent's weights ship in. */
export const MODEL_DIR = 'models/duel-agent';
/** D8.4: manifest and binary together at most 2 MB. */
export const MAX_MODEL_BYTES = 2 * 1024 * 1024;

/** D8.4's manifest `v<N>.json`. */
export interface AgentManifest {
  format: 'duel-agent';
  version: number;
  obsVersion: 1;
  actVersion: 1;
  map: string;
  mapHash: string;
  architecture: { kind: 'mean-mp'; input: number; hidden: number; layers: number; edgeTypes: string[] };
  tensors: { name: string; shape: number[]; offset: number }[];
  /** SHA-256 (hex) of `v<N>.bin`. */
  binSha256: string;
  trainedGames: number;
  /** An observation, its acting nodes and masks, and the action list the weights must give for it. */
  selfTest: { node: number[]; global: number[]; acting: number[]; mask: number[][]; actions: number[] };
}

export type AgentLoad =
  | { ok: true; id: string; policy: DuelPolicy; manifest: AgentManifest }
  | { ok: false; code: 'AGENT_UNAVAILABLE'; reason: string };

/** The latest version N with a `v<N>.json` in `dir` (null: none). */
export function latestVersion(dir: string): number | null {
  if (!existsSync(dir)) return null;
  const vs = readdirSync(dir).map((f) => /^v(\d+)\.json$/.exec(f)).filter((m): m is RegExpExecArray => !!m).map((m) => Number(m[1]));
  return vs.length ? Math.max(...vs) : null;
}

/**
 * D8.4 loading: the manifest is checked — format and versions, the map id and its hash, the reference
 * architecture and its tensor table, the size (≤ 2 MB), the binary's SHA-256, and the self-test. Anything wrong
 * (no file at all included) → `AGENT_UNAVAILABLE` with the reason; a good one is registered as `agent@v<N>`.
 */
export function loadAgent(g: DuelGraph, dir: string = MODEL_DIR, version?: number): AgentLoad {
  const no = (reason: string): AgentLoad => ({ ok: false, code: 'AGENT_UNAVAILABLE', reason });
  const v = version ?? latestVersion(dir);
  if (v === null) return no(`no weights file in ${dir} (v<N>.json and v<N>.bin)`);
  const jsonPath = join(dir, `v${v}.json`);
  const binPath = join(dir, `v${v}.bin`);
  if (!existsSync(jsonPath) || !existsSync(binPath)) return no(`${jsonPath} or ${binPath} is missing`);
  if (statSync(jsonPath).size + statSync(binPath).size > MAX_MODEL_BYTES) return no('manifest and binary exceed 2 MB');
  let m: AgentManifest;
  try { m = JSON.parse(readFileSync(jsonPath, 'utf8')) as AgentManifest; } catch (e) { return no(`${jsonPath}: ${(e as Error).message}`); }
  if (m.format !== 'duel-agent') return no('format is not "duel-agent"');
  if (m.version !== v) return no(`version ${m.version} in v${v}.json`);
  if (m.obsVersion !== OBS_VERSION || m.actVersion !== ACT_VERSION) return no(`observation/action version ${m.obsVersion}/${m.actVersion}, this engine reads ${OBS_VERSION}/${ACT_VERSION}`);
  if (m.map !== g.map.id) return no(`trained on map "${m.map}", not "${g.map.id}"`);
  if (m.mapHash !== duelGraphHash(g)) return no(`the map "${g.map.id}" changed since training (mapHash)`);
  const a = m.architecture;
  if (!a || a.kind !== 'mean-mp' || a.input !== INPUT || a.hidden !== HIDDEN || a.layers !== LAYERS || JSON.stringify(a.edgeTypes) !== JSON.stringify(EDGE_TYPES)) return no('not the reference architecture');
  if (!Number.isInteger(m.trainedGames) || m.trainedGames < 0) return no('trainedGames is not a count');
  const bin = readFileSync(binPath);
  if (createHash('sha256').update(bin).digest('hex') !== m.binSha256) return no('the binary\'s SHA-256 differs from the manifest');
  const table = new Map((m.tensors ?? []).map((t) => [t.name, t]));
  const w: Weights = new Map();
  for (const ref of referenceTensors()) {
    const t = table.get(ref.name);
    if (!t || JSON.stringify(t.shape) !== JSON.stringify(ref.shape)) return no(`tensor ${ref.name} missing or not ${JSON.stringify(ref.shape)}`);
    const n = ref.shape.reduce((x, y) => x * y, 1);
    if (!Number.isInteger(t.offset) || t.offset < 0 || t.offset % 4 !== 0 || t.offset + n * 4 > bin.length) return no(`tensor ${ref.name} lies outside the binary`);
    const data = new Float32Array(n);
    for (let i = 0; i < n; i++) data[i] = bin.readFloatLE(t.offset + i * 4);
    if (data.some((x) => !Number.isFinite(x))) return no(`tensor ${ref.name} holds a non-finite number`);
    w.set(ref.name, data);
  }
  const st = m.selfTest;
  const ag = agentGraph(g);
  try {
    if (!st || st.node.length !== ag.nodes.length * NODE_FEATURES || st.global.length !== GLOBAL_FEATURES || st.acting.length !== st.actions.length || st.mask.length !== st.acting.length) return no('the self-test is malformed');
    const logits = forward(ag, w, { node: Float64Array.from(st.node), global: Float64Array.from(st.global) });
    const got = chooseActions(ag, logits, st.acting, st.mask.map((x) => Uint8Array.from(x)));
    if (JSON.stringify(got) !== JSON.stringify(st.actions)) return no('the self-test gives other actions than the manifest expects');
  } catch (e) {
    return no(`the self-test failed: ${(e as Error).message}`);
  }
  const id = `agent@v${v}`;
  const policy = agentPolicy(id, w);
  registerPolicy(policy);
  return { ok: true, id, policy, manifest: m };
}

/**
 * The words of AGENT_UNAVAILABLE (D8.4, D10.10). A player reads them in a lobby or a channel: the reason (the
 * loader's, in English, naming files on the server) is the operator's and goes only into the English text — the
 * transcript runner's and the operator's — with the server's own directories taken out of its paths.
 */
export function agentUnavailableText(lang: 'zh' | 'en', reason?: string): string {
  const why = reason ? reason.split(`${process.cwd()}/`).join('') : '';
  return lang === 'en'
    ? `AGENT_UNAVAILABLE: the agent is not available — no usable weights file (${MODEL_DIR}/v<N>.json and v<N>.bin)${why ? `: ${why}` : ''}. Play the greedy or the lander bot instead.`
    : `AGENT_UNAVAILABLE：智能体暂时不可用——没有可用的权重文件（${MODEL_DIR}/v<N>.json 与 v<N>.bin）。可以改选贪婪（greedy）或登陆（lander）电脑对手。`;
}

/**
 * A bot named by a player or a transcript (`greedy`, `lander`, `agent`, `agent@v<N>`) → its policy id, loading the
 * agent's weights from `dir` when needed; or AGENT_UNAVAILABLE; or null for a name that is no bot.
 */
export function resolveBot(name: string, g: DuelGraph, dir: string = MODEL_DIR): { ok: true; id: string } | { ok: false; code: 'AGENT_UNAVAILABLE'; reason: string } | null {
  if (POLICIES[name]) return { ok: true, id: name };
  const m = /^agent(?:@v(\d+))?$/.exec(name);
  if (!m) return null;
  const r = loadAgent(g, dir, m[1] ? Number(m[1]) : undefined);
  return r.ok ? { ok: true, id: r.id } : r;
}

/**
 * Writes a weights file pair for `w` (tests and the trainer's exporter share this layout): the tensors in
 * referenceTensors() order, little-endian float32, and a manifest whose self-test is the observation `selfTest`
 * of a view with its acting nodes, masks and the actions these weights choose.
 */
export function agentFiles(g: DuelGraph, version: number, w: Weights, selfTest: AgentView, trainedGames = 0): { json: string; bin: Buffer } {
  const refs = referenceTensors();
  const total = refs.reduce((a, t) => a + t.shape.reduce((x, y) => x * y, 1), 0);
  const bin = Buffer.alloc(total * 4);
  let off = 0;
  const tensors: AgentManifest['tensors'] = [];
  for (const t of refs) {
    const data = w.get(t.name)!;
    tensors.push({ ...t, offset: off });
    for (let i = 0; i < data.length; i++) bin.writeFloatLE(data[i]!, off + i * 4);
    off += data.length * 4;
  }
  // The self-test runs on the float32 values as stored.
  const stored: Weights = new Map(refs.map((t, i) => [t.name, new Float32Array(bin.buffer, bin.byteOffset + tensors[i]!.offset, w.get(t.name)!.length).slice()]));
  const ag = agentGraph(g);
  const obs = observe(selfTest);
  const { acting, mask } = actionSpace(selfTest);
  const actions = chooseActions(ag, forward(ag, stored, obs), acting, mask);
  const manifest: AgentManifest = {
    format: 'duel-agent', version, obsVersion: 1, actVersion: 1, map: g.map.id, mapHash: duelGraphHash(g),
    architecture: { kind: 'mean-mp', input: INPUT, hidden: HIDDEN, layers: LAYERS, edgeTypes: [...EDGE_TYPES] },
    tensors, binSha256: createHash('sha256').update(bin).digest('hex'), trainedGames,
    selfTest: { node: [...obs.node], global: [...obs.global], acting, mask: mask.map((x) => [...x]), actions },
  };
  return { json: JSON.stringify(manifest), bin };
}
