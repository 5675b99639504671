/**
 * The training maths for D8.4's reference network (src/games/duel/agent.ts): the same forward pass with its
 * activations kept, the exact backward pass (hand-derived, checked against finite differences in
 * tests/duel/train.test.ts), the masked-softmax losses (behaviour cloning and policy gradient) and Adam.
 *
 * The parameters are the agent's float32 tensors in referenceTensors() order, so a trained network is written
 * with agent.ts's own `agentFiles` and read back by its loader unchanged. Arithmetic is float64 and strictly
 * sequential: the same weights, samples and order give bit-identical results on any machine (no threads, no BLAS).
 */
import {
  EDGE_TYPES, HIDDEN, INPUT, LAYERS, referenceTensors,
  type AgentGraph, type Cache, type Logits, type Weights,
} from '../agent.ts';

const H = HIDDEN;
const T = EDGE_TYPES.length;
const EDGE_IN = 2 * H + T;

export type Grads = Map<string, Float64Array>;

export function zeroGrads(): Grads {
  return new Map(referenceTensors().map((t) => [t.name, new Float64Array(t.shape.reduce((a, b) => a * b, 1))]));
}

export function cloneWeights(w: Weights): Weights {
  return new Map([...w].map(([k, v]) => [k, v.slice()]));
}

export { forwardCache, type Cache } from '../agent.ts';


/** Accumulates into `g` the gradient of a loss whose gradient with respect to the logits is (dNode, dEdge). */
export function backward(ag: AgentGraph, w: Weights, c: Cache, dNode: Float64Array, dEdge: Float64Array, g: Grads): void {
  const N = ag.nodes.length;
  const get = (n: string) => w.get(n)!;
  const h = c.hs[LAYERS]!;
  let dh = new Float64Array(N * H);
  // Node head.
  const nw = get('node.weight');
  const gnw = g.get('node.weight')!;
  const gnb = g.get('node.bias')!;
  for (let i = 0; i < N; i++) for (let o = 0; o < 2; o++) {
    const d = dNode[i * 2 + o]!;
    if (d === 0) continue;
    gnb[o]! += d;
    for (let k = 0; k < H; k++) { gnw[o * H + k]! += d * h[i * H + k]!; dh[i * H + k]! += d * nw[o * H + k]!; }
  }
  // Edge head.
  const ew = get('edge.weight');
  const gew = g.get('edge.weight')!;
  const geb = g.get('edge.bias')!;
  const dsrc = new Float64Array(N * 2);
  const ddst = new Float64Array(N * 2);
  for (let i = 0; i < N; i++) {
    const ns = ag.nbrs[i]!;
    for (let k = 0; k < ns.length; k++) {
      const e = ag.edgeStart[i]! + k;
      const t = ag.types[i]![k]!;
      for (let o = 0; o < 2; o++) {
        const d = dEdge[e * 2 + o]!;
        if (d === 0) continue;
        geb[o]! += d;
        gew[o * EDGE_IN + 2 * H + t]! += d;
        dsrc[i * 2 + o]! += d;
        ddst[ns[k]! * 2 + o]! += d;
      }
    }
  }
  for (let i = 0; i < N; i++) for (let o = 0; o < 2; o++) {
    const a = dsrc[i * 2 + o]!;
    const b = ddst[i * 2 + o]!;
    if (a === 0 && b === 0) continue;
    for (let k = 0; k < H; k++) {
      const hv = h[i * H + k]!;
      gew[o * EDGE_IN + k]! += a * hv;
      gew[o * EDGE_IN + H + k]! += b * hv;
      dh[i * H + k]! += a * ew[o * EDGE_IN + k]! + b * ew[o * EDGE_IN + H + k]!;
    }
  }
  // Message-passing layers, last first.
  for (let l = LAYERS - 1; l >= 0; l--) {
    const out = c.hs[l + 1]!;
    const hin = c.hs[l]!;
    const mean = c.means[l]!;
    const self = get(`mp${l}.self`);
    const Wt = EDGE_TYPES.map((et) => get(`mp${l}.${et}`));
    const gself = g.get(`mp${l}.self`)!;
    const gbias = g.get(`mp${l}.bias`)!;
    const gWt = EDGE_TYPES.map((et) => g.get(`mp${l}.${et}`)!);
    const dprev = new Float64Array(N * H);
    const dz = new Float64Array(H);
    const dm = new Float64Array(H);
    for (let i = 0; i < N; i++) {
      let any = false;
      for (let o = 0; o < H; o++) { const v = out[i * H + o]! > 0 ? dh[i * H + o]! : 0; dz[o] = v; if (v !== 0) any = true; }
      if (!any) continue;
      for (let o = 0; o < H; o++) {
        const d = dz[o]!;
        if (d === 0) continue;
        gbias[o]! += d;
        for (let k = 0; k < H; k++) { gself[o * H + k]! += d * hin[i * H + k]!; dprev[i * H + k]! += d * self[o * H + k]!; }
      }
      for (let t = 0; t < T; t++) {
        const cnt = c.counts[i * T + t]!;
        if (!cnt) continue;
        const W = Wt[t]!;
        const gW = gWt[t]!;
        const off = (i * T + t) * H;
        dm.fill(0);
        for (let o = 0; o < H; o++) {
          const d = dz[o]!;
          if (d === 0) continue;
          for (let k = 0; k < H; k++) { gW[o * H + k]! += d * mean[off + k]!; dm[k]! += d * W[o * H + k]!; }
        }
        const ns = ag.nbrs[i]!;
        const ts = ag.types[i]!;
        for (let q = 0; q < ns.length; q++) {
          if (ts[q] !== t) continue;
          const j = ns[q]! * H;
          for (let k = 0; k < H; k++) dprev[j + k]! += dm[k]! / cnt;
        }
      }
    }
    dh = dprev;
  }
  // Input projection.
  const h0 = c.hs[0]!;
  const gWin = g.get('input.weight')!;
  const gbin = g.get('input.bias')!;
  for (let i = 0; i < N; i++) for (let o = 0; o < H; o++) {
    if (!(h0[i * H + o]! > 0)) continue;
    const d = dh[i * H + o]!;
    if (d === 0) continue;
    gbin[o]! += d;
    for (let k = 0; k < INPUT; k++) gWin[o * INPUT + k]! += d * c.x[i * INPUT + k]!;
  }
}

