/**
 * Issue 11, the live service and the store: faults (a corrupt or read-only database, failed writes), names,
 * undo (history and what is posted), request posts that lose their buttons once answered, help in the lobby.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/index.ts';
import { Store, StorageError } from '../../src/platform/store/index.ts';
import { FakeChat, fakeRenderer, liveSetup, twoPlayerGame, say, alice, bob, carol, judy, sam, T0, TINY, type Live } from '../helpers/live.ts';

const ROOT = join(import.meta.dirname, '../..');

function tmp(): { dir: string; db: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-hard-'));
  return { dir, db: join(dir, 'games.db'), done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A second service on the same store, as after a restart. */
async function restart(store: Store, at = T0 + 1000): Promise<Live & { errors: string[] }> {
  const clock = new VirtualClock(at);
  const chat = new FakeChat();
  const renderer = fakeRenderer();
  const errors: string[] = [];
  const svc = new GameService({ store, clock, chat, renderer, logError: (m, e) => errors.push(`${m} ${String(e ?? '')}`) });
  await svc.startUp();
  return Object.assign({ store, clock, chat, svc, renderer }, { errors });
}

const code = (r: { ok: boolean; code?: string }) => (r.ok ? null : r.code);

// ── item 7: a private order the bot could not delete ────────────────────────────────────────────────────

test('item 7: a private order left visible (no Manage Messages) is reported to its author privately', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  l.chat.canDelete = false;
  const r = await say(l, 'ch1', alice, '【军事】3');
  assert.equal(r.ok, true);
  assert.equal(r.deleteOriginal, true);
  const warn = l.chat.privates(alice.id).map((p) => p.msg.text).find((t) => t.includes('管理消息'));
  assert.ok(warn, 'the author is told the order is still visible');
  assert.match(warn, /所有人/);
  assert.match(warn, /斜杠命令|私信/);
  assert.equal(l.chat.posts('ch1').some((t) => t.includes('管理消息')), false, 'never in the channel');

  l.chat.canDelete = true;
  l.chat.clear();
  await say(l, 'ch1', bob, '【军事】2');
  assert.equal(l.chat.privates(bob.id).some((p) => p.msg.text.includes('管理消息')), false, 'no warning when the order was deleted');
});

// ── item 8: a corrupt database ───────────────────────────────────────────────────────────────────────────

/** Two running games in one database file: ch1 (Alice, Bob) and ch2 (Carol, Sam), each with one order. */
async function twoGamesOnFile(db: string): Promise<{ store: Store; ids: Record<string, number> }> {
  const store = new Store(db);
  const l = await liveSetup({ store });
  await twoPlayerGame(l, 'ch1');
  await l.svc.createGame('ch2', judy, { map: TINY });
  await l.svc.join('ch2', carol, 'A');
  await l.svc.join('ch2', sam, 'B');
  await l.svc.start('ch2', judy);
  assert.equal((await say(l, 'ch1', alice, '【军事】3')).ok, true);
  assert.equal((await say(l, 'ch2', carol, '【军事】3')).ok, true);
  await l.svc.idle();
  l.svc.close();
  const ids = Object.fromEntries(store.games().map((g) => [g.channelId, g.id]));
  return { store, ids };
}

