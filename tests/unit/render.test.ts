import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import type { GameState, LandState } from '../../src/games/neuwar/engine/types.ts';
import {
  ensureFonts, FONT_FAMILY, renderMap, renderMapPng, renderMapPngDetailed, renderMapSvg, svgToPng, pngPixels, arrowsOf,
} from '../../src/games/europe/paint/index.ts';
import { renderScoreTablePng, renderScoreTableSvg, scoreRows, computeIncome, renderCli } from '../../src/games/neuwar/pictures/index.ts';
import { blankCountry, initialState, demoState, syntheticMap } from '../../bench/demo.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');
const islands = loadMapFile('tests/fixtures/islands.json');
/** A small shaped map (cells share borders like a topojson-built map) for goldens of the real-map drawing. */
const shaped = syntheticMap({ cols: 8, rows: 6, width: 800, height: 600, countries: 4, seed: 3 });

// ---------------------------------------------------------------- pixel comparison
/**
 * Golden tolerance: a pixel "differs" when any channel differs by more than 32 (absorbs antialiasing
 * noise between CPUs/builds); the images match when at most 0.1% of pixels differ. One territory
 * changing colour on these maps changes ≥ 0.25% of the pixels, so a real change cannot hide under it.
 */
const CHANNEL_TOL = 32;
const PIXEL_FRACTION_TOL = 0.001;

async function diffFraction(a: Buffer, b: Buffer): Promise<number> {
  const A = await pngPixels(a), B = await pngPixels(b);
  if (A.width !== B.width || A.height !== B.height) return 1;
  let bad = 0;
  for (let i = 0; i < A.data.length; i += 4) {
    if (Math.abs(A.data[i]! - B.data[i]!) > CHANNEL_TOL || Math.abs(A.data[i + 1]! - B.data[i + 1]!) > CHANNEL_TOL ||
      Math.abs(A.data[i + 2]! - B.data[i + 2]!) > CHANNEL_TOL || Math.abs(A.data[i + 3]! - B.data[i + 3]!) > CHANNEL_TOL) bad++;
  }
  return bad / (A.width * A.height);
}

async function matchesGolden(name: string, png: Buffer, mayWrite = true): Promise<{ ok: boolean; fraction: number }> {
  const path = join('tests/golden', `${name}.png`);
  if (mayWrite && (process.env.UPDATE_GOLDEN === '1' || !existsSync(path))) {
    if (process.env.UPDATE_GOLDEN !== '1') assert.fail(`golden ${path} is missing; run with UPDATE_GOLDEN=1 to write it`);
    mkdirSync('tests/golden', { recursive: true });
    writeFileSync(path, png);
  }
  const fraction = await diffFraction(readFileSync(path), png);
  return { ok: fraction <= PIXEL_FRACTION_TOL, fraction };
}

function setOwner(state: GameState, id: string, owner: string | null): GameState {
  const s = structuredClone(state);
  (s.territories[id] as LandState).owner = owner;
  return s;
}

// ---------------------------------------------------------------- fonts
test('fonts: the generated fontconfig lists only the bundled Noto Sans SC folder', () => {
  const f = ensureFonts();
  assert.equal(process.env.FONTCONFIG_FILE, f.configFile);
  const conf = readFileSync(f.configFile, 'utf8');
  const dirs = [...conf.matchAll(/<dir>([^<]*)<\/dir>/g)].map((m) => m[1]);
  assert.deepEqual(dirs, [f.fontDir]);
  assert.match(f.fontDir, /@embedpdf[\\/]fonts-sc[\\/]fonts$/);
  assert.equal(FONT_FAMILY, 'Noto Sans S Chinese');
});

async function glyph(ch: string, family = FONT_FAMILY, size = 64): Promise<{ data: Buffer; inkRows: number; ink: number }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 1.5}" height="${size * 1.5}"><rect width="100%" height="100%" fill="#fff"/>` +
    `<text x="${size * 0.25}" y="${size * 1.1}" font-family="${family}" font-size="${size}" fill="#000">${ch}</text></svg>`;
  const { data, width, height } = await pngPixels(await svgToPng(svg));
  let ink = 0, inkRows = 0;
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) if (data[(y * width + x) * 4]! < 128) row++;
    ink += row;
    if (row) inkRows++;
  }
  return { data, inkRows, ink };
}

