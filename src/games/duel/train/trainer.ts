/**
 * Europe Duel's agent trainer (issue 17, duel.md D8.4): behaviour cloning of a scripted teacher (`teacher`: the lander or its local variants, in action v1, see
 * play.ts), then self-play policy gradient against a pool of past versions and the scripted bots, with a
 * potential-based shaped reward (territory, armies, capital threat) annealed to the sparse win/loss, invalid
 * actions masked (the loss only ever sees the mask's choices).
 *
 * The policy gradient is A2C-style REINFORCE with a baseline: D8.4's reference network has no value head (its
 * file format is the contract), so the baseline is the batch's mean return per decision and advantages are
 * normalised; each batch is used once (on-policy).
 *
 * Everything random comes from the run's seed: game seeds from (seed, stream, index), sampling from per-game
 * seeds, minibatch order from the checkpointed TrainRng. A checkpoint (weights, Adam state, counters, RNG state,
 * history) is written atomically, so `--resume` continues exactly where the run stopped.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadMapFile, type GameMap } from '../../europe/map/index.ts';
import { agentFiles, agentGraph, loadAgent, referenceTensors, type AgentGraph, type AgentView, type Weights } from '../agent.ts';
import { duelGraph, type DuelGraph } from '../board.ts';
import type { DuelView } from '../bots.ts';
import type { Side } from '../resolve.ts';
import { adamStep, cloneWeights, forwardCache, initWeights, maskedLoss, newAdam, type AdamState } from './net.ts';
import { addGrad, batchGradient, halves, type GradResult, type Item } from './grad.ts';
import { scoreOf, type Controller, type GameOpts, type GameRecord, type Sample, type TeacherStyle } from './play.ts';
import { GamePool, toWire, type GameJob } from './pool.ts';
import { gameSeed, TrainRng } from './rng.ts';

export interface TrainConfig {
  seed: number;
  mapPath: string;
  outDir: string;
  /** Where checkpoints live (default `<outDir>/train`). */
  ckptDir: string;
  workers: number;
  /** Games per chunk (generated in parallel, then trained on). */
  chunk: number;
  batch: number;
  lr: number;
  /** BC: passes over each chunk's samples. */
  bcEpochs: number;
  /** Evaluate (and checkpoint, export) every this many games. */
  evalEvery: number;
  evalGames: number;
  /** RL: games over which the shaping weight anneals from 1 to 0. */
  annealGames: number;
  entropy: number;
  /** RL: add the current weights to the opponent pool every this many games. */
  poolEvery: number;
  /** Fixed capitals and settings for every game (tests on small maps; Europe draws fair capitals per seed). */
  game?: GameOpts;
  /** The BC teacher (play.ts TeacherStyle; checkpoints from before the option: the lander). */
  teacher?: TeacherStyle;
  /**
   * BC class weights (default 1 each): a teacher's land move (all/half to a land neighbour), and its rare choices — a
   * stand, a move into a sea zone (embarking), a move of a stack at sea. About 80% of a teacher's labels are "leave it
   * to the helper" and under 2% the rare ones, which an unweighted loss all but ignores: candidate v2 matched the
   * helper 95% of the time, land moves 38%, stands 22%, embarkations 0 of 14 (six Europe games).
   */
  bcMove?: number;
  bcRare?: number;
  /**
   * DAgger (play.ts Controller 'dagger'): in BC games the network plays this share of the teacher's decisions (its
   * argmax), the teacher labelling all of them. 0 or absent: plain cloning, the teacher plays every decision.
   */
  dagger?: number;
}

/** What sample s's j-th choice is: the helper's (0), a land move (all/half to a land neighbour), or a rare one. */
export function choiceKind(ag: AgentGraph, s: Sample, j: number): 'helper' | 'move' | 'rare' {
  const a = s.actions[j]!;
  if (a === 0) return 'helper';
  const i = s.acting[j]!;
  const sea = (k: number) => ag.g.kind.get(ag.nodes[k]!) === 'sea';
  return a === 1 || sea(i) || sea(ag.nbrs[i]![Math.floor((a - 2) / 2)]!) ? 'rare' : 'move';
}

/** The BC loss weight of sample s's j-th choice (TrainConfig bcMove, bcRare). */
export function bcWeight(ag: AgentGraph, s: Sample, j: number, cfg: Pick<TrainConfig, 'bcMove' | 'bcRare'>): number {
  const k = choiceKind(ag, s, j);
  return k === 'helper' ? 1 : k === 'rare' ? cfg.bcRare ?? 1 : cfg.bcMove ?? 1;
}

