import { Worker } from 'node:worker_threads';
import type { RenderReply, RenderRequest } from './worker.ts';
import { ensureFonts } from './fonts.ts';

/**
 * Renders in a worker thread, so the JavaScript half of a render (geometry, label placement, the first build of
 * a view's cached layers, which takes seconds) never holds up command handling on the main thread (issue:
 * rendering never blocks command handling). One worker, requests in order; a crashed worker is replaced. What
 * it draws is the game's: `painter` is the URL of a module implementing Painter (worker.ts).
 */
export class RenderWorker {
  constructor(private readonly painter: URL) {}

  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
  private keys = new WeakMap<object, string>();
  private sent = new Set<string>();
  private nKeys = 0;

  private start(): Worker {
    if (this.worker) return this.worker;
    // fontconfig reads the real process environment: a worker's process.env is its own copy, so FONTCONFIG_FILE
    // must be set here, in the main thread, before the worker's first text render (else CJK shows as boxes).
    ensureFonts();
    const w = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    w.unref();
    w.on('message', (r: RenderReply) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if ('error' in r) p.reject(new Error(r.error));
      else p.resolve(Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength));
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      this.sent.clear();
      this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => { if (this.worker === w) fail(new Error(`render worker exited (${code})`)); });
    this.worker = w;
    return w;
  }

  private keyOf(resource: object, id: string): string {
    let k = this.keys.get(resource);
    if (!k) {
      k = `${id}#${++this.nKeys}`;
      this.keys.set(resource, k);
    }
    return k;
  }

  /**
   * Paints `state` of `resource` (an object kept by the caller, e.g. a map; `data` is what the painter
   * prepares it from, sent once per worker) as the picture `kind`.
   */
  render(kind: string, resource: object, id: string, data: () => unknown, state: unknown, opts: unknown): Promise<Buffer> {
    const w = this.start();
    const reqId = this.next++;
    const key = this.keyOf(resource, id);
    const req: RenderRequest = { id: reqId, painter: this.painter.href, kind, key, state, opts };
    if (!this.sent.has(key)) {
      req.resource = data();
      this.sent.add(key);
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(reqId, { resolve, reject });
      // The worker keeps the process alive only while a picture is being made.
      w.ref();
      w.postMessage(req);
    }).finally(() => { if (this.pending.size === 0) this.worker?.unref(); });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
