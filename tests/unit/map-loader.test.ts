import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildMap, loadMapFile, MapError } from '../../src/games/europe/map/index.ts';

const tinyRaw = () => JSON.parse(readFileSync('tests/fixtures/tiny.json', 'utf8'));

test('map loader accepts the fixtures (commands.md §2)', () => {
  const tiny = loadMapFile('tests/fixtures/tiny.json');
  assert.equal(tiny.capitalOf.get('A'), 'a_cap');
  assert.equal(tiny.arsenalOf.get('B'), 'b_ars');
  assert.equal(tiny.landIds.length, 11);
  const isl = loadMapFile('tests/fixtures/islands.json');
  assert.deepEqual(isl.seaIds, ['inner', 'outer']);
  assert.ok(isl.straits.has('e_land|w_land'));
  assert.equal(isl.countryByName.get('wl'), 'W');
  assert.equal(isl.territoryByName.get('西田'), 'w_land');
});

function expectMapError(raw: unknown, where: RegExp, reason: RegExp) {
  assert.throws(() => buildMap(raw, 'bad.json'), (e: unknown) => {
    assert.ok(e instanceof MapError, 'a MapError');
    assert.match(e.message, /^bad\.json: /);
    assert.match(e.where, where);
    assert.match(e.reason, reason);
    return true;
  });
}

test('a malformed map names the file and the broken territory', () => {
  const raw = tinyRaw();
  raw.territories[2].armies = -3;
  expectMapError(raw, /territory "a_land"/, /0|small/i);
});

test('duplicate ids and names are refused', () => {
  const raw = tinyRaw();
  raw.territories[2].id = 'a_city';
  expectMapError(raw, /territory "a_city"/, /duplicate/);
  const raw2 = tinyRaw();
  raw2.territories[2].name.zh = '甲城';
  expectMapError(raw2, /territory "a_land"/, /already used/);
  const raw3 = tinyRaw();
  raw3.territories[2].aliases = ['乙'];
  expectMapError(raw3, /territory "a_land"/, /already used by country "B"/);
});

test('edges must name existing territories', () => {
  const raw = tinyRaw();
  raw.edges.push(['a_cap', 'nowhere']);
  expectMapError(raw, /edge a_cap–nowhere/, /"nowhere" does not exist/);
});

test('a playable country needs one capital and an arsenal adjacent to it', () => {
  const raw = tinyRaw();
  raw.territories[0].kind = 'city';
  expectMapError(raw, /country "A"/, /exactly one capital \(found 0\)/);
  const raw2 = tinyRaw();
  raw2.edges = raw2.edges.filter((e: string[]) => !(e[0] === 'a_ars'));
  raw2.edges.push(['a_ars', 'a_city']);
  expectMapError(raw2, /territory "a_ars"/, /adjacent to its capital/);
});

test('a sea zone is never owned', () => {
  const raw = JSON.parse(readFileSync('tests/fixtures/islands.json', 'utf8'));
  raw.territories.find((t: { id: string }) => t.id === 'inner').owner = 'W';
  expectMapError(raw, /territory "inner"/, /never owned/);
});

test('every land territory must be reachable', () => {
  const raw = JSON.parse(readFileSync('tests/fixtures/islands.json', 'utf8'));
  raw.edges = raw.edges.filter((e: string[]) => e[1] !== 'isle');
  expectMapError(raw, /territory "isle"/, /cannot be reached/);
});

test('a minor state needs no capital', () => {
  const isl = loadMapFile('tests/fixtures/islands.json');
  assert.equal(isl.capitalOf.has('Z'), false);
  assert.equal(isl.country.get('Z')!.playable, false);
});

test('one map object per unchanged file: games on the same map share it (and its lexicon); an edited file is built again', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'map-cache-'));
  try {
    const file = join(dir, 'tiny.json');
    const text = readFileSync('tests/fixtures/tiny.json', 'utf8');
    writeFileSync(file, text);
    const a = loadMapFile(file);
    assert.equal(loadMapFile(file), a, 'the same text gives the same object');
    // The same map with one more space: different text, so a new build (the cache never serves a stale map).
    writeFileSync(file, text + ' ');
    const b = loadMapFile(file);
    assert.notEqual(b, a);
    assert.equal(b.territories.length, a.territories.length);
    // A broken edit is still refused, not served from the cache.
    writeFileSync(file, '{');
    assert.throws(() => loadMapFile(file), MapError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
