/**
 * The duel page's map (duel.md D10.5): its geometry is the PNG renderer's own (src/games/europe/paint's
 * mapGeometry — the same simplified fills), restricted to the duel graph (D1.1: arsenals dropped) with the graph's
 * neighbours, D1.2 values, the four walkable straits (D1.3) and the regions of the brush (D6.9); the small test
 * maps are drawn as schematics. And the page's preview (D6, D10.5): the helper's moves on the opening board, held
 * off a node by a manual order there, shown only to its own side.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { mapGeometry } from '../../src/games/europe/paint/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { duelGeometry } from '../../src/games/duel/geometry.ts';
import { readFileSync } from 'node:fs';
import { duelPlayback, duelPreview } from '../../src/games/duel/page.ts';
import { DuelRules } from '../../src/games/duel/module.ts';
import { applyDuel, newDuel } from '../../src/games/duel/engine.ts';

const europe = loadMapFile('maps/europe.json');

test('D10.5: the Europe duel map is the renderer\'s geometry on the duel graph', () => {
  const g = duelGraph(europe);
  const geo = duelGeometry(g);
  assert.equal(geo.shaped, true);
  assert.equal(geo.nodes.length, g.land.length + g.sea.length, 'land and sea, arsenals dropped');
  assert.ok(!geo.nodes.some((n) => n.kind === 'arsenal'));
  const paint = mapGeometry(europe);
  for (const n of geo.nodes) {
    assert.equal(n.d, paint.terr.get(n.id)!.fill || paint.terr.get(n.id)!.shape, `${n.id}: the PNG renderer's fill`);
    assert.deepEqual(n.nbrs, g.nbrs.get(n.id), `${n.id}: the duel graph's neighbours`);
    assert.equal(n.value, g.value.get(n.id) ?? 0);
  }
  const land = geo.nodes.filter((n) => n.kind !== 'sea');
  assert.equal(land.length, 275);
  assert.equal(land.reduce((a, n) => a + n.value, 0), 380, 'D1.2: 275 land territories worth 380');
  assert.deepEqual(geo.straits.map((p) => [...p].sort().join('|')).sort(), ['calabria|sicily', 'copenhagen|malmo', 'copenhagen|odense', 'crimea|krasnodar']);
  assert.ok(geo.lines.country.length > 0 && geo.lines.coast.length > 0 && geo.lines.land.length > 0);
  assert.ok(geo.regions.some((r) => r.zh === '巴尔干'), 'the brush\'s regions');
  assert.deepEqual(geo.bounds, [0, 0, 1600, 1210]);
  assert.equal(duelGeometry(g), geo, 'computed once per graph');
  assert.ok(JSON.stringify(geo).length < 700_000, 'sent once per page open: well under a megabyte');
});

test('D10.5: a map without shapes is drawn as a schematic (positions and edges)', () => {
  const geo = duelGeometry(duelGraph(loadMapFile('tests/fixtures/tiny.json')));
  assert.equal(geo.shaped, false);
  assert.ok(geo.nodes.every((n) => n.d === null && Number.isFinite(n.pos[0]) && Number.isFinite(n.pos[1])));
  assert.equal(geo.background, null);
});

test('D6/D10.5 preview: the helper\'s moves at the opening; a manual order holds its node; only the own side sees it', () => {
  const g = duelGraph(europe);
  const s = newDuel(europe, { type: 'start', at: 0, seed: 42 });
  const cap = s.capitals.A;
  const p0 = duelPreview(g, s, 'A');
  assert.ok(p0.helper.some(([from]) => from === cap), 'the capital attacks with the normal helper (D6.3)');
  assert.ok(applyDuel(g, s, { type: 'command', at: 1, side: 'A', command: { kind: 'order', order: { kind: 'stand', from: cap } } }).ok);
  const p1 = duelPreview(g, s, 'A');
  assert.ok(!p1.helper.some(([from]) => from === cap), 'a stand keeps the helper off');
  const rules = new DuelRules(europe);
  const game = { g: rules.g, s };
  assert.ok('preview' in (rules.view(game, 'A') as object));
  assert.ok(!('preview' in (rules.view(game, 'public') as object)), 'a spectator sees no plans (D2.4)');
  // The page's top bar reads the limits from the view (D10.9 settings, changed by the judge or at creation).
  s.settings = { ...s.settings, turnLimit: 40, idleTurns: 5 };
  assert.deepEqual((rules.view(game, 'B') as { limits: unknown }).limits, { turnLimit: 40, idleTurns: 5, turnSeconds: 30 });
  assert.ok(!('limits' in (rules.view(game, null) as object)), 'the export keeps D10.8\'s fields exactly');
  const page = rules.page(game);
  assert.equal((page.board as { map: string }).map, 'europe');
  assert.deepEqual(page.seats.map((x) => x.color), ['#d0453a', '#2f6fd0']);
});

test('D10.7 playback on the page: the worked game (duel-basics.txt) turn by turn, and a bot header driven step by step to its end', () => {
  const text = readFileSync('tests/scenarios/duel-basics.txt', 'utf8');
  const r = duelPlayback(text, process.cwd());
  assert.ok(r.ok, r.ok ? '' : r.text);
  const d = r.data;
  const at = (f: number, id: string) => d.frames[f]!.armies[d.land.indexOf(id)];
  assert.deepEqual(d.frames.map((f) => f.turn), [1, 2, 3, 4]);
  assert.deepEqual([at(1, 'a_cap'), at(1, 'a_city'), at(1, 'b_cap'), at(1, 'b_city')], [8, 6, 3, 9], 'turn 1 of the worked game');
  assert.deepEqual([at(3, 'a_cap'), at(3, 'a_city'), at(3, 'a_land'), at(3, 'b_land'), at(3, 'waste')], [3, 4, 2, 0, 2], 'the expected state at turn 4');
  const bots = duelPlayback('@game duel\n@map tests/fixtures/islands.json\n@seed 3\n@bot A greedy\n@bot B lander\n', process.cwd());
  assert.ok(bots.ok);
  assert.ok(bots.data.result, 'a bot game is played to its end');
  assert.equal(bots.data.frames.length - 1, bots.data.frames[bots.data.frames.length - 1]!.turn - (bots.data.result!.how === 'resign' ? 1 : 0));
  const bad = duelPlayback('@game duel\n@seed x\n', process.cwd());
  assert.equal(bad.ok, false, 'a malformed transcript is refused with its line');
});
