/** A worker of GamePool: plays the games it is sent on the real engine, or computes half a minibatch's gradient, and sends the results back. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadMapFile } from '../../europe/map/index.ts';
import { agentGraph, type AgentGraph } from '../agent.ts';
import { duelGraph } from '../board.ts';
import { answer } from './pool.ts';

const map = loadMapFile((workerData as { mapPath: string }).mapPath);
let ag: AgentGraph | null = null;
parentPort!.on('message', (m: Parameters<typeof answer>[2]) => {
  try { parentPort!.postMessage(answer(map, () => (ag ??= agentGraph(duelGraph(map))), m)); } catch (e) { parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) }); }
});
