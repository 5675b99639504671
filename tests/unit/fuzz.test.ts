/**
 * Parser and engine fuzzing with the seeded corpus of src/games/neuwar/sim/fuzz.ts: the parser never throws and always gives
 * commands or coded errors; MESSAGE_TOO_LONG is past 4,000 characters, not at 4,000; every parsed command fed to a
 * running game never throws inside the engine, and a refused one leaves the state unchanged but for its log line.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import { applyEntry, stateJson, type Command, type ErrorCode, type Game, type Speaker } from '../../src/games/neuwar/engine/index.ts';
import { formatCommand, parseMessageUnsafe, type Parsed } from '../../src/games/neuwar/parse/index.ts';
import { Simulation, simulate } from '../../src/games/neuwar/sim/simulate.ts';
import { fuzzCorpus, mutate, toTraditional, widthMix } from '../../src/games/neuwar/sim/fuzz.ts';
import { makeRng } from '../../src/games/europe/rng.ts';
import { ErrorCodeSchema } from '../../src/games/neuwar/sim/schema.ts';

const europe = loadMapFile('maps/europe.json');
const tiny = loadMapFile('tests/fixtures/tiny.json');
const KINDS = new Set<Command['kind']>(['declareWar', 'ceasefire', 'surrender', 'alliance', 'breakAlliance', 'pact', 'trade', 'pledge', 'answer', 'puppet',
  'annex', 'demand', 'independence', 'leave', 'move', 'cancel', 'airlift', 'buy', 'industry', 'tech', 'mobilize', 'commit', 'uncommit', 'spy', 'query',
  'resolve', 'pause', 'resume', 'extend', 'undo', 'set', 'rule']);

function validTexts(map: GameMap, seed: number, turns: number): string[] {
  const r = simulate(map, { seed, turns });
  return r.entries.flatMap((e) => (e.type === 'command' ? [formatCommand(e.command, map)] : []));
}

const europeValid = validTexts(europe, 2, 8);
const tinyValid = validTexts(tiny, 2, 10);

/** Parses without the safety net and checks the shape of every result. */
function parseChecked(text: string, map: GameMap): Parsed[] {
  let res: Parsed[];
  try {
    // The corpus's long messages hold ~240 commands each: lifting the per-message cap parses them instead of refusing them whole.
    res = parseMessageUnsafe(text, map, { settings: { maxCommandsPerMessage: 10_000 } });
  } catch (e) {
    assert.fail(`parser threw on ${JSON.stringify(text.slice(0, 200))}: ${(e as Error).stack}`);
  }
  assert.ok(Array.isArray(res));
  for (const p of res) {
    if (p.ok) {
      assert.ok(KINDS.has(p.command.kind), `unknown kind ${p.command.kind}`);
    } else {
      assert.ok(ErrorCodeSchema.safeParse(p.code).success, `uncoded error ${p.code}`);
      assert.equal(typeof p.message, 'string');
      assert.ok(p.message.length > 0);
    }
  }
  return res;
}

test('the parser never throws and always gives commands or coded errors (6,000 seeded texts on two maps)', () => {
  const codes = new Map<string, number>();
  let commands = 0;
  for (const [map, valid, seed] of [[europe, europeValid, 11], [tiny, tinyValid, 12]] as const) {
    for (const text of fuzzCorpus(map, valid, 3000, seed)) {
      for (const p of parseChecked(text, map)) {
        if (p.ok) commands++;
        else codes.set(p.code, (codes.get(p.code) ?? 0) + 1);
      }
    }
  }
  // The corpus reaches both sides: real commands and every parser error.
  assert.ok(commands > 1500, `only ${commands} commands parsed`);
  for (const c of ['UNKNOWN_COMMAND', 'BAD_SYNTAX', 'UNKNOWN_COUNTRY', 'UNKNOWN_TERRITORY'] as ErrorCode[]) assert.ok(codes.has(c), `no ${c} in ${JSON.stringify([...codes])}`);
});

test('hostile inputs: control characters, emoji, SQL, HTML, nested brackets, huge text', () => {
  const hostile = [
    '', '\u0000'.repeat(100), '😀【宣战】😀', '<script>【完成】</script>', "【宣战】法国向德国宣战'; DROP TABLE log;--", '【【【【【宣战】】】】】',
    '[[[[[[[[[[', '】'.repeat(4000), '【'.repeat(4000), '【调兵】' + '巴黎'.repeat(1999), '\ud800【完成】\udfff', '【宣戰】法國向德國宣戰',
    '【调兵】巴黎→→→→里尔 ２０', '［完成］', '〖结盟〗法国向德国请求缔结盟约。——同意。——拒绝。', '【规则】' + 'a=1 '.repeat(900),
  ];
  for (const t of hostile) parseChecked(t, europe);
  assert.equal(parseChecked('【宣戰】法國向德國宣戰', europe)[0]!.ok, true, 'Traditional is read as Simplified');
  assert.deepEqual(parseChecked('［完成］', europe).map((p) => p.ok && p.command.kind), ['commit']);
});

