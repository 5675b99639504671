/**
 * Europe Duel's rules on rated play (duel.md D9.2, D9.4, D9.5): which games may be rated (NOT_ALLOWED for rated:true
 * on the others), RATED_LOCKED, what an end counts for (a resignation is a loss even on turn 1; abandoned and the
 * judge's abort are unrated; the scripted bots never rate; the agent does), one running duel per person, and a
 * rated duel on Europe through the live service ended by 【认输】 with both ratings moved by 32 (provisional).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { applyDuel, botFailures, newDuel, type DuelState } from '../../src/games/duel/engine.ts';
import { agentPolicy, registerPolicy } from '../../src/games/duel/agent.ts';
import { duel, type Duel } from '../../src/games/duel/module.ts';
import { alreadyInDuelText, decideRated, ratedAtSetup, duelInProgress, duelRatedOutcome, settingsChangeRefusal, unratableReasons, type NewDuel } from '../../src/games/duel/ratings.ts';
import { GameService, type GameModule } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { FakeChat, T0, alice, bob, judy } from '../helpers/live.ts';

const EUROPE = 'maps/europe.json';
const map = loadMapFile(EUROPE);
const g = duelGraph(map);

const human = (userId: string) => ({ kind: 'human' as const, userId });
const bot = (id: string) => ({ kind: 'bot' as const, bot: id });
const base: NewDuel = { mapId: 'europe', sides: { A: human('u1'), B: human('u2') }, settings: {} };

test('D9.2 a challenge between two people on Europe with default settings is rated by default', () => {
  assert.deepEqual(unratableReasons(base), []);
  assert.deepEqual(decideRated(undefined, base), { ok: true, rated: true });
  assert.deepEqual(decideRated(true, base), { ok: true, rated: true });
  assert.deepEqual(decideRated(false, base), { ok: true, rated: false }, 'a player may ask for an unrated game');
  // mapEvery and language are presentation: still rated.
  assert.deepEqual(decideRated(true, { ...base, settings: { mapEvery: 10, language: 'en', turnSeconds: 30 } }), { ok: true, rated: true });
  // Against the agent (any version).
  assert.deepEqual(decideRated(true, { ...base, sides: { A: human('u1'), B: bot('agent@v3') } }), { ok: true, rated: true });
});

test('D9.2 anything else is unrated, and rated:true on it is NOT_ALLOWED with the reason', () => {
  const cases: [string, NewDuel, RegExp][] = [
    ['another map', { ...base, mapId: 'tiny' }, /欧洲地图/],
    ['a player-given seed', { ...base, seedGiven: true }, /种子/],
    ['explicit capitals', { ...base, capitalsGiven: true }, /首都/],
    ['a changed setting', { ...base, settings: { turnSeconds: 60 } }, /turnSeconds/],
    ['the scripted greedy bot', { ...base, sides: { A: human('u1'), B: bot('greedy') } }, /greedy/],
    ['the scripted lander bot', { ...base, sides: { A: bot('lander'), B: human('u1') } }, /lander/],
    ['bot vs bot', { ...base, sides: { A: bot('agent@v1'), B: bot('agent@v2') } }, /电脑对电脑/],
    ['one person on both sides', { ...base, sides: { A: human('u1'), B: human('u1') } }, /两个不同的玩家/],
    ['the arena', { ...base, arena: true }, /竞技场/],
  ];
  for (const [what, d, why] of cases) {
    assert.deepEqual(decideRated(undefined, d), { ok: true, rated: false }, `${what}: unrated by default`);
    const r = decideRated(true, d);
    assert.equal(r.ok, false, what);
    if (!r.ok) {
      assert.equal(r.code, 'NOT_ALLOWED', what);
      assert.match(r.text, why, what);
    }
  }
  const en = decideRated(true, { ...base, mapId: 'tiny' }, 'en');
  assert.ok(!en.ok && /only games on the Europe map are rated/.test(en.text));
});

test('D9.2 at setup: a platform-seated game on Europe with default settings is rated unless asked not to; bots decide', () => {
  assert.equal(ratedAtSetup('europe', {}), true);
  assert.equal(ratedAtSetup('europe', { mapEvery: 1, language: 'en' }), true);
  assert.equal(ratedAtSetup('europe', {}, {}, false), false);
  assert.equal(ratedAtSetup('europe', {}, { B: 'agent' }), true);
  assert.equal(ratedAtSetup('europe', {}, { B: 'agent@v4' }), true);
  assert.equal(ratedAtSetup('europe', {}, { B: 'greedy' }), false);
  assert.equal(ratedAtSetup('europe', {}, { A: 'agent', B: 'lander' }), false);
  assert.equal(ratedAtSetup('tiny', {}), false);
  assert.equal(ratedAtSetup('europe', { startArmies: 20 }), false);
});

test('D9.2 RATED_LOCKED: no setting changes during a rated game; unrated and ended games are not locked', () => {
  assert.equal(settingsChangeRefusal({ rated: true, status: 'running' })?.code, 'RATED_LOCKED');
  assert.equal(settingsChangeRefusal({ rated: false, status: 'running' }), null);
  assert.equal(settingsChangeRefusal({ rated: true, status: 'ended' }), null);
  // The engine's 【规则】 agrees.
  const s = newDuel(map, { type: 'start', at: 0, seed: 42, rated: true });
  const r = applyDuel(g, s, { type: 'judge', at: 1, command: { kind: 'rule', patch: { mapEvery: 3 } } });
  assert.deepEqual(r.ok ? null : r.code, 'RATED_LOCKED');
});

const rated = (extra: Partial<Parameters<typeof newDuel>[1]> = {}): DuelState => newDuel(map, { type: 'start', at: 0, seed: 42, rated: true, ...extra });

test('D9.4 a resignation is a loss even on turn 1', () => {
  const s = rated();
  assert.equal(s.fair, true, 'seed 42 draws a fair pair on Europe');
  assert.equal(duelRatedOutcome('europe', s), null, 'not ended yet');
  assert.equal(applyDuel(g, s, { type: 'command', at: 1, side: 'A', command: { kind: 'resign' } }).ok, true);
  assert.equal(s.turn, 1);
  assert.deepEqual(duelRatedOutcome('europe', s), { how: 'resign', seats: [{ seat: 'A', score: 0, bot: null }, { seat: 'B', score: 1, bot: null }] });
});

test('D9.4 technical defeat and score count; a draw counts ½; abandoned (both idle) and the judge\'s abort do not', () => {
  // Both idle for idleTurns turns: abandoned.
  const both = rated();
  for (let t = 0; t < 3 && both.status === 'running'; t++) applyDuel(g, both, { type: 'tick', at: both.deadlineAt });
  assert.equal(both.outcome?.how, 'abandoned');
  assert.equal(duelRatedOutcome('europe', both), null);
  // A moderator's 【结束】 in a rated game aborts it.
  const aborted = rated();
  applyDuel(g, aborted, { type: 'judge', at: 1, command: { kind: 'end' } });
  assert.equal(aborted.outcome?.how, 'abandoned');
  assert.equal(duelRatedOutcome('europe', aborted), null);
  // One side idle: technical defeat, counted.
  const tech = rated();
  for (let t = 0; t < 3 && tech.status === 'running'; t++) {
    applyDuel(g, tech, { type: 'command', at: tech.deadlineAt - 1, side: 'B', command: { kind: 'ready' } });
    if (tech.status === 'running') applyDuel(g, tech, { type: 'tick', at: tech.deadlineAt });
  }
  assert.equal(tech.outcome?.how, 'technical');
  assert.deepEqual(duelRatedOutcome('europe', tech)?.seats.map((x) => x.score), [0, 1]);
  // A draw (as the engine records one): ½ each.
  const drawn = rated();
  drawn.status = 'ended';
  drawn.outcome = { winner: [], how: 'score' };
  assert.deepEqual(duelRatedOutcome('europe', drawn)?.seats.map((x) => x.score), [0.5, 0.5]);
});

test('D9.2/D9.4 checked again at the end: unrated start, unfair draw, other map, changed settings, scripted bots → null; the agent rates', () => {
  const resign = (s: DuelState) => { applyDuel(g, s, { type: 'command', at: 1, side: 'A', command: { kind: 'resign' } }); return s; };
  assert.equal(duelRatedOutcome('europe', resign(newDuel(map, { type: 'start', at: 0, seed: 42 }))), null, 'not started rated');
  assert.equal(duelRatedOutcome('tiny', resign(rated())), null, 'not Europe');
  const unfair = resign(rated());
  unfair.fair = false;
  assert.equal(duelRatedOutcome('europe', unfair), null, 'an unfair draw');
  assert.equal(duelRatedOutcome('europe', resign(rated({ settings: { turnSeconds: 60 } }))), null, 'changed settings');
  assert.notEqual(duelRatedOutcome('europe', resign(rated({ settings: { mapEvery: 2, language: 'en' } }))), null, 'presentation settings are free');
  assert.equal(duelRatedOutcome('europe', resign(rated({ bots: { B: 'greedy' } }))), null, 'a scripted bot');
  // The agent: its policy id stands in the outcome (the platform makes it bot:agent@v<N>). A state as a loaded agent leaves it.
  const withAgent = resign(rated());
  withAgent.bots.B = 'agent@v2';
  assert.deepEqual(duelRatedOutcome('europe', withAgent)?.seats, [{ seat: 'A', score: 0, bot: null }, { seat: 'B', score: 1, bot: 'agent@v2' }]);
});

test('D9.5 one running duel per person: a duel not ended holds its players; bots and other games do not count', () => {
  const s = new Store(':memory:');
  const mk = (kind: string, ch: string) => s.createGame({ kind, channelId: ch, mapPath: EUROPE, mapId: 'europe', settings: {}, live: {}, creator: 'u', judges: [], createdAt: 1 });
  const war = mk('neuwar', 'w');
  s.commit({ gameId: war.id, players: { set: [{ seat: 'france', userId: 'u1', name: 'A', joinedAt: 1 }] } });
  assert.equal(duelInProgress(s, 'u1'), null, 'a war game is no duel');
  const d = mk('duel', 'd');
  s.commit({ gameId: d.id, players: { set: [{ seat: 'A', userId: 'u1', name: 'A', joinedAt: 2 }, { seat: 'B', userId: 'bot:B:agent', name: 'agent', joinedAt: 2 }] } });
  assert.equal(duelInProgress(s, 'u1')?.gameId, d.id);
  assert.equal(duelInProgress(s, 'u1', d.id), null, 'the duel being joined itself');
  assert.equal(duelInProgress(s, 'bot:B:agent'), null, 'bots may play many');
  s.commit({ gameId: d.id, game: { status: 'ended', endedAt: 3 } });
  assert.equal(duelInProgress(s, 'u1'), null, 'an ended duel frees the player');
  assert.match(alreadyInDuelText('zh'), /一次只能下一局（D9\.5）/);
});

/** The duel module as the registry hosts it: its setup starts a Europe game rated, `rated` and `seatRefusal` are D9's. */
const ratedDuel: GameModule<Duel> = duel;

