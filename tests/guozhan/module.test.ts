/**
 * 国战 as a platform module (issue 18 step 5): setup/apply/parse/timers/tick/view through the Rules interface, the
 * same game as the transcript runner's; registered for the tools only, never offered to players.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMES, TOOL_GAMES } from '../../src/games/index.ts';
import { guozhan, GuozhanRules, type Guozhan } from '../../src/games/guozhan/module.ts';
import { replayCommand, runAnyTranscript } from '../../src/replay/index.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import type { Entry } from '../../src/platform/session/index.ts';

test('registry: 国战 is offered to players (issue 20: /game new game:guozhan, the page\'s 新建游戏) and read by replay', () => {
  assert.ok(TOOL_GAMES.includes(guozhan));
  assert.ok(GAMES.includes(guozhan));
  assert.equal(GAMES[0]!.kind, 'neuwar', 'New European War stays the default of /game new');
});

test('replay: `@game guozhan` transcripts go through the dispatcher to the same state; a malformed one exits 2 with FILE:LINE: reason', () => {
  const file = 'tests/guozhan/scenarios/g21.5-nullify-chain.txt';
  const any = runAnyTranscript(file, undefined, process.cwd(), TOOL_GAMES);
  assert.equal(any.kind, 'guozhan');
  assert.deepEqual((any.game as Guozhan).s, runGuozhanTranscript(file).state);
  let out = '', err = '';
  assert.equal(replayCommand(file, { out: (s) => { out += s; }, err: (s) => { err += s; } }, TOOL_GAMES), 0);
  const json = JSON.parse(out);
  assert.equal(json.game, 'guozhan');
  assert.equal(json.seats[0].hand, undefined, 'hands only with --reveal');
  assert.equal(json.seats[0].handCount, 5);
  const bad = join(mkdtempSync(join(tmpdir(), 'gz-')), 'bad.txt');
  writeFileSync(bad, '@game guozhan\n@seats 甲 乙 丙\n@generals 甲=关羽+曹操\n');
  assert.equal(replayCommand(bad, { out: () => {}, err: (s) => { err += s; } }, TOOL_GAMES), 2);
  assert.match(err, /bad\.txt:3: .*one kingdom/);
  assert.equal(replayCommand('tests/guozhan/nope.txt', { out: () => {}, err: () => {} }, TOOL_GAMES), 2);
});

test('Rules: the platform path (setup, parse, apply, timers, tick, view) plays what the transcript plays', () => {
  const rules = new GuozhanRules();
  const settings = rules.settings({}, { skills: 'off', players: 4 });
  assert.ok(settings.ok);
  assert.deepEqual(rules.seats((settings as { settings: unknown }).settings), ['甲', '乙', '丙', '丁']);
  assert.equal(rules.settings({}, { aozhan: 'maybe' }).ok, false);
  const start = rules.setup(['甲', '乙', '丙', '丁'], (settings as { settings: unknown }).settings, 42, 0);
  // G2.1: the seat order is drawn from the seed — the same seed, the same order.
  assert.deepEqual(rules.setup(['甲', '乙', '丙', '丁'], {}, 42, 0).seats, (start as unknown as { seats: string[] }).seats);
  let game = rules.apply(null, start).game!;
  assert.equal(game.s.ask!.kind, 'pick');
  // Timers: the open ask's deadline; tick makes the timeout entry there and not before.
  const t = rules.timers(game)!;
  assert.equal(t.deadlines[0]!.at, 90_000);
  assert.equal(rules.tick(game, t.deadlines[0]!.kind, 89_999), null);
  const e = rules.tick(game, t.deadlines[0]!.kind, 90_000)!;
  game = rules.apply(game, e).game!;
  assert.equal(game.s.status, 'running');
  const first = game.s.players[game.s.turn.seat]!.name;
  // A message from the seat whose prompt is open, and one from another seat (NO_PROMPT, private).
  const other = game.s.players[(game.s.turn.seat + 1) % 4]!.name;
  const [no] = rules.parse('【结束】', game, { kind: 'seat', seat: other, name: 'x' }, false, 91_000, 'zh');
  const r1 = rules.apply(game, no!);
  assert.equal(r1.step!.answer!.code, 'NO_PROMPT');
  assert.equal(r1.step!.answer!.private, true);
  const [pass] = rules.parse('【不出】', game, { kind: 'seat', seat: first, name: 'x' }, false, 91_000, 'zh');
  const r2 = rules.apply(game, pass!);
  assert.equal(r2.step!.answer!.ok, true);
  assert.equal(game.s.ask!.kind, 'play');
  const posts = rules.present(game, [r2.step!]);
  assert.match(posts[0]!.text, /进入出牌阶段/);
  // Views: a seat sees its own hand only.
  const v = rules.view(game, first) as { seats: { name: string; hand?: string[] }[] };
  assert.ok(v.seats.find((x) => x.name === first)!.hand);
  assert.ok(v.seats.filter((x) => x.name !== first).every((x) => x.hand === undefined));
  // The judge's 【中止】 (G16.7) ends it without winners; a player may not.
  assert.equal((rules.parse('【中止】', game, { kind: 'seat', seat: first, name: 'x' }, false, 92_000, 'zh')[0] as unknown as { code: string }).code, 'NOT_ALLOWED');
  const [abort] = rules.parse('【中止】', game, { kind: 'judge', name: 'j' }, true, 92_000, 'zh');
  rules.apply(game, abort as Entry);
  assert.equal(rules.phase(game), 'ended');
  assert.deepEqual(rules.winner(game), []);
  // Snapshots round-trip.
  assert.deepEqual(rules.restore(rules.snapshot(game)).s, JSON.parse(JSON.stringify(game.s)));
});

test('X6.5 through the module: every transcript line as a chat message gives the transcript runner\'s state', () => {
  const file = 'tests/guozhan/scenarios/x6.5-worked-example.txt';
  const ref = runGuozhanTranscript(file);
  const rules = new GuozhanRules();
  let game = rules.apply(null, ref.entries[0] as unknown as Entry).game!;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([甲乙丙丁]): (.*?)(\s+#.*)?$/.exec(line);
    if (!m) continue;
    for (const e of rules.parse(m[2]!, game, { kind: 'seat', seat: m[1]!, name: m[1]! }, false, 0, 'zh')) game = rules.apply(game, e).game!;
  }
  const strip = (s: unknown) => { const j = JSON.parse(JSON.stringify(s)); for (const c of j.commands) { delete c.line; delete c.text; } return j; };
  assert.deepEqual(strip(game.s), strip(ref.state));
});

test('G16.4 the closing post: the last step already said who won, so the platform\'s post is the final table — every seat\'s generals, side, alive or dead, and the winners — not a second winner line', () => {
  // g16.3: 乙 (Shu) and 丁 (Qun) die; 甲 and the hidden 丙 (both Wei) win, 丙 revealing at the end (G16.4).
  const s = runGuozhanTranscript('tests/guozhan/scenarios/g16.3-victory-hidden.txt').state;
  const text = new GuozhanRules().ended({ s } as Guozhan, null).text;
  assert.deepEqual(text.split('\n'), [
    `🏁 终局（第${s.turn.n}回合）：`,
    '1. 甲 曹操+许褚（魏）存活 · 胜',
    '2. 乙 诸葛亮+黄月英（蜀）阵亡',
    '3. 丙 夏侯惇+夏侯渊（魏）存活 · 胜',
    '4. 丁 华佗+贾诩（群）阵亡',
  ]);
  assert.doesNotMatch(text, /胜利|胜者/, 'the winner line is the step\'s, said once');
  // A judge's abort has no table to show.
  assert.equal(new GuozhanRules().ended(null, '裁判甲').text, '🏁 裁判裁判甲结束了国战。');
});