/** The logit of choice c at node i (D8.4: 2 per node, 2 per directed edge) and where its gradient goes. */
function slot(ag: AgentGraph, i: number, c: number): { node: boolean; at: number } {
  return c < 2 ? { node: true, at: i * 2 + c } : { node: false, at: (ag.edgeStart[i]! + Math.floor((c - 2) / 2)) * 2 + (c % 2) };
}

export interface NodeTerm { i: number; mask: Uint8Array; action: number; weight: number }

/**
 * Σ weight · −log softmax_mask(logits)[action] over the nodes, minus entropyCoef × the masked entropy; its gradient
 * with respect to the logits is added to (dNode, dEdge). Returns the loss, the log-probabilities of the actions,
 * and how many of the actions are the masked argmax (ties to the lowest index, as chooseActions).
 */
export function maskedLoss(ag: AgentGraph, logits: Logits, terms: readonly NodeTerm[], dNode: Float64Array, dEdge: Float64Array, entropyCoef = 0): { loss: number; logp: number[]; argmaxHits: number; entropy: number } {
  let loss = 0;
  let hits = 0;
  let entropy = 0;
  const logp: number[] = [];
  for (const t of terms) {
    const m = t.mask;
    const xs: number[] = [];
    const cs: number[] = [];
    let mx = -Infinity;
    let best = -1;
    for (let c = 0; c < m.length; c++) {
      if (!m[c]) continue;
      const s = slot(ag, t.i, c);
      const v = s.node ? logits.node[s.at]! : logits.edge[s.at]!;
      xs.push(v);
      cs.push(c);
      if (v > mx) { mx = v; best = c; }
    }
    if (best === t.action) hits++;
    let z = 0;
    for (const v of xs) z += Math.exp(v - mx);
    const lz = mx + Math.log(z);
    const p = xs.map((v) => Math.exp(v - lz));
    const a = cs.indexOf(t.action);
    if (a < 0) throw new Error(`maskedLoss: action ${t.action} is masked`);
    const lp = xs[a]! - lz;
    logp.push(lp);
    loss -= t.weight * lp;
    let H = 0;
    for (let q = 0; q < p.length; q++) if (p[q]! > 0) H -= p[q]! * (xs[q]! - lz);
    entropy += H;
    loss -= entropyCoef * H;
    for (let q = 0; q < cs.length; q++) {
      const pq = p[q]!;
      // d(−w log p_a)/dx_q = w (p_q − [q = a]); d(−βH)/dx_q = β p_q (log p_q + H).
      let d = t.weight * (pq - (q === a ? 1 : 0));
      if (entropyCoef && pq > 0) d += entropyCoef * pq * ((xs[q]! - lz) + H);
      if (d === 0) continue;
      const s = slot(ag, t.i, cs[q]!);
      if (s.node) dNode[s.at]! += d; else dEdge[s.at]! += d;
    }
  }
  return { loss, logp, argmaxHits: hits, entropy };
}