test('fonts: system fonts are hidden — asking for DejaVu Sans renders the bundled font, pixel for pixel', async () => {
  ensureFonts();
  // DejaVu is installed on most Linux machines (it is here); through our config it must not be reachable.
  const asDejaVu = await glyph('Ag', 'DejaVu Sans');
  const asNoto = await glyph('Ag', FONT_FAMILY);
  assert.ok(asNoto.ink > 200, 'Latin text renders');
  assert.ok(asDejaVu.data.equals(asNoto.data), 'the DejaVu request fell back to Noto Sans SC');
});

test('fonts: Chinese characters render as real, distinct glyphs, not missing-glyph boxes', async () => {
  ensureFonts();
  const zhong = await glyph('中'), guo = await glyph('国'), yi = await glyph('一');
  // U+20000 (CJK Extension B) is outside the bundled GB2312 set: this is what a missing glyph looks like.
  const missing = await glyph('\u{20000}');
  assert.ok(zhong.ink > 300 && guo.ink > 300, 'both characters leave ink');
  assert.ok(!zhong.data.equals(guo.data), '中 and 国 differ');
  assert.ok(!zhong.data.equals(missing.data) && !guo.data.equals(missing.data), 'neither is the missing-glyph box');
  // Shape, not just difference (pango's boxes differ per code point too): 一 is one thin horizontal
  // stroke, while a missing-glyph box is as tall as a full character.
  assert.ok(missing.inkRows > 30, `the box is tall (${missing.inkRows} rows)`);
  assert.ok(yi.inkRows < 14, `一 is a thin stroke (${yi.inkRows} rows of ink)`);
  assert.ok(zhong.inkRows > 40, `中 spans the full height (${zhong.inkRows} rows)`);
});

// ---------------------------------------------------------------- map pictures
test('map PNG has exactly the requested size, and stays under 1 MB at Europe scale', async () => {
  const png = await renderMapPng(tiny, demoState(tiny, 1), { width: 900, height: 640 });
  const meta = await sharp(png).metadata();
  assert.equal(meta.format, 'png');
  assert.deepEqual([meta.width, meta.height], [900, 640]);
  const big = syntheticMap();
  const png2 = await renderMapPng(big, demoState(big, 2), { width: 1600, height: 1200 });
  const meta2 = await sharp(png2).metadata();
  assert.deepEqual([meta2.width, meta2.height], [1600, 1200]);
  assert.ok(png2.length < 1024 * 1024, `PNG is ${png2.length} bytes`);
});

for (const [name, map] of [['tiny', tiny], ['islands', islands], ['shaped', shaped]] as const) {
  test(`golden: ${name} map matches tests/golden/map-${name}.png; one owner changed does not`, async () => {
    const state = demoState(map, 11);
    const png = await renderMapPng(map, state);
    const g = await matchesGolden(`map-${name}`, png);
    assert.ok(g.ok, `differs from golden in ${(g.fraction * 100).toFixed(3)}% of pixels (tolerance ${PIXEL_FRACTION_TOL * 100}%)`);
    // Negative: the same state with one territory's owner changed must fail the same comparison.
    const id = map.landIds.find((t) => (state.territories[t] as LandState).owner !== null && map.territory.get(t)!.kind === 'land')!;
    const other = Object.keys(state.countries).find((c) => c !== (state.territories[id] as LandState).owner)!;
    const changed = await renderMapPng(map, setOwner(state, id, other));
    const n = await matchesGolden(`map-${name}`, changed, false);
    assert.ok(!n.ok, `changing ${id}'s owner must break the match (differs in ${(n.fraction * 100).toFixed(3)}%)`);
  });
}

test('golden: score table of the shaped map', async () => {
  const g = await matchesGolden('table-shaped', await renderScoreTablePng(shaped, demoState(shaped, 11)));
  assert.ok(g.ok, `differs in ${(g.fraction * 100).toFixed(3)}%`);
});

function overlaps(a: { x0: number; y0: number; x1: number; y1: number }, b: typeof a) {
  return a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
}

