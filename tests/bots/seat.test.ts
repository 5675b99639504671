/**
 * Issue 13, seating and driving computer players for real users: 【机器人】 and /game bot in the lobby, /judge bot
 * mid-game, bots playing through the one parse → apply → log path, replay, the autopilot house rule, privacy.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { rebuildGame } from '../../src/platform/session/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import type { GameState } from '../../src/games/neuwar/engine/index.ts';
import { BOT_STYLE_NAMES as PARSER_STYLES } from '../../src/games/neuwar/parse/index.ts';
import { BOT_STYLE_NAMES } from '../../src/games/neuwar/bots/index.ts';
import { alice, bob, carol, judy, liveSetup, say, T0, TINY, type Live } from '../helpers/live.ts';

const EUROPE = 'maps/europe.json';
const state = async (l: Live, ch: string) => (await l.svc.stateOf(ch)) as GameState;

async function lobby(l: Live, ch: string, settings: Record<string, unknown> = {}, map = TINY) {
  const c = await l.svc.createGame(ch, judy, { map, settings });
  assert.ok(c.ok, c.text);
}

test('issue 13: seating in the lobby — 【机器人】 and the service, with a clear refusal for each mistake', async () => {
  const l = await liveSetup();
  await lobby(l, 'c1');
  assert.ok((await l.svc.join('c1', alice, 'A')).ok);
  // Not a judge.
  let r = await say(l, 'c1', alice, '【机器人】乙国');
  assert.equal(r.code, 'NOT_JUDGE');
  assert.match(r.text, /只有裁判/);
  // A taken country.
  r = await say(l, 'c1', judy, '【机器人】甲国');
  assert.equal(r.code, 'COUNTRY_TAKEN');
  assert.match(r.text, /甲国已经有人了（Alice）；空闲：乙国、丙国/);
  // An unknown style, typed and by the service.
  r = await say(l, 'c1', judy, '【机器人】乙国 疯狂');
  assert.equal(r.code, 'UNKNOWN_STYLE');
  assert.match(r.text, /没有'疯狂'这种机器人风格；可选：均衡/);
  const s = await l.svc.seatBot('c1', judy, '乙国', 'crazy');
  assert.equal(s.ok ? '' : s.code, 'UNKNOWN_STYLE');
  const u = await l.svc.seatBot('c1', judy, '丁国');
  assert.equal(u.ok ? '' : u.code, 'UNKNOWN_COUNTRY');
  // Seated: typed with a Chinese style, and by the service with the default.
  r = await say(l, 'c1', judy, '【机器人】乙国 进攻');
  assert.ok(r.ok, r.text);
  assert.match(r.text, /为乙国安排了机器人（进攻）/);
  const again = await l.svc.seatBot('c1', judy, '乙国');
  assert.equal(again.ok ? '' : again.code, 'COUNTRY_TAKEN');
  // A person cannot join a computer player's seat.
  const j = await l.svc.join('c1', carol, 'B');
  assert.equal(j.ok ? '' : j.code, 'COUNTRY_TAKEN');
  assert.ok((await l.svc.start('c1', judy)).ok);
  // After the start: /game bot (fillBots) is refused; 【机器人】 on a country with a player too.
  const f = await l.svc.fillBots('c1', judy);
  assert.equal(f.ok ? '' : f.code, 'ALREADY_STARTED');
  assert.match(f.text, /\/judge bot/);
  const t = await l.svc.seatBot('c1', judy, '甲国');
  assert.equal(t.ok ? '' : t.code, 'COUNTRY_TAKEN');
  assert.match(t.text, /甲国有玩家在玩；要换成机器人，先用【托管】甲国/);
  // Neutral from the start: not in the game.
  const n = await l.svc.seatBot('c1', judy, '丙国');
  assert.equal(n.ok ? '' : n.code, 'NOT_ALLOWED');
  l.svc.close();
});

test('issue 13: a seated bot is in the start entry, plays its turn at once, and is marked wherever its country is shown', async () => {
  const l = await liveSetup();
  await lobby(l, 'c2');
  assert.ok((await l.svc.join('c2', alice, 'A')).ok);
  assert.ok((await l.svc.seatBot('c2', judy, 'B', 'defensive')).ok);
  assert.ok((await l.svc.start('c2', judy)).ok);
  const log = (await l.svc.export('c2', judy));
  assert.ok(log.ok);
  const start = log.value.log[0]!.entry as { type: string; bots?: Record<string, string>; seed?: number };
  assert.equal(start.type, 'start');
  assert.deepEqual(start.bots, { B: 'defensive' });
  assert.equal(typeof start.seed, 'number');
  const s = await (await state(l, 'c2'));
  assert.equal(s.countries.B!.bot, 'defensive');
  assert.equal(s.countries.B!.committed, true, 'the bot committed its first turn at once');
  assert.equal(s.countries.B!.botTurn, 1);
  // Its entries are marked as a computer player's, spoken as its country, with no user.
  const botEntries = log.value.log.filter((e) => (e.entry as { bot?: boolean }).bot);
  assert.ok(botEntries.length >= 1);
  for (const e of botEntries) {
    assert.equal(e.userId, null);
    assert.deepEqual((e.entry as { speaker: unknown }).speaker, { kind: 'country', id: 'B' });
  }
  // Marked: the start post (its seat's name), the status message, the page's panel, the end's ranking.
  assert.ok(l.chat.posts('c2').some((p) => p.includes('乙国：机器人（防守）')));
  // Its 【完成】 is not announced (the status and the panel show it); a person's is.
  assert.ok(!l.chat.posts('c2').some((p) => /乙国完成/.test(p)));
  const status = (await l.svc.rulesOf('c2'))!.status(l.svc['games'].get(1)!.game, 'zh');
  assert.match(status, /乙国（机器人）/);
  assert.equal((await l.svc.pageOf('c2'))!.seats.find((x) => x.id === 'B')!.bot, '机器人');
  // Alice commits: the turn resolves (the bot has), and the bot plays turn 2 at once.
  const r = await say(l, 'c2', alice, '【完成】');
  assert.ok(r.ok);
  assert.equal((await (await state(l, 'c2'))).turn, 2);
  assert.equal((await (await state(l, 'c2'))).countries.B!.committed, true);
  l.svc.close();
});

test('issue 13: /judge bot mid-game for a country whose player was removed; a person may take the seat back', async () => {
  const l = await liveSetup();
  await lobby(l, 'c3');
  assert.ok((await l.svc.join('c3', alice, 'A')).ok);
  assert.ok((await l.svc.join('c3', bob, 'B')).ok);
  assert.ok((await l.svc.start('c3', judy)).ok);
  assert.ok((await l.svc.removePlayer('c3', judy, '乙国')).ok);
  assert.equal((await (await state(l, 'c3'))).countries.B!.player, false);
  // Not a judge: refused by the rules (R13), typed.
  const no = await say(l, 'c3', alice, '【机器人】乙国');
  assert.equal(no.code, 'NOT_JUDGE');
  const r = await say(l, 'c3', judy, '【机器人】乙国 进攻');
  assert.ok(r.ok, r.text);
  const s = await (await state(l, 'c3'));
  assert.equal(s.countries.B!.bot, 'aggressive');
  assert.equal(s.countries.B!.player, true);
  assert.equal(s.countries.B!.committed, true, 'the new bot played this turn at once');
  assert.ok(l.chat.posts('c3').some((p) => /乙国由机器人（进攻）接手/.test(p)));
  // A judge gives the seat to a person: the bot stands up.
  const rep = await l.svc.replacePlayer('c3', judy, '乙国', carol);
  assert.ok(rep.ok, rep.text);
  assert.equal((await (await state(l, 'c3'))).countries.B!.bot, null);
  assert.equal((await (await state(l, 'c3'))).countries.B!.player, true);
  l.svc.close();
});

/** A solo game on Europe: Alice as France, bots everywhere else, three turns. */
async function soloEurope(l: Live, ch: string) {
  await lobby(l, ch, { autopilot: 'bot' }, EUROPE);
  assert.ok((await l.svc.join(ch, alice, '法国')).ok);
  const f = await l.svc.fillBots(ch, judy);
  assert.ok(f.ok, f.text);
  assert.equal(f.ok && f.value.countries.length, 11);
  assert.ok((await l.svc.start(ch, judy)).ok);
  for (let t = 0; t < 3; t++) {
    await l.clock.advance(20_000);
    const r = await say(l, ch, alice, '【军事】5\n【完成】', { messageId: `${ch}-turn-${t}` });
    assert.ok(r.ok, r.text);
  }
}