test('D9 a rated duel on Europe ended by 【认输】 on turn 1: both ratings move by 32 (provisional), in the same write as the end', async () => {
  const store = new Store(':memory:');
  const chat = new FakeChat();
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat, games: [ratedDuel as GameModule<unknown>], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.equal((await svc.createGame('d1', judy, { game: 'duel', map: EUROPE })).ok, true);
  assert.equal((await svc.join('d1', alice, 'A')).ok, true);
  assert.equal((await svc.join('d1', bob, 'B')).ok, true);
  assert.equal((await svc.start('d1', judy)).ok, true);
  const s = (await svc.stateOf('d1')) as DuelState;
  assert.equal(s.rated, true);
  // A judge's 【规则】 is RATED_LOCKED in a rated game.
  const lock = await svc.handleMessage({ channelId: 'd1', userId: judy.id, userName: judy.name, text: '【规则】turnSeconds=60', messageId: 'm0' });
  assert.equal(lock.code, 'RATED_LOCKED');
  // 【排行】 in a game: the platform's board, to the speaker alone (nobody has a rated game yet).
  const board = await svc.handleMessage({ channelId: 'd1', userId: alice.id, userName: alice.name, text: '【排行】', messageId: 'mb' });
  assert.equal(board.private, true);
  assert.match(board.text, /^🏆 排行榜（全部）\n还没有人下过排位赛。$/);
  const r = await svc.handleMessage({ channelId: 'd1', userId: alice.id, userName: alice.name, text: '【认输】', messageId: 'm1' });
  assert.equal(r.ok, true, r.text);
  assert.equal((await svc.gameOf('d1'))?.status, 'ended');
  assert.deepEqual([store.rating('duel', 'discord:u-alice')!.rating, store.rating('duel', 'discord:u-bob')!.rating], [968, 1032]);
  const row = store.ratingOfGame('duel', store.games()[0]!.id)!;
  assert.deepEqual([row.how, row.result, row.aDelta, row.bDelta], ['resign', 'b', -32, 32]);
  // The next duel: 【等级分】 shows Alice's card, 【排行】 both.
  assert.equal((await svc.createGame('d3', judy, { game: 'duel', map: EUROPE })).ok, true);
  assert.equal((await svc.join('d3', alice, 'A')).ok, true);
  assert.equal((await svc.join('d3', bob, 'B')).ok, true);
  assert.equal((await svc.start('d3', judy)).ok, true);
  const card = await svc.handleMessage({ channelId: 'd3', userId: alice.id, userName: alice.name, text: '【等级分】', messageId: 'mc' });
  assert.match(card.text, /^Alice：等级分 968\? · 第2名（共2人）· 1局 0胜0平1负\n最近1局：\n· #\d+ 负 对 Bob（resign）−32 → 968$/);
  const board2 = await svc.handleMessage({ channelId: 'd3', userId: bob.id, userName: bob.name, text: '【排行】', messageId: 'md' });
  assert.match(board2.text, /1\. Bob 1032\? · 1局 · 1胜0平0负\n2\. Alice 968\? · 1局 · 0胜0平1负/);
  svc.close();
});

test('D9 a duel against the scripted greedy bot changes no rating when it ends (by a resignation here)', async () => {
  const store = new Store(':memory:');
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), games: [ratedDuel as GameModule<unknown>], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.equal((await svc.createGame('d2', judy, { game: 'duel', map: EUROPE })).ok, true);
  assert.equal((await svc.join('d2', alice, 'A')).ok, true);
  assert.equal((await svc.join('d2', bob, 'B')).ok, true);
  assert.equal((await svc.start('d2', judy)).ok, true);
  // The module's bots come with the challenge flow; here side B's state names greedy as a stand-in and Alice resigns.
  ((await svc.stateOf('d2')) as DuelState).bots.B = 'greedy';
  assert.equal((await svc.handleMessage({ channelId: 'd2', userId: alice.id, userName: alice.name, text: '【认输】', messageId: 'g1' })).ok, true);
  assert.equal((await svc.gameOf('d2'))?.status, 'ended');
  assert.equal((store.db.prepare('SELECT COUNT(*) n FROM ratings').get() as { n: number }).n, 0);
  assert.equal((store.db.prepare('SELECT COUNT(*) n FROM rating_results').get() as { n: number }).n, 0);
  svc.close();
});