async function assertBrokenIsolated(l: Live & { errors: string[] }, brokenCh: string, okCh: string, player: { id: string; name: string }): Promise<void> {
  const list = (await l.svc.listGames());
  assert.equal(list.length, 2, 'both games are listed');
  const bad = list.find((g) => g.channelId === brokenCh)!;
  const good = list.find((g) => g.channelId === okCh)!;
  assert.ok(bad.broken && bad.broken.length > 0, 'the broken game says why');
  assert.equal(good.broken, undefined);
  assert.equal((await l.svc.gameOf(brokenCh))!.broken, bad.broken, 'gameOf does not throw and says it is broken');
  assert.equal((await l.svc.stateOf(brokenCh)), null);
  await assert.doesNotReject(() => l.svc.mapOf(brokenCh));
  await assert.doesNotReject(() => l.svc.countryOf(brokenCh, player.id));
  const r = await say(l, brokenCh, player, '【军事】1');
  assert.equal(r.code, 'GAME_BROKEN');
  assert.match(r.text, /损坏/);
  assert.match(r.text, /其他游戏/);
  assert.ok(l.errors.some((e) => e.includes(`game ${bad.id}`)), 'the cause is logged');
  // The other game plays on: orders, then a resolution.
  const other = (await l.svc.gameOf(okCh))!;
  const [p1, p2] = other.players;
  assert.equal((await say(l, okCh, { id: p1!.userId, name: p1!.name }, '【完成】')).ok, true);
  assert.equal((await say(l, okCh, { id: p2!.userId, name: p2!.name }, '【完成】')).ok, true);
  assert.equal((await l.svc.stateOf(okCh))!.turn, 2);
}

test('item 8: garbage in one game\'s log entry: that game is listed as broken, the other plays on', async () => {
  const t = tmp();
  try {
    const { store, ids } = await twoGamesOnFile(t.db);
    const last = store.lastSeq(ids.ch1!);
    store.db.prepare('UPDATE log SET entry = ? WHERE game_id = ? AND seq = ?').run('{"type":"command","at":', ids.ch1, last);
    const l = await restart(store);
    await assertBrokenIsolated(l, 'ch1', 'ch2', alice);
    l.svc.close();
    store.close();
  } finally {
    t.done();
  }
});

test('item 8: garbage in one game\'s snapshot, or in its settings: isolated the same way', async () => {
  const t = tmp();
  try {
    const { store, ids } = await twoGamesOnFile(t.db);
    store.db.prepare('UPDATE snapshots SET game = ? WHERE game_id = ?').run('\u0000\u0001garbage', ids.ch2);
    const l = await restart(store);
    await assertBrokenIsolated(l, 'ch2', 'ch1', carol);
    l.svc.close();
    store.close();
  } finally {
    t.done();
  }
  const t2 = tmp();
  try {
    const { store, ids } = await twoGamesOnFile(t2.db);
    store.db.prepare('UPDATE games SET settings = ?, live = ? WHERE id = ?').run('{not json', '[', ids.ch1);
    const l = await restart(store);
    await assertBrokenIsolated(l, 'ch1', 'ch2', alice);
    l.svc.close();
    store.close();
  } finally {
    t2.done();
  }
});

test('item 8: overwritten pages of one game\'s log (SQLITE_CORRUPT): that game is broken, the other plays on', async () => {
  const t = tmp();
  try {
    // ch2 starts first; then ch1 writes a long turn, so the middle of ch1's log fills pages of its own.
    const store = new Store(t.db);
    const l = await liveSetup({ store });
    await l.svc.createGame('ch2', judy, { map: TINY });
    await l.svc.join('ch2', carol, 'A');
    await l.svc.join('ch2', sam, 'B');
    await l.svc.start('ch2', judy);
    await twoPlayerGame(l, 'ch1');
    for (let i = 0; i < 300; i++) await say(l, 'ch1', alice, `【命令】 marker-ch1-${String(i).padStart(4, '0')}`);
    await say(l, 'ch2', carol, '【军事】2');
    await l.svc.idle();
    l.svc.close();
    const leaves = (store.db.prepare("SELECT pageno FROM dbstat WHERE name = 'log' AND pagetype = 'leaf' ORDER BY pageno").all() as { pageno: number }[]).map((r) => r.pageno);
    const pageSize = store.db.pragma('page_size', { simple: true }) as number;
    store.close();
    const file = readFileSync(t.db);
    const only1 = leaves.filter((p) => {
      const page = file.subarray((p - 1) * pageSize, p * pageSize).toString('latin1');
      return page.includes('marker-ch1-') && !page.includes('u-carol');
    });
    assert.ok(only1.length >= 3, 'ch1 has log pages of its own');
    const victim = only1[Math.floor(only1.length / 2)]!;
    file.fill(0xa5, (victim - 1) * pageSize, victim * pageSize);
    writeFileSync(t.db, file);

    const store2 = new Store(t.db);
    const l2 = await restart(store2);
    const list = (await l2.svc.listGames());
    assert.equal(list.length, 2);
    assert.match(list.find((g) => g.channelId === 'ch1')!.broken ?? '', /CORRUPT|损坏|malformed/i);
    const r = await say(l2, 'ch1', alice, '【完成】');
    assert.equal(r.code, 'GAME_BROKEN');
    assert.equal((await say(l2, 'ch2', carol, '【完成】')).ok, true);
    assert.equal((await say(l2, 'ch2', sam, '【完成】')).ok, true);
    assert.equal((await l2.svc.stateOf('ch2'))!.turn, 2, 'the other game resolves its turn');
    l2.svc.close();
    store2.close();
  } finally {
    t.done();
  }
});

