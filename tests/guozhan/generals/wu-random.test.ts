/**
 * Random legal play with the 吴 skills on (issue 19's random-play proof for H-WU): kingdom-skills.ts's
 * randomPlayTest — seeded 6-player games with three 吴 seats, invariants after every entry, no stuck ask, every
 * tenth game replayed, each 吴 trigger skill done used at least once. One file a kingdom, so they run in parallel.
 */
import { randomPlayTest } from './kingdom-skills.ts';

randomPlayTest('wu', '吴');
