/**
 * Personal page links to a duel played on Discord (duel.md D10.3.2 [网页] and `/duel-link`;
 * src/platform/session/seats.ts SeatBook.grant / grantWatch / access / personalLink): a seat's link is made on
 * demand (the record too), pressing again keeps the last few links of that seat working, a watch token only
 * watches, and only hashes are stored.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../src/platform/store/index.ts';
import { SeatBook, SECRET_RE, newSecret, secretHash, type MetaStore } from '../../src/platform/session/index.ts';
import { KEEP_SEAT_TOKENS, KEEP_WATCH_TOKENS } from '../../src/platform/session/seats.ts';

/** A meta store that answers later (as a networked store would), to catch a missing await. */
function asyncMeta(): MetaStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const later = <T>(v: T) => new Promise<T>((r) => setTimeout(() => r(v), 1));
  return { data, getMeta: (k) => later(data.get(k) ?? null), setMeta: async (k, v) => { await later(null); data.set(k, v); } };
}

for (const [label, make] of [['SQLite meta table', () => new Store(':memory:')], ['asynchronous store', asyncMeta]] as const) {
  test(`SeatBook.grant (${label}): makes the record, opens that seat only, keeps the last ${KEEP_SEAT_TOKENS} tokens of the seat`, async () => {
    const meta = make();
    const book = new SeatBook(meta);
    assert.equal(await book.get(5), null);
    const t1 = await book.grant(5, '910000000000000001', 'A', 1000);
    assert.match(t1, SECRET_RE);
    const rec = (await book.get(5))!;
    assert.equal(rec.channelId, '910000000000000001');
    assert.deepEqual(Object.keys(rec.seats), ['A'], 'only the granted seat');
    assert.equal(await book.verify(5, t1), 'A');
    assert.deepEqual(await book.access(5, t1), { kind: 'seat', seat: 'A' });
    assert.equal(await book.verify(6, t1), null, 'another game: nothing');

    // B's grant does not touch A's.
    const b1 = await book.grant(5, '910000000000000001', 'B', 1100);
    assert.equal(await book.verify(5, b1), 'B');
    assert.equal(await book.verify(5, t1), 'A');

    // Pressing [网页] again: a new token, and the earlier ones still open the seat — up to KEEP_SEAT_TOKENS in all.
    const tokens = [t1];
    for (let i = 0; i < KEEP_SEAT_TOKENS + 1; i++) tokens.push(await book.grant(5, '910000000000000001', 'A', 2000 + i));
    assert.equal(new Set(tokens).size, tokens.length, 'a fresh token each time');
    const valid = await Promise.all(tokens.map((t) => book.verify(5, t)));
    assert.deepEqual(valid, [...Array(tokens.length - KEEP_SEAT_TOKENS).fill(null), ...Array(KEEP_SEAT_TOKENS).fill('A')], 'the newest few open the seat, older ones no longer');
    assert.equal(await book.verify(5, b1), 'B', 'B untouched by A\'s presses');
    assert.equal((await book.get(5))!.seats.A!.claimedAt, 1000, 'claimed at the first grant');

    // Only hashes are stored.
    const raw = (await meta.getMeta('seats:5'))!;
    for (const t of [...tokens, b1]) assert.ok(!raw.includes(t), 'no token in the meta table');
    assert.ok(raw.includes(secretHash(tokens.at(-1)!)));

    // rotate: only the new token opens the seat (the kept ones go).
    const r = (await book.rotate(5, 'A'))!;
    assert.equal(await book.verify(5, r), 'A');
    for (const t of tokens) assert.equal(await book.verify(5, t), null);
  });

  test(`SeatBook.grantWatch (${label}): a watch token watches, never sits; the last ${KEEP_WATCH_TOKENS} stay valid`, async () => {
    const book = new SeatBook(make());
    const w = await book.grantWatch(9, 'thread-9', 1000);
    assert.match(w, SECRET_RE);
    assert.deepEqual(await book.access(9, w), { kind: 'watch' });
    assert.equal(await book.verify(9, w), null, 'a watch token opens no seat');
    assert.equal(await book.access(9, newSecret()), null, 'a wrong token opens nothing');
    assert.equal(await book.access(9, undefined), null);
    assert.equal(await book.access(10, w), null, 'another game: nothing');
    const seat = await book.grant(9, 'thread-9', 'B', 1001);
    assert.deepEqual(await book.access(9, seat), { kind: 'seat', seat: 'B' }, 'a seat after watch tokens');
    assert.deepEqual(await book.access(9, w), { kind: 'watch' }, 'the watch token still watches');
    const more: string[] = [];
    for (let i = 0; i < KEEP_WATCH_TOKENS; i++) more.push(await book.grantWatch(9, 'thread-9', 1100 + i));
    assert.equal(await book.access(9, w), null, `the first watch token lapsed after ${KEEP_WATCH_TOKENS} newer ones`);
    assert.deepEqual(await book.access(9, more[0]), { kind: 'watch' });
    assert.equal((await book.get(9))!.watch!.length, KEEP_WATCH_TOKENS);
  });
}

test('SeatBook.personalLink: a player gets their seat\'s link (#seat=), anyone else a watch link (#watch=)', async () => {
  const book = new SeatBook(new Store(':memory:'));
  const game = { id: 3, channelId: '910000000000000001', kind: 'duel', players: [{ userId: 'u-alice', country: 'A' }, { userId: 'u-bob', country: 'B' }] };
  const bob = await book.personalLink('https://duel.example.org/', game, 'u-bob', 1000);
  assert.equal(bob.seat, 'B');
  const m = /^https:\/\/duel\.example\.org\/duel\/3#seat=([A-Za-z0-9_-]{22})$/.exec(bob.url);
  assert.ok(m, bob.url);
  assert.equal(await book.verify(3, m[1]), 'B');
  const eve = await book.personalLink('https://duel.example.org', game, 'u-eve', 1000);
  assert.equal(eve.seat, null);
  const w = /^https:\/\/duel\.example\.org\/duel\/3#watch=([A-Za-z0-9_-]{22})$/.exec(eve.url);
  assert.ok(w, eve.url);
  assert.deepEqual(await book.access(3, w[1]), { kind: 'watch' });
});
