/** A game worker of GamePool: plays the jobs it is sent on the real engine and sends the records back. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadMapFile } from '../../europe/map/index.ts';
import { runJob, type GameJob } from './pool.ts';

const map = loadMapFile((workerData as { mapPath: string }).mapPath);
parentPort!.on('message', (j: GameJob) => {
  try { parentPort!.postMessage({ ok: true, rec: runJob(map, j) }); } catch (e) { parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) }); }
});
