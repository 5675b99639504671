/**
 * What a process spends with its games set up and nobody typing (issue 16 scale-out, docs/scale.md): the work that
 * grows with the live games rather than with the commands — the lease round, the local channel's status tick, the
 * game list. The games and their participants are set up as in the scale bench (bench/load.ts), then one window
 * offers (almost) no commands: printed are the server process's CPU a second, the store calls a second and, on
 * PostgreSQL, the statements a second over it. Steadier than a saturation point on a busy machine, since nothing
 * waits for a core.
 *
 * Run: npx tsx bench/idle.ts [--games=100] [--stores=sqlite,postgres] [--seconds=21]   (PostgreSQL: BENCH_DATABASE_URL)
 */
import { loadavg } from 'node:os';
import { openLoad } from './load.ts';

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const LIMITS = { socketBurst: 1e6, socketPerSecond: 1e6, userBurst: 1e6, userPerSecond: 1e6, identitiesPerAddress: 1e6, maxUsers: 1e6 };

async function main(): Promise<void> {
  const games = arg('games', '100').split(',').map(Number);
  const stores = arg('stores', 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
  // The lease round is a third of the lease (10 s by default): a window of 21 s holds two of them.
  const seconds = Number(arg('seconds', '21'));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
  const la = () => loadavg().map((x) => x.toFixed(2)).join(', ');
  console.log(`idle: load average ${la()} at the start; ${seconds} s windows with nothing typed`);
  for (const kind of stores) {
    if (kind === 'postgres' && !pgUrl) { console.log('postgres: skipped (set BENCH_DATABASE_URL)'); continue; }
    for (const n of games) {
      const perGame = n >= 1000 ? 2 : 10;
      const s = await openLoad({ games: n, perGame, reconnect: n >= 100, render: false, store: kind === 'postgres' ? { kind, url: pgUrl! } : { kind }, limits: LIMITS, log: () => undefined });
      try {
        // One command in the whole window, so the participants' process has a window to run.
        const w = await s.window({ rate: 1 / (seconds * s.participants), seconds, drainMs: 1000 });
        const perS = (x: number) => (x / (w.wallMs / 1000)).toFixed(1);
        console.log(`  ${kind}, ${n} games (${s.participants} sockets), idle ${(w.wallMs / 1000).toFixed(1)} s: ${perS(w.cpuMs)} ms CPU a second (${(w.cpuMs / w.wallMs * 100).toFixed(1)}% of a core), `
          + `${perS(w.storeCalls)} store calls a second${w.roundTrips !== null ? `, ${perS(w.roundTrips)} statements a second` : ''}, loop delay p99 ${w.loopDelayP99.toFixed(1)} ms (${w.res.acked} commands)`);
      } finally {
        await s.close();
      }
    }
  }
  console.log(`load average at the end: ${la()}`);
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