test('item 8: a broken game is answered GAME_BROKEN by every lifecycle action; a judge may end it to free the channel', async () => {
  const t = tmp();
  try {
    const { store, ids } = await twoGamesOnFile(t.db);
    store.db.prepare('UPDATE log SET entry = ? WHERE game_id = ?').run('garbage', ids.ch1);
    const l = await restart(store);
    assert.equal(code(await l.svc.join('ch1', sam)), 'GAME_BROKEN');
    assert.equal(code(await l.svc.createGame('ch1', judy, { map: TINY })), 'GAME_BROKEN');
    assert.equal(code(await l.svc.addJudge('ch1', judy, sam.id)), 'GAME_BROKEN');
    const pressed = await l.svc.handleButton({ channelId: 'ch1', userId: bob.id, userName: bob.name, buttonId: 'req:1:accept', interactionId: 'b1' });
    assert.equal(pressed.code, 'GAME_BROKEN');
    assert.equal(code(await l.svc.end('ch1', alice)), 'NOT_JUDGE');
    const ended = await l.svc.end('ch1', judy);
    assert.equal(ended.ok, true, ended.text);
    assert.equal((await l.svc.createGame('ch1', judy, { map: TINY })).ok, true, 'a new game in the freed channel');
    l.svc.close();
    store.close();
  } finally {
    t.done();
  }
});

test('item 8: a storage fault in the middle of a command isolates that game, answered GAME_BROKEN, not a crash', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l, 'ch1');
  await twoPlayerGame(l, 'ch2');
  const id1 = l.store.liveGameIn('ch1')!.id;
  const players = l.store.players.bind(l.store);
  l.store.players = (gameId: number) => {
    if (gameId === id1) throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    return players(gameId);
  };
  const r = await say(l, 'ch1', alice, '【军事】1');
  assert.equal(r.code, 'GAME_BROKEN');
  assert.doesNotThrow(async () => (await l.svc.listGames()));
  assert.equal((await say(l, 'ch2', alice, '【军事】1')).ok, true);
});

test('item 8: a game that fails while catching up after a restart is set aside; start-up goes on for the others', async () => {
  const t = tmp();
  try {
    const { store, ids } = await twoGamesOnFile(t.db);
    const lastSeq = store.lastSeq.bind(store);
    store.lastSeq = (gameId: number) => {
      if (gameId === ids.ch1) throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
      return lastSeq(gameId);
    };
    // Down for an hour: both deadlines passed, so each game is caught up (a logged pause and resume) at start-up.
    const l = await restart(store, T0 + 3_600_000);
    assert.ok((await l.svc.gameOf('ch1'))!.broken);
    assert.equal((await l.svc.gameOf('ch2'))!.broken, undefined);
    assert.match(l.chat.posts('ch2').join('\n'), /停机/, 'the other game was caught up');
    assert.equal((await say(l, 'ch2', carol, '【完成】')).ok, true);
    l.svc.close();
    store.close();
  } finally {
    t.done();
  }
});

