/**
 * Seat tokens and local rated identities (duel.md D10.6, src/platform/session/seats.ts): 128 random bits in
 * base64url; only their hashes are stored (in the meta table, never a game's log); a token opens its own seat of
 * its own game only; an identity `local:<name>` is registered at first use and then opens only with its secret,
 * also when two pages race for one name; a synchronous (SQLite) and an asynchronous meta store work alike.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../src/platform/store/index.ts';
import {
  LocalIdentities, SeatBook, identityUserId, newSecret, secretHash, secretMatches, SECRET_RE, type MetaStore,
} from '../../src/platform/session/index.ts';

/** A meta store that answers later (as a networked store would), to catch a missing await. */
function asyncMeta(): MetaStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const later = <T>(v: T) => new Promise<T>((r) => setTimeout(() => r(v), 1));
  return {
    data,
    getMeta: (k) => later(data.get(k) ?? null),
    setMeta: async (k, v) => { await later(null); data.set(k, v); },
  };
}

test('newSecret: 128 random bits as 22 base64url characters, never the same twice', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const s = newSecret();
    assert.match(s, SECRET_RE);
    assert.equal(Buffer.from(s, 'base64url').length, 16, '16 bytes = 128 bits');
    assert.equal(Buffer.from(s, 'base64url').toString('base64url'), s, 'canonical base64url, no padding');
    seen.add(s);
  }
  assert.equal(seen.size, 2000);
  // Every bit position varies over many draws (not a counter or a timestamp).
  let or = 0n, and = (1n << 128n) - 1n;
  for (const s of seen) { const n = BigInt('0x' + Buffer.from(s, 'base64url').toString('hex')); or |= n; and &= n; }
  assert.equal(or, (1n << 128n) - 1n, 'every bit was 1 somewhere');
  assert.equal(and, 0n, 'every bit was 0 somewhere');
});

test('secretMatches: the secret its hash came from, nothing else (a near miss, another secret, junk)', () => {
  const s = newSecret();
  const h = secretHash(s);
  assert.match(h, /^[0-9a-f]{64}$/);
  assert.equal(secretMatches(s, h), true);
  assert.equal(secretMatches(newSecret(), h), false);
  const near = s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
  assert.equal(secretMatches(near, h), false, 'one character off');
  for (const junk of [undefined, null, 42, '', s + 'x', s.slice(1), `${s.slice(0, 21)}=`, h]) assert.equal(secretMatches(junk, h), false, String(junk));
  assert.equal(secretMatches(s, 'nothex'), false, 'a damaged stored hash opens nothing');
});

