/**
 * Issue 20, the table picture through the live platform: a 国战 game hosted by the GameService posts the table PNG
 * with the first turn's line and with every later turn start, and 【桌面】 answers it on request — to a seat and to a
 * spectator, privately. The renderer is given the PUBLIC view only (no hand, no hidden general's name), and the
 * picture of the render worker is a real PNG of the layout's size.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { guozhan, type Guozhan } from '../../src/games/guozhan/module.ts';
import { guozhanRenderer, type GuozhanRenderer, type TableView } from '../../src/games/guozhan/table.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { FakeChat, T0, alice, bob, carol, judy, sam } from '../helpers/live.ts';

/** A renderer that keeps what it was given and answers a tiny tagged "PNG". */
function recorder(): GuozhanRenderer & { seen: TableView[] } {
  const seen: TableView[] = [];
  return { seen, async tablePng(v) { seen.push(structuredClone(v)); return Buffer.from(`TABLE${v.turn?.n ?? 0}`); } };
}

let n = 0;
const say = (svc: GameService, user: { id: string; name: string }, text: string) =>
  svc.handleMessage({ channelId: 'gz', userId: user.id, userName: user.name, text, messageId: `gz-${++n}` });

async function table(renderer: unknown, settings: Record<string, unknown> = { autopilotAfter: 50 }) {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, games: [neuwar, guozhan], renderer, logError: (m, e) => { throw new Error(`${m}: ${String(e)}`); } });
  await svc.startUp();
  assert.equal((await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 3, ...settings } })).ok, true);
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) assert.equal((await svc.join('gz', u, seat)).ok, true);
  assert.equal((await svc.start('gz', judy)).ok, true);
  return { svc, chat, clock, state: async () => (await svc.stateOf('gz')) as State };
}

const imagesOf = (chat: FakeChat, kind: 'post' | 'private') => chat.log.filter((p) => p.kind === kind && p.msg.images?.length).map((p) => ({ text: p.msg.text, to: p.userId, names: p.msg.images!.map((i) => i.name), png: p.msg.images![0]!.png }));

test('issue 20: the table picture comes with each turn start and on 【桌面】 (seat and spectator, privately), drawn from the public view', async () => {
  const r = recorder();
  const { svc, chat, clock, state } = await table(r);
  // The general pick times out (X3.2 defaults): turn 1 opens, and its post carries the table.
  await clock.advance(90_000);
  await svc.idle();
  const s1 = await state();
  assert.equal(s1.status, 'running');
  let posted = imagesOf(chat, 'post');
  assert.equal(posted.length, 1, 'one table picture for the first turn start');
  // The picture follows the turn's line (the platform posts a post's pictures once drawn, as their own message).
  const at = chat.log.findIndex((p) => p.kind === 'post' && !!p.msg.images?.length);
  assert.match(chat.log.slice(0, at).filter((p) => p.kind === 'post').map((p) => p.msg.text).join('\n'), /第1回合/);
  assert.deepEqual(posted[0]!.names, ['guozhan-table-turn1.png']);
  // The acting seat ends its play phase by timing out, the turns go on: every turn start brings one more picture.
  const turns = new Set<number>([s1.turn.n]);
  for (let k = 0; k < 12 && turns.size < 3; k++) {
    await clock.advance(90_000);
    await svc.idle();
    turns.add((await state()).turn.n);
  }
  await svc.idle();
  posted = imagesOf(chat, 'post');
  assert.ok(turns.size >= 3, `turns went on (${[...turns].join(',')})`);
  assert.deepEqual(posted.map((p) => p.names[0]), [...turns].sort((a, b) => a - b).map((t) => `guozhan-table-turn${t}.png`), 'one picture per turn start, in order');

  // On request: a seat's 【桌面】 said in the channel is answered there with the picture (the table is public, X1);
  // said privately (the slash command /table), to the asker alone.
  chat.clear();
  const a = await say(svc, alice, '【桌面】');
  assert.equal(a.ok, true, a.text);
  await svc.idle();
  assert.equal(imagesOf(chat, 'post').length + imagesOf(chat, 'private').length, 1);
  chat.clear();
  const p = await svc.handleMessage({ channelId: 'gz', userId: bob.id, userName: bob.name, text: '【桌面】', messageId: `gz-${++n}`, private: true });
  assert.equal(p.ok, true, p.text);
  await svc.idle();
  assert.equal(imagesOf(chat, 'post').length, 0, 'a private ask posts nothing in the channel');
  assert.deepEqual(imagesOf(chat, 'private').map((x) => x.to), [bob.id]);
  // A spectator may look too (the platform's spectatorLook), privately.
  chat.clear();
  const w = await say(svc, sam, '【桌面】');
  assert.equal(w.ok, true, w.text);
  await svc.idle();
  assert.deepEqual(imagesOf(chat, 'private').map((p) => p.to), [sam.id]);
  // A spectator may not act: a card command is refused.
  assert.equal((await say(svc, sam, '【杀】→甲')).code, 'SPECTATOR');

  // What the renderer was given: never a hand, never a hidden general's name (X1.1).
  const s = await state();
  assert.ok(r.seen.length >= 5);
  for (const v of r.seen) {
    assert.ok(!JSON.stringify(v).includes('"hand"'), 'no hand in the picture data');
    assert.equal((v as unknown as { log?: unknown }).log, undefined, 'no log rows either');
    v.seats.forEach((seat, i) => (seat.generals ?? []).forEach((g, k) => { if (!s.players[i]!.revealed[k]) assert.equal(g.name, null); }));
  }
  svc.close();
});

test('issue 20: 【桌面】 mixed with a command answers both; in the lobby it waits for the start (NOT_STARTED)', async () => {
  const store = new Store(':memory:');
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), games: [neuwar, guozhan], renderer: recorder(), logError: () => undefined });
  await svc.startUp();
  await svc.createGame('gz', judy, { game: 'guozhan' });
  assert.equal((await say(svc, judy, '【桌面】')).code, 'NOT_STARTED');
  svc.close();
  const rules = guozhan.open('guozhan', '.');
  const es = rules.parse('【桌面】；【结束】', { s: {} } as unknown as Guozhan, { kind: 'judge', name: 'j' }, true, 0, 'zh');
  assert.deepEqual(es.map((e) => e.type), ['table', 'refused'], '【桌面】 is taken out, the rest goes to the grammar');
});

test('issue 20: the render worker draws the table as a real PNG of the layout\'s size', async () => {
  const { svc, clock, state } = await table(null);
  await clock.advance(90_000);
  const s = await state();
  svc.close();
  const r = guozhanRenderer();
  const { tableView } = await import('../../src/games/guozhan/table.ts');
  const png = await r.tablePng(tableView(s));
  await r.close();
  const meta = await sharp(png).metadata();
  // 3 seats: 3 columns, 1 row → width 12 + 3 × 244 = 744; height 64 + 274 + 40 = 378.
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 744, 378]);
});