test('item 8: a garbage database file is refused at open with one clear line naming the file', () => {
  const t = tmp();
  try {
    writeFileSync(t.db, Buffer.alloc(16384, 'not a database, just text. '));
    assert.throws(() => new Store(t.db), (e: unknown) => {
      assert.ok(e instanceof StorageError);
      assert.equal(e.kind, 'not-a-database');
      assert.ok(e.message.includes(t.db), 'names the file');
      assert.match(e.message, /不是 SQLite 数据库/);
      assert.match(e.message, /DATABASE_PATH/, 'says what to do');
      assert.equal(e.message.includes('\n'), false, 'one line');
      return true;
    });
  } finally {
    t.done();
  }
});

test('item 8/9: npm start on a garbage database prints one line and exits 1, no stack trace', () => {
  const t = tmp();
  try {
    writeFileSync(t.db, Buffer.alloc(16384, 'garbage '));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'start'], {
      cwd: ROOT, encoding: 'utf8', timeout: 60_000,
      env: { ...process.env, DATABASE_PATH: t.db, DISCORD_TOKEN: '', PORT: '0', LOCAL_CHANNEL: '' },
    });
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.ok(lines[0]!.includes(t.db));
    assert.match(lines[0]!, /不是 SQLite 数据库/);
    assert.doesNotMatch(r.stderr, /\bat .*\(.*:\d+:\d+\)/, 'no stack trace');
  } finally {
    t.done();
  }
});

// ── item 9, 27: read-only storage, failed writes, creation errors ────────────────────────────────────────

test('item 9: read-only storage is refused at open with a clear message', () => {
  const t = tmp();
  try {
    new Store(t.db).close();
    assert.throws(() => new Store(t.db, { readOnly: true }), (e: unknown) => {
      assert.ok(e instanceof StorageError);
      assert.equal(e.kind, 'read-only');
      assert.ok(e.message.includes(t.db));
      assert.match(e.message, /无法写入/);
      return true;
    });
  } finally {
    t.done();
  }
});

test('item 9: npm start on a read-only mount refuses with one line (where the system lets a test mount one)', (t) => {
  if (spawnSync('unshare', ['-m', 'true']).status !== 0) {
    t.skip('no mount namespace here (unshare -m needs root)');
    return;
  }
  const d = tmp();
  try {
    new Store(d.db).close();
    const sh = `mount --bind '${d.dir}' '${d.dir}' && mount -o remount,bind,ro '${d.dir}' && exec '${process.execPath}' --import tsx src/cli.ts start`;
    const r = spawnSync('unshare', ['-m', 'sh', '-c', sh], {
      cwd: ROOT, encoding: 'utf8', timeout: 60_000,
      env: { ...process.env, DATABASE_PATH: d.db, DISCORD_TOKEN: '', PORT: '0', LOCAL_CHANNEL: '' },
    });
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.ok(lines[0]!.includes(d.db));
    assert.match(lines[0]!, /无法写入/);
    assert.match(lines[0]!, /EROFS/);
  } finally {
    d.done();
  }
});

test('item 9: storage turned read-only under a running game: STORAGE_READ_ONLY with the cause logged, the game unchanged', async () => {
  const errors: unknown[] = [];
  const store = new Store(':memory:');
  const l = await liveSetup({ store });
  await twoPlayerGame(l);
  const svc = new GameService({ store, clock: l.clock, chat: l.chat, renderer: null, logError: (_m, e) => errors.push(e) });
  await svc.startUp();
  const l2 = { ...l, svc };
  const score = (await svc.stateOf('ch1'))!.countries.A!.score;
  store.db.pragma('query_only = ON');
  const r = await say(l2, 'ch1', alice, '【军事】3');
  assert.equal(r.code, 'STORAGE_READ_ONLY');
  assert.match(r.text, /只读/);
  assert.ok(errors.some((e) => (e as { code?: string })?.code === 'SQLITE_READONLY'), 'the cause is logged');
  assert.equal((await svc.stateOf('ch1'))!.countries.A!.score, score, 'nothing applied');
  const c = await svc.createGame('ch7', judy, { map: TINY });
  assert.equal(code(c), 'STORAGE_READ_ONLY', 'not GAME_EXISTS');
  const j = await svc.createGame('ch1', judy, { map: TINY });
  assert.equal(code(j), 'GAME_EXISTS', 'a real duplicate is still GAME_EXISTS');
  store.db.pragma('query_only = OFF');
  assert.equal((await say(l2, 'ch1', alice, '【军事】3')).ok, true, 'works again once writable');
  svc.close();
});

