export { Store, faultPoint, type GameRow, type PlayerRow, type StoredEntry, type SnapshotRow, type TimerRow, type Batch, type GameStatusRow } from './store.ts';
export { MIGRATIONS } from './migrations.ts';
