/**
 * npm run db:copy -- --from sqlite:data/neuwar.db --to postgres://user:pass@host:5432/neuwar
 *
 * Moves an installation's games to another store (issue 16: SQLite → PostgreSQL, or back): every game, log entry,
 * snapshot, player, timer, request post, handled message, rating and preference, with their ids; then verifies by
 * reading everything back from both sides and by replaying every game from its log (and from its latest snapshot)
 * with the game modules on both sides and comparing the states. Stop the bot first: a store written during the copy
 * will not verify. The target must be empty (a fresh database).
 *
 *   --from URL      the store copied (default: sqlite:$DATABASE_PATH, else sqlite:data/neuwar.db)
 *   --to URL        the store written (postgres://… or sqlite:PATH)
 *   --verify-only   copy nothing: compare the two stores as they are
 *
 * Exit 0: copied and verified; 1: the verification found differences (listed); 2: wrong arguments or a store that
 * cannot be used.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseFlags } from '../src/platform/cli/index.ts';
import { foldEntries, withDefaults, type GameRegistry } from '../src/platform/session/index.ts';
import { copyStore, openStore, redactUrl, verifyCopy, StorageError, type Replayer, type VerifyReport } from '../src/platform/store/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Replays a game with its module (maps resolved against `root`): its state JSON (the module's snapshot). */
export function gameReplayer(registry: GameRegistry, root = ROOT): Replayer {
  return (row) => {
    const mod = registry.find((m) => m.kind === row.kind);
    if (!mod) return `no game module of kind "${row.kind}" here`;
    let rules;
    try {
      rules = withDefaults(mod.open(row.mapPath, root));
    } catch (e) {
      return `its rules cannot be opened here (${(e as Error).message})`;
    }
    const r = rules;
    return (entries, snapshot) => {
      const game = foldEntries(r, snapshot ? r.restore(snapshot.game) : null, entries);
      return game === null ? 'null' : r.snapshot(game);
    };
  };
}

export interface DbCopyResult { copied: Record<string, number> | null; report: VerifyReport }

/** Copies `from` into `to` (unless verifyOnly) and verifies; the stores are closed afterwards. */
export async function dbCopy(fromUrl: string, toUrl: string, opts: { verifyOnly?: boolean; replay?: Replayer; log?: (line: string) => void } = {}): Promise<DbCopyResult> {
  const log = opts.log ?? (() => undefined);
  const from = await openStore(fromUrl);
  try {
    const to = await openStore(toUrl);
    try {
      let copied: Record<string, number> | null = null;
      if (!opts.verifyOnly) {
        log(`copying ${from.driver} ${from.location} → ${to.driver} ${to.location}`);
        copied = await copyStore(from, to, log);
        log(`copied: ${Object.entries(copied).map(([t, n]) => `${t} ${n}`).join(', ')}`);
      }
      log('verifying: every table, every game\'s reads, every game replayed on both sides');
      // The bot's game modules, and those the tools read (loaded only now: an argument error answers at once).
      const replay = opts.replay ?? gameReplayer((await import('../src/games/index.ts')).TOOL_GAMES);
      const report = await verifyCopy(from, to, { replay, log });
      return { copied, report };
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let flags: Record<string, string>;
  try {
    flags = parseFlags(argv);
  } catch (e) {
    process.stderr.write(`db:copy: ${(e as Error).message}\n`);
    return 2;
  }
  const from = flags.from ?? `sqlite:${process.env.DATABASE_PATH ?? 'data/neuwar.db'}`;
  const to = flags.to;
  if (!to || to === 'true' || from === 'true') {
    process.stderr.write('usage: npm run db:copy -- --from sqlite:data/neuwar.db --to postgres://user:pass@host:5432/db [--verify-only]\n');
    return 2;
  }
  if (redactUrl(from) === redactUrl(to)) {
    process.stderr.write('db:copy: --from and --to name the same store\n');
    return 2;
  }
  try {
    const { report } = await dbCopy(from, to, { verifyOnly: flags['verify-only'] === 'true', log: (l) => process.stdout.write(`${l}\n`) });
    process.stdout.write(`verified ${report.games} games, ${report.entries} log entries; ${report.replayed} replayed to the same state on both sides\n`);
    for (const n of report.notReplayed) process.stdout.write(`not replayed: ${n}\n`);
    if (report.problems.length) {
      for (const p of report.problems) process.stdout.write(`DIFFERENT: ${p}\n`);
      process.stdout.write(`${report.problems.length} difference(s): the copy is not faithful\n`);
      return 1;
    }
    process.stdout.write('the copy is faithful\n');
    return 0;
  } catch (e) {
    process.stderr.write(`db:copy: ${e instanceof StorageError ? e.message : (e as Error).stack ?? String(e)}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