test('item 27: only a real duplicate is GAME_EXISTS; other failures are INTERNAL_ERROR with the cause logged; no channel is NO_CHANNEL', async () => {
  const errors: unknown[] = [];
  const store = new Store(':memory:');
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), renderer: null, logError: (_m, e) => errors.push(e) });
  await svc.startUp();
  for (const ch of ['', '   ', null as unknown as string, undefined as unknown as string]) {
    const r = await svc.createGame(ch, judy, { map: TINY });
    assert.equal(code(r), 'NO_CHANNEL', String(ch));
    assert.match(r.text, /频道/);
  }
  assert.equal(store.games().length, 0);

  const real = store.createGame.bind(store);
  store.createGame = () => { throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }); };
  const io = await svc.createGame('ch1', judy, { map: TINY });
  assert.equal(code(io), 'INTERNAL_ERROR');
  assert.equal(io.text, '内部错误，游戏没有创建；请稍后再试');
  assert.ok(errors.some((e) => (e as { code?: string })?.code === 'SQLITE_IOERR_WRITE'), 'the cause is logged');

  // A duplicate that slips past the first check (two creates racing) is caught by the unique index.
  store.createGame = real;
  assert.equal((await svc.createGame('ch1', judy, { map: TINY })).ok, true);
  const liveGameIn = store.liveGameIn.bind(store);
  store.liveGameIn = () => null;
  const dup = await svc.createGame('ch1', alice, { map: TINY });
  store.liveGameIn = liveGameIn;
  assert.equal(code(dup), 'GAME_EXISTS');
  svc.close();
});

test('failed writes in lifecycle actions are INTERNAL_ERROR/STORAGE_READ_ONLY, never another code', async () => {
  const l = await liveSetup();
  await l.svc.createGame('ch1', judy, { map: TINY });
  await l.svc.join('ch1', alice, 'A');
  l.store.db.pragma('query_only = ON');
  assert.equal(code(await l.svc.join('ch1', bob, 'B')), 'STORAGE_READ_ONLY');
  assert.equal(code(await l.svc.leave('ch1', alice)), 'STORAGE_READ_ONLY');
  assert.equal(code(await l.svc.addJudge('ch1', judy, sam.id)), 'STORAGE_READ_ONLY');
  l.store.db.pragma('query_only = OFF');
  await l.svc.join('ch1', bob, 'B');
  l.store.db.pragma('query_only = ON');
  assert.equal(code(await l.svc.start('ch1', judy)), 'STORAGE_READ_ONLY', 'not NOT_ALLOWED');
  l.store.db.pragma('query_only = OFF');
  assert.equal((await l.svc.start('ch1', judy)).ok, true);
});

// ── item 10: lifecycle idempotency ───────────────────────────────────────────────────────────────────────

test('item 10: once(key) holds across a restart on the same database file, and concurrent calls with one key run once', async () => {
  const t = tmp();
  try {
    const store = new Store(t.db);
    const l = await liveSetup({ store });
    let runs = 0;
    const create = async () => { runs++; return l.svc.createGame('ch1', judy, { map: TINY }); };
    const [a, b] = await Promise.all([(await l.svc.once('req-1', create)), (await l.svc.once('req-1', create))]);
    assert.equal(runs, 1, 'two concurrent calls ran once');
    assert.equal(a.ok && b.ok, true);
    assert.equal([a.duplicate, b.duplicate].filter(Boolean).length, 1, 'the second is marked duplicate');
    l.svc.close();
    store.close();

    const store2 = new Store(t.db);
    const l2 = await liveSetup({ store: store2 });
    let runs2 = 0;
    const again = await l2.svc.once('req-1', async () => { runs2++; return l2.svc.createGame('ch1', judy, { map: TINY }); });
    assert.equal(runs2, 0, 'not run again after the restart');
    assert.equal(again.duplicate, true);
    assert.equal(again.ok, true, 'the first result, not GAME_EXISTS');
    assert.equal(store2.games().length, 1);
    const other = await l2.svc.once('req-2', async () => { runs2++; return l2.svc.createGame('ch2', judy, { map: TINY }); });
    assert.equal(runs2, 1);
    assert.equal(other.duplicate, undefined);
    l2.svc.close();
    store2.close();
  } finally {
    t.done();
  }
});

