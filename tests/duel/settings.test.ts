/** duel.md D10.9: the duel's settings — defaults, ranges, three decimals, clear Chinese refusals (BAD_SYNTAX). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSetting, DuelSettingsSchema, DUEL_RANGES, mergeSettings, parseAssignments, SETTING_DEFAULTS } from '../../src/games/duel/settings.ts';
import { DUEL_DEFAULTS } from '../../src/games/duel/engine.ts';
import { DuelRules } from '../../src/games/duel/module.ts';
import { runDuelTranscript } from '../../src/games/duel/transcript.ts';
import { loadMapFile } from '../../src/games/europe/map/index.ts';

test('D10.9 the table: every default and range as the spec lists them', () => {
  assert.deepEqual(SETTING_DEFAULTS, {
    startArmies: 10, garrisonMin: 1, garrisonMax: 3, turnSeconds: 30, turnLimit: 150, drawMargin: 0.1, idleTurns: 3, defenseFactor: 1.5,
    seaLoss: 0.1, capitalMinValue: 2, capitalMinDistance: 8, wealthRadius: 2, wealthTolerance: 0.2, shareTolerance: 0.2, maxRoutes: 50, mapEvery: 5, language: 'zh',
  });
  const ranges = Object.fromEntries(Object.entries(DUEL_RANGES).map(([k, r]) => [k, [r.min, r.max]]));
  assert.deepEqual(ranges, {
    startArmies: [1, 1000], garrisonMin: [0, 100], garrisonMax: [0, 100], turnSeconds: [5, 604800], turnLimit: [1, 10000], drawMargin: [0, 0.5],
    idleTurns: [0, 100], defenseFactor: [1, 10], seaLoss: [0, 1], capitalMinValue: [1, 3], capitalMinDistance: [1, 50], wealthRadius: [1, 5],
    wealthTolerance: [0, 1], shareTolerance: [0, 1], maxRoutes: [1, 500], mapEvery: [1, 50],
  });
  assert.deepEqual(DuelSettingsSchema.parse({}), SETTING_DEFAULTS, 'the zod schema gives the defaults');
  assert.deepEqual({ ...DUEL_DEFAULTS }, { ...SETTING_DEFAULTS }, 'the engine plays with the same defaults');
});

test('D10.9 each range: both ends accepted, one step outside refused BAD_SYNTAX with the range in Chinese', () => {
  for (const [k, r] of Object.entries(DUEL_RANGES)) {
    assert.ok(checkSetting(k, r.min).ok, `${k}=${r.min}`);
    assert.ok(checkSetting(k, String(r.max)).ok, `${k}=${r.max}`);
    const step = r.int ? 1 : 0.001;
    for (const v of [r.min - step, r.max + step]) {
      const c = checkSetting(k, String(v));
      assert.equal(c.ok, false, `${k}=${v}`);
      assert.equal(!c.ok && c.code, 'BAD_SYNTAX');
      assert.match(!c.ok ? c.zh : '', new RegExp(`超出范围：应为 ${r.min}…${r.max}`));
    }
  }
  // turnSeconds 4 → "5…604800 的整数（D2.1）".
  const c = checkSetting('turnSeconds', '4');
  assert.equal(!c.ok && c.zh, 'turnSeconds=4 超出范围：应为 5…604800 的整数（D2.1）');
});

test('D10.9 whole numbers and at most three decimals (fractions are used only as round(x × 1000))', () => {
  assert.equal(checkSetting('turnLimit', '2.5').ok, false, 'a whole-number setting');
  assert.deepEqual(checkSetting('drawMargin', '0.125'), { ok: true, key: 'drawMargin', value: 0.125 });
  assert.equal(checkSetting('drawMargin', '0.1255').ok, false, 'a fourth decimal');
  assert.match((() => { const x = checkSetting('seaLoss', '0.0001'); return !x.ok ? x.zh : ''; })(), /最多三位小数/);
  assert.equal(checkSetting('defenseFactor', 'abc').ok, false);
  assert.match((() => { const x = checkSetting('defenseFactor', 'abc'); return !x.ok ? x.zh : ''; })(), /要写成数字/);
  assert.equal(DuelSettingsSchema.safeParse({ drawMargin: 0.1255 }).success, false);
  assert.equal(DuelSettingsSchema.safeParse({ turnSeconds: 4 }).success, false);
  assert.equal(DuelSettingsSchema.safeParse({ nonsense: 1 }).success, false);
});

test('D10.9 unknown keys, garrisonMin ≤ garrisonMax, language zh|en; 【规则】 key=value parsing', () => {
  const u = checkSetting('latePenalty', '5');
  assert.equal(!u.ok && u.code, 'BAD_SYNTAX');
  assert.match(!u.ok ? u.zh : '', /^没有"latePenalty"这个对决设置；可设置的有：startArmies、/);
  const m = mergeSettings({ ...SETTING_DEFAULTS }, { garrisonMin: '5' });
  assert.equal(!m.ok && m.zh, 'garrisonMin（5）不能大于 garrisonMax（3）（D1.4）');
  assert.ok(mergeSettings({ ...SETTING_DEFAULTS }, { garrisonMin: '5', garrisonMax: '6' }).ok);
  assert.equal(DuelSettingsSchema.safeParse({ garrisonMin: 5 }).success, false);
  assert.deepEqual(checkSetting('language', 'en'), { ok: true, key: 'language', value: 'en' });
  assert.equal(checkSetting('language', 'ru').ok, false);
  assert.deepEqual(parseAssignments('turnSeconds=60，turnLimit＝80'), { ok: true, patch: { turnSeconds: '60', turnLimit: '80' } });
  assert.equal(parseAssignments('turnSeconds').ok, false);
});

test('D10.9 the module\'s settings check (the platform\'s /game settings): merged with the defaults, refusals in the game\'s language', () => {
  const rules = new DuelRules(loadMapFile('tests/fixtures/tiny.json'));
  const ok = rules.settings(null, { turnSeconds: 60 });
  assert.ok(ok.ok);
  assert.equal((ok.ok && (ok.settings as { turnSeconds: number }).turnSeconds), 60);
  const bad = rules.settings(null, { turnSeconds: 3 });
  assert.deepEqual(bad, { ok: false, key: 'turnSeconds', reason: 'turnSeconds=3 超出范围：应为 5…604800 的整数（D2.1）' });
  const en = rules.settings({ language: 'en' }, { idleTurns: 101 });
  assert.deepEqual(en, { ok: false, key: 'idleTurns', reason: 'idleTurns=101 is out of range: a whole number 0…100 (D2.8)' });
});

test('D10.7/D10.9 @set: an unknown key, a value out of range, a fourth decimal, or garrisonMin > garrisonMax is a malformed transcript (file:line)', () => {
  const head = '@game duel\n@map tests/fixtures/tiny.json\n@capitals 甲都 乙都\n';
  assert.throws(() => runDuelTranscript('t.txt', `${head}@set latePenalty=5\n`), /t\.txt:4: @set latePenalty=5: "latePenalty" is not a duel setting/);
  assert.throws(() => runDuelTranscript('t.txt', `${head}@set turnSeconds=4\n`), /t\.txt:4: .*out of range: a whole number 5…604800/);
  assert.throws(() => runDuelTranscript('t.txt', `${head}@set drawMargin=0.1234\n`), /t\.txt:4: .*at most three decimals/);
  assert.throws(() => runDuelTranscript('t.txt', `${head}@set garrisonMin=4\n`), /t\.txt:4: @set: garrisonMin \(4\) may not exceed garrisonMax \(3\)/);
  // Among the header lines @set acts at setup: startArmies=20 puts 20 on both capitals.
  const r = runDuelTranscript('t.txt', `${head}@set startArmies=20 turnSeconds=60\n`);
  assert.deepEqual([r.state.armies.a_cap, r.state.armies.b_cap, r.state.deadlineAt], [20, 20, 60_000]);
  // Later it acts at once, and a turnLimit below the open turn is malformed.
  assert.throws(() => runDuelTranscript('t.txt', `${head}@set idleTurns=0\n@pass 3\n@set turnLimit=2\n`), /t\.txt:6: @set turnLimit=2 is below the open turn 4/);
});