function checkLabels(map: GameMap, state: GameState, opts: Parameters<typeof renderMap>[2] = {}) {
  const r = renderMap(map, state, opts);
  // Every land territory, arsenal and occupied sea gets a label entry: placed or reported.
  const seen = new Set(r.labels.map((l) => l.id));
  if (!opts.region) for (const id of map.landIds) assert.ok(seen.has(id), `${id} has a label entry`);
  else assert.ok(seen.size > 0, 'the zoom labels the territories in view');
  const placed = r.labels.filter((l) => l.box);
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) assert.ok(!overlaps(placed[i]!.box!, placed[j]!.box!), `labels ${placed[i]!.id} and ${placed[j]!.id} overlap`);
  }
  // Nothing dropped silently: each dropped label is in the report and written in the legend's note.
  const droppedIds = r.labels.filter((l) => l.mode === 'dropped').map((l) => l.id);
  assert.deepEqual(r.dropped.map((d) => d.id), droppedIds);
  for (const d of r.dropped) assert.ok(r.svg.includes(`${d.name}${d.armies !== null ? ` ${d.armies}` : ''}`), `dropped ${d.id} is listed on the map`);
  return r;
}

test('labels: the fixture maps place every label with no overlap and drop none', () => {
  for (const map of [tiny, islands, shaped]) {
    const r = checkLabels(map, demoState(map, 4));
    assert.equal(r.dropped.length, 0, `${map.id}: dropped ${r.dropped.map((d) => d.id).join(',')}`);
  }
  for (const map of [tiny, islands]) assert.equal(checkLabels(map, demoState(map, 4), { lang: 'en' }).dropped.length, 0);
});

test('labels: when crowded they shrink, move to leader lines, and what is left out is listed, not lost', () => {
  const r = checkLabels(tiny, demoState(tiny, 4), { width: 420, height: 330 });
  const modes = new Set(r.labels.map((l) => l.mode));
  assert.ok([...modes].some((m) => m !== 'full'), `some labels had to degrade (modes: ${[...modes].join(',')})`);
  const big = syntheticMap();
  const r2 = checkLabels(big, demoState(big, 9), { width: 1000, height: 760 });
  assert.ok(r2.dropped.length > 0, 'a 1000 px Europe-scale map cannot fit every label');
  assert.match(r2.svg, /放大区域可见/);
});

