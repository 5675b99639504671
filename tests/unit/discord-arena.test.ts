/**
 * duel.md D10.4 on Discord at discord.js's boundary: `/arena a:<greedy|lander|agent|@user> b:<…> [start_armies]
 * [turn_seconds] [turn_limit] [seed]`, always unrated. Two bots: the game resolves every turn at its opening, and its
 * turns are told in its thread one by one, arenaTurnMs = 500 apart, then the result and the final map; no rating
 * moves. The refusals: one person on both sides, someone else seated by a non-moderator (NOT_ALLOWED), a person in
 * another duel (ALREADY_IN_DUEL), the agent without weights (AGENT_UNAVAILABLE), a side that is none (BAD_SYNTAX).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { commandsJson } from '../../src/platform/adapters/discord/index.ts';
import { ARENA_TURN_MS } from '../../src/games/duel/slash/index.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { T0, fakeRenderer } from '../helpers/live.ts';
import { CHANNEL, answers, harness, int, slash, str, type Harness } from '../helpers/discord.ts';

const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const THREAD = '910000000000000001';

const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.destroy();
});

interface Arena extends Harness { svc: GameService; store: Store; timers: { ms: number; fn: () => void }[]; settle(): Promise<void> }

function setup(): Arena {
  const store = new Store(':memory:');
  const timers: { ms: number; fn: () => void }[] = [];
  let svc!: GameService;
  const h = harness((chat) => (svc = new GameService({ store, clock: new VirtualClock(T0), chat, games: GAMES, renderer: fakeRenderer(), logError: () => undefined })), COMMANDS, clients, {
    now: () => T0, timer: (ms, fn) => timers.push({ ms, fn }),
  });
  return { ...h, svc, store, timers, settle: async () => { await h.bot.idle(); await svc.idle(); } };
}

const texts = (h: Arena, ch = THREAD) => h.discord.posts(ch).map((p) => String(p.body!.content));

/** Runs the next scheduled telling and waits until it has posted and scheduled the next (or archived the game). */
async function step(h: Arena): Promise<void> {
  const t = h.timers.shift()!;
  assert.equal(t.ms, ARENA_TURN_MS, 'arenaTurnMs apart');
  const before = h.discord.calls.length;
  t.fn();
  for (let i = 0; i < 400 && (h.timers.length === 0 || h.discord.calls.length === before); i++) {
    await new Promise((r) => setTimeout(r, 5));
    if ((await h.svc.gameOf(THREAD))?.status === 'ended') break;
  }
  await h.settle();
}

test('D10.4 /arena a:greedy b:lander: a thread, every turn told 500 ms apart in order, then the result and the final map; unrated, no rating moves', async () => {
  assert.equal(ARENA_TURN_MS, 500);
  const h = setup();
  const iid = slash(h, ALICE, 'arena', [str('a', 'greedy'), str('b', 'lander'), int('turn_limit', 12), int('seed', 1)]);
  await h.settle();
  const said = answers(h, iid);
  assert.equal(said.ephemeral, true);
  const m = /✅ 竞技场开始：<#(\d+)>（(\d+) 个回合逐个公布，不计等级分）/.exec(said.texts.join('\n'));
  assert.ok(m, said.texts.join('\n'));
  assert.equal(m[1], THREAD, 'in its own thread');
  const opened = h.discord.find((x) => x.method === 'POST' && x.path === `/channels/${CHANNEL}/threads`);
  assert.equal(opened?.body?.name, '竞技场 贪婪 vs 登陆');
  const g = (await h.svc.gameOf(THREAD))!;
  assert.deepEqual(g.players.map((p) => [p.country, p.userId]), [['A', 'bot:A:greedy'], ['B', 'bot:B:lander']]);
  const s = (await h.svc.stateOf(THREAD)) as DuelState;
  assert.equal(s.status, 'ended', 'two bots: every turn resolved at its opening, the game is over at once (D10.4)');
  assert.equal(s.rated, false);
  assert.equal(s.settings.turnLimit, 12);
  const turns = Number(m[2]);
  assert.equal(turns, s.endTurn ?? s.turn, 'every resolved turn is told');

  // Before any turn is told: the start says what follows; nothing gives the end away (no map yet, the status hides it).
  const start = texts(h).join('\n');
  assert.match(start, /^🏟️ 竞技场：一局欧陆对决（地图：欧洲，不计等级分），双方座位已定，马上开始。$/m);
  assert.doesNotMatch(start, /\/join|\/start/);
  assert.match(start, /🏟️ 竞技场开始！电脑对电脑/);
  assert.match(start, /红方（红色）：贪婪 · 首都 ★/);
  assert.match(start, /竞技场 · 红方🤖 贪婪 vs 蓝方🤖 登陆 · 逐回合公布中/);
  assert.doesNotMatch(start, /回合结算|胜者|对决结束/);
  assert.ok(!h.discord.posts(THREAD).some((p) => p.files.length), 'no map before the turns are told');
  assert.equal(h.timers.length, 1);

  for (let k = 1; k <= turns; k++) {
    await step(h);
    const told = texts(h).filter((t) => /回合结算/.test(t));
    assert.equal(told.length, k, `turn ${k} told`);
    assert.match(told.at(-1)!, new RegExp(`^═ 第${k}回合结算 ═`));
    assert.equal((await h.svc.gameOf(THREAD))?.status, 'running', 'archived only once every turn is told');
  }
  await step(h);
  await new Promise((r) => setTimeout(r, 50));
  await h.settle();
  assert.equal((await h.svc.gameOf(THREAD))?.status, 'ended', 'archived after the last turn');
  const all = texts(h);
  const end = all.find((t) => /🏁/.test(t))!;
  assert.match(end, /^🏁 对决结束！\n(胜者：(红方|蓝方)（.+）|平局（.+）)\n第\d+回合 · 红方\d+分 · 蓝方\d+分$/, 'the game\'s own end, not "the judge ended it"');
  assert.doesNotMatch(end, /等级分/);
  assert.ok(all.indexOf(end) > all.findIndex((t) => new RegExp(`第${turns}回合结算`).test(t)), 'the result after the last turn');
  assert.ok(h.discord.posts(THREAD).some((p) => p.files.length === 1 && /最终地图/.test(String(p.body!.content))), 'the final map');
  assert.equal(await h.store.ratingOfGame('duel', g.id), null, 'no rating changes');
  assert.equal(h.timers.length, 0, 'nothing left to tell');
});

