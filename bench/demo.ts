/**
 * Plausible game states and a synthetic shaped map, for the renderer's tests, its benchmark and previews
 * while the engine is still being written. Nothing here is used by a live game.
 */
import { buildMap, isLandKind, type GameMap } from '../src/games/europe/map/index.ts';
import { defaultSettings } from '../src/games/neuwar/engine/index.ts';
import type { CountryState, GameEvent, GameState, LandState, SeaState } from '../src/games/neuwar/engine/index.ts';

/** Small deterministic PRNG (mulberry32) so tests and goldens do not depend on Math.random. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function blankCountry(score = 30): CountryState {
  // Cast: the engine's CountryState grows while it is being written; the renderer reads only a few fields.
  return {
    score, alive: true, overlord: null, bankrupt: false, industry: 0,
    tech: { airship: 0, spy: 0, comms: 0 }, techDone: [],
    mobilization: { partialUsed: false, nationalUsed: false, halfIncomeLeft: 0, nationalTurn: null },
    blockadeLeft: 0, committed: false, player: true, committedAt: null, lateCommit: false, requestTurn: null,
    industryTurn: null, industryPending: 0, airliftTurn: null, mobilizeTurn: null, buying: 0, placing: [],
    bankruptTurn: null, demanded: {}, brokeWith: {}, blockadeUntil: 0,
  } as CountryState;
}

/** The state at the start of a game on `map`: every playable country taken, garrisons from the map, score 30. */
export function initialState(map: GameMap): GameState {
  const countries: Record<string, CountryState> = {};
  for (const c of map.countries) if (c.playable !== false) countries[c.id] = blankCountry(30);
  const territories: Record<string, LandState | SeaState> = {};
  for (const t of map.territories) {
    if (t.kind === 'sea') territories[t.id] = { stacks: {} };
    else if (isLandKind(t.kind)) {
      const owner = t.owner && map.country.get(t.owner)?.playable !== false ? t.owner : null;
      territories[t.id] = { owner, armies: t.armies ?? 0 };
    }
  }
  const arsenals: Record<string, number> = {};
  for (const c of Object.keys(countries)) arsenals[c] = 0;
  return {
    mapId: map.id, settings: defaultSettings(), turn: 1, status: 'running', winner: null,
    clock: { openedAt: 0, deadlineAt: 300_000, extendedSeconds: 0, pausedAt: null },
    countries, territories, arsenals, wars: [], alliances: [], pacts: [], truces: [], pending: [], orders: {},
    capitalFalls: [], nextRequestId: 1, nextOrderSeq: 1, log: [], lastEvents: [], scoreHistory: [],
  };
}

const land = (s: GameState, id: string) => s.territories[id] as LandState;

/**
 * A mid-game state: armies shuffled, some territories changed hands, a war or two, and last turn's events
 * (moves, battles won and lost, captures, sea losses, score changes) drawn from the map's real adjacency,
 * so arrows and highlights have something to show. Same seed → same state.
 */
