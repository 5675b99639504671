/**
 * Transcripts of any game: the `@game KIND` header picks the runner (none: New European War, so old transcripts
 * play unchanged), and `npm run replay` prints New European War's state JSON exactly as before.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { runAnyTranscript, replayCommand, runTranscript, TranscriptError } from '../../src/replay/index.ts';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { count21, type Count21 } from '../games/count21/module.ts';

const GAMES = [neuwar, count21];
const BASICS = 'tests/scenarios/count21-basics.txt';
const FIRST_WAR = 'examples/first-war.txt';

/** What `replay` would print for a New European War transcript, by the engine directly. */
const neuwarJson = (file: string, text?: string) => {
  const r = runTranscript(file, text);
  return JSON.stringify(stateJson(r.game.state, r.game.map), null, 2) + '\n';
};

function capture(file: string, games = GAMES): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = replayCommand(file, { out: (s) => { out += s; }, err: (s) => { err += s; } }, games);
  return { code, out, err };
}

test('a count21 transcript plays through the generic runner: counts, refusals, the clock and the end', () => {
  const r = runAnyTranscript(BASICS, undefined, process.cwd(), GAMES);
  assert.equal(r.kind, 'count21');
  assert.ok(r.generic && !r.neuwar);
  const g = r.game as Count21;
  assert.equal(g.total, 21);
  assert.equal(g.loser, 'B');
  assert.deepEqual(r.rules.winner(g), ['A']);
  assert.deepEqual(r.rules.result(g), [{ seat: 'A', place: 1 }, { seat: 'B', place: 2 }]);
  const refused = r.generic.answers.flatMap((a) => a.steps.flatMap((s) => (s.answer && !s.answer.ok ? [`${a.line}:${s.answer.code}`] : [])));
  assert.deepEqual(refused, ['9:BAD_COUNT', '10:NOT_YOUR_TURN', '21:GAME_OVER'], 'refusals keep the file\'s line numbers (the header line is the dispatcher\'s)');
  // `@at 2:00` with nobody counting: B's minute runs out at 1:00, then A's at 2:00, each counting 1.
  assert.deepEqual(g.counts.filter((c) => c.auto).map((c) => [c.seat, c.at]), [['B', 60_000], ['A', 120_000]]);
  assert.equal(r.generic.answers.filter((a) => a.speaker === 'clock').length, 2);
});

test('replay prints a non-neuwar game as its view(game, null)', () => {
  const c = capture(BASICS);
  assert.equal(c.code, 0, c.err);
  const r = runAnyTranscript(BASICS, undefined, process.cwd(), GAMES);
  assert.equal(c.out, JSON.stringify(r.rules.view(r.game, null), null, 2) + '\n');
  assert.equal((JSON.parse(c.out) as { loser: string }).loser, 'B');
});

test('a transcript without a header is New European War\'s: the dispatcher gives runTranscript\'s state JSON', () => {
  const text = readFileSync(FIRST_WAR, 'utf8');
  assert.doesNotMatch(text, /^@game/m);
  const r = runAnyTranscript(FIRST_WAR, undefined, process.cwd(), GAMES);
  assert.equal(r.kind, 'neuwar');
  assert.ok(r.neuwar);
  assert.equal(JSON.stringify(r.rules.view(r.game, null), null, 2) + '\n', neuwarJson(FIRST_WAR));
  assert.equal(capture(FIRST_WAR).out, neuwarJson(FIRST_WAR));
  // `@game neuwar` says the same as no header; the runner sees a blank line there, so its line numbers hold.
  const headed = `@game neuwar\n${text}`;
  const h = runAnyTranscript(FIRST_WAR, headed, process.cwd(), GAMES);
  // The state records each command's line: the header is line 1, so they are those of the file with a blank line first.
  assert.equal(JSON.stringify(h.rules.view(h.game, null), null, 2) + '\n', neuwarJson(FIRST_WAR, `\n${text}`));
  assert.throws(() => runAnyTranscript(FIRST_WAR, headed.replace('@players 甲国 乙国 丙国', '@players 甲国 无国'), process.cwd(), GAMES),
    (e: unknown) => e instanceof TranscriptError && e.line === 4 && /unknown country "无国"/.test(e.reason));
});

test('npm run replay (src/cli.ts) prints a neuwar transcript\'s state JSON byte for byte as runTranscript gives it', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'replay', FIRST_WAR], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, neuwarJson(FIRST_WAR));
});

test('an unknown game kind: FILE:LINE: unknown game, the known kinds listed, exit code 2', () => {
  const text = '# a comment before the header is allowed\n@game chess\nA: e4\n';
  assert.throws(() => runAnyTranscript('x.txt', text, process.cwd(), GAMES),
    (e: unknown) => e instanceof TranscriptError && e.message === 'x.txt:2: unknown game "chess" (known: neuwar, count21)');
  const c = capture(BASICS, [neuwar]);
  assert.equal(c.code, 2);
  assert.equal(c.out, '');
  assert.equal(c.err, `${BASICS}:1: unknown game "count21" (known: neuwar)\n`);
  // The real command, with the tools' games (the registry, and 国战 for replay only; count21 is a test game, not hosted).
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'replay', BASICS], { encoding: 'utf8' });
  assert.equal(cli.status, 2);
  assert.equal(cli.stderr, `${BASICS}:1: unknown game "count21" (known: neuwar, duel, guozhan)\n`);
});

test('@game is a header only: later, twice or without a kind it is refused with its line', () => {
  const bad = (text: string, line: number, reason: RegExp) => assert.throws(() => runAnyTranscript('t.txt', text, process.cwd(), GAMES),
    (e: unknown) => e instanceof TranscriptError && e.line === line && reason.test(e.reason));
  bad('@game count21\nA: 【数】1\n@game count21\n', 3, /first line/);
  bad('@players 甲国 乙国\n@game count21\n', 2, /first line/);
  bad('@game\nA: 【数】1\n', 1, /one game kind/);
  bad('@game count21\n@players A C\n', 2, /unknown seat "C"/);
  bad('@game count21\nA: 【数】1\n@at 0:30\n@at 0:10\n', 4, /back in time/);
});
