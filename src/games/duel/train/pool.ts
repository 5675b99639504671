/**
 * Worker threads for the trainer (2 cores here: 1–2 workers): a job is one game, or half a minibatch's gradient
 * (grad.ts). Results come back in job order whatever the workers' timing, so a run is deterministic given its seed
 * for any worker count (`workers: 0` plays in process).
 */
import { Worker } from 'node:worker_threads';
import { loadMapFile, type GameMap } from '../../europe/map/index.ts';
import { agentGraph, type AgentGraph, type Weights } from '../agent.ts';
import { duelGraph } from '../board.ts';
import { batchGradient, type GradResult, type Item } from './grad.ts';
import { playGame, type Controller, type GameOpts, type GameRecord } from './play.ts';
import type { Side } from '../resolve.ts';

/** A controller as sent to a worker (weights as plain name → Float32Array pairs). */
export type WireController =
  | Exclude<Controller, { kind: 'net' | 'dagger' }>
  | { kind: 'net'; weights: [string, Float32Array][]; sample: boolean }
  | (Omit<Extract<Controller, { kind: 'dagger' }>, 'weights'> & { weights: [string, Float32Array][] });
export interface GameJob { seed: number; rngSeed: number; ctl: Record<Side, WireController>; record: Side[]; opts?: GameOpts }

export const toWire = (c: Controller): WireController => (c.kind === 'net' || c.kind === 'dagger' ? { ...c, weights: [...c.weights] } : c);
const fromWire = (c: WireController): Controller => (c.kind === 'net' || c.kind === 'dagger' ? { ...c, weights: new Map(c.weights) as Weights } : c);

export function runJob(map: GameMap, j: GameJob): GameRecord {
  return playGame(map, j.seed, { A: fromWire(j.ctl.A), B: fromWire(j.ctl.B) }, j.record, j.rngSeed, j.opts ?? {});
}

/** Half a minibatch: the weights, its items, the entropy bonus (RL). */
export interface GradJob { weights: Weights; items: readonly Item[]; entropy: number }
type WireGradJob = { type: 'grad'; weights: [string, Float32Array][]; items: readonly Item[]; entropy: number };
type WireGrad = Omit<GradResult, 'g'> & { g: [string, Float64Array][] };

/** A worker's answer to one message: a game, or a gradient. */
export function answer(map: GameMap, ag: () => AgentGraph, m: GameJob | WireGradJob): { ok: true; rec: GameRecord } | { ok: true; grad: WireGrad } {
  if ('type' in m && m.type === 'grad') {
    const r = batchGradient(ag(), new Map(m.weights) as Weights, m.items, m.entropy);
    return { ok: true, grad: { ...r, g: [...r.g] } };
  }
  return { ok: true, rec: runJob(map, m as GameJob) };
}

export class GamePool {
  private workers: Worker[] = [];
  private map: GameMap;
  constructor(mapPath: string, n: number) {
    this.map = loadMapFile(mapPath);
    for (let i = 0; i < n; i++) {
      // Node 20 does not run a .ts worker through tsx's hooks by itself: the worker registers them, then imports.
      const url = new URL('./worker.ts', import.meta.url).href;
      const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url)}); })`;
      this.workers.push(new Worker(boot, { eval: true, workerData: { mapPath } }));
    }
  }

  /** The number of worker threads (0: everything in process). */
  get size(): number { return this.workers.length; }

  async run(jobs: GameJob[]): Promise<GameRecord[]> {
    if (!this.workers.length) return jobs.map((j) => runJob(this.map, j));
    return (await this.dispatch(jobs)).map((m) => (m as { rec: GameRecord }).rec);
  }

  /** Gradients of minibatch parts, one job per worker at a time, in job order. */
  async grads(jobs: GradJob[]): Promise<GradResult[]> {
    if (!this.workers.length) { const ag = agentGraph(duelGraph(this.map)); return jobs.map((j) => batchGradient(ag, j.weights, j.items, j.entropy)); }
    const wire: WireGradJob[] = jobs.map((j) => ({ type: 'grad', weights: [...j.weights], items: j.items, entropy: j.entropy }));
    return (await this.dispatch(wire)).map((m) => { const g = (m as { grad: WireGrad }).grad; return { ...g, g: new Map(g.g) }; });
  }

  private async dispatch(jobs: readonly unknown[]): Promise<unknown[]> {
    const out: unknown[] = new Array(jobs.length);
    let next = 0;
    await Promise.all(this.workers.map((w) => new Promise<void>((resolve, reject) => {
      const take = () => {
        if (next >= jobs.length) { w.off('message', onMsg); w.off('error', onErr); resolve(); return; }
        const k = next++;
        pending = k;
        w.postMessage(jobs[k]);
      };
      let pending = -1;
      const onMsg = (m: { ok: true } | { ok: false; error: string }) => {
        if (!m.ok) { reject(new Error(m.error)); return; }
        out[pending] = m;
        take();
      };
      const onErr = (e: Error) => reject(e);
      w.on('message', onMsg);
      w.on('error', onErr);
      take();
    })));
    return out;
  }

  async close(): Promise<void> { await Promise.all(this.workers.map((w) => w.terminate())); }
}
