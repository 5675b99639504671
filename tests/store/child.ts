/**
 * A second process for the store suite's crash tests: opens the store the parent names, does one thing and is
 * killed (SIGKILL) in the middle of it, by the fault points (NEUWAR_FAULT) or by itself.
 *   argv: URL SCHEMA|- MODE GAME_ID
 *   commit: a batch of two entries and a handled id, killed between the log insert and the rest (mid-commit)
 *   rate:   a rated game, killed between the two standings' writes (mid-rating)
 *   lease:  takes the game's lease for 1 s and dies holding it
 */
import { openStore } from '../../src/platform/store/index.ts';

const [url, schema, mode, id] = process.argv.slice(2);
const gameId = Number(id);
const s = await openStore(url, schema && schema !== '-' ? { pg: { schema } } : {});
if (mode === 'commit') {
  await s.commit({
    gameId,
    entries: [0, 1].map((part) => ({ at: 1, entry: { type: 'tick', at: 1 }, messageId: 'crash', part, turn: 1 })),
    handled: { messageId: 'crash', at: 1, reply: { ok: true } },
    timers: [{ kind: 'deadline', at: 9, turn: 1 }],
  });
} else if (mode === 'rate') {
  await s.rateGame({ kind: 'duel', gameId, channelId: 'c', scope: null, at: 1, how: 'capital', a: { id: 'discord:a', name: 'a', seat: 'A' }, b: { id: 'discord:b', name: 'b', seat: 'B' }, scoreA: 1 });
} else if (mode === 'lease') {
  if (!(await s.takeLease(gameId, 'child', { ttlMs: 1000 }))) process.exit(3);
  process.stdout.write('taken\n');
  process.kill(process.pid, 'SIGKILL');
}
process.stdout.write('not killed\n');
process.exit(4);
