/** Issue 11 item 26: ids are matched as written; only display names and aliases are folded without punctuation. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildMap, findName, MapError } from '../../src/games/europe/map/index.ts';
import { lookupCountry, lookupTerritory, parseMessage } from '../../src/games/neuwar/parse/index.ts';
import { speakerFor } from '../../src/replay/index.ts';

const tinyRaw = () => JSON.parse(readFileSync('tests/fixtures/tiny.json', 'utf8'));

/** The tiny map with country A renamed Aland in English, and its territory a_land renamed Homeland. */
function alandMap() {
  const raw = tinyRaw();
  raw.countries[0].name.en = 'Aland';
  raw.territories[2].name.en = 'Homeland';
  return buildMap(raw, 'aland.json');
}

function clash(raw: unknown): MapError {
  try {
    buildMap(raw, 'bad.json');
  } catch (e) {
    assert.ok(e instanceof MapError, `a MapError: ${e}`);
    return e;
  }
  assert.fail('the map was accepted');
}

test('item 26: a territory id a_land and a country named Aland are a valid map', () => {
  const map = alandMap();
  assert.equal(findName(map.territoryByName, 'a_land'), 'a_land');
  assert.equal(findName(map.territoryByName, 'A_LAND'), 'a_land', 'ids are case-insensitive');
  assert.equal(findName(map.countryByName, 'Aland'), 'A');
  assert.equal(findName(map.countryByName, 'aland'), 'A');
  assert.deepEqual(lookupTerritory('a_land', map), { ok: true, id: 'a_land' });
  assert.deepEqual(lookupCountry('Aland', map), { ok: true, id: 'A' });
  assert.deepEqual(speakerFor(map, 'Aland'), { kind: 'country', id: 'A' });
  const r = parseMessage('【调兵】a_cap→a_land 3；【宣战】Aland向Beta宣战', map);
  assert.deepEqual(r.map((p) => p.ok && p.command), [
    { kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'n', n: 3 } },
    { kind: 'declareWar', from: 'A', to: 'B' },
  ]);
  // Typed as the country's name, it is the country, and the answer says so.
  const wrong = parseMessage('【调兵】a_cap→Aland 3', map)[0]!;
  assert.equal(!wrong.ok && wrong.code, 'UNKNOWN_TERRITORY');
  assert.match(!wrong.ok ? wrong.message : '', /'Aland'是国家/);
});

test('item 26: a real clash is refused and the error names both entries', () => {
  const raw = tinyRaw();
  raw.countries[0].name.en = 'Aland';
  raw.territories[2].id = 'aland';
  raw.edges = raw.edges.map((e: string[]) => e.map((x) => (x === 'a_land' ? 'aland' : x)));
  const e = clash(raw);
  assert.match(e.where, /territory "aland"/);
  assert.match(e.reason, /country "A"/);
  assert.match(e.reason, /Aland/);

  const raw2 = tinyRaw();
  raw2.territories[2].name.en = 'A-city';
  const e2 = clash(raw2);
  assert.match(e2.where, /territory "a_land"/);
  assert.match(e2.reason, /"A-city".*territory "a_city".*"Acity"/);

  const raw3 = tinyRaw();
  raw3.countries[1].aliases = ['A_LAND'];
  const e3 = clash(raw3);
  assert.match(e3.message, /country "B"/);
  assert.match(e3.message, /territory "a_land"/);
});
