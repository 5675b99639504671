import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runTranscript, TranscriptError } from '../../src/replay/index.ts';

test('examples/full-game.txt: the final state equals the numbers worked out by hand in its comments', () => {
  const r = runTranscript('examples/full-game.txt');
  const s = r.game.state;
  assert.equal(s.status, 'ended');
  assert.equal(s.turn, 7);
  assert.deepEqual(s.winner, ['DEU']);
  const scores = Object.fromEntries(['DEU', 'POL', 'FRA', 'ITA'].map((c) => [c, s.countries[c]!.score]));
  assert.deepEqual(scores, { DEU: 122, POL: 42, FRA: 94, ITA: 50 });
  assert.equal(s.countries.POL!.overlord, 'DEU');
  const land = (id: string) => s.territories[id] as { owner: string | null; armies: number };
  assert.deepEqual(land('warsaw'), { owner: 'POL', armies: 0 });
  assert.deepEqual(land('bydgoszcz'), { owner: 'POL', armies: 10 });
  assert.deepEqual(land('lodz'), { owner: 'POL', armies: 15 });
  assert.deepEqual(land('poznan'), { owner: 'DEU', armies: 0 });
  assert.deepEqual(land('gdansk'), { owner: 'DEU', armies: 15 });
  assert.deepEqual(land('szczecin'), { owner: 'DEU', armies: 5 });
  assert.deepEqual(land('strasbourg'), { owner: 'FRA', armies: 0 });
  assert.deepEqual(land('mainz'), { owner: 'DEU', armies: 0 });
  assert.deepEqual(land('sardinia'), { owner: 'FRA', armies: 9 });
  assert.deepEqual(land('paris'), { owner: 'FRA', armies: 100 });
  assert.deepEqual(land('lyon'), { owner: 'FRA', armies: 60 });
  assert.deepEqual(land('turin'), { owner: 'ITA', armies: 10 });
  assert.deepEqual(land('nice'), { owner: 'FRA', armies: 10 });
  assert.deepEqual(land('genoa'), { owner: 'ITA', armies: 5 }, 'the attack was dropped when peace came');
  assert.deepEqual(s.pacts, [{ between: ['DEU', 'ITA'], untilTurn: 11 }]);
  assert.deepEqual(s.truces, [{ winner: 'FRA', loser: 'ITA', untilTurn: 9 }]);
  assert.deepEqual(s.alliances, []);
  // Poland was blockaded during turn 4 (Germany owned 罗兹 next to its arsenal): through turn 9 (R8.1).
  assert.equal(s.countries.POL!.blockadeUntil, 9);
});

test('examples/full-game.txt uses every kind of command', () => {
  const r = runTranscript('examples/full-game.txt');
  const kinds = new Set(r.game.state.log.map((l) => l.command));
  const all = ['declareWar', 'ceasefire', 'surrender', 'alliance', 'breakAlliance', 'pact', 'trade', 'pledge', 'answer', 'puppet', 'annex',
    'demand', 'independence', 'leave', 'move', 'cancel', 'airlift', 'buy', 'industry', 'tech', 'mobilize', 'commit', 'uncommit', 'spy', 'query',
    'resolve', 'pause', 'resume', 'extend', 'undo', 'set', 'rule'];
  assert.deepEqual(all.filter((k) => !kinds.has(k)), []);
  assert.ok(r.game.state.log.some((l) => l.undone), 'the undone resolution is kept in the log, marked');
});

function replay(file: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'replay', file], { encoding: 'utf8' });
}

test('commands.md §3: replay prints only the state JSON for every example, exit 0 even with refusals', () => {
  const files = readdirSync('examples').filter((f) => f.endsWith('.txt'));
  assert.ok(files.length >= 2);
  for (const f of files) {
    const out = replay(join('examples', f));
    assert.equal(out.status, 0, `${f}: ${out.stderr}`);
    const state = JSON.parse(out.stdout);
    for (const key of ['turn', 'status', 'winner', 'countries', 'territories', 'arsenals', 'wars', 'alliances', 'pacts', 'truces', 'pending', 'log', 'lastEvents']) {
      assert.ok(key in state, `${f}: state JSON has ${key}`);
    }
    assert.equal(out.stderr, '');
  }
});

test('examples/first-war.txt resolves as its comments say', () => {
  const s = runTranscript('examples/first-war.txt').game.state;
  const land = (id: string) => s.territories[id] as { owner: string | null; armies: number };
  assert.equal(s.turn, 3);
  assert.deepEqual(land('waste'), { owner: 'A', armies: 1 });
  assert.deepEqual(land('b_land'), { owner: 'B', armies: 11 });
  // 甲国: 31 after turn 1; turn 2 income 6 again → 37. 丙国: 34 after turn 1, then −10 late + 4 → 28.
  assert.equal(s.countries.A!.score, 37);
  assert.equal(s.countries.C!.score, 28);
});

test('commands.md §3: a malformed transcript or map is refused with file:line:reason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-'));
  const tiny = `${process.cwd()}/tests/fixtures/tiny.json`;
  const cases: [string, RegExp][] = [
    ['@map ../nowhere.json\n', /:1: map file not found/],
    [`@map ${tiny}\n@players 甲国 火星国\n`, /:2: unknown country "火星国"/],
    [`@map ${tiny}\n@at 5:00\n@at 4:00\n`, /:3: @at 4:00 goes back in time/],
    [`@map ${tiny}\n火星国: 【完成】\n`, /:2: unknown speaker/],
    [`@map ${tiny}\n@bogus\n`, /:2: unknown directive @bogus/],
    [`@map ${tiny}\n@at 5:77\n`, /:2: bad time/],
    [`@map ${tiny}\n@set latePenalty=-1\n`, /:2: bad setting latePenalty/],
    [`@map ${tiny}\n甲国 【完成】\n`, /:2: a command line is "speaker: text"/],
  ];
  for (const [text, err] of cases) {
    const f = join(dir, 'bad.txt');
    writeFileSync(f, text);
    assert.throws(() => runTranscript(f), (e: unknown) => e instanceof TranscriptError && new RegExp(`bad\\.txt${err.source}`).test(e.message), text);
  }
  const badMap = join(dir, 'map.json');
  writeFileSync(badMap, JSON.stringify({ id: 'x', name: { zh: '坏', en: 'Bad' }, countries: [{ id: 'A', name: { zh: '甲', en: 'A' }, color: '#000000' }], territories: [{ id: 'acap', name: { zh: '甲地', en: 'Acap' }, kind: 'capital', owner: 'A' }], edges: [] }));
  const f = join(dir, 'badmap.txt');
  writeFileSync(f, '@map map.json\n');
  // Through the CLI: exit 2, the reason on stderr, nothing on stdout.
  const out = replay(f);
  assert.equal(out.status, 2);
  assert.equal(out.stdout, '');
  assert.match(out.stderr, /badmap\.txt:1: map .*map\.json: country "A": a playable country needs exactly one arsenal/);
});
