/**
 * A local page's WebSocket without a browser, for the unit tests that drive the local channel's protocol: it says
 * hello with a name, waits for the welcome, and keeps every server message.
 */
import { WebSocket } from 'ws';
import type { ServerMsg } from '../../src/platform/adapters/local/index.ts';

export interface PageSocket {
  ws: WebSocket;
  msgs: ServerMsg[];
  send(m: object): void;
  /** The next message that matches (with `past`: or one already received). */
  wait(pred: (m: ServerMsg) => boolean, ms?: number): Promise<ServerMsg>;
  /** Sends `m` with a fresh id and resolves with its ack. */
  act(m: Record<string, unknown>): Promise<Extract<ServerMsg, { t: 'ack' }>>;
  close(): void;
}

let seq = 0;

/** `past`: whether wait() also looks at the messages already received; `ms`: wait()'s default patience. */
export async function pageSocket(url: string, name: string, opts: { past?: boolean; ms?: number } = {}): Promise<PageSocket> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + 'ws');
  const msgs: ServerMsg[] = [];
  const waiters: { pred: (m: ServerMsg) => boolean; res: (m: ServerMsg) => void }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as ServerMsg;
    msgs.push(m);
    for (const w of [...waiters]) if (w.pred(m)) { waiters.splice(waiters.indexOf(w), 1); w.res(m); }
  });
  await new Promise<void>((res, rej) => { ws.once('open', () => res()); ws.once('error', rej); });
  const wait = (pred: (m: ServerMsg) => boolean, ms = opts.ms ?? 3000) => new Promise<ServerMsg>((res, rej) => {
    const found = opts.past ? msgs.find(pred) : undefined;
    if (found) { res(found); return; }
    const t = setTimeout(() => rej(new Error('timed out waiting for a server message')), ms);
    waiters.push({ pred, res: (m) => { clearTimeout(t); res(m); } });
  });
  const p: PageSocket = {
    ws, msgs, wait,
    send: (m) => ws.send(JSON.stringify(m)),
    act: async (m) => {
      const id = `s${++seq}`;
      const a = wait((x) => x.t === 'ack' && x.id === id);
      ws.send(JSON.stringify({ ...m, id }));
      return (await a) as Extract<ServerMsg, { t: 'ack' }>;
    },
    close: () => ws.close(),
  };
  const welcome = wait((m) => m.t === 'welcome');
  p.send({ t: 'hello', name });
  await welcome;
  return p;
}