// ── item 11: names ───────────────────────────────────────────────────────────────────────────────────────

test('item 11: join and replacePlayer clean names; an invisible name is BAD_NAME, a clashing one NAME_TAKEN', async () => {
  const l = await liveSetup();
  await l.svc.createGame('ch1', judy, { map: TINY });
  const ghost = await l.svc.join('ch1', { id: 'u-ghost', name: '\u2060\u3164 \u200b' }, 'A');
  assert.equal(code(ghost), 'BAD_NAME');
  assert.match(ghost.text, /名字/);
  const j = await l.svc.join('ch1', { id: 'u-x', name: 'Ali\u200bce <@123>' }, 'A');
  assert.equal(j.ok, true);
  assert.equal((await l.svc.gameOf('ch1'))!.players[0]!.name, 'Alice <＠123>', 'stored clean: no invisible characters, no live mention');
  assert.equal(l.chat.posts('ch1').some((t) => t.includes('<@123>')), false);
  const clash = await l.svc.join('ch1', { id: 'u-y', name: 'ＡＬＩＣＥ <@123>' }, 'B');
  assert.equal(code(clash), 'NAME_TAKEN');
  assert.match(clash.text, /甲国/);
  assert.equal((await l.svc.gameOf('ch1'))!.players.length, 1, 'refused, not joined');
  await l.svc.join('ch1', bob, 'B');
  await l.svc.start('ch1', judy);
  const rp = await l.svc.replacePlayer('ch1', judy, '乙国', { id: 'u-z', name: 'alice <@123>' });
  assert.equal(code(rp), 'NAME_TAKEN');
  assert.equal(code(await l.svc.replacePlayer('ch1', judy, '乙国', { id: 'u-z', name: '\u200d' })), 'BAD_NAME');
  assert.equal((await l.svc.countryOf('ch1', bob.id)), 'B', 'unchanged');
  assert.equal((await l.svc.replacePlayer('ch1', judy, '乙国', { id: 'u-z', name: ' Bob ' })).ok, true, "the replaced player's own name may be reused");
  assert.equal((await l.svc.gameOf('ch1'))!.players.find((p) => p.country === 'B')!.name, 'Bob');
});

// ── item 12: history after undo ──────────────────────────────────────────────────────────────────────────

async function warTurns(l: Live): Promise<void> {
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【宣战】甲国向乙国宣战');
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  await say(l, 'ch1', alice, '【调兵】甲乡→乙乡 5');
  await say(l, 'ch1', bob, '【调兵】乙城→荒城 10');
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 3);
}

test('item 12: /history N after 【撤回】 of a later turn still shows turn N\'s battles and capture', async () => {
  const l = await liveSetup();
  await warTurns(l);
  const before = await l.svc.history('ch1', 2);
  assert.ok(before.ok);
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 4);
  assert.equal((await say(l, 'ch1', judy, '【撤回】')).ok, true);
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 3);
  const h = await l.svc.history('ch1', 2);
  assert.ok(h.ok);
  assert.match(h.value.text, /【战斗】/);
  assert.match(h.value.text, /乙国占领荒城/);
  assert.equal(h.value.text, before.ok && before.value.text, 'the same as before the undo');
  const undone = await l.svc.history('ch1', 3);
  assert.equal(code(undone), 'NO_SUCH_TURN', 'the undone turn is open again, not history');
});