test('region zoom crops to the bbox at 2× and accepts the region name', () => {
  const s = demoState(shaped, 5);
  const full = renderMap(shaped, s);
  const z = renderMap(shaped, s, { region: 'west' });
  const bbox = shaped.regions.find((r) => r.id === 'west')!.bbox;
  // 400 map px wide: 3× makes it the 1200 px a phone needs (never less than 2×).
  assert.equal(z.width, (bbox[2] - bbox[0]) * 3);
  assert.match(z.svg, /matrix\(3 0 0 3 /);
  assert.equal(z.region, 'west');
  assert.equal(renderMap(shaped, s, { region: '西部' }).region, 'west');
  // Zoomed, only territories in view are labelled.
  assert.ok(z.labels.length < full.labels.length);
  assert.throws(() => renderMap(shaped, s, { region: 'atlantis' }), /unknown region "atlantis"/);
  const iz = renderMap(islands, demoState(islands, 5), { region: 'south' });
  assert.ok(iz.labels.some((l) => l.id === 'isle') && !iz.labels.some((l) => l.id === 'e_cap'));
});

test('map shows last turn: failed attacks marked, captures highlighted, arrows from lastEvents', () => {
  const s = initialState(tiny);
  const base = renderMapSvg(tiny, s);
  const count = (svg: string, needle: string) => svg.split(needle).length - 1;
  s.lastEvents = [
    { type: 'battle', territory: 'mid', attacker: 'A', defender: null, attackers: 2, defenders: 3, won: false, left: 1, from: ['a_land'] },
    { type: 'move', country: 'A', from: 'a_land', to: 'mid', n: 2 },
    { type: 'battle', territory: 'b_land', attacker: 'C', defender: 'B', attackers: 12, defenders: 5, won: true, left: 5, from: ['c_land'] },
    { type: 'capture', territory: 'b_land', from: 'B', to: 'C', armies: 5 },
    { type: 'move', country: 'B', from: 'b_cap', to: 'b_city', n: 4 },
  ];
  const arrows = arrowsOf(s);
  assert.deepEqual(arrows.map((a) => a.kind).sort(), ['fail', 'move', 'win'], 'the move that made a battle is not drawn twice');
  const svg = renderMapSvg(tiny, s);
  assert.ok(count(svg, 'stroke="#e0201b"') > count(base, 'stroke="#e0201b"'), 'failed attack drawn in red');
  assert.ok(count(svg, 'class="xx"') > count(base, 'class="xx"'), 'failed attack gets a ✕');
  assert.ok(count(svg, 'stroke="#ffd21f" stroke-width="6"') === 1, 'one capture highlighted');
});

// ---------------------------------------------------------------- score table
function tableState(): GameState {
  const s = initialState(tiny);
  s.countries.A!.score = 40;
  s.countries.B!.score = 55;
  s.countries.C!.score = 40;
  s.countries.D = { ...blankCountry(0), alive: false, bankrupt: true };
  s.turn = 3;
  s.scoreHistory = [{ turn: 1, scores: { A: 30, B: 30, C: 30, D: 5 } }, { turn: 2, scores: { A: 40, B: 55, C: 40, D: 0 } }];
  s.lastEvents = [
    { type: 'score', country: 'B', delta: 7, reason: 'income' },
    { type: 'score', country: 'B', delta: -10, reason: 'warCost' },
    { type: 'score', country: 'A', delta: 5, reason: 'capture' },
  ];
  return s;
}

test('score rows: score order, shared ranks, eliminated last, change since the last resolved turn opened (not only its events)', () => {
  const rows = scoreRows(tiny, tableState());
  assert.deepEqual(rows.map((r) => r.id), ['B', 'A', 'C', 'D']);
  assert.deepEqual(rows.map((r) => r.rank), [1, 2, 2, null]);
  assert.deepEqual(rows.map((r) => r.delta), [25, 10, 10, -5]);
  assert.equal(rows[3]!.alive, false);
});

test('income (R2.2, R9, R6.4): territories + cities + industry; capital is not a city; halved; tribute', () => {
  const s = initialState(tiny);
  // A owns a_cap (capital), a_city (city), a_land: 3 territories + 1 city.
  assert.deepEqual(computeIncome(tiny, s, 'A'), { territories: 3, cities: 1, industry: 0, base: 4, halved: false, gross: 4, tributePaid: 0, tributeReceived: 0, net: 4 });
  s.countries.A!.industry = 3;
  s.countries.A!.mobilization.halfIncomeLeft = 2;
  assert.equal(computeIncome(tiny, s, 'A').gross, 3, 'floor((3 + 1 + 3) / 2)');
  (s.territories.waste as LandState).owner = 'B'; // a neutral city
  s.countries.B!.overlord = 'C';
  const b = computeIncome(tiny, s, 'B');
  assert.equal(b.gross, 6);
  assert.equal(b.tributePaid, 4, 'floor(70% of 6)');
  assert.equal(b.net, 2);
  assert.equal(computeIncome(tiny, s, 'C').tributeReceived, 4);
  assert.equal(computeIncome(tiny, s, 'C').net, 4 + 4);
});

test('score table PNG renders one row per country with eliminated greyed', async () => {
  const s = tableState();
  const t = renderScoreTableSvg(tiny, s);
  assert.equal(t.rows.length, 4);
  assert.ok(t.svg.indexOf('乙国') < t.svg.indexOf('甲国'), 'B (55) is drawn above A (40)');
  const png = await renderScoreTablePng(tiny, s);
  const meta = await sharp(png).metadata();
  assert.deepEqual([meta.width, meta.height], [t.width, t.height]);
  const en = renderScoreTableSvg(tiny, s, { lang: 'en' });
  assert.match(en.svg, /Beta/);
});

// ---------------------------------------------------------------- CLI
test('render CLI: state JSON → map PNG, region and table; bad input exits 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'render-cli-'));
  const state = demoState(islands, 2);
  // The exported state JSON has fewer fields than the engine's state (commands.md §4).
  const exported = { mapId: 'islands', turn: state.turn, status: state.status, winner: null, countries: state.countries, territories: state.territories, arsenals: state.arsenals, wars: state.wars, alliances: state.alliances, pacts: [], truces: [], pending: [], log: [], lastEvents: state.lastEvents };
  writeFileSync(join(dir, 'state.json'), JSON.stringify(exported));
  const write = process.stderr.write.bind(process.stderr), out = process.stdout.write.bind(process.stdout);
  const errs: string[] = [];
  process.stderr.write = ((s: string) => (errs.push(String(s)), true)) as typeof process.stderr.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    assert.equal(await renderCli(['--state', join(dir, 'state.json'), '--out', join(dir, 'map.png')]), 0);
    assert.equal(await renderCli(['--state', join(dir, 'state.json'), '--out', join(dir, 'south.png'), '--region', 'south']), 0);
    assert.equal(await renderCli(['--state', join(dir, 'state.json'), '--out', join(dir, 'table.png'), '--table']), 0);
    assert.equal(await renderCli(['--state', join(dir, 'nope.json'), '--out', join(dir, 'x.png')]), 2);
    assert.equal(await renderCli(['--state', join(dir, 'state.json')]), 2);
    assert.equal(await renderCli(['--state', join(dir, 'state.json'), '--out', join(dir, 'y.png'), '--region', 'nowhere']), 2);
  } finally {
    process.stderr.write = write;
    process.stdout.write = out;
  }
  for (const f of ['map.png', 'south.png', 'table.png']) assert.equal((await sharp(join(dir, f)).metadata()).format, 'png');
  assert.ok(errs.some((e) => /nope\.json/.test(e)));
  assert.ok(errs.some((e) => /unknown region "nowhere"/.test(e)));
});

