import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * What a game gives the render worker: a module (loaded in the worker by its URL) that prepares a resource
 * once (New European War: builds its map from the map file) and paints a state of it as PNG.
 */
export interface Painter {
  prepare(resource: unknown, key: string): unknown;
  paint(kind: string, prepared: unknown, state: unknown, opts: unknown): Promise<Uint8Array>;
}

/** A request from the main thread; `resource` comes only the first time this worker sees the key. */
export interface RenderRequest {
  id: number;
  /** The painter module's URL. */
  painter: string;
  /** The game's name for the picture (e.g. 'map', 'scores'). */
  kind: string;
  key: string;
  resource?: unknown;
  state: unknown;
  opts: unknown;
}
export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

// Pictures are never as urgent as commands: on Linux a thread's nice value is its own, so this lowers the painting
// thread (and the libvips threads it starts) below the main thread, which keeps answering players while a map is
// drawn on a busy machine (issue 11's abuse run: commands queued behind each turn post's rendering).
try { setPriority(10); } catch { /* not permitted here: paint at normal priority */ }

const painters = new Map<string, Promise<Painter>>();
const prepared = new Map<string, unknown>();

parentPort?.on('message', async (req: RenderRequest) => {
  try {
    let p = painters.get(req.painter);
    if (!p) {
      p = import(req.painter) as Promise<Painter>;
      painters.set(req.painter, p);
    }
    const painter = await p;
    const key = `${req.painter}\n${req.key}`;
    if (req.resource !== undefined) prepared.set(key, painter.prepare(req.resource, req.key));
    if (!prepared.has(key)) throw new Error(`resource ${req.key} was never sent to this worker`);
    const png = await painter.paint(req.kind, prepared.get(key), req.state, req.opts);
    parentPort!.postMessage({ id: req.id, png } satisfies RenderReply);
  } catch (e) {
    parentPort!.postMessage({ id: req.id, error: (e as Error)?.message ?? String(e) } satisfies RenderReply);
  }
});