test('item 12: a turn undone and replayed shows the replayed resolution', async () => {
  const l = await liveSetup();
  await warTurns(l);
  assert.equal((await say(l, 'ch1', judy, '【撤回】')).ok, true);
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 2);
  assert.equal(code(await l.svc.history('ch1', 2)), 'NO_SUCH_TURN');
  // Replayed without the capture: only the attack on 乙乡.
  await say(l, 'ch1', alice, '【调兵】甲乡→乙乡 5');
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  const h = await l.svc.history('ch1', 2);
  assert.ok(h.ok);
  assert.match(h.value.text, /乙乡/);
  assert.doesNotMatch(h.value.text, /荒城/, 'not the undone resolution');
  const h1 = await l.svc.history('ch1', 1);
  assert.ok(h1.ok, 'turn 1 (resolved before the undo) is still there');
});

test('item 12: an undo followed by other commands in one message marks only the entries before it undone', async () => {
  const l = await liveSetup();
  await warTurns(l);
  await say(l, 'ch1', judy, '【撤回】\n【设置】甲国 分数=50');
  const id = l.store.liveGameIn('ch1')!.id;
  const es = l.store.entries(id);
  const set = es.at(-1)!;
  assert.equal((set.entry as { command?: { kind: string } }).command?.kind, 'set');
  assert.equal(set.undone, false, 'the judge\'s setting after the undo stands');
  assert.equal(es.at(-2)!.undone, false, 'the undo itself is not undone');
  assert.equal(es.find((e) => (e.entry as { text?: string }).text === '【调兵】乙城→荒城 10')?.undone, true);
});

// ── item 13: what is posted after an undo ────────────────────────────────────────────────────────────────

test('item 13: after 【撤回】 the reopened turn\'s status and its map and table are posted', async () => {
  const l = await liveSetup();
  await warTurns(l);
  await l.svc.idle();
  l.chat.clear();
  l.renderer.calls.length = 0;
  await l.clock.advance(5_000);
  assert.equal((await say(l, 'ch1', judy, '【撤回】')).ok, true);
  await l.svc.idle();
  const posts = l.chat.posts('ch1');
  const reopened = posts.find((t) => t.includes('第2回合') && t.includes('截止'));
  assert.ok(reopened, posts.join('\n'));
  const s = (await l.svc.stateOf('ch1'))!;
  assert.ok(reopened.includes(`<t:${Math.floor(s.clock.deadlineAt / 1000)}:R>`), 'the fresh deadline');
  const pics = l.chat.log.filter((p) => p.kind === 'post' && p.msg.images?.length).at(-1);
  assert.ok(pics, 'pictures posted');
  assert.deepEqual(pics.msg.images!.map((i) => i.png.toString()), ['MAP2', 'SCORES2'], 'the restored turn 2, not the undone turn 3');
});

// ── item 14: request posts lose their buttons once settled ──────────────────────────────────────────────

function requestPost(l: Live, text: RegExp) {
  const p = l.chat.log.find((x) => x.kind === 'post' && x.msg.buttons?.length && text.test(x.msg.text));
  assert.ok(p, `a request post matching ${text}`);
  return p;
}

function lastEdit(l: Live, messageId: string) {
  return [...l.chat.log].reverse().find((x) => x.kind === 'edit' && x.messageId === messageId);
}

test('item 14: an answered request (button or text) is edited to its outcome without buttons', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【结盟】甲国向乙国请求缔结盟约。');
  const req = requestPost(l, /结盟|盟约/);
  await l.svc.handleButton({ channelId: 'ch1', userId: bob.id, userName: bob.name, buttonId: 'req:1:accept', interactionId: 'i1' });
  const e = lastEdit(l, req.messageId);
  assert.ok(e, 'the request post is edited');
  assert.equal(e.msg.text, `${req.msg.text}\n——已同意`);
  assert.deepEqual(e.msg.buttons, []);

  // One request a turn each (R4.1): now Bob asks, and Alice refuses by typing.
  await say(l, 'ch1', bob, '【交易】乙国向甲国提出交易申请，以（10分）交换（甲乡）。');
  const trade = requestPost(l, /交易/);
  await say(l, 'ch1', alice, '【拒绝】');
  const e2 = lastEdit(l, trade.messageId);
  assert.equal(e2?.msg.text, `${trade.msg.text}\n——已拒绝`);
  assert.deepEqual(e2?.msg.buttons, []);
});

