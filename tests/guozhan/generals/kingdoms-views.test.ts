/**
 * Per-seat views with the Shu, Wu and Qun skills on (issue 19; issue 18's views check, tests/guozhan/views-check.ts,
 * with skills=on and the registry loaded): whole random 6-seat games in which no seat's view ever holds another seat's
 * hidden hand card or hidden general, nor a draw-pile card — through these kingdoms' private prompts (G21.9), looks
 * (观星's, X1.1), gifts (仁德, 好施, 缔盟: the cards private to the two) and reveals. One walk serves the three
 * kingdoms (views-check.ts deals the generals at random, seeds 1…N); it asserts that skills of each kingdom fired.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkViews } from '../views-check.ts';
import { COVERAGE } from '../../../src/games/guozhan/skills/index.ts';
import './helpers.ts';

const GAMES = Number(process.env.GUOZHAN_VIEW_GAMES ?? 12);

test('X1/X1.1 with the Shu, Wu and Qun skills on: no seat\'s view holds another seat\'s hidden hand card or hidden general (whole random games)', () => {
  const of = (k: string) => new Set(COVERAGE.filter((c) => c.h.startsWith(`H-${k}-`)).flatMap((c) => c.done));
  const kingdoms = { SHU: of('SHU'), WU: of('WU'), QUN: of('QUN') };
  const fired = { SHU: 0, WU: 0, QUN: 0 };
  checkViews({ games: GAMES, settings: { skills: 'on' }, recentCommands: true, onRow: (row) => {
    if (row.t !== 'skill') return;
    for (const k of ['SHU', 'WU', 'QUN'] as const) if (kingdoms[k].has(row.skill as string)) fired[k]++;
  } });
  for (const k of ['SHU', 'WU', 'QUN'] as const) assert.ok(fired[k] > 0, `${k} skill rows ${fired[k]}`);
});