test('MESSAGE_TOO_LONG past 4,000 characters and not at exactly 4,000', () => {
  const rng = makeRng(5);
  for (const base of ['【完成】', '【调兵】巴黎→里尔 20', '今天天气不错', '😀']) {
    let s = base;
    while (s.length < 4001) s += rng.pick([' ', '啊', 'x', '\n']);
    const at4000 = s.slice(0, 4000), at4001 = s.slice(0, 4001);
    assert.equal(at4000.length, 4000);
    assert.ok(parseChecked(at4000, europe).every((p) => p.ok || p.code !== 'MESSAGE_TOO_LONG'), `${base}: refused at 4,000`);
    const long = parseChecked(at4001, europe);
    assert.equal(long.length, 1);
    assert.equal(!long[0]!.ok && long[0]!.code, 'MESSAGE_TOO_LONG');
    assert.equal(parseChecked(s.repeat(30), europe)[0]!.ok, false);
  }
});

test('mutations keep their meaning where they should: Traditional and full-width forms of valid commands parse the same', () => {
  const rng = makeRng(21);
  let same = 0;
  for (const text of europeValid.slice(0, 400)) {
    const want = parseChecked(text, europe);
    assert.equal(want.length, 1);
    assert.ok(want[0]!.ok, `${text}: ${JSON.stringify(want)}`);
    const trad = parseChecked(toTraditional(text), europe);
    if (trad[0]?.ok && JSON.stringify(trad[0].command) === JSON.stringify(want[0]!.command)) same++;
    parseChecked(widthMix(rng, text), europe);
    parseChecked(mutate(rng, text, europeValid), europe);
  }
  assert.ok(same >= 380, `only ${same}/400 Traditional forms parse to the same command`);
});

/** The state minus its log (the log grows by one line per command, accepted or not). */
const snap = (g: Game) => {
  const { log: _log, ...rest } = g.state;
  return JSON.stringify(rest);
};

function feed(map: GameMap, valid: string[], seed: number, n: number, midTurns: number): { applied: number; refused: number; accepted: number } {
  const rng = makeRng(seed);
  const start = new Simulation(map, { seed, turns: midTurns });
  start.play();
  let g = start.game;
  const fresh = () => {
    const s = new Simulation(map, { seed: seed + 1000, turns: midTurns });
    s.play();
    return s.game;
  };
  let applied = 0, refused = 0, accepted = 0;
  for (const text of fuzzCorpus(map, valid, n, seed)) {
    for (const p of parseChecked(text, map)) {
      if (!p.ok) continue;
      if (g.state.status !== 'running') g = fresh();
      const alive = Object.keys(g.state.countries).filter((c) => g.state.countries[c]!.alive).sort();
      if (!alive.length) { g = fresh(); continue; }
      const named = 'from' in p.command && typeof p.command.from === 'string' && g.state.countries[p.command.from] ? p.command.from : null;
      const r = rng.next();
      const speaker: Speaker = r < 0.03 ? { kind: 'judge' } : named && r < 0.5 ? { kind: 'country', id: named } : { kind: 'country', id: rng.pick(alive) };
      const before = snap(g), beforeJson = JSON.stringify({ ...stateJson(g.state, map, { withOrders: true }), log: null });
      const logLen = g.state.log.length;
      let step;
      try {
        step = applyEntry(g, { type: 'command', at: 0, speaker, command: p.command });
      } catch (e) {
        assert.fail(`engine threw on ${p.text}: ${(e as Error).stack}`);
      }
      applied++;
      const o = step.outcome!;
      assert.ok(!/内部错误|internal error/.test(o.message), `engine internal error on ${JSON.stringify(p.command)} by ${JSON.stringify(speaker)}: ${o.message}`);
      assert.equal(g.state.log.length, logLen + 1, 'one log line per command');
      if (!o.ok) {
        refused++;
        assert.ok(ErrorCodeSchema.safeParse(o.code).success);
        assert.equal(g.state.log.at(-1)!.code, o.code);
        assert.equal(JSON.stringify({ ...stateJson(g.state, map, { withOrders: true }), log: null }), beforeJson, `refused ${p.text} (${o.code}) changed the state JSON`);
        assert.equal(snap(g), before, `refused ${p.text} (${o.code}) changed the state`);
      } else accepted++;
    }
  }
  return { applied, refused, accepted };
}

test('every parsed command fed to a running Europe game: never throws, a refusal changes nothing but the log', () => {
  const r = feed(europe, europeValid, 31, 1500, 5);
  assert.ok(r.applied > 800, JSON.stringify(r));
  assert.ok(r.refused > 100 && r.accepted > 100, `both sides reached: ${JSON.stringify(r)}`);
});

test('every parsed command fed to a running tiny game: never throws, a refusal changes nothing but the log', () => {
  const r = feed(tiny, tinyValid, 32, 1500, 6);
  assert.ok(r.applied > 800, JSON.stringify(r));
  assert.ok(r.refused > 100 && r.accepted > 50, `both sides reached: ${JSON.stringify(r)}`);
});
