/**
 * Ratings in the platform's store (duel.md D9.3, D9.6): a rated game writes both standings and one result row,
 * once; boards order by rating with shared ranks, in three scopes (global, one Discord server, the local channel),
 * top 10 plus the asker's own line; the rating card and the history series; the chart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store, type RatedGame } from '../../src/platform/store/index.ts';
import {
  boardText, cardText, leaderboard, ratingCard, ratingChartSvg, ratingHistory, LOCAL_CHANNEL_PREFIX, LOCAL_SCOPE, serverScope, type Score,
} from '../../src/platform/ratings/index.ts';
import { CHANNEL_PREFIX } from '../../src/platform/adapters/local/server.ts';

let at = 1000;
function game(s: Store, ch = 'c'): number {
  return s.createGame({ kind: 'duel', channelId: `${ch}-${++at}`, mapPath: 'maps/europe.json', mapId: 'europe', settings: {}, live: {}, creator: 'u', judges: [], createdAt: at }).id;
}
function rate(s: Store, a: string, b: string, scoreA: Score, scope: string | null = null, how = 'capital'): RatedGame {
  const r: RatedGame = { kind: 'duel', gameId: game(s), channelId: 'c', scope, at: ++at, how, a: { id: a, name: a.split(':')[1]!, seat: 'A' }, b: { id: b, name: b.split(':')[1]!, seat: 'B' }, scoreA };
  assert.ok(s.rateGame(r));
  return r;
}

test('D9.6 a rated game writes both ratings and one result row (game, identities, result, how, Δ each, time); rating it again changes nothing', () => {
  const s = new Store(':memory:');
  const r = rate(s, 'discord:1', 'discord:2', 1);
  const a = s.rating('duel', 'discord:1')!, b = s.rating('duel', 'discord:2')!;
  // Both provisional (0 games): 64 × (1 − 0.5) = +32, 64 × (0 − 0.5) = −32.
  assert.deepEqual([a.rating, a.games, a.wins, a.draws, a.losses], [1032, 1, 1, 0, 0]);
  assert.deepEqual([b.rating, b.games, b.wins, b.draws, b.losses], [968, 1, 0, 0, 1]);
  const row = s.ratingOfGame('duel', r.gameId)!;
  assert.deepEqual([row.a, row.b, row.result, row.how, row.aBefore, row.bBefore, row.aDelta, row.bDelta, row.at], ['discord:1', 'discord:2', 'a', 'capital', 1000, 1000, 32, -32, r.at]);
  assert.equal(s.rateGame(r), null, 'a game is rated once');
  assert.equal(s.rating('duel', 'discord:1')!.games, 1);
  // Kept per game kind: another kind's table is untouched.
  assert.equal(s.rating('other', 'discord:1'), null);
});

test('D9.3 through the store: the second game starts from the first one\'s ratings; provisional until 10 games', () => {
  const s = new Store(':memory:');
  for (let i = 0; i < 10; i++) rate(s, 'discord:1', 'discord:2', 0.5);
  assert.equal(s.rating('duel', 'discord:1')!.games, 10);
  assert.equal(s.rating('duel', 'discord:1')!.rating, 1000);
  // Now both established: 1000 v 1000, A wins → +16 / −16.
  rate(s, 'discord:1', 'discord:2', 1);
  assert.equal(s.rating('duel', 'discord:1')!.rating, 1016);
  assert.equal(s.rating('duel', 'discord:2')!.rating, 984);
  // A newcomer (provisional, K 64) beating the established 1016: E = 1/(1 + 10^(16/400)) = 0.4770, 64 × 0.5230 = 33.47 → +33;
  // the 1016 loses 32 × 0.5230 = 16.74 → −17.
  rate(s, 'discord:3', 'discord:1', 1);
  assert.equal(s.rating('duel', 'discord:3')!.rating, 1033);
  assert.equal(s.rating('duel', 'discord:1')!.rating, 999);
});

test('D9.6 boards: ordering with shared ranks, top 10 and the asker\'s line, ? while provisional, 🤖 for bots', () => {
  const s = new Store(':memory:');
  // 12 players each beat "discord:loser" once; the agent draws once.
  for (let i = 1; i <= 12; i++) rate(s, `discord:p${String(i).padStart(2, '0')}`, 'discord:loser', 1);
  rate(s, 'bot:agent@v1', 'discord:loser', 0.5);
  const b = leaderboard(s, 'duel', { kind: 'global' }, 'discord:loser');
  assert.equal(b.total, 14);
  assert.equal(b.top.length, 10);
  const ratings = b.top.map((l) => l.rating);
  assert.deepEqual(ratings, [...ratings].sort((x, y) => y - x), 'best first');
  // Ranks are shared by equal ratings: 1, 2, 2, 4 …
  for (let i = 1; i < b.top.length; i++) {
    const [p, q] = [b.top[i - 1]!, b.top[i]!];
    assert.equal(q.rank, p.rating === q.rating ? p.rank : i + 1);
  }
  assert.equal(b.own!.id, 'discord:loser');
  assert.equal(b.own!.rank, 14, 'the loser is last');
  const text = boardText(b, 'zh');
  assert.match(text, /^🏆 排行榜（全部）/);
  // The asker's own line after the top 10: 13 games, so no longer provisional (no ?).
  assert.match(text, /…\n14\. loser \d+ · 13局 · 0胜1平12负\n/);
  assert.equal(text.split('\n').filter((l) => /^\d+\. /.test(l)).length, 11);
  const agent = leaderboard(s, 'duel', { kind: 'global' }, 'bot:agent@v1').own!;
  assert.equal(agent.bot, true);
  assert.match(boardText(leaderboard(s, 'duel', { kind: 'global' }, 'bot:agent@v1'), 'en'), /🤖 agent@v1 \d+\? · 1 game · 0-1-0/);
});

test('D9.6 provisional mark: "?" under 10 rated games, none from the 10th', () => {
  const s = new Store(':memory:');
  for (let i = 0; i < 9; i++) rate(s, 'discord:a', 'discord:b', 0.5);
  assert.match(boardText(leaderboard(s, 'duel', { kind: 'global' }), 'en'), /1\. a 1000\? · 9 games · 0-9-0/);
  rate(s, 'discord:a', 'discord:b', 0.5);
  assert.match(boardText(leaderboard(s, 'duel', { kind: 'global' }), 'en'), /1\. a 1000 · 10 games · 0-10-0/);
});

test('D9.6 scopes: global lists everyone, a server those with a rated game there (bots once they played there), local its own', () => {
  const s = new Store(':memory:');
  const g1 = serverScope('guild1'), g2 = serverScope('guild2');
  rate(s, 'discord:alice', 'discord:bob', 1, g1);
  rate(s, 'discord:carol', 'bot:agent@v1', 0, g2);
  rate(s, 'discord:alice', 'discord:dave', 1, g2);
  rate(s, 'local:Li', 'local:Wang', 1, LOCAL_SCOPE);
  rate(s, 'local:Li', 'bot:agent@v1', 1, LOCAL_SCOPE);
  const ids = (scope: Parameters<typeof leaderboard>[2]) => leaderboard(s, 'duel', scope).top.map((l) => l.id).sort();
  assert.deepEqual(ids({ kind: 'global' }), ['bot:agent@v1', 'discord:alice', 'discord:bob', 'discord:carol', 'discord:dave', 'local:Li', 'local:Wang']);
  assert.deepEqual(ids({ kind: 'server', scope: g1 }), ['discord:alice', 'discord:bob']);
  assert.deepEqual(ids({ kind: 'server', scope: g2 }), ['bot:agent@v1', 'discord:alice', 'discord:carol', 'discord:dave']);
  assert.deepEqual(ids({ kind: 'local' }), ['bot:agent@v1', 'local:Li', 'local:Wang']);
  assert.deepEqual(ids({ kind: 'server', scope: serverScope('nowhere') }), []);
  assert.match(boardText(leaderboard(s, 'duel', { kind: 'server', scope: serverScope('nowhere') }), 'zh'), /还没有人下过排位赛/);
  // A server board shows the one global rating (D9.1: one Elo per identity, shared by every server).
  const alice = leaderboard(s, 'duel', { kind: 'server', scope: g1 }, 'discord:alice').own!;
  assert.equal(alice.rating, s.rating('duel', 'discord:alice')!.rating);
  assert.equal(alice.games, 2);
  // The local page's channels and the identity module agree on the prefix.
  assert.equal(LOCAL_CHANNEL_PREFIX, CHANNEL_PREFIX);
});

test('D9.6 the rating card: rating, rank, the last 10 results with Δ; the history series and chart', () => {
  const s = new Store(':memory:');
  for (let i = 0; i < 12; i++) rate(s, 'discord:me', `discord:o${i}`, i % 3 === 0 ? 0 : 1, null, i % 2 ? 'resign' : 'score');
  const card = ratingCard(s, 'duel', 'discord:me');
  assert.equal(card.recent.length, 10);
  assert.equal(card.line!.rank, 1);
  assert.equal(card.recent[0]!.opponent, 'discord:o11', 'newest first');
  // The newest result's "after" is the current rating, and each Δ steps from the one before.
  assert.equal(card.recent[0]!.after, card.rating);
  for (let i = 1; i < card.recent.length; i++) assert.equal(card.recent[i - 1]!.after - card.recent[i - 1]!.delta, card.recent[i]!.after);
  const text = cardText(card, 'me', 'zh');
  assert.match(text, /^me：等级分 \d+ · 第1名（共13人）· 12局 8胜0平4负/);
  assert.match(text, /· #\d+ 胜 对 o11（resign）\+\d+ → \d+/);
  const hist = ratingHistory(s, 'duel', 'discord:me');
  assert.equal(hist.length, 13);
  assert.deepEqual(hist[0], { at: hist[1]!.at, rating: 1000, gameId: null });
  assert.equal(hist.at(-1)!.rating, card.rating);
  const svg = ratingChartSvg(hist, 'me', 'zh');
  assert.match(svg, /^<svg[^>]*>.*me 的等级分.*<polyline/s);
  assert.equal((svg.match(/<circle/g) ?? []).length, 13);
  // Someone unrated: 1000? and no games.
  assert.match(cardText(ratingCard(s, 'duel', 'discord:new'), 'new', 'en'), /new: rating 1000\? \(no rated games yet\)/);
  assert.match(ratingChartSvg([], 'new', 'en'), /no rated games yet/);
});