export function demoState(map: GameMap, seed = 1, turn = 5): GameState {
  const rand = rng(seed);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const s = initialState(map);
  s.turn = turn;
  const ids = Object.keys(s.countries);
  for (const c of ids) {
    const cs = s.countries[c]!;
    cs.score = 10 + Math.floor(rand() * 90);
    cs.industry = Math.floor(rand() * 3);
    s.arsenals[c] = Math.floor(rand() * 25);
  }
  for (const id of map.landIds) {
    const t = land(s, id);
    t.armies = Math.max(0, Math.round(t.armies * (0.4 + rand() * 1.4) + rand() * 8));
  }
  // A few border territories change owner to a neighbouring country.
  for (let k = 0; k < Math.max(1, map.landIds.length / 12); k++) {
    const id = pick(map.landIds);
    const kind = map.territory.get(id)!.kind;
    if (kind === 'capital') continue;
    const ns = [...map.adj.get(id)!].filter((n) => isLandKind(map.territory.get(n)!.kind));
    const owner = ns.map((n) => land(s, n).owner).find((o) => o && o !== land(s, id).owner);
    if (owner) land(s, id).owner = owner;
  }
  // Sea stacks.
  for (const id of map.seaIds) {
    const st = s.territories[id] as SeaState;
    if (rand() < 0.5 && ids.length) st.stacks[pick(ids)] = 1 + Math.floor(rand() * 15);
    if (rand() < 0.2 && ids.length) st.stacks[pick(ids)] = 1 + Math.floor(rand() * 6);
  }
  // Diplomacy.
  if (ids.length >= 2) {
    s.wars.push({ attacker: ids[0]!, defender: ids[1]!, declaredTurn: turn - 2, active: true, captured: {} });
  }
  if (ids.length >= 4) {
    s.alliances.push([ids[2]!, ids[3]!].sort() as [string, string]);
    s.wars.push({ attacker: ids[3]!, defender: ids[0]!, declaredTurn: turn - 1, active: rand() < 0.5, captured: {} });
  }
  if (ids.length >= 5) {
    const p = ids[ids.length - 1]!;
    s.countries[p]!.overlord = ids[1]!;
  }
  if (ids.length >= 3) {
    const m = s.countries[ids[2]!]!;
    m.mobilization.partialUsed = true;
    m.mobilization.halfIncomeLeft = 4;
    s.countries[ids[0]!]!.techDone = ['spy'];
    s.countries[ids[0]!]!.tech.spy = 50;
    s.countries[ids[1]!]!.tech.airship = 40;
  }
  if (ids.length >= 6) {
    const gone = s.countries[ids[ids.length - 2]!]!;
    gone.alive = false;
    gone.score = 0;
    gone.bankrupt = true;
    for (const id of map.landIds) if (land(s, id).owner === ids[ids.length - 2]) land(s, id).owner = null;
  }
  // Last turn's events along real edges.
  const ev: GameEvent[] = [];
  const owned = map.landIds.filter((id) => land(s, id).owner);
  const nMoves = Math.max(2, Math.round(map.landIds.length / 10));
  const used = new Set<string>();
  for (let k = 0; k < nMoves * 3 && ev.length < nMoves * 2; k++) {
    const from = pick(owned);
    const country = land(s, from).owner!;
    const ns = [...map.adj.get(from)!].filter((n) => isLandKind(map.territory.get(n)!.kind) || map.territory.get(n)!.kind === 'sea');
    if (!ns.length) continue;
    const to = pick(ns);
    const key = [from, to].sort().join('|');
    if (used.has(key)) continue;
    used.add(key);
    const n = 1 + Math.floor(rand() * 12);
    const tk = map.territory.get(to)!.kind;
    if (tk === 'sea') {
      ev.push({ type: 'move', country, from, to, n });
      const st = s.territories[to] as SeaState;
      const before = (st.stacks[country] ?? 0) + n;
      st.stacks[country] = Math.floor(before * 0.9);
      ev.push({ type: 'seaLoss', sea: to, country, before, after: st.stacks[country]! });
    } else if (land(s, to).owner === country) {
      ev.push({ type: 'move', country, from, to, n });
    } else {
      const defender = land(s, to).owner;
      const defenders = land(s, to).armies;
      const won = rand() < 0.55;
      const left = won ? Math.max(1, Math.ceil(n - 1.5 * defenders)) : Math.floor(defenders - n / 1.5);
      ev.push({ type: 'battle', territory: to, attacker: country, defender, attackers: n, defenders, won, left: Math.max(0, left), from: [from] });
      if (won && map.territory.get(to)!.kind !== 'capital') {
        ev.push({ type: 'capture', territory: to, from: defender, to: country, armies: Math.max(1, left) });
        land(s, to).owner = country;
        land(s, to).armies = Math.max(1, left);
      }
    }
  }
  for (const c of ids) {
    const d = Math.floor(rand() * 14) - 3;
    if (d) ev.push({ type: 'score', country: c, delta: d, reason: 'income' });
  }
  if (ids.length >= 2) ev.push({ type: 'score', country: ids[0]!, delta: 5, reason: 'capture' });
  s.lastEvents = ev;
  // The history agrees with the events: the score table counts its change from the turn before's record.
  const now = Object.fromEntries(ids.map((c) => [c, s.countries[c]!.score]));
  const before = { ...now };
  for (const e of ev) if (e.type === 'score') before[e.country] = before[e.country]! - e.delta;
  s.scoreHistory = [...(turn > 2 ? [{ turn: turn - 2, scores: before }] : []), { turn: turn - 1, scores: now }];
  return s;
}

/**
 * A shaped map on a jittered grid (cells share their border vertices, as a topojson-built map does), with
 * sea zones down the west side, `countries` playable countries (capital, 4 cities, an arsenal each) and a
 * few minor states. Default ≈ 190 land territories and 20 seas on 1600×1200, like the Europe map.
 */
