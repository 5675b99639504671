/**
 * The simulator (src/sim): the generator's floors on Europe, its commands round-trip through formatCommand and the
 * parser, a simulated game written as a transcript replays to the identical state, seeds are deterministic, and
 * `npm run simulate` prints its summary and writes the transcript.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { applyEntry, newGame, stateJson, type Command } from '../../src/games/neuwar/engine/index.ts';
import { formatCommand, parseMessage } from '../../src/games/neuwar/parse/index.ts';
import { runTranscript } from '../../src/games/neuwar/transcript.ts';
import { simulate, toTranscript, type SimResult } from '../../src/games/neuwar/sim/simulate.ts';
import { withoutLines } from '../../src/games/neuwar/sim/invariants.ts';
import { makeRng } from '../../src/games/europe/rng.ts';
import { needToWin } from '../../src/games/neuwar/sim/generate.ts';

const europe = loadMapFile('maps/europe.json');
const tiny = loadMapFile('tests/fixtures/tiny.json');

const FLOOR_SEEDS = [1, 2, 4, 5];
const games = new Map<number, SimResult>();
const game = (seed: number) => {
  if (!games.has(seed)) games.set(seed, simulate(europe, { seed, turns: 25, players: 10 }));
  return games.get(seed)!;
};

const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

test('mulberry32 is deterministic and spread out', () => {
  const a = makeRng(7), b = makeRng(7), c = makeRng(8);
  const xs = Array.from({ length: 1000 }, () => a.next());
  assert.deepEqual(Array.from({ length: 1000 }, () => b.next()), xs);
  assert.notDeepEqual(Array.from({ length: 1000 }, () => c.next()), xs);
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  const mean = xs.reduce((p, q) => p + q, 0) / xs.length;
  assert.ok(Math.abs(mean - 0.5) < 0.05, `mean ${mean}`);
  const r = makeRng(1);
  for (let i = 0; i < 200; i++) { const n = r.int(3, 5); assert.ok(n >= 3 && n <= 5 && Number.isInteger(n)); }
});

test('attacks are sized by R10.5: the fewest attackers that win', () => {
  assert.equal(needToWin(4, 1.5), 7); // "to take 4 you need 7"
  assert.equal(needToWin(0, 1.5), 1);
  assert.equal(needToWin(30, 1.5), 46);
  assert.equal(needToWin(10, 2), 21);
});

for (const seed of FLOOR_SEEDS) {
  test(`a 25-turn, 10-country Europe game (seed ${seed}) reaches the floors: 50 battles, 20 captures, 5 wars, 3 peace treaties, 1 fallen capital`, () => {
    const { stats } = game(seed);
    assert.equal(stats.turns, 25);
    assert.equal(stats.status, 'ended');
    assert.ok(stats.winner && stats.winner.length >= 1);
    assert.ok(stats.battles >= 50, `battles ${stats.battles}`);
    assert.ok(stats.captures >= 20, `captures ${stats.captures}`);
    assert.ok(stats.wars >= 5, `wars ${stats.wars}`);
    assert.ok(stats.peaceTreaties >= 3, `peace treaties ${stats.peaceTreaties}`);
    assert.ok(stats.fallenCapitals >= 1, `fallen capitals ${stats.fallenCapitals}`);
    // Legal orders: the engine refuses (almost) nothing the generator gives.
    assert.ok(stats.refused <= stats.commands / 100, `refused ${stats.refused} of ${stats.commands}: ${JSON.stringify(stats.refusedByCode)}`);
  });
}

test('the generator covers every command family over the floor games', () => {
  const seen = new Set<string>();
  for (const seed of FLOOR_SEEDS) {
    for (const e of game(seed).entries) {
      if (e.type !== 'command') continue;
      const c = e.command;
      seen.add(c.kind);
      if (c.kind === 'answer') seen.add(`answer:${c.answer}${c.request ? ':full' : ''}`);
      if (c.kind === 'ceasefire') seen.add(c.unconditional ? 'ceasefire:unconditional' : 'ceasefire:conditional');
      if (c.kind === 'trade') for (const i of [...c.give, ...c.get]) seen.add(`trade:${i.kind}`);
      if (c.kind === 'mobilize') { seen.add(`mobilize:${c.type}`); if (c.placement.length > 1) seen.add('mobilize:split'); }
      if (c.kind === 'move') seen.add(`move:${c.count.kind}`);
    }
  }
  const want = ['declareWar', 'ceasefire:unconditional', 'ceasefire:conditional', 'surrender', 'alliance', 'breakAlliance', 'pact',
    'trade:points', 'trade:territory', 'trade:arms', 'pledge', 'answer:accept', 'answer:reject', 'answer:counter', 'answer:accept:full',
    'answer:reject:full', 'answer:counter:full', 'puppet', 'annex', 'demand', 'leave', 'move:n', 'move:all', 'move:half', 'cancel', 'buy',
    'industry', 'tech', 'mobilize:partial', 'mobilize:national', 'mobilize:split', 'commit', 'uncommit', 'query'];
  assert.deepEqual(want.filter((k) => !seen.has(k)), []);
});

test('every generated command is chat text: parseMessage(formatCommand(c)) gives c back', () => {
  let n = 0;
  const bad: string[] = [];
  for (const seed of [1, 2]) {
    for (const e of game(seed).entries) {
      if (e.type !== 'command') continue;
      const text = formatCommand(e.command, europe, 'zh');
      const p = parseMessage(text, europe);
      n++;
      if (p.length !== 1 || !p[0]!.ok) bad.push(`${text} → ${JSON.stringify(p)}`);
      else if (JSON.stringify(plain(p[0]!.command)) !== JSON.stringify(plain(e.command))) {
        try { assert.deepEqual(plain(p[0]!.command), plain(e.command)); } catch { bad.push(`${text}: ${JSON.stringify(p[0]!.command)} ≠ ${JSON.stringify(e.command)}`); }
      }
    }
  }
  assert.ok(n > 3000);
  assert.deepEqual(bad.slice(0, 5), []);
});

test('simulate → transcript → runTranscript replays to the identical state', () => {
  const r = game(1);
  const text = toTranscript(europe, 'maps/europe.json', r, ['seed 1']);
  const rep = runTranscript(join(process.cwd(), 'sim-seed1.txt'), text, process.cwd());
  const a = stateJson(r.game.state, europe), b = stateJson(rep.game.state, europe);
  // The replayed log carries transcript line numbers; the simulated one has none. Everything else is identical.
  assert.deepEqual(withoutLines(b), withoutLines(a));
  const lines = text.split('\n');
  const logged = b.log as { line: number; command: string }[];
  assert.equal(logged.length, r.entries.length);
  for (let i = 0; i < logged.length; i += 97) {
    const e = r.entries[i]!;
    assert.equal(lines[logged[i]!.line - 1], `${e.type === 'command' && e.speaker.kind === 'country' ? europe.country.get(e.speaker.id)!.name.zh : '裁判'}: ${formatCommand((e as { command: Command }).command, europe)}`);
  }
});

test('the same seed gives the same game; another seed another', () => {
  const a = simulate(tiny, { seed: 9, turns: 8 }), b = simulate(tiny, { seed: 9, turns: 8 }), c = simulate(tiny, { seed: 10, turns: 8 });
  assert.deepEqual(toTranscript(tiny, 'x', a), toTranscript(tiny, 'x', b));
  assert.notEqual(toTranscript(tiny, 'x', a), toTranscript(tiny, 'x', c));
  // The entries are the game: replaying them gives the same state.
  const g = newGame(tiny, { players: a.players, settings: structuredClone(a.settings), at: 0 });
  for (const e of a.entries) applyEntry(g, e);
  assert.deepEqual(stateJson(g.state, tiny), stateJson(a.game.state, tiny));
});

test('house rules reach the game and the transcript (@set)', () => {
  const r = simulate(tiny, { seed: 4, turns: 3, settings: { independenceCost: 20, warCost: 5 } });
  assert.equal(r.game.state.settings.warCost, 5);
  const text = toTranscript(tiny, 'tests/fixtures/tiny.json', r);
  assert.match(text, /^@set .*warCost=5/m);
  const rep = runTranscript(join(process.cwd(), 'x.txt'), text, process.cwd());
  assert.deepEqual(withoutLines(stateJson(rep.game.state, tiny)), withoutLines(stateJson(r.game.state, tiny)));
});

test('a country that leaves: its arsenal and sea armies leave the board with events (engine fix found by the invariants)', () => {
  const t = runTranscript(join(process.cwd(), 'leave.txt'), ['@map tests/fixtures/islands.json', '@players W E',
    'W: 【军事】9', 'W: 【完成】', 'E: 【完成】', 'W: 【调兵】西港→内海 4', 'W: 【完成】', 'E: 【完成】', 'W: 【退出】'].join('\n'), process.cwd());
  const steps = t.answers.at(-1)!.steps;
  const o = steps[0]!.outcome!;
  assert.ok(o.ok);
  const armies = o.events.filter((e) => e.type === 'armies');
  assert.deepEqual(armies.map((e) => e.type === 'armies' && [e.territory, e.delta]).sort(), [['inner', -3], ['w_ars', -9]].sort());
});

test('npm run simulate prints the summary and writes a transcript that replay reproduces', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-'));
  const out = join(dir, 'game.txt');
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/games/neuwar/sim/cli.ts', '--map', 'tests/fixtures/tiny.json', '--turns', '6', '--seed', '3', '--players', '3', '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  for (const k of ['turns resolved: 6', 'battles:', 'captures:', 'wars:', 'peace treaties:', 'fallen capitals:', 'final scores:']) assert.ok(r.stdout.includes(k), `${k} in\n${r.stdout}`);
  const text = readFileSync(out, 'utf8');
  assert.match(text, /^@map /m);
  assert.match(text, /^@players A B C$/m);
  assert.match(text, /^甲国: 【完成】$/m);
  const sim = simulate(tiny, { seed: 3, turns: 6, players: 3 });
  const rep = runTranscript(out, text, process.cwd());
  assert.deepEqual(withoutLines(stateJson(rep.game.state, tiny)), withoutLines(stateJson(sim.game.state, tiny)));
});
