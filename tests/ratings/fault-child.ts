/**
 * Child of ratings' atomicity test: opens the store at DATABASE_PATH, creates a game and commits its end with a
 * rating in one batch. With NEUWAR_FAULT=mid-rating:1 the process is SIGKILLed between the two ratings' writes.
 */
import { Store } from '../../src/platform/store/index.ts';

const s = new Store(process.env.DATABASE_PATH!);
const g = s.createGame({ kind: 'duel', channelId: 'c1', mapPath: 'maps/europe.json', mapId: 'europe', settings: {}, live: {}, creator: 'u', judges: [], createdAt: 1 });
s.commit({
  gameId: g.id,
  entries: [{ at: 5, entry: { type: 'command', at: 5, side: 'A', command: { kind: 'resign' } }, turn: 1 }],
  game: { status: 'ended', endedAt: 5 },
  rating: { kind: 'duel', gameId: g.id, channelId: 'c1', scope: null, at: 5, how: 'resign', a: { id: 'discord:a', name: 'a', seat: 'A' }, b: { id: 'discord:b', name: 'b', seat: 'B' }, scoreA: 0 },
});
s.close();
process.stdout.write('done\n');
