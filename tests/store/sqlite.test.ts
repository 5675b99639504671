/** The store suite (suite.ts) on SQLite, the embedded default: always runs. */
import { sqliteHarness } from './harness.ts';
import { storeSuite } from './suite.ts';

storeSuite(sqliteHarness);
