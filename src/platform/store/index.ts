export { Store, StorageError, faultPoint, sqliteCode, isReadOnlyError, isCorruptError, isUniqueViolation, type GameRow, type PlayerRow, type StoredEntry, type SnapshotRow, type TimerRow, type RequestPostRow, type Batch, type GameStatusRow, type RatedGame, type RatedSide, type RatingRow, type RatingResultRow } from './store.ts';
export { MIGRATIONS } from './migrations.ts';