export const DEFAULTS: TrainConfig = {
  seed: 1, mapPath: 'maps/europe.json', outDir: 'models/duel-agent', ckptDir: 'models/duel-agent/train', workers: 1, chunk: 8, batch: 8,
  lr: 2e-3, bcEpochs: 1, evalEvery: 48, evalGames: 10, annealGames: 20000, entropy: 0.003, poolEvery: 200,
};

export interface HistoryPoint { phase: 'bc' | 'rl'; games: number; steps: number; wallMs: number; loss: number; acc: number; accMove: number; /** The rare choices' part of accMove (choiceKind); points from before it was kept have none. */ accRare?: number; vsGreedy: number; vsLander: number; evalGames: number }

export interface TrainState {
  format: 'duel-agent-checkpoint';
  config: TrainConfig;
  phase: 'bc' | 'rl';
  bcGames: number;
  rlGames: number;
  steps: number;
  rng: number;
  wallMs: number;
  history: HistoryPoint[];
  /** Opponent pool snapshots (file names under ckptDir). */
  pool: string[];
  commands: string[];
  /** Final evaluations (`--final-eval`), kept so every later report lists them. */
  finals?: { version?: number; atGames: number; games: number; vsGreedy: number; vsLander: number; meanTurns?: number }[];
  weights: Weights;
  adam: AdamState;
}

export function newState(config: TrainConfig): TrainState {
  const rng = new TrainRng(config.seed);
  const weights = initWeights(rng);
  return { format: 'duel-agent-checkpoint', config, phase: 'bc', bcGames: 0, rlGames: 0, steps: 0, rng: rng.state, wallMs: 0, history: [], pool: [], commands: [], weights, adam: newAdam() };
}

// ── checkpoints ─────────────────────────────────────────────────────────────────────────────────────

const names = () => referenceTensors().map((t) => t.name);

function packWeights(w: Weights): Buffer {
  const parts = names().map((n) => Buffer.from(w.get(n)!.buffer, w.get(n)!.byteOffset, w.get(n)!.byteLength));
  return Buffer.concat(parts);
}
function unpackWeights(b: Buffer, off: number): { w: Weights; off: number } {
  const w: Weights = new Map();
  for (const t of referenceTensors()) {
    const n = t.shape.reduce((x, y) => x * y, 1);
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) a[i] = b.readFloatLE(off + i * 4);
    off += n * 4;
    w.set(t.name, a);
  }
  return { w, off };
}
function packF64(g: Map<string, Float64Array>): Buffer {
  return Buffer.concat(names().map((n) => { const a = g.get(n)!; const b = Buffer.alloc(a.length * 8); for (let i = 0; i < a.length; i++) b.writeDoubleLE(a[i]!, i * 8); return b; }));
}
function unpackF64(b: Buffer, off: number): { g: Map<string, Float64Array>; off: number } {
  const g = new Map<string, Float64Array>();
  for (const t of referenceTensors()) {
    const n = t.shape.reduce((x, y) => x * y, 1);
    const a = new Float64Array(n);
    for (let i = 0; i < n; i++) a[i] = b.readDoubleLE(off + i * 8);
    off += n * 8;
    g.set(t.name, a);
  }
  return { g, off };
}

function writeAtomic(path: string, data: string | Buffer): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** Writes `checkpoint.json` + `checkpoint-<steps>.bin` (weights f32, Adam m and v f64), then drops older binaries. */
export function saveCheckpoint(st: TrainState, dir = st.config.ckptDir): void {
  mkdirSync(dir, { recursive: true });
  const bin = Buffer.concat([packWeights(st.weights), packF64(st.adam.m), packF64(st.adam.v)]);
  const binName = `checkpoint-${st.steps}.bin`;
  writeAtomic(join(dir, binName), bin);
  const { weights: _w, adam, ...rest } = st;
  void _w;
  const json = { ...rest, adamT: adam.t, bin: binName, binSha256: createHash('sha256').update(bin).digest('hex') };
  writeAtomic(join(dir, 'checkpoint.json'), `${JSON.stringify(json, null, 1)}\n`);
  for (const f of readdirSync(dir)) if (/^checkpoint-\d+\.bin$/.test(f) && f !== binName) rmSync(join(dir, f));
}

