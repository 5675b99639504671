/** Europe Duel's board, duel.md D1, on today's Europe map (the spec's *exact* figures) and the tiny test map. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { capitalPairs, close, duelGraph, geography, setupBoard, NoFairCapitals } from '../../src/games/duel/board.ts';

const europe = duelGraph(loadMapFile('maps/europe.json'));
const geo = geography(europe);

test('D1.1/D1.2: arsenals dropped; 275 land territories worth 380 (182×1 + 81×2 + 12×3); straits are land edges', () => {
  assert.equal(europe.land.length, 275);
  assert.equal(europe.land.reduce((a, t) => a + europe.value.get(t)!, 0), 182 * 1 + 81 * 2 + 12 * 3);
  assert.ok(europe.map.territories.some((t) => t.kind === 'arsenal'), 'the map has arsenals');
  assert.ok(europe.map.territories.filter((t) => t.kind === 'arsenal').every((t) => !europe.kind.has(t.id)), 'no arsenal on the duel graph');
  for (const [a, b] of [['crimea', 'krasnodar'], ['sicily', 'calabria'], ['copenhagen', 'malmo'], ['copenhagen', 'odense']] as const) {
    assert.equal(europe.edgeKind(a, b), 'land', `${a}–${b} is a walkable strait (D1.3)`);
    assert.ok(europe.landNbrs.get(a)!.includes(b));
  }
  const nb = europe.nbrs.get('paris')!;
  assert.deepEqual(nb, [...nb].sort(), 'neighbours in id order');
});

test('D1.6: the mainland is 248 territories worth 342; Σ is every sea zone but the Caspian; 139 land territories are coastal', () => {
  assert.equal(geo.mainland.size, 248);
  assert.equal([...geo.mainland].reduce((a, t) => a + europe.value.get(t)!, 0), 342);
  assert.ok(!geo.mainSea.has('caspian'));
  assert.equal(geo.mainSea.size, europe.sea.length - 1);
  assert.equal(europe.land.filter((t) => geo.coastal(t)).length, 139);
  for (const t of ['baku', 'astrakhan', 'makhachkala']) assert.equal(geo.coastal(t), false, `${t} is on the Caspian only: inland`);
});

test('D1.6 worked example {lyon, skopje}: landDist 9, W 23 vs 24, shares 147 vs 179 → qualifies', () => {
  assert.equal(geo.landDist('lyon', 'skopje'), 9);
  // W(lyon) = ring 1 (clermont 1, dijon 1, geneva 1, marseille 2, montpellier 1, nice 1, turin 2 = 9) + ring 2 (14) = 23.
  assert.equal(geo.wealth('lyon'), 23);
  assert.equal(geo.wealth('skopje'), 24);
  assert.equal(close(23, 24, 0.2), true, '1 × 1000 ≤ 200 × 24');
  assert.equal(geo.share('lyon', 'skopje'), 147);
  assert.equal(geo.share('skopje', 'lyon'), 179);
  assert.equal(close(147, 179, 0.2), true, '32 × 1000 = 32000 ≤ 200 × 179 = 35800');
});

test('D1.6 counter-examples: {berlin, paris} too near; {berlin, bucharest} shares 185 vs 142 are not close', () => {
  assert.equal(geo.landDist('berlin', 'paris'), 5);
  assert.equal(geo.share('berlin', 'paris'), 264);
  assert.equal(geo.share('paris', 'berlin'), 72);
  assert.equal(geo.landDist('berlin', 'bucharest'), 8);
  assert.equal(geo.wealth('berlin'), 25);
  assert.equal(geo.wealth('bucharest'), 24);
  assert.equal(geo.share('berlin', 'bucharest'), 185);
  assert.equal(geo.share('bucharest', 'berlin'), 142);
  assert.equal(close(185, 142, 0.2), false, '43 × 1000 = 43000 > 200 × 185 = 37000');
});

test('D1.6 exact: 64 qualifying pairs (Appendix A, in draw order), 51 distinct capitals, 41 coastal pairs; no value-3 pair', () => {
  const appendix = `adana–barcelona adana–lille adana–sundsvall adana–uppsala amsterdam–helsinki barcelona–gothenburg barcelona–oslo
    belgrade–bern belgrade–cologne belgrade–frankfurt bern–skopje bern–sofia bilbao–oslo bilbao–uppsala bordeaux–gothenburg bordeaux–oslo
    brussels–izmir brussels–rostov brussels–thessaloniki brussels–tirana bursa–lille bursa–marseille bursa–sundsvall bursa–uppsala
    chisinau–frankfurt cologne–sofia constanta–hamburg copenhagen–helsinki copenhagen–istanbul copenhagen–marseille dnipro–milan
    frankfurt–sofia gothenburg–izmir hamburg–rostov hamburg–sarajevo helsinki–istanbul helsinki–marseille helsinki–patras istanbul–malmo
    istanbul–marseille izmir–lille izmir–oslo kharkiv–milan kharkiv–turin larissa–lille luxembourg–nizhny_novgorod luxembourg–tbilisi
    luxembourg–volgograd luxembourg–yerevan lyon–skopje marseille–patras milan–minsk milan–vilnius minsk–pristina naples–patras
    nizhny_novgorod–turin odesa–venice pristina–vilnius rostov–thessaloniki skopje–turin st_petersburg–thessaloniki sundsvall–valencia
    turin–volgograd uppsala–valencia`.trim().split(/\s+/).map((p) => p.split('–') as [string, string]);
  const { pairs, fair } = capitalPairs(europe);
  assert.equal(fair, true);
  assert.equal(pairs.length, 64);
  assert.deepEqual(pairs, appendix);
  assert.equal(new Set(pairs.flat()).size, 51);
  assert.equal(pairs.filter(([x]) => geo.coastal(x)).length, 41);
  assert.ok(pairs.every(([x, y]) => europe.value.get(x) === 2 && europe.value.get(y) === 2), 'every Europe duel is between two cities');
});

test('D1.4/D1.6 exact draws: seed 42 garrisons and pair 6 (A barcelona, B oslo); seed 1 pair 9 swapped; seed 2024 pair 10 swapped', () => {
  const pairs = capitalPairs(europe);
  const s42 = setupBoard(europe, 42, { pairs });
  assert.deepEqual(europe.land.slice(0, 6).map((t) => [t, s42.garrison.get(t)]), [['london', 2], ['birmingham', 2], ['manchester', 3], ['edinburgh', 3], ['belfast', 1], ['newcastle', 2]]);
  assert.equal(s42.drawn, 539, '539 armies in all 275 draws, the capitals\' included');
  assert.deepEqual(s42.draw, { index: 6, swap: 0 });
  assert.deepEqual(s42.capitals, { A: 'barcelona', B: 'oslo' });
  assert.equal(s42.garrison.get('barcelona'), 10, 'a capital starts with startArmies');
  assert.equal(s42.fair, true);
  const s1 = setupBoard(europe, 1, { pairs });
  assert.deepEqual([s1.draw, s1.capitals], [{ index: 9, swap: 1 }, { A: 'frankfurt', B: 'belgrade' }]);
  const s2024 = setupBoard(europe, 2024, { pairs });
  assert.deepEqual([s2024.draw, s2024.capitals], [{ index: 10, swap: 1 }, { A: 'skopje', B: 'bern' }]);
  assert.ok([...s42.garrison.entries()].every(([t, n]) => t === 'barcelona' || t === 'oslo' || (n >= 1 && n <= 3)), 'neutral garrisons are 1–3');
});

test('D1.7: a small map without a qualifying pair falls back (unfair); explicit capitals skip both draws', () => {
  const tiny = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
  const list = capitalPairs(tiny);
  assert.equal(list.fair, false);
  const tg = geography(tiny);
  assert.ok(list.pairs.every(([x, y]) => tg.landDist(x, y) >= 2 && tiny.value.get(x) === tiny.value.get(y)));
  if (list.pairs.length) {
    const s = setupBoard(tiny, 7);
    assert.equal(s.fair, false, 'a fallback pair cannot be rated');
  } else {
    assert.throws(() => setupBoard(tiny, 7), NoFairCapitals);
  }
  const [a, b] = tiny.land;
  const explicit = setupBoard(tiny, 7, { capitals: { A: a!, B: b! } });
  assert.equal(explicit.draw, null);
  assert.equal(explicit.fair, false);
  // The garrison draws come first, so explicit capitals change only the capitals' own entries.
  const drawn = setupBoard(europe, 42, { capitals: { A: 'lyon', B: 'skopje' } });
  assert.equal(drawn.drawn, 539);
  assert.equal(drawn.garrison.get('london'), 2);
});