test('issue 13: a game with bots replays byte for byte — from its log, and played again from the same inputs', async () => {
  const runs: string[] = [];
  const warnings: string[] = [];
  for (let i = 0; i < 2; i++) {
    const l = await liveSetup({ clock: new VirtualClock(T0), logError: (m) => warnings.push(m) });
    await soloEurope(l, 'solo');
    const live = await (await state(l, 'solo'));
    assert.equal(live.turn, 4);
    // The log alone rebuilds the same game (bots' seats from the start entry, their commands from the log).
    const row = l.store.liveGameIn('solo')!;
    const rules = (await l.svc.rulesOf('solo'))!;
    const rebuilt = rebuildGame(l.store, row.id, rules).game;
    assert.equal(rules.snapshot(rebuilt), rules.snapshot(l.svc['games'].get(row.id)!.game));
    const x = (await l.svc.export('solo', judy));
    assert.ok(x.ok);
    runs.push(JSON.stringify(x.value.log) + JSON.stringify(x.value.state));
    l.svc.close();
  }
  assert.deepEqual(warnings.filter((w) => /computer player/.test(w)), [], 'every command a computer player sent was accepted');
  const at = [...runs[0]!].findIndex((ch, i) => ch !== runs[1]![i]);
  assert.ok(runs[0] === runs[1], `the same inputs give the same bots' commands, byte for byte; first difference at ${at}: ${runs[0]!.slice(at - 200, at + 100)} | ${runs[1]!.slice(at - 200, at + 100)}`);
});

