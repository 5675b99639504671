/** Per-seat views (issue 18, X1/X1.1) over whole random games, without skills: views-check.ts says what is checked. */
import { test } from 'node:test';
import { checkViews } from './views-check.ts';

const GAMES = Number(process.env.GUOZHAN_VIEW_GAMES ?? 12);

test('X1/X1.1: no seat\'s view ever holds another seat\'s hidden hand card or hidden general (whole random games)', () => {
  checkViews({ games: GAMES });
});
