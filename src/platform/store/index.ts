export { Store } from './store.ts';
export { SqliteStore } from './sqlite.ts';
export { PgStore, redactUrl, type PgOptions } from './pg.ts';
export { openStore, isPostgresUrl, sqlitePathOf, type OpenedStore } from './open.ts';
export { COPY_TABLES, type CopyTable, type TableIO } from './tables.ts';
export { StorageError, faultPoint, sqliteCode, pgCode, isReadOnlyError, isCorruptError, isUniqueViolation } from './errors.ts';
export {
  LeaseLostError, DEFAULT_LEASE_MS, leaseMsFromEnv, processHolder,
  type GameRow, type PlayerRow, type StoredEntry, type SnapshotRow, type TimerRow, type RequestPostRow, type Batch, type GameStatusRow, type RatedGame,
  type RatedSide, type RatingRow, type RatingResultRow, type GameStore, type Lease, type LeaseTime, type NewGame, type UserGame,
} from './types.ts';
export { MIGRATIONS, PG_MIGRATIONS } from './migrations.ts';
export { copyStore, verifyCopy, type CopyCounts, type Replayer, type ReplayFn, type VerifyReport } from './copy.ts';
export { countingStore, type StoreCounts } from './counting.ts';