test('issue 13: privacy — a bot\'s private orders reach no one; what it shows is what a player would show', async () => {
  const l = await liveSetup();
  await soloEurope(l, 'priv');
  const x = (await l.svc.export('priv', judy));
  assert.ok(x.ok);
  // No private answer was sent for a computer player (it has no one to tell).
  assert.ok(l.chat.privates().every((p) => p.userId === alice.id || p.userId === judy.id));
  // No channel post shows a bot's private order or its confirmation.
  for (const p of l.chat.posts('priv')) {
    assert.ok(!/【(调兵|空运|军事|工业|科技|动员|撤销)】/.test(p), `a private order in the channel: ${p}`);
    assert.ok(!/已收到(调兵|空运)|购买\d+军/.test(p) || !p.startsWith('🤖'), `a bot's private answer in the channel: ${p}`);
  }
  // The state JSON a player sees holds no one's orders.
  assert.equal(((await l.svc.seatView('priv', alice.id)) as { orders?: unknown }).orders, undefined);
  l.svc.close();
});

test('issue 13: autopilot=bot takes a country after autopilotAfter missed deadlines; lateness is paid; the player\'s command takes it back', async () => {
  const l = await liveSetup();
  await lobby(l, 'ap', { autopilot: 'bot', autopilotAfter: 2, turnSeconds: 60, graceSeconds: 60 });
  assert.ok((await l.svc.join('ap', alice, 'A')).ok);
  assert.ok((await l.svc.join('ap', bob, 'B')).ok);
  assert.ok((await l.svc.start('ap', judy)).ok);
  const score0 = (await (await state(l, 'ap'))).countries.A!.score;
  for (let turn = 1; turn <= 2; turn++) {
    assert.ok((await say(l, 'ap', bob, '【完成】')).ok);
    await l.clock.advance(121_000); // past the hard close: A never committed
    await l.svc.idle();
  }
  let s = await (await state(l, 'ap'));
  assert.equal(s.turn, 3);
  assert.equal(s.countries.A!.missed, 2);
  assert.equal(s.countries.A!.autopilot, true);
  assert.ok(s.lastEvents.some((e) => e.type === 'late' && e.country === 'A'), 'the second missed deadline was paid');
  assert.ok(l.chat.posts('ap').some((p) => /甲国的玩家连续2回合错过截止，自动托管接手/.test(p)));
  assert.equal(s.countries.A!.committed, true, 'the autopilot played turn 3 at once');
  assert.match((await l.svc.rulesOf('ap'))!.status(l.svc['games'].get(1)!.game, 'zh'), /甲国（自动托管）/);
  // Bob commits: turn 3 resolves with no lateness for A (the autopilot's commit is never late).
  await l.clock.advance(30_000);
  assert.ok((await say(l, 'ap', bob, '【完成】')).ok);
  s = (await state(l, 'ap'));
  assert.equal(s.turn, 4);
  assert.ok(!s.lastEvents.some((e) => e.type === 'late' && e.country === 'A'));
  assert.equal(s.countries.A!.score < score0, true);
  // The player comes back: the first own command takes the country back, announced.
  const back = await say(l, 'ap', alice, '【状态】');
  assert.ok(back.ok);
  s = (await state(l, 'ap'));
  assert.equal(s.countries.A!.autopilot, false);
  assert.equal(s.countries.A!.missed, 0);
  assert.ok(l.chat.posts('ap').some((p) => /甲国的玩家回来了，自动托管结束/.test(p)));
  l.svc.close();
});