export function loadCheckpoint(dir: string): TrainState {
  const j = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Omit<TrainState, 'weights' | 'adam'> & { adamT: number; bin: string; binSha256: string };
  const bin = readFileSync(join(dir, j.bin));
  if (createHash('sha256').update(bin).digest('hex') !== j.binSha256) throw new Error(`${j.bin}: SHA-256 differs from checkpoint.json`);
  const a = unpackWeights(bin, 0);
  const m = unpackF64(bin, a.off);
  const v = unpackF64(bin, m.off);
  const { adamT, bin: _b, binSha256: _s, ...rest } = j;
  void _b; void _s;
  return { ...rest, weights: a.w, adam: { t: adamT, m: m.g, v: v.g } };
}

// ── one optimisation step ───────────────────────────────────────────────────────────────────────────

export type { Item } from './grad.ts';

/** One Adam step on a minibatch's gradient (its two halves computed in process, summed in order: grad.ts). */
export function trainStep(ag: AgentGraph, st: TrainState, items: readonly Item[], entropy = 0): { loss: number; hits: number; nodes: number; moveHits: number; moves: number } {
  const [a, b] = halves(items);
  return applyStep(st, addGrad(batchGradient(ag, st.weights, a, entropy), batchGradient(ag, st.weights, b, entropy)), items.length);
}

/** trainStep with the two halves computed by the pool's workers in parallel (the same step, bit for bit). */
export async function trainStepPool(ag: AgentGraph, st: TrainState, items: readonly Item[], entropy: number, pool: GamePool): Promise<ReturnType<typeof trainStep>> {
  if (pool.size < 2) return trainStep(ag, st, items, entropy);
  const [a, b] = halves(items);
  const [ga, gb] = await pool.grads([{ weights: st.weights, items: a, entropy }, { weights: st.weights, items: b, entropy }]);
  return applyStep(st, addGrad(ga!, gb!), items.length);
}

function applyStep(st: TrainState, r: GradResult, n: number): ReturnType<typeof trainStep> {
  adamStep(st.weights, r.g, st.adam, st.config.lr, n, 1);
  st.steps++;
  return { loss: r.loss / n, hits: r.hits, nodes: r.nodes, moveHits: r.moveHits, moves: r.moves };
}

/** Masked-argmax accuracy of the current weights on samples (all nodes; nodes the teacher ordered). */
export function accuracy(ag: AgentGraph, w: Weights, samples: readonly Sample[]): { acc: number; accMove: number; accRare: number; loss: number } {
  let hits = 0; let n = 0; let mh = 0; let mn = 0; let loss = 0; let rh = 0; let rn = 0;
  for (const s of samples) {
    const { logits } = forwardCache(ag, w, { node: Float64Array.from(s.node), global: Float64Array.from(s.global) });
    const dN = new Float64Array(logits.node.length);
    const dE = new Float64Array(logits.edge.length);
    const terms = s.acting.map((i, j) => ({ i, mask: s.mask[j]!, action: s.actions[j]!, weight: 1 }));
    // Per-node argmax hits: maskedLoss counts them over all nodes; the moves' hits need one term at a time.
    const r = maskedLoss(ag, logits, terms, dN, dE);
    loss += r.loss; hits += r.argmaxHits; n += terms.length;
    terms.forEach((t, j) => {
      if (t.action === 0) return;
      const h = maskedLoss(ag, logits, [t], dN, dE).argmaxHits;
      mn++; mh += h;
      if (choiceKind(ag, s, j) === 'rare') { rn++; rh += h; }
    });
  }
  return { acc: n ? hits / n : 0, accMove: mn ? mh / mn : 0, accRare: rn ? rh / rn : 0, loss: samples.length ? loss / samples.length : 0 };
}

// ── games ───────────────────────────────────────────────────────────────────────────────────────────

const STREAM = { bc: 1, rl: 2, eval: 3, holdout: 4 } as const;
const scripted = (id: 'greedy' | 'lander'): Controller => ({ kind: 'scripted', id });

