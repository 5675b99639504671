/** A service restarted on the same store: games rebuilt (snapshot + later entries), timers rescheduled. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/index.ts';
import { FakeChat, liveSetup, twoPlayerGame, say, alice, bob, T0, tinyMap } from '../helpers/live.ts';

test('restart within the turn: the game and its orders come back, the hard close still fires on time', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【宣战】甲国向乙国宣战；【调兵】甲乡→中原 5');
  await say(l, 'ch1', alice, '【完成】');
  await l.clock.advance(50_000);
  const before = stateJson((await l.svc.stateOf('ch1'))!, tinyMap(), { withOrders: true });
  const statusId = l.store.games()[0]!.statusMessageId;
  l.svc.close();

  const clock = new VirtualClock(T0 + 60_000);
  const chat = new FakeChat();
  const svc = new GameService({ store: l.store, clock, chat, renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.deepEqual(stateJson((await svc.stateOf('ch1'))!, tinyMap(), { withOrders: true }), before, 'rebuilt exactly');
  assert.equal(chat.posts('ch1').length, 0, 'nothing to announce: no deadline was missed');
  await clock.advance(660_000 - 60_000 - 1);
  assert.equal((await svc.stateOf('ch1'))!.turn, 1);
  await clock.advance(1);
  const s = (await svc.stateOf('ch1'))!;
  assert.equal(s.turn, 2, 'the rescheduled hard close resolved the turn');
  assert.equal(s.territories.mid && 'owner' in s.territories.mid && s.territories.mid.owner, 'A');
  assert.match(chat.posts('ch1').join('\n'), /乙国 -10分（超时罚分）/);
  assert.ok(chat.log.some((p) => p.kind === 'edit' && p.messageId === statusId), 'the same status message is edited after the restart');
  const again = await say({ ...l, svc, clock, chat }, 'ch1', bob, '【完成】');
  assert.equal(again.ok, true);
  svc.close();
});