test('item 14: a counter-offer replaces the request; an unanswered one lapses at the turn end; the rest end with the game', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【交易】甲国向乙国提出交易申请，以（10分）交换（乙乡）。');
  const first = requestPost(l, /交易/);
  await say(l, 'ch1', bob, '【协商】以乙乡交换25分');
  assert.equal(lastEdit(l, first.messageId)?.msg.text, `${first.msg.text}\n——已被反提议取代`);
  assert.deepEqual(lastEdit(l, first.messageId)?.msg.buttons, []);
  const counter = [...l.chat.log].reverse().find((x) => x.kind === 'post' && x.msg.buttons?.length)!;
  assert.notEqual(counter.messageId, first.messageId, 'the counter-offer has its own buttons');
  assert.equal(lastEdit(l, counter.messageId), undefined);

  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  assert.equal(lastEdit(l, counter.messageId)?.msg.text, `${counter.msg.text}\n——已失效`, 'lapsed at the end of the turn (R4.3)');

  await say(l, 'ch1', alice, '【结盟】甲国向乙国请求缔结盟约。');
  const open = [...l.chat.log].reverse().find((x) => x.kind === 'post' && x.msg.buttons?.length)!;
  await l.svc.end('ch1', judy);
  assert.equal(lastEdit(l, open.messageId)?.msg.text, `${open.msg.text}\n——游戏已结束`);
  assert.deepEqual(lastEdit(l, open.messageId)?.msg.buttons, []);
});

test('item 14: request posts are remembered in the store: answered after a restart, the original post is edited', async () => {
  const t = tmp();
  try {
    const store = new Store(t.db);
    const l = await liveSetup({ store });
    await twoPlayerGame(l);
    await say(l, 'ch1', alice, '【结盟】甲国向乙国请求缔结盟约。');
    const req = requestPost(l, /盟约/);
    l.svc.close();
    store.close();
    const store2 = new Store(t.db);
    const l2 = await restart(store2, T0 + 2000);
    await l2.svc.handleButton({ channelId: 'ch1', userId: bob.id, userName: bob.name, buttonId: 'req:1:reject', interactionId: 'i9' });
    const e = lastEdit(l2, req.messageId);
    assert.equal(e?.msg.text, `${req.msg.text}\n——已拒绝`);
    assert.deepEqual(e?.msg.buttons, []);
    l2.svc.close();
    store2.close();
  } finally {
    t.done();
  }
});

test('item 14: requests of an undone turn lose their buttons (a new request may reuse the id)', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  await say(l, 'ch1', alice, '【结盟】甲国向乙国请求缔结盟约。');
  const req = requestPost(l, /盟约/);
  await say(l, 'ch1', judy, '【撤回】');
  assert.equal(lastEdit(l, req.messageId)?.msg.text, `${req.msg.text}\n——已失效`);
});

// ── item 22: help in the lobby ───────────────────────────────────────────────────────────────────────────

test('item 22: 【帮助】 in a lobby answers the help text; real commands are NOT_STARTED', async () => {
  const l = await liveSetup();
  await l.svc.createGame('ch1', judy, { map: TINY });
  await l.svc.join('ch1', alice, 'A');
  const h = await say(l, 'ch1', alice, '【帮助】');
  assert.equal(h.ok, true, h.text);
  assert.doesNotMatch(h.text, /还没有开始/);
  assert.ok(h.text.length > 40, 'the help text');
  assert.equal(h.private, true);
  assert.equal(l.chat.privates(alice.id).at(-1)!.msg.text, h.text);
  const spect = await say(l, 'ch1', sam, '【帮助】');
  assert.equal(spect.ok, true, 'a watcher may read the help too');
  const war = await say(l, 'ch1', alice, '【宣战】甲国向乙国宣战');
  assert.equal(war.code, 'NOT_STARTED');
});
