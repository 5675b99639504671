/**
 * `npm run db:copy` (scripts/db-copy.ts): moves an installation's games from one store to another (SQLite →
 * PostgreSQL, or back), every table row for row with its ids, then verifies: every table read back from both
 * sides and compared, every game's log, snapshots, players and timers read through the store on both sides and
 * compared, and (given a replayer: the game modules) every game replayed from its log on both sides and the states
 * compared. The platform knows no game: the replayer comes from the caller.
 */
import { isDeepStrictEqual } from 'node:util';
import type { OpenedStore } from './open.ts';
import type { Raw } from './rows.ts';
import { COPY_TABLES, type CopyTable } from './tables.ts';
import type { GameRow, GameStore, SnapshotRow, StoredEntry } from './types.ts';

/** A game's state, as JSON, folded from `entries` onto `snapshot` (null: from the start). */
export type ReplayFn = (entries: StoredEntry[], snapshot: SnapshotRow | null) => string;
/** The replay of a game, or a string saying why it cannot be replayed here (its kind or map is unknown). */
export type Replayer = (row: GameRow) => ReplayFn | string;

const PAGE = 500;
const GAMES = COPY_TABLES.find((t) => t.name === 'games')!;
const PER_GAME = COPY_TABLES.filter((t) => t.perGame);
const GLOBAL = COPY_TABLES.filter((t) => !t.perGame && t.name !== 'games');
/** Each side's own: when it was opened (the rest of meta, e.g. alive_at, is copied). */
const OWN_META = new Set(['opened_at']);

export interface CopyCounts { [table: string]: number }

/** Pages of a table in key order (one game's rows at once when `gameId` is given). */
async function* pages(s: OpenedStore, t: CopyTable, gameId?: number): AsyncGenerator<Raw[]> {
  if (gameId !== undefined) {
    yield await s.readRows(t, { gameId });
    return;
  }
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await s.readRows(t, { after, limit: PAGE });
    if (!rows.length) return;
    yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = t.key.map((k) => last[k]);
  }
}

/**
 * Copies every table of `from` into `to`, which must hold no data yet (a copy into a used database would mix two
 * installations' ids). Rows keep their ids; `to` then continues its ids past them. Returns the rows per table.
 */
export async function copyStore(from: OpenedStore, to: OpenedStore, log: (line: string) => void = () => undefined): Promise<CopyCounts> {
  for (const t of COPY_TABLES) {
    if (t.name === 'meta') continue;
    if ((await to.readRows(t, { limit: 1 })).length) {
      throw new Error(`the target (${to.location}) already has rows in ${t.name}: db:copy copies into an empty database only (drop and create it again, or name another)`);
    }
  }
  const counts: CopyCounts = Object.fromEntries(COPY_TABLES.map((t) => [t.name, 0]));
  let games = 0;
  for await (const page of pages(from, GAMES)) {
    await to.writeRows(GAMES, page);
    counts.games! += page.length;
    for (const g of page) {
      for (const t of PER_GAME) {
        const rows = await from.readRows(t, { gameId: g.id as number });
        await to.writeRows(t, rows);
        counts[t.name]! += rows.length;
      }
      if (++games % 100 === 0) log(`  ${games} games copied`);
    }
  }
  for (const t of GLOBAL) {
    for await (const page of pages(from, t)) {
      const rows = t.name === 'meta' ? page.filter((r) => !OWN_META.has(r.key as string)) : page;
      if (t.name === 'meta') for (const r of rows) await to.setMeta(r.key as string, r.value as string);
      else await to.writeRows(t, rows);
      counts[t.name]! += rows.length;
    }
  }
  await to.afterCopy();
  return counts;
}

export interface VerifyReport {
  games: number;
  entries: number;
  /** Games replayed on both sides with the same state. */
  replayed: number;
  /** Games not replayed, and why (kind or map unknown here). */
  notReplayed: string[];
  /** Every difference found (empty: the copy is faithful). */
  problems: string[];
}

/** Rows compared by value (numbers as numbers: SQLite and PostgreSQL return the same JS values for these columns). */
function sameRows(a: Raw[], b: Raw[]): boolean {
  return isDeepStrictEqual(a, b);
}