test('issue 13: autopilot=defend plays a country the judge put in civil disorder (【托管】); autopilot=off leaves it alone', async () => {
  for (const mode of ['defend', 'off'] as const) {
    const l = await liveSetup();
    await lobby(l, `cd-${mode}`, { autopilot: mode });
    assert.ok((await l.svc.join(`cd-${mode}`, alice, 'A')).ok);
    assert.ok((await l.svc.join(`cd-${mode}`, bob, 'B')).ok);
    assert.ok((await l.svc.start(`cd-${mode}`, judy)).ok);
    const r = await say(l, `cd-${mode}`, judy, '【托管】乙国');
    assert.ok(r.ok, r.text);
    const s = await state(l, `cd-${mode}`);
    assert.equal(s.countries.B!.botTurn === 1, mode === 'defend', `${mode}: the autopilot played the country in civil disorder`);
    l.svc.close();
  }
});

test('issue 13: autopilot settings are validated at creation', async () => {
  const l = await liveSetup();
  const bad = await l.svc.createGame('v1', judy, { map: TINY, settings: { autopilot: 'sometimes' } });
  assert.equal(bad.ok ? '' : bad.code, 'BAD_SETTINGS');
  const bad2 = await l.svc.createGame('v2', judy, { map: TINY, settings: { autopilotAfter: 0 } });
  assert.equal(bad2.ok ? '' : bad2.code, 'BAD_SETTINGS');
  const ok = await l.svc.createGame('v3', judy, { map: TINY, settings: { autopilot: 'defend', autopilotAfter: 3 } });
  assert.ok(ok.ok);
  l.svc.close();
});

test('issue 13: the parser reads exactly the style words of the computer players\' contract', () => {
  assert.deepEqual({ ...PARSER_STYLES }, { ...BOT_STYLE_NAMES });
});

test('issue 13: a request addressed to a bot is answered at once, through the log, with its reason in the channel', async () => {
  const l = await liveSetup();
  await lobby(l, 'rq');
  assert.ok((await l.svc.join('rq', alice, 'A')).ok);
  assert.ok((await l.svc.seatBot('rq', judy, 'B')).ok);
  assert.ok((await l.svc.start('rq', judy)).ok);
  const r = await say(l, 'rq', alice, '【协定】甲国向乙国请求互不侵犯协定。');
  assert.ok(r.ok, r.text);
  const s = await (await state(l, 'rq'));
  assert.equal(s.pending.filter((p) => p.to === 'B').length, 0, 'the bot answered the request');
  const x = (await l.svc.export('rq', judy));
  assert.ok(x.ok);
  const answer = x.value.log.map((e) => e.entry as { type: string; bot?: boolean; command?: { kind: string } }).find((e) => e.bot && e.command?.kind === 'answer');
  assert.ok(answer, 'the answer is a logged command of the bot');
  assert.ok(l.chat.posts('rq').some((p) => p.startsWith('🤖 乙国（机器人）：')), 'its reason is posted under its name');
  l.svc.close();
});

