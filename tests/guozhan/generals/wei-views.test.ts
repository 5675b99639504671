/**
 * Per-seat views with the Wei skills on (issue 19; issue 18's views check, tests/guozhan/views-check.ts, with
 * skills=on and the registry loaded): their asks, takes, draws and reveals keep X1/X1.1 — a 反馈 hand card known to
 * the two seats only, 行殇's hand cards to 曹丕 alone, a hidden skill's prompt private (G21.9).
 * The checks are views-check.ts's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkViews } from '../views-check.ts';
import './helpers.ts';

const GAMES = Number(process.env.GUOZHAN_VIEW_GAMES ?? 12);

test('X1/X1.1 with the Wei skills on: no seat\'s view ever holds another seat\'s hidden hand card or hidden general (whole random games)', () => {
  let skillRows = 0;
  checkViews({ games: GAMES, settings: { skills: 'on' }, recentCommands: true, onRow: (row) => { if (row.t === 'skill') skillRows++; } });
  // The games did reach the skills.
  assert.ok(skillRows > 10, `skill rows ${skillRows}`);
});