for (const [label, make] of [['SQLite meta table', () => new Store(':memory:')], ['asynchronous store', asyncMeta]] as const) {
  test(`SeatBook (${label}): a token opens its own seat of its own game; only hashes are stored; rotate and claim`, async () => {
    const meta = make();
    const book = new SeatBook(meta);
    const t = await book.issue(7, 'local-x', ['A', 'B'], 1000);
    const u = await book.issue(8, 'local-y', ['A', 'B'], 1000);
    assert.match(t.A!, SECRET_RE);
    assert.notEqual(t.A, t.B);
    assert.equal(await book.verify(7, t.A), 'A');
    assert.equal(await book.verify(7, t.B), 'B');
    assert.equal(await book.verify(8, t.A), null, 'a token of game 7 opens nothing in game 8');
    assert.equal(await book.verify(8, u.B), 'B');
    assert.equal(await book.verify(9, t.A), null, 'no record: nothing');
    for (const bad of [undefined, '', 'x', `${t.A}=`, t.A!.toLowerCase() === t.A ? t.A!.toUpperCase() : t.A!.toLowerCase()]) assert.equal(await book.verify(7, bad), null, `refused: ${String(bad)}`);
    // The stored record holds hashes, never a token.
    const raw = await meta.getMeta('seats:7');
    assert.ok(raw);
    assert.ok(!raw.includes(t.A!) && !raw.includes(t.B!), 'no token in the stored record');
    const rec = (await book.get(7))!;
    assert.equal(rec.channelId, 'local-x');
    assert.equal(rec.seats.A!.hash, secretHash(t.A!));
    assert.equal(rec.seats.B!.claimedAt, null);
    await book.claimed(7, 'B', 2000);
    await book.claimed(7, 'B', 3000);
    assert.equal((await book.get(7))!.seats.B!.claimedAt, 2000, 'the first claim is kept');
    // A new link for a seat: the old one stops working, the other seat keeps its own.
    const b2 = (await book.rotate(7, 'B'))!;
    assert.equal(await book.verify(7, t.B), null);
    assert.equal(await book.verify(7, b2), 'B');
    assert.equal(await book.verify(7, t.A), 'A');
    assert.equal((await book.get(7))!.seats.B!.claimedAt, 2000, 'rotating keeps the claim');
    assert.equal(await book.rotate(7, 'C'), null);
    assert.equal(await book.rotate(99, 'A'), null);
  });

  test(`LocalIdentities (${label}): registered at first use; a taken name needs its secret; the user id is the name's`, async () => {
    const meta = make();
    const ids = new LocalIdentities(meta);
    const mine = newSecret(), theirs = newSecret();
    assert.equal(await ids.registered('俾斯麦'), false);
    const first = await ids.check('俾斯麦', mine, 1);
    assert.deepEqual(first, { ok: true, userId: identityUserId('俾斯麦'), name: '俾斯麦', registered: true });
    assert.equal(await ids.registered('俾斯麦'), true);
    assert.deepEqual(await ids.check(' 俾斯麦 ', mine, 2), { ok: true, userId: identityUserId('俾斯麦'), name: '俾斯麦', registered: false }, 'the same name, cleaned, with its secret');
    const taken = await ids.check('俾斯麦', theirs, 3);
    assert.equal(taken.ok, false);
    assert.equal(!taken.ok && taken.code, 'IDENTITY_TAKEN');
    assert.match(!taken.ok ? taken.text : '', /已经被另一位玩家注册.*换一个名字/, 'the refusal says what to do, in Chinese');
    assert.equal((await ids.check('梅特涅', theirs, 4)).ok, true, 'another name is free for the other secret');
    for (const [name, secret, code] of [['', mine, 'BAD_NAME'], ['\u200b ', mine, 'BAD_NAME'], ['甲', 'short', 'BAD_SECRET'], ['甲', undefined, 'BAD_SECRET']] as const) {
      const r = await ids.check(name, secret, 5);
      assert.equal(!r.ok && r.code, code, `${JSON.stringify(name)} / ${String(secret)}`);
    }
    // Stored: the secret's hash only.
    const raw = await meta.getMeta('identity:local:俾斯麦');
    assert.ok(raw && !raw.includes(mine) && raw.includes(secretHash(mine)));
    // The user id: stable, per name, not guessable from another's; 'lid-' and 16 hex digits.
    assert.match(identityUserId('俾斯麦'), /^lid-[0-9a-f]{16}$/);
    assert.equal(identityUserId('俾斯麦'), identityUserId(' 俾斯麦'));
    assert.notEqual(identityUserId('俾斯麦'), identityUserId('梅特涅'));
  });

  test(`LocalIdentities (${label}): two pages racing for one new name — exactly one registers it`, async () => {
    const ids = new LocalIdentities(make());
    const secrets = Array.from({ length: 8 }, () => newSecret());
    const results = await Promise.all(secrets.map((s, i) => ids.check('同名', s, i)));
    assert.equal(results.filter((r) => r.ok).length, 1, 'one winner');
    assert.equal(results.filter((r) => !r.ok && r.code === 'IDENTITY_TAKEN').length, 7);
    const winner = secrets[results.findIndex((r) => r.ok)]!;
    assert.equal((await ids.check('同名', winner, 9)).ok, true, 'the winner keeps it');
  });
}
