export { Store, StorageError, faultPoint, sqliteCode, isReadOnlyError, isCorruptError, isUniqueViolation, type GameRow, type PlayerRow, type StoredEntry, type SnapshotRow, type TimerRow, type RequestPostRow, type Batch, type GameStatusRow } from './store.ts';
export { MIGRATIONS } from './migrations.ts';
