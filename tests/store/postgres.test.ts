/**
 * The store suite (suite.ts) on PostgreSQL: runs when TEST_DATABASE_URL names a server (.ci/run starts one), each
 * test in a schema of its own; skipped otherwise, and the skip says why.
 */
import { pgHarness } from './harness.ts';
import { storeSuite } from './suite.ts';
import { liveSuite } from './live-suite.ts';

storeSuite(pgHarness);
liveSuite(pgHarness);