test('europe map (when maps/europe.json exists): labels never overlap, none lost silently, PNG < 1 MB, zooms render', { skip: !existsSync('maps/europe.json') && 'maps/europe.json not built' }, async () => {
  const eu = loadMapFile('maps/europe.json');
  const s = demoState(eu, 21);
  const r = checkLabels(eu, s);
  assert.ok(r.dropped.length <= 3, `at most a few labels go to the zoom note on the full map (dropped ${r.dropped.map((d) => d.id).join(',')})`);
  for (const reg of eu.regions.slice(0, 3)) checkLabels(eu, s, { region: reg.id });
  const png = await renderMapPng(eu, s);
  const meta = await sharp(png).metadata();
  assert.equal(meta.width, r.width);
  assert.ok(png.length <= 1024 * 1024, `PNG is ${png.length} bytes`);
});

// ---------------------------------------------------------------- layered PNG path
/** The single-SVG picture of the same state: what the layered path must reproduce. */
async function singleSvgPng(map: GameMap, state: GameState, opts: Parameters<typeof renderMap>[2] = {}): Promise<Buffer> {
  return svgToPng(renderMapSvg(map, state, opts));
}

test('layered PNG agrees with the single-SVG PNG of the same state (golden tolerance), state after state', async () => {
  // Several states in a row: the static layer and the cached names/badges are reused between them, and a
  // stale cache entry (a count or an owner from the state before) would show up as a difference.
  for (const seed of [11, 12, 13]) {
    const state = demoState(shaped, seed, 3 + seed);
    const layered = await renderMapPng(shaped, state);
    const fraction = await diffFraction(layered, await singleSvgPng(shaped, state));
    assert.ok(fraction <= PIXEL_FRACTION_TOL, `seed ${seed}: layered and single SVG differ in ${(fraction * 100).toFixed(3)}% of pixels`);
  }
  // Another size of the same map is its own view (its own static layer).
  const state = demoState(shaped, 14);
  const big = await renderMapPng(shaped, state, { width: 1200, height: 900 });
  assert.ok(await diffFraction(big, await singleSvgPng(shaped, state, { width: 1200, height: 900 })) <= PIXEL_FRACTION_TOL, 'bigger size');
  // Schematic maps go through the single SVG unchanged.
  const s = demoState(islands, 3);
  assert.equal(await diffFraction(await renderMapPng(islands, s), await singleSvgPng(islands, s)), 0);
});

test('layered PNG: the detailed render reports the same labels as renderMap, and its svg is the whole picture', async () => {
  const state = demoState(shaped, 15);
  const d = await renderMapPngDetailed(shaped, state);
  const r = renderMap(shaped, state);
  assert.deepEqual(d.labels, r.labels);
  assert.deepEqual(d.dropped, r.dropped);
  assert.equal(d.svg, r.svg);
  const meta = await sharp(d.png).metadata();
  assert.deepEqual([meta.width, meta.height, meta.channels], [r.width, r.height, 3]);
});

test('europe (when built): layered PNG agrees with the single SVG on the full map and a region zoom', { skip: !existsSync('maps/europe.json') && 'maps/europe.json not built' }, async () => {
  const eu = loadMapFile('maps/europe.json');
  for (const [seed, opts] of [[31, {}], [32, {}], [33, { region: eu.regions[0]!.id }]] as const) {
    const state = demoState(eu, seed, 9);
    const png = await renderMapPng(eu, state, opts);
    assert.ok(png.length <= 1024 * 1024, `PNG is ${png.length} bytes`);
    const fraction = await diffFraction(png, await singleSvgPng(eu, state, opts));
    assert.ok(fraction <= PIXEL_FRACTION_TOL, `seed ${seed} ${JSON.stringify(opts)}: differ in ${(fraction * 100).toFixed(3)}% of pixels`);
  }
});