/**
 * Compares two stores: every table row for row (meta but each side's opened_at), every game through the store's
 * reads, and with `replay` every game's state rebuilt from its whole log and from its latest snapshot on.
 */
export async function verifyCopy(a: OpenedStore, b: OpenedStore, opts: { replay?: Replayer; log?: (line: string) => void } = {}): Promise<VerifyReport> {
  const report: VerifyReport = { games: 0, entries: 0, replayed: 0, notReplayed: [], problems: [] };
  const problem = (p: string) => { if (report.problems.length < 200) report.problems.push(p); };
  const strip = (t: CopyTable, rows: Raw[]) => (t.name === 'meta' ? rows.filter((r) => !OWN_META.has(r.key as string)) : rows);

  // 1. Every table, row for row.
  const gameIds: number[] = [];
  for (const t of COPY_TABLES.filter((x) => !x.perGame)) {
    const pa = pages(a, t), pb = pages(b, t);
    let n = 0;
    for (;;) {
      const [ra, rb] = await Promise.all([pa.next(), pb.next()]);
      const rowsA = ra.done ? [] : strip(t, ra.value), rowsB = rb.done ? [] : strip(t, rb.value);
      // The games are checked one by one below even when their rows differ (ids from the source).
      if (t.name === 'games') for (const r of rowsA) gameIds.push(r.id as number);
      if (!sameRows(rowsA, rowsB)) {
        let i = 0;
        while (isDeepStrictEqual(rowsA[i], rowsB[i])) i++;
        const show = (r: Raw | undefined) => (r ? JSON.stringify(r).slice(0, 200) : '(no row)');
        problem(`${t.name}: rows differ after ${n + i} equal ones: ${show(rowsA[i])} ≠ ${show(rowsB[i])}`);
        if (t.name !== 'games') break;
      }
      n += rowsA.length;
      if (ra.done && rb.done) break;
    }
  }
  for (const id of gameIds) {
    for (const t of PER_GAME) {
      const [ra, rb] = await Promise.all([a.readRows(t, { gameId: id }), b.readRows(t, { gameId: id })]);
      if (!sameRows(ra, rb)) problem(`game ${id}: ${t.name} differs (${ra.length} rows ≠ ${rb.length})`);
    }
  }

  // 2. Every game as the service reads it, and 3. replayed.
  for (const id of gameIds) {
    report.games++;
    const read = async (s: GameStore) => ({
      row: await s.game(id), players: await s.players(id), entries: await s.entries(id), snapshots: await s.snapshots(id),
      timers: await s.timers(id), posts: await s.openRequestPosts(id), lastSeq: await s.lastSeq(id), latest: await s.latestSnapshot(id),
    });
    const [x, y] = await Promise.all([read(a), read(b)]);
    report.entries += x.entries.length;
    for (const k of Object.keys(x) as (keyof typeof x)[]) {
      if (!isDeepStrictEqual(x[k], y[k])) problem(`game ${id}: ${k} read back differently`);
    }
    if (x.row && opts.replay) {
      const replay = opts.replay(x.row);
      if (typeof replay === 'string') {
        report.notReplayed.push(`game ${id} (${x.row.kind}): ${replay}`);
      } else {
        try {
          const fromLogA = replay(x.entries, null), fromLogB = replay(y.entries, null);
          if (fromLogA !== fromLogB) problem(`game ${id}: the state replayed from the log differs`);
          const fromSnapA = replay(x.latest ? x.entries.filter((e) => e.seq > x.latest!.seq) : x.entries, x.latest);
          const fromSnapB = replay(y.latest ? y.entries.filter((e) => e.seq > y.latest!.seq) : y.entries, y.latest);
          if (fromSnapA !== fromSnapB) problem(`game ${id}: the state rebuilt from the latest snapshot differs`);
          if (fromLogA === fromLogB && fromSnapA === fromSnapB) report.replayed++;
        } catch (e) {
          report.notReplayed.push(`game ${id} (${x.row.kind}): replay failed: ${(e as Error).message}`);
        }
      }
    }
    if (report.games % 100 === 0) opts.log?.(`  ${report.games} games verified`);
  }
  return report;
}