test('D10.4/D10.10 /arena refusals: the same person twice or someone else by a non-moderator NOT_ALLOWED; a person in another duel ALREADY_IN_DUEL; the agent without weights AGENT_UNAVAILABLE; anything else BAD_SYNTAX', async () => {
  const h = setup();
  const said = (iid: string) => answers(h, iid).texts.join('\n');
  const twice = slash(h, ALICE, 'arena', [str('a', `<@${ALICE.id}>`), str('b', `<@${ALICE.id}>`)]);
  const other = slash(h, ALICE, 'arena', [str('a', 'greedy'), str('b', `<@${BOB.id}>`)]);
  const agent = slash(h, ALICE, 'arena', [str('a', 'agent'), str('b', 'greedy')]);
  const junk = slash(h, ALICE, 'arena', [str('a', 'dragon'), str('b', 'greedy')]);
  await h.settle();
  assert.match(said(twice), /❌ NOT_ALLOWED：alice不能同时下两边/);
  assert.match(said(other), /❌ NOT_ALLOWED：只有裁判（管理员）可以安排别人/);
  assert.match(said(agent), /❌ AGENT_UNAVAILABLE/);
  assert.match(said(junk), /❌ BAD_SYNTAX："dragon"不是竞技场的一方/);
  assert.equal((await h.svc.listGames()).length, 0, 'nothing was made');

  // Alice against the computer in the arena: an ordinary duel in a thread, unrated, its seats taken (no /join).
  const mine = slash(h, ALICE, 'arena', [str('a', `<@${ALICE.id}>`), str('b', '贪婪'), int('turn_seconds', 60)]);
  await h.settle();
  assert.match(said(mine), /✅ 竞技场对决开始：<#910000000000000001>（不计等级分）/);
  const g = (await h.svc.gameOf(THREAD))!;
  assert.deepEqual(g.players.map((p) => [p.country, p.userId]), [['A', ALICE.id], ['B', 'bot:B:greedy']]);
  const s = (await h.svc.stateOf(THREAD)) as DuelState;
  assert.deepEqual([s.status, s.rated, s.settings.turnSeconds], ['running', false, 60]);
  assert.doesNotMatch(texts(h).join('\n'), /\/join|\/start/);
  // Now she is in a duel: the arena refuses her again (D9.5), and a bot game still starts.
  const busy = slash(h, ALICE, 'arena', [str('a', `<@${ALICE.id}>`), str('b', 'lander')]);
  await h.settle();
  assert.match(said(busy), /❌ ALREADY_IN_DUEL：你已经在一局进行中的欧陆对决里了/);
});

test('D10.2 /arena is registered once, with its options, its Chinese name unique', () => {
  const all = commandsJson(COMMANDS) as { name: string; name_localizations?: Record<string, string>; options?: { name: string }[] }[];
  const mine = all.filter((c) => c.name === 'arena');
  assert.equal(mine.length, 1);
  assert.deepEqual(mine[0]!.options!.map((o) => o.name), ['a', 'b', 'start_armies', 'turn_seconds', 'turn_limit', 'seed']);
  const zh = all.map((c) => c.name_localizations!['zh-CN']!);
  assert.deepEqual(zh.filter((z, i) => zh.indexOf(z) !== i), []);
});
