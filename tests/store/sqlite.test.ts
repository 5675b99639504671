/** The store suite (suite.ts) on SQLite, the embedded default: always runs. */
import { sqliteHarness } from './harness.ts';
import { storeSuite } from './suite.ts';
import { liveSuite } from './live-suite.ts';

storeSuite(sqliteHarness);
liveSuite(sqliteHarness);