/** BC games: the teacher against greedy, lander and itself in turn, on both sides; with `dagger`, the network plays that share of the teacher's decisions (the held-out set never). */
function bcJobs(st: TrainState, from: number, n: number, dagger = 0): GameJob[] {
  const jobs: GameJob[] = [];
  for (let k = from; k < from + n; k++) {
    const seed = gameSeed(st.config.seed, STREAM.bc, k);
    const style = st.config.teacher && st.config.teacher !== 'lander' ? { style: st.config.teacher } : {};
    const teacher: Controller = dagger > 0 ? { kind: 'dagger', weights: st.weights, beta: 1 - dagger, ...style } : { kind: 'teacher', ...style };
    const opp: Controller = [scripted('greedy'), scripted('lander'), teacher][k % 3]!;
    const side: Side = Math.floor(k / 3) % 2 ? 'B' : 'A';
    const ctl = side === 'A' ? { A: teacher, B: opp } : { A: opp, B: teacher };
    jobs.push({ seed, rngSeed: seed, ctl: { A: toWire(ctl.A), B: toWire(ctl.B) }, record: opp === teacher ? ['A', 'B'] : [side], ...(st.config.game ? { opts: st.config.game } : {}) });
  }
  return jobs;
}

/** Evaluation: the argmax agent against greedy and lander, n games each, sides alternating, fixed seeds. */
export async function evaluate(pool: GamePool, seed: number, w: Weights, n: number, opts?: GameOpts): Promise<{ vsGreedy: number; vsLander: number; recs: { opp: string; side: Side; rec: GameRecord }[] }> {
  const jobs: GameJob[] = [];
  const meta: { opp: string; side: Side }[] = [];
  for (const opp of ['greedy', 'lander'] as const) for (let k = 0; k < n; k++) {
    const s = gameSeed(seed, STREAM.eval, k >> 1);
    const side: Side = k % 2 ? 'B' : 'A';
    const net = toWire({ kind: 'net', weights: w, sample: false });
    jobs.push({ seed: s, rngSeed: s, ctl: side === 'A' ? { A: net, B: toWire(scripted(opp)) } : { A: toWire(scripted(opp)), B: net }, record: [], ...(opts ? { opts } : {}) });
    meta.push({ opp, side });
  }
  const recs = await pool.run(jobs);
  const rate = (opp: string) => { let t = 0; let c = 0; recs.forEach((r, i) => { if (meta[i]!.opp === opp) { t += scoreOf(r, meta[i]!.side); c++; } }); return c ? t / c : 0; };
  return { vsGreedy: rate('greedy'), vsLander: rate('lander'), recs: recs.map((rec, i) => ({ ...meta[i]!, rec })) };
}

// ── RL ──────────────────────────────────────────────────────────────────────────────────────────────

/** The shaping potential Φ of an observation (the side's point of view): territory, armies, capital threat. */
export function potential(ag: AgentGraph, s: Sample): number {
  const F = 16;
  let capS = -1; let capE = -1;
  for (let i = 0; i < ag.nodes.length; i++) { if (s.node[i * F + 8]) capS = i; if (s.node[i * F + 9]) capE = i; }
  // Threat on a capital: the attacker's largest neighbouring army (log scale) over the capital's garrison (log scale).
  const threat = (cap: number, att: number, def: number) => {
    if (cap < 0) return 0;
    let m = 0;
    for (const j of ag.nbrs[cap]!) m = Math.max(m, s.node[j * F + att]!);
    return Math.max(0, m - s.node[cap * F + def]!);
  };
  return (s.global[1]! - s.global[2]!) + 0.5 * (s.global[3]! - s.global[4]!) + 0.25 * (threat(capE, 5, 6) - threat(capS, 6, 5));
}