test('D9.5 through the service: joining a second unfinished duel is ALREADY_IN_DUEL; after the first ends it is fine', async () => {
  const store = new Store(':memory:');
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), games: [ratedDuel as GameModule<unknown>], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.equal((await svc.createGame('d1', judy, { game: 'duel', map: EUROPE })).ok, true);
  assert.equal((await svc.join('d1', alice, 'A')).ok, true);
  assert.equal((await svc.join('d1', bob, 'B')).ok, true);
  assert.equal((await svc.createGame('d2', judy, { game: 'duel', map: EUROPE })).ok, true);
  const second = await svc.join('d2', alice, 'A');
  assert.equal(second.ok, false);
  assert.equal(second.ok ? null : second.code, 'ALREADY_IN_DUEL');
  assert.match(second.text, /D9\.5/);
  assert.equal((await svc.start('d1', judy)).ok, true);
  assert.equal((await svc.join('d2', alice, 'A')).ok ? 'joined' : 'refused', 'refused', 'a running duel holds her too');
  assert.equal((await svc.handleMessage({ channelId: 'd1', userId: alice.id, userName: alice.name, text: '【认输】', messageId: 'x1' })).ok, true);
  assert.equal((await svc.join('d2', alice, 'A')).ok, true, 'the first duel ended');
  svc.close();
});