test('issue 13: after a restart, what a bot owes is played (a judge seated it and the process died before it spoke)', async () => {
  const first = await liveSetup();
  await lobby(first, 'rs');
  assert.ok((await first.svc.join('rs', alice, 'A')).ok);
  assert.ok((await first.svc.join('rs', bob, 'B')).ok);
  assert.ok((await first.svc.start('rs', judy)).ok);
  assert.ok((await first.svc.removePlayer('rs', judy, '乙国')).ok);
  const row = first.store.liveGameIn('rs')!;
  first.svc.close();
  // The judge's 【机器人】 reached the log, and then the process stopped.
  const at = first.clock.now();
  first.store.commit({ gameId: row.id, entries: [{ at, entry: { type: 'command', at, speaker: { kind: 'judge', name: 'Judy' }, command: { kind: 'bot', country: 'B', style: 'balanced' } }, userId: judy.id, turn: 1 }] });
  const again = await liveSetup({ store: first.store, clock: first.clock });
  const s = await state(again, 'rs');
  assert.equal(s.countries.B!.bot, 'balanced');
  assert.equal(s.countries.B!.botTurn, 1, 'the bot played its turn after the restart');
  assert.equal(s.countries.B!.committed, true);
  again.svc.close();
});

test('issue 13: when computers play every active country (the only person is away), a turn waits for its deadline instead of racing on', async () => {
  const l = await liveSetup();
  await lobby(l, 'race', { autopilot: 'bot', autopilotAfter: 1, turnSeconds: 60, graceSeconds: 60 });
  assert.ok((await l.svc.join('race', alice, 'A')).ok);
  assert.ok((await l.svc.seatBot('race', judy, 'B')).ok);
  assert.ok((await l.svc.start('race', judy)).ok);
  // Alice misses turn 1 (it closes at the hard close): the autopilot takes 甲国 from turn 2 on.
  await l.clock.advance(121_000);
  let s = await (await state(l, 'race'));
  assert.equal(s.turn, 2);
  assert.equal(s.countries.A!.autopilot, true);
  assert.equal(s.countries.A!.committed && s.countries.B!.committed, true, 'both computer-played countries committed at once');
  // …and the turn stays open until its deadline, then resolves there (not at the hard close).
  await l.clock.advance(58_000); // turn 2 opened at the hard close (120 s): its deadline is 180 s
  assert.equal((await (await state(l, 'race'))).turn, 2);
  await l.clock.advance(1_000);
  s = (await state(l, 'race'));
  assert.equal(s.turn, 3, 'resolved at the deadline');
  assert.ok(!s.lastEvents.some((e) => e.type === 'late'), 'computers are never late');
  l.svc.close();
});

test('issue 13: a turn reopened by the judge\'s 【撤回】 is played again by its bots', async () => {
  const l = await liveSetup();
  await lobby(l, 'undo');
  assert.ok((await l.svc.join('undo', alice, 'A')).ok);
  assert.ok((await l.svc.seatBot('undo', judy, 'B')).ok);
  assert.ok((await l.svc.start('undo', judy)).ok);
  await l.clock.advance(10_000);
  assert.ok((await say(l, 'undo', alice, '【完成】')).ok);
  assert.equal((await (await state(l, 'undo'))).turn, 2);
  await l.clock.advance(10_000);
  const r = await say(l, 'undo', judy, '【撤回】');
  assert.ok(r.ok, r.text);
  const s = await (await state(l, 'undo'));
  assert.equal(s.turn, 1);
  assert.equal(s.countries.B!.botTurn, 1);
  assert.equal(s.countries.B!.committed, true, 'the bot played the reopened turn');
  assert.equal(s.countries.A!.committed, false);
  l.svc.close();
});

test('issue 13: a game without computer players says so (count21, the tests\' second game)', async () => {
  const { count21 } = await import('../games/count21/module.ts');
  const { Store } = await import('../../src/platform/store/index.ts');
  const { GameService } = await import('../../src/games/index.ts');
  const { FakeChat } = await import('../helpers/live.ts');
  const svc = new GameService({ store: new Store(':memory:'), clock: new VirtualClock(T0), chat: new FakeChat(), games: [count21], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.ok((await svc.createGame('k', judy)).ok);
  const r = await svc.fillBots('k', judy, 1);
  assert.equal(r.ok ? '' : r.code, 'NOT_ALLOWED');
  assert.match(r.text, /这个游戏没有机器人/);
  svc.close();
});