/** Per decision: discounted return of the shaped reward α·(Φ′ − Φ) plus the final ±1 / 0. */
export function returns(ag: AgentGraph, samples: readonly Sample[], final: number, alpha: number, gamma = 0.99): number[] {
  const phi = samples.map((s) => potential(ag, s));
  const r = samples.map((_, t) => (t + 1 < samples.length ? alpha * (gamma * phi[t + 1]! - phi[t]!) : final));
  const G = new Array<number>(samples.length).fill(0);
  let acc = 0;
  for (let t = samples.length - 1; t >= 0; t--) { acc = r[t]! + gamma * acc; G[t] = acc; }
  return G;
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────────

export interface RunOptions { phase: 'bc' | 'rl'; games: number; exportDir?: string; log?: (s: string) => void; command?: string; version?: number; holdoutGames?: number }

/** Exports the current weights as D8.4's `v<N>` pair (self-test on a real mid-game position) and checks they load. */
export function exportWeights(map: GameMap, st: TrainState, version: number, dir = st.config.outDir): { json: string; bin: string; bytes: number } {
  const g = duelGraph(map);
  const view = selfTestView(map, g, st.config.seed, st.config.game ?? {}, st.config.game ? 2 : 8);
  const f = agentFiles(g, version, st.weights, view, st.bcGames + st.rlGames);
  mkdirSync(dir, { recursive: true });
  const bin = join(dir, `v${version}.bin`);
  const json = join(dir, `v${version}.json`);
  writeAtomic(bin, f.bin);
  writeAtomic(json, f.json);
  const r = loadAgent(g, dir, version);
  if (!r.ok) throw new Error(`exported v${version} does not load: ${r.reason}`);
  return { json, bin, bytes: f.bin.length + Buffer.byteLength(f.json) };
}

/** A mid-game position (turn 8 of a teacher vs greedy game) for the manifest's self-test. */
export function selfTestView(map: GameMap, g: DuelGraph, seed: number, opts: GameOpts = {}, minTurn = 8): AgentView {
  let view: AgentView | null = null;
  const spy = { kind: 'teacher' } as Controller;
  // playGame records observations only; the view itself is captured through a wrapping policy.
  const rec = capture(map, gameSeed(seed, STREAM.holdout, 999), opts, spy, (v) => { if (!view && (v.turn ?? 0) >= minTurn) view = structuredClone({ ...v, graph: undefined }) as unknown as AgentView; });
  void rec;
  if (!view) throw new Error('no self-test position');
  return { ...(view as AgentView), graph: g };
}

import { registerPolicy } from '../agent.ts';
import { landerOrders } from './play.ts';
import { newDuel } from '../engine.ts';
function capture(map: GameMap, seed: number, opts: GameOpts, _c: Controller, see: (v: AgentView) => void): void {
  const id = `train:capture:${seed}`;
  registerPolicy({ id, decide: (v: DuelView) => { see(v as AgentView); return landerOrders.decide(v); } });
  newDuel(map, { type: 'start', at: 0, seed, bots: { A: id, B: 'greedy' }, ...(opts.capitals ? { capitals: opts.capitals } : {}), ...(opts.settings ? { settings: opts.settings } : {}) });
}

export async function run(st: TrainState, opt: RunOptions): Promise<TrainState> {
  const log = opt.log ?? ((s: string) => process.stdout.write(`${s}\n`));
  const cfg = st.config;
  const map = loadMapFile(cfg.mapPath);
  const g = duelGraph(map);
  const ag = agentGraph(g);
  const pool = new GamePool(cfg.mapPath, cfg.workers);
  if (opt.command) st.commands.push(opt.command);
  const t0 = Date.now();
  const wall = () => st.wallMs + (Date.now() - t0);
  try {
    st.phase = opt.phase;
    // A fixed held-out set of teacher decisions for the BC accuracy.
    const hold = (await pool.run(bcJobs({ ...st, config: { ...cfg, seed: cfg.seed + 7777 } }, 0, opt.holdoutGames ?? 3))).flatMap((r) => [...(r.samples.A ?? []), ...(r.samples.B ?? [])]);
    const target = (opt.phase === 'bc' ? st.bcGames : st.rlGames) + opt.games;
    let lastEval = opt.phase === 'bc' ? st.bcGames : st.rlGames;
    let lossAcc = 0; let lossN = 0;
    const checkpoint = async (force: boolean) => {
      const done = opt.phase === 'bc' ? st.bcGames : st.rlGames;
      if (!force && done - lastEval < cfg.evalEvery) return;
      if (force && st.history.length && st.history[st.history.length - 1]!.steps === st.steps) return;
      lastEval = done;
      const a = accuracy(ag, st.weights, hold);
      const e = await evaluate(pool, cfg.seed, st.weights, cfg.evalGames, cfg.game);
      const p: HistoryPoint = { phase: opt.phase, games: st.bcGames + st.rlGames, steps: st.steps, wallMs: wall(), loss: lossN ? lossAcc / lossN : a.loss, acc: a.acc, accMove: a.accMove, accRare: a.accRare, vsGreedy: e.vsGreedy, vsLander: e.vsLander, evalGames: cfg.evalGames };
      st.history.push(p);
      lossAcc = 0; lossN = 0;
      log(`[${opt.phase}] games ${p.games} steps ${p.steps} loss ${p.loss.toFixed(4)} acc ${(100 * p.acc).toFixed(1)}% move-acc ${(100 * p.accMove).toFixed(1)}% rare-acc ${(100 * a.accRare).toFixed(1)}% vs greedy ${(100 * p.vsGreedy).toFixed(0)}% vs lander ${(100 * p.vsLander).toFixed(0)}% (${cfg.evalGames} each) ${(p.wallMs / 1000).toFixed(0)} s`);
      saveCheckpoint({ ...st, wallMs: wall() });
    };
    while ((opt.phase === 'bc' ? st.bcGames : st.rlGames) < target) {
      const rng = new TrainRng(st.rng);
      const n = Math.min(cfg.chunk, target - (opt.phase === 'bc' ? st.bcGames : st.rlGames));
      let items: Item[] = [];
      if (opt.phase === 'bc') {
        const recs = await pool.run(bcJobs(st, st.bcGames, n, cfg.dagger ?? 0));
        for (const r of recs) for (const s of [...(r.samples.A ?? []), ...(r.samples.B ?? [])]) items.push({ sample: s, weights: s.actions.map((_, j) => bcWeight(ag, s, j, cfg)) });
        st.bcGames += n;
        const all: Item[] = [];
        for (let e = 0; e < cfg.bcEpochs; e++) all.push(...rng.shuffle([...items]));
        items = all;
      } else {
        const snapshots = st.pool.map((f) => unpackWeights(readFileSync(join(cfg.ckptDir, f)), 0).w);
        const jobs: GameJob[] = [];
        const sides: Side[] = [];
        for (let k = st.rlGames; k < st.rlGames + n; k++) {
          const seed = gameSeed(cfg.seed, STREAM.rl, k);
          const side: Side = k % 2 ? 'B' : 'A';
          const choice = rng.int(0, 2 + snapshots.length);
          const opp: Controller = choice === 0 ? scripted('greedy') : choice === 1 ? scripted('lander') : choice === 2 || !snapshots.length ? { kind: 'net', weights: st.weights, sample: true } : { kind: 'net', weights: snapshots[choice - 3]!, sample: true };
          const me: Controller = { kind: 'net', weights: st.weights, sample: true };
          jobs.push({ seed, rngSeed: seed ^ 0x5bd1e995, ctl: side === 'A' ? { A: toWire(me), B: toWire(opp) } : { A: toWire(opp), B: toWire(me) }, record: [side], ...(cfg.game ? { opts: cfg.game } : {}) });
          sides.push(side);
        }
        const recs = await pool.run(jobs);
        const alpha = Math.max(0, 1 - st.rlGames / cfg.annealGames);
        const adv: { s: Sample; G: number }[] = [];
        recs.forEach((r, q) => {
          const side = sides[q]!;
          const ss = r.samples[side] ?? [];
          const final = 2 * scoreOf(r, side) - 1;
          const G = returns(ag, ss, final, alpha);
          ss.forEach((s, t) => adv.push({ s, G: G[t]! }));
        });
        const mean = adv.reduce((a, x) => a + x.G, 0) / Math.max(1, adv.length);
        const sd = Math.sqrt(adv.reduce((a, x) => a + (x.G - mean) ** 2, 0) / Math.max(1, adv.length)) || 1;
        for (const x of adv) {
          const A = (x.G - mean) / sd;
          // Per node, the joint action's advantage; scaled by 1/√nodes so big empires do not dominate the step.
          const k = 1 / Math.sqrt(Math.max(1, x.s.acting.length));
          items.push({ sample: x.s, weights: x.s.actions.map(() => A * k) });
        }
        rng.shuffle(items);
        st.rlGames += n;
        if (st.rlGames % cfg.poolEvery < n) {
          const f = `pool-${st.rlGames}.bin`;
          writeAtomic(join(cfg.ckptDir, f), packWeights(st.weights));
          st.pool.push(f);
        }
      }
      for (let b = 0; b < items.length; b += cfg.batch) {
        const r = await trainStepPool(ag, st, items.slice(b, b + cfg.batch), opt.phase === 'rl' ? cfg.entropy : 0, pool);
        lossAcc += r.loss; lossN++;
      }
      st.rng = rng.state;
      await checkpoint(false);
    }
    await checkpoint(true);
    st.wallMs = wall();
    saveCheckpoint(st);
    if (opt.version) {
      const e = exportWeights(map, st, opt.version, opt.exportDir);
      log(`wrote ${e.json} + ${e.bin} (${e.bytes} bytes), loads through agent.ts with its self-test`);
    }
    return st;
  } finally {
    await pool.close();
  }
}

export { cloneWeights };
