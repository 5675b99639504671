/**
 * Worker threads for the trainer's games (2 cores here: 1–2 workers). A job is one game; results come back in
 * job order whatever the workers' timing, so a run is deterministic given its seed for any worker count
 * (`workers: 0` plays in process).
 */
import { Worker } from 'node:worker_threads';
import { loadMapFile, type GameMap } from '../../europe/map/index.ts';
import type { Weights } from '../agent.ts';
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

  async run(jobs: GameJob[]): Promise<GameRecord[]> {
    if (!this.workers.length) return jobs.map((j) => runJob(this.map, j));
    const out: GameRecord[] = new Array(jobs.length);
    let next = 0;
    await Promise.all(this.workers.map((w) => new Promise<void>((resolve, reject) => {
      const take = () => {
        if (next >= jobs.length) { w.off('message', onMsg); w.off('error', onErr); resolve(); return; }
        const k = next++;
        pending = k;
        w.postMessage(jobs[k]);
      };
      let pending = -1;
      const onMsg = (m: { ok: true; rec: GameRecord } | { ok: false; error: string }) => {
        if (!m.ok) { reject(new Error(m.error)); return; }
        out[pending] = m.rec;
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