export function syntheticMap(opts: { cols?: number; rows?: number; width?: number; height?: number; countries?: number; seed?: number } = {}): GameMap {
  const cols = opts.cols ?? 16, rows = opts.rows ?? 13, W = opts.width ?? 1600, H = opts.height ?? 1200;
  const rand = rng(opts.seed ?? 7);
  const cw = W / cols, ch = H / rows;
  const V: [number, number][][] = [];
  for (let i = 0; i <= rows; i++) {
    V.push([]);
    for (let j = 0; j <= cols; j++) {
      const edge = i === 0 || j === 0 || i === rows || j === cols;
      V[i]!.push([j * cw + (edge ? 0 : (rand() - 0.5) * cw * 0.5), i * ch + (edge ? 0 : (rand() - 0.5) * ch * 0.5)]);
    }
  }
  // Deterministic wiggle per edge so both neighbours see the same border.
  const wiggle = (p: [number, number], q: [number, number]): [number, number][] => {
    const seedE = Math.round(p[0] * 7 + p[1] * 13 + q[0] * 17 + q[1] * 19);
    const rr = rng(seedE);
    const out: [number, number][] = [];
    const nx = -(q[1] - p[1]), ny = q[0] - p[0];
    const L = Math.hypot(nx, ny) || 1;
    for (let k = 1; k < 6; k++) {
      const t = k / 6, amp = (rr() - 0.5) * 0.12 * L;
      out.push([p[0] + (q[0] - p[0]) * t + (nx / L) * amp, p[1] + (q[1] - p[1]) * t + (ny / L) * amp]);
    }
    return out;
  };
  const side = (p: [number, number], q: [number, number], onBorder: boolean): [number, number][] => {
    if (onBorder) return [];
    // Canonical direction so both cells use identical points.
    const fwd = p[0] < q[0] || (p[0] === q[0] && p[1] < q[1]);
    const pts = fwd ? wiggle(p, q) : wiggle(q, p).reverse();
    return pts;
  };
  const f = (n: number) => Math.round(n * 10) / 10;
  const cellShape = (i: number, j: number) => {
    const a = V[i]![j]!, b = V[i]![j + 1]!, c = V[i + 1]![j + 1]!, d = V[i + 1]![j]!;
    const pts: [number, number][] = [a, ...side(a, b, i === 0), b, ...side(b, c, j + 1 === cols), c, ...side(c, d, i + 1 === rows), d, ...side(d, a, j === 0)];
    return 'M' + pts.map((p) => `${f(p[0])} ${f(p[1])}`).join('L') + 'Z';
  };
  const isSea = (i: number, j: number) => j < 2 && i < Math.round(rows * 0.77);
  const palette = [
    ['ENG', '英国', 'England', '#c0392b'], ['FRA', '法国', 'France', '#2f6fd0'], ['GER', '德国', 'Germany', '#5d6d7e'],
    ['ITA', '意大利', 'Italy', '#27ae60'], ['AUS', '奥地利', 'Austria', '#d4ac0d'], ['RUS', '俄国', 'Russia', '#7d3c98'],
    ['TUR', '土耳其', 'Turkey', '#16a085'], ['SPA', '西班牙', 'Spain', '#e67e22'], ['SWE', '瑞典', 'Sweden', '#1abc9c'],
    ['POL', '波兰', 'Poland', '#e84393'], ['POR', '葡萄牙', 'Portugal', '#a04000'], ['GRE', '希腊', 'Greece', '#5dade2'],
  ];
  const nC = Math.min(opts.countries ?? 10, palette.length);
  const minors = [['NED', '荷兰', 'Netherlands', '#ff8c1a'], ['SWI', '瑞士', 'Switzerland', '#b03a2e'], ['DEN', '丹麦', 'Denmark', '#8e7cc3']];
  const cells: { i: number; j: number; id: string }[] = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) if (!isSea(i, j)) cells.push({ i, j, id: `t${i}x${j}` });
  const seeds = [...palette.slice(0, nC), ...minors].map((c, k) => {
    const cell = cells[Math.floor(((k + 0.5) / (nC + minors.length)) * cells.length + rand() * 5) % cells.length]!;
    return { c, cell };
  });
  const ownerOf = new Map<string, number>();
  for (const cell of cells) {
    let best = 0, bd = Infinity;
    seeds.forEach((s, k) => {
      const d = (s.cell.i - cell.i) ** 2 + (s.cell.j - cell.j) ** 2 * 0.8 + (k >= nC ? 4 : 0);
      if (d < bd) { bd = d; best = k; }
    });
    ownerOf.set(cell.id, best);
  }
  const syl1 = '安宁泰和丰华兴盛平远东西南北新旧青白金银云龙凤明光春秋长永清'.split('');
  const syl2 = '州城堡港原山河湾岭关林谷坡田沙门'.split('');
  const usedNames = new Set<string>(['法国', '英国']);
  const nameFor = (k: number) => {
    for (let t = 0; ; t++) {
      const n = syl1[(k * 7 + t * 3) % syl1.length]! + (t > syl1.length ? syl1[(k + t) % syl1.length]! : '') + syl2[(k * 3 + t) % syl2.length]!;
      if (!usedNames.has(n)) { usedNames.add(n); return n; }
    }
  };
  const territories: Record<string, unknown>[] = [];
  const edges: (string[])[] = [];
  const byCountry = new Map<number, typeof cells>();
  for (const cell of cells) {
    const k = ownerOf.get(cell.id)!;
    if (!byCountry.has(k)) byCountry.set(k, []);
    byCountry.get(k)!.push(cell);
  }
  const kindOf = new Map<string, string>();
  for (const [k, list] of byCountry) {
    if (k >= nC) continue;
    const s = seeds[k]!.cell;
    const sorted = [...list].sort((a, b) => (a.i - s.i) ** 2 + (a.j - s.j) ** 2 - ((b.i - s.i) ** 2 + (b.j - s.j) ** 2));
    kindOf.set(sorted[0]!.id, 'capital');
    for (const c of sorted.slice(2, 10).filter((_, x) => x % 2 === 0).slice(0, 4)) kindOf.set(c.id, 'city');
  }
  cells.forEach((cell, n) => {
    const k = ownerOf.get(cell.id)!;
    const country = k < nC ? palette[k]![0]! : minors[k - nC]![0]!;
    const kind = kindOf.get(cell.id) ?? 'land';
    const neutral = k >= nC || rand() < 0.05;
    const t: Record<string, unknown> = {
      id: cell.id, name: { zh: nameFor(n), en: `R${cell.i}C${cell.j}` }, kind,
      armies: kind === 'capital' ? 20 : kind === 'city' ? 10 : 3 + Math.floor(rand() * 4),
      pos: [f((cell.j + 0.5) * cw), f((cell.i + 0.5) * ch)], shape: cellShape(cell.i, cell.j),
    };
    if (!neutral || kind !== 'land' || k >= nC) t.owner = country;
    territories.push(t);
  });
  for (let k = 0; k < nC; k++) {
    const cap = [...kindOf].find(([id, kd]) => kd === 'capital' && ownerOf.get(id) === k)![0];
    const c = cells.find((x) => x.id === cap)!;
    territories.push({ id: `ars_${palette[k]![0]}`, name: { zh: `${palette[k]![1]}兵工厂`, en: `${palette[k]![2]} arsenal` }, kind: 'arsenal', owner: palette[k]![0], pos: [f((c.j + 0.5) * cw + cw * 0.3), f((c.i + 0.5) * ch + ch * 0.32)] });
    edges.push([`ars_${palette[k]![0]}`, cap]);
  }
  let s = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (!isSea(i, j)) continue;
      territories.push({ id: `sea${i}x${j}`, name: { zh: `${'北西南东大中外内'[s % 8]}${'洋海湾峡'[Math.floor(s / 8) % 4]}${s}`, en: `Sea ${s}` }, kind: 'sea', pos: [f((j + 0.5) * cw), f((i + 0.5) * ch)], shape: cellShape(i, j) });
      s++;
    }
  }
  const idAt = (i: number, j: number) => (isSea(i, j) ? `sea${i}x${j}` : `t${i}x${j}`);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (j + 1 < cols) edges.push([idAt(i, j), idAt(i, j + 1)]);
      if (i + 1 < rows) edges.push([idAt(i, j), idAt(i + 1, j)]);
    }
  }
  // Two straits across corners, like Messina or the Bosporus.
  edges.push([idAt(rows - 2, 3), idAt(rows - 1, 4), 'strait']);
  edges.push([idAt(Math.floor(rows / 2) - 1, Math.floor(cols / 2) + 1), idAt(Math.floor(rows / 2), Math.floor(cols / 2) + 2), 'strait']);
  const raw = {
    id: 'synthetic', name: { zh: '合成欧洲', en: 'Synthetic Europe' }, size: [W, H],
    countries: [
      ...palette.slice(0, nC).map(([id, zh, en, color]) => ({ id, name: { zh, en }, color })),
      ...minors.map(([id, zh, en, color]) => ({ id, name: { zh, en }, color, playable: false })),
    ],
    territories, edges,
    regions: [
      { id: 'west', name: { zh: '西部', en: 'West' }, bbox: [0, 0, W / 2, H / 2] },
      { id: 'east', name: { zh: '东部', en: 'East' }, bbox: [W / 2, H / 2, W, H] },
    ],
  };
  return buildMap(raw, 'synthetic');
}