/** A choice drawn from the masked softmax at node i (temperature 1). */
export function sampleChoice(ag: AgentGraph, logits: Logits, i: number, mask: Uint8Array, u: number): number {
  let mx = -Infinity;
  const xs: [number, number][] = [];
  for (let c = 0; c < mask.length; c++) {
    if (!mask[c]) continue;
    const s = slot(ag, i, c);
    const v = s.node ? logits.node[s.at]! : logits.edge[s.at]!;
    xs.push([c, v]);
    if (v > mx) mx = v;
  }
  let z = 0;
  for (const [, v] of xs) z += Math.exp(v - mx);
  let r = u * z;
  for (const [c, v] of xs) { r -= Math.exp(v - mx); if (r < 0) return c; }
  return xs[xs.length - 1]![0];
}

// ── Adam ────────────────────────────────────────────────────────────────────────────────────────────

export interface AdamState { t: number; m: Grads; v: Grads }

export function newAdam(): AdamState { return { t: 0, m: zeroGrads(), v: zeroGrads() }; }

/** One Adam step on w (float32, in place) with the gradient g / scale, its global norm clipped to clip. Returns the norm. */
export function adamStep(w: Weights, g: Grads, st: AdamState, lr: number, scale: number, clip = 1, b1 = 0.9, b2 = 0.999, eps = 1e-8): number {
  let norm = 0;
  for (const a of g.values()) for (let i = 0; i < a.length; i++) norm += (a[i]! / scale) ** 2;
  norm = Math.sqrt(norm);
  const f = (norm > clip ? clip / norm : 1) / scale;
  st.t += 1;
  const c1 = 1 - b1 ** st.t;
  const c2 = 1 - b2 ** st.t;
  for (const [name, a] of g) {
    const p = w.get(name)!;
    const m = st.m.get(name)!;
    const v = st.v.get(name)!;
    for (let i = 0; i < a.length; i++) {
      const gi = a[i]! * f;
      m[i] = b1 * m[i]! + (1 - b1) * gi;
      v[i] = b2 * v[i]! + (1 - b2) * gi * gi;
      p[i] = p[i]! - lr * (m[i]! / c1) / (Math.sqrt(v[i]! / c2) + eps);
    }
  }
  return norm;
}

/** Xavier-like initial weights from the run's seed (the edge head starts small so the first policy is near uniform). */
export function initWeights(rng: { normal(): number }): Weights {
  const w: Weights = new Map();
  for (const t of referenceTensors()) {
    const n = t.shape.reduce((a, b) => a * b, 1);
    const a = new Float32Array(n);
    if (t.shape.length === 2) {
      const head = t.name.startsWith('node.') || t.name.startsWith('edge.');
      const sd = (head ? 0.1 : Math.SQRT2) / Math.sqrt(t.shape[1]!) / (t.name.includes('.') && /mp\d\.(land|strait|coast|sea)/.test(t.name) ? 2 : 1);
      for (let i = 0; i < n; i++) a[i] = rng.normal() * sd;
    }
    w.set(t.name, a);
  }
  return w;
}