test('D9.2 only a fair draw is rated: rated:true with explicit capitals, or on a map without a qualifying pair, starts unrated', () => {
  const fair = newDuel(map, { type: 'start', at: 0, seed: 7, rated: true });
  assert.deepEqual([fair.fair, fair.rated], [true, true]);
  const chosen = newDuel(map, { type: 'start', at: 0, seed: 7, rated: true, capitals: { A: fair.capitals.A, B: fair.capitals.B } });
  assert.deepEqual([chosen.fair, chosen.rated], [false, false], 'a chosen pair is never rated, even the drawn one');
  const tiny = newDuel(loadMapFile('tests/fixtures/tiny.json'), { type: 'start', at: 0, seed: 7, rated: true, capitals: { A: 'a_cap', B: 'b_cap' } });
  assert.equal(tiny.rated, false);
  assert.equal(newDuel(map, { type: 'start', at: 0, seed: 7 }).rated, false, 'unrated unless asked');
});

test('D9.4 a bot that fails to answer abandons the rated game (unrated): an agent with broken weights at the start, a policy that throws mid-game', () => {
  // A broken weights object: no tensors, so the agent's inference throws at its first decision.
  registerPolicy(agentPolicy('agent@v9001', new Map()));
  const s = newDuel(map, { type: 'start', at: 0, seed: 7, rated: true, bots: { B: 'agent@v9001' } });
  assert.deepEqual([s.status, s.outcome, s.turn, s.rated], ['ended', { winner: [], how: 'abandoned' }, 1, true]);
  assert.deepEqual(s.lastEvents.at(-1), { type: 'victory', winners: [], how: 'abandoned' });
  assert.equal(botFailures.get(s)?.bot, 'agent@v9001');
  assert.equal(duelRatedOutcome('europe', s), null, 'abandoned: unrated');
  // Mid-game: the policy answers two turns, then throws at turn 3's opening; the human's 【准备】 resolves turn 2 and the game is abandoned.
  let calls = 0;
  registerPolicy({ id: 'agent@v9002', decide: () => { calls += 1; if (calls === 3) throw new Error('inference failed'); return { orders: [], routes: [] }; } });
  const m = newDuel(map, { type: 'start', at: 0, seed: 7, rated: true, bots: { B: 'agent@v9002' } });
  for (const at of [1000, 2000]) assert.deepEqual(applyDuel(duelGraph(map), m, { type: 'command', at, side: 'A', command: { kind: 'ready' } }), { ok: true });
  assert.deepEqual([m.status, m.outcome?.how, m.turn, botFailures.get(m)?.error], ['ended', 'abandoned', 3, 'inference failed']);
  assert.deepEqual(m.orders.B, {});
  assert.equal(duelRatedOutcome('europe', m), null);
  assert.deepEqual(applyDuel(duelGraph(map), m, { type: 'command', at: 3000, side: 'A', command: { kind: 'ready' } }), { ok: false, code: 'GAME_NOT_RUNNING' });
});
