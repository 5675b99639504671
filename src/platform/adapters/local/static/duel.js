// Europe Duel's clickable map on the local page (duel.md D10.5). The channel's game sends its board (the map's
// geometry, once) and each viewer's view (D10.8's state JSON with the side's preview); every click becomes the
// same typed command as text (【调兵】【驻守】【撤销】【路线】【助手】【集结点】【准备】), sent through the page's `say`
// action, so the server stays the only judge. Text from the server goes in with textContent only.
//
// Controls (the seed, D10.5): 1 orders, 2 routes, 3 brush; Esc clears; Enter is Ready (or finishes a route draft);
// wheel zooms ×1.2 a notch about the cursor (1×–8×), a drag of more than 4 px pans; right click cancels; on a
// touch screen tap clicks, long press right-clicks, two fingers pinch-zoom and pan.

import { $, addStyleSheet, el } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const COLOR = { A: '#d0453a', B: '#2f6fd0' };
const NEUTRAL = '#c9c1ad';
const SEA = '#b8d4e6';
const ROUTE = '#40e0d0';
const MODES = { normal: '普通', expand: '扩张', rally: '集结', defend: '防守' };
const HATCH = { normal: '#7a7a7a', expand: '#1e9e4a', rally: '#d08a00', defend: '#6a3fb5' };
const SIDE_ZH = { A: '红方', B: '蓝方' };

let api = null;
const D = {
  channel: null,
  geo: null,
  byId: new Map(),
  view: null,
  tool: 1,
  sel: null,
  draft: null,
  brush: 'expand',
  stroke: null,
  // The visible part of the map (viewBox) and its zoom.
  vb: null,
  base: null,
  k: 1,
  els: null,
  fills: new Map(),
  playback: null,
  pending: new Map(),
  lastClickAt: 0,
  // The SVG's size in pixels, from its ResizeObserver (unit()).
  svgSize: null,
};

/**
 * Replaces `box`'s children with `items` only when they differ from what it shows (class, id and text of each):
 * a view comes with every command's answer, and rebuilding an unchanged top bar or panel still cost a style
 * recalculation and a layout of it per click (D11 B7).
 */
function putChildren(box, items) {
  const sig = items.map((x) => `${x.className}\u0001${x.id}\u0001${x.textContent}`).join('\u0002');
  if (box.dataset.sig === sig && box.childElementCount === items.length) return;
  box.dataset.sig = sig;
  box.replaceChildren(...items);
}

function svg(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
const r1 = (x) => Math.round(x * 10) / 10;

/** The page's hooks: `act` sends an action and resolves with its ack; `status()` is the channel's status panel. */
export function duelInit(hooks) {
  api = hooks;
  addStyleSheet('/duel.css');
  document.addEventListener('keydown', onKey);
}

/** Every server message passes here first; the duel view takes what is its own. */
export function duelMessage(m) {
  if (m.t === 'channel') {
    if (m.board) open(m.channelId, m.board);
    else close();
  } else if (m.t === 'view' && m.channelId === D.channel) {
    D.view = m.view;
    if (!D.playback) render();
    markDrawn();
  } else if (m.t === 'status' && m.channelId === D.channel) {
    renderTop();
  } else if (m.t === 'playback') {
    D.pending.set(m.id, m.data);
  } else if ((m.t === 'duelInfo' && m.info.channelId === D.channel) || m.t === 'seatTaken') {
    renderTop();
    render();
  }
}

/** A lobby duel's sides with their ratings (the page's lobby keeps them), when this is that game. */
function duelInfo() {
  const i = api && api.info ? api.info() : null;
  return i && i.channelId === D.channel ? i : null;
}

const signed = (d) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0');

// ---------- opening ----------

function open(channelId, geo) {
  D.channel = channelId;
  D.view = null;
  D.turnKey = '';
  D.sel = null;
  D.draft = null;
  D.playback = null;
  if (!D.geo || D.geo.map !== geo.map) {
    D.geo = geo;
    D.byId = new Map(geo.nodes.map((n) => [n.id, n]));
    D.lab = null;
    build();
  }
  document.getElementById('app').classList.add('duel-on');
  D.els.root.hidden = false;
  resetView();
  render();
}

/** The page shows no channel any more (the lobby). */
export function duelClose() {
  close();
}

function close() {
  D.channel = null;
  D.playback = null;
  document.getElementById('app').classList.remove('duel-on', 'duel-live');
  if (D.els) D.els.root.hidden = true;
}

/** The page's DOM for the duel: top bar, map, side panel. Built once per map. */
function build() {
  if (D.els) D.els.root.remove();
  D.arrowEls = null;
  const root = el('section', 'duel');
  root.id = 'duel';
  const top = el('div', 'duel-top');
  top.id = 'duel-top';
  const body = el('div', 'duel-body');
  const mapBox = el('div', 'duel-map');
  mapBox.id = 'duel-map';
  const s = svg('svg', { id: 'duel-svg', role: 'img', 'aria-label': '欧陆对决地图' });
  const defs = svg('defs');
  for (const [mode, c] of Object.entries(HATCH)) {
    const p = svg('pattern', { id: `hatch-${mode}`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
    p.append(svg('rect', { width: 2.2, height: 6, fill: c, 'fill-opacity': 0.75 }));
    defs.append(p);
  }
  s.append(defs);
  const g = D.geo;
  const [x0, y0, x1, y1] = g.bounds;
  s.append(svg('rect', { x: x0 - 2000, y: y0 - 2000, width: x1 - x0 + 4000, height: y1 - y0 + 4000, fill: SEA, class: 'sea-bg' }));
  if (g.background) s.append(svg('path', { d: g.background, class: 'bg-land' }));
  const terr = svg('g', { class: 'terr' });
  if (g.shaped) {
    for (const n of g.nodes) {
      if (!n.d) continue;
      const p = svg('path', { d: n.d, 'data-id': n.id, class: n.kind === 'sea' ? 't sea' : 't land' });
      const title = svg('title');
      title.textContent = n.zh;
      p.append(title);
      terr.append(p);
      D.fills.set(n.id, p);
    }
  } else {
    // The schematic (a map without shapes): edges as lines, territories as circles.
    const edges = svg('g', { class: 'edges' });
    for (const n of g.nodes) for (const m of n.nbrs) {
      if (n.id > m) continue;
      const b = D.byId.get(m);
      if (b) edges.append(svg('line', { x1: n.pos[0], y1: n.pos[1], x2: b.pos[0], y2: b.pos[1] }));
    }
    terr.append(edges);
    for (const n of g.nodes) {
      const c = svg('circle', { cx: n.pos[0], cy: n.pos[1], r: n.kind === 'sea' ? 22 : 18 + 3 * n.value, 'data-id': n.id, class: n.kind === 'sea' ? 't sea' : 't land' });
      const title = svg('title');
      title.textContent = n.zh;
      c.append(title);
      terr.append(c);
      D.fills.set(n.id, c);
    }
  }
  s.append(terr);
  if (g.shaped) {
    s.append(svg('path', { d: g.lines.land, class: 'ln-land' }));
    s.append(svg('path', { d: g.lines.country, class: 'ln-country' }));
    s.append(svg('path', { d: g.lines.coast, class: 'ln-coast' }));
  }
  const straits = svg('g', { class: 'straits' });
  for (const [a, b] of g.straits) {
    const p = D.byId.get(a).pos, q = D.byId.get(b).pos;
    straits.append(svg('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1] }));
  }
  s.append(straits);
  const hatch = svg('g', { class: 'hatch' });
  const arrows = svg('g', { class: 'arrows' });
  const labels = svg('g', { class: 'labels' });
  const draft = svg('g', { class: 'draft' });
  const fx = svg('g', { class: 'fx' });
  s.append(hatch, fx, arrows, labels, draft);
  mapBox.append(s);
  const hint = el('div', 'duel-hint');
  hint.id = 'duel-hint';
  hint.hidden = true;
  mapBox.append(hint);

  const side = el('div', 'duel-side');
  const tools = el('div', 'duel-tools');
  for (const [n, label] of [[1, '1 命令'], [2, '2 路线'], [3, '3 画笔']]) {
    const b = el('button', 'tool', label);
    b.type = 'button';
    b.dataset.tool = String(n);
    b.addEventListener('click', () => setTool(n));
    tools.append(b);
  }
  const palette = el('div', 'duel-palette');
  palette.id = 'duel-palette';
  for (const [mode, label] of [...Object.entries(MODES), ['clear', '清除'], ['flag', '集结点']]) {
    const b = el('button', 'brush', label);
    b.type = 'button';
    b.dataset.brush = mode;
    if (HATCH[mode]) { const sw = el('span', 'swatch'); sw.style.background = HATCH[mode]; b.prepend(sw); }
    if (mode === 'flag') b.prepend(flagIcon());
    b.addEventListener('click', () => { D.brush = mode; renderSide(); });
    palette.append(b);
  }
  const tip = el('p', 'hint', '画笔：点击或拖过领土，松开时发送一条【助手】。集结和防守最好只画在一部分地图上：画满全图就几乎不再占领新地了。');
  tip.id = 'duel-brush-tip';
  const info = el('div', 'duel-info');
  info.id = 'duel-info';
  const actions = el('div', 'duel-actions');
  const ready = el('button', 'primary', '准备（Enter）');
  ready.id = 'duel-ready';
  ready.type = 'button';
  ready.addEventListener('click', () => say(D.view && me() && D.view.sides[me()].ready ? '【取消准备】' : '【准备】'));
  const resign = el('button', 'danger', '认输');
  resign.id = 'duel-resign';
  resign.type = 'button';
  resign.addEventListener('click', () => { if (confirm('确定认输？对方将获胜。')) say('【认输】'); });
  actions.append(ready, resign);
  const events = el('div', 'duel-events');
  events.id = 'duel-events';
  side.append(tools, palette, tip, info, actions, el('h3', '', '上回合'), events, arenaPanel());
  body.append(mapBox, side);
  root.append(top, body);
  const main = document.getElementById('main');
  main.insertBefore(root, document.getElementById('feed'));
  D.els = { root, top, svg: s, terr, hatch, fx, arrows, labels, draft, info, events, palette, tip, ready, resign, mapBox, hint, tools };
  attachPointer(s);
  // The SVG gets its size in pixels, not 100%: a percentage-sized SVG root is laid out again (all 300 shapes and
  // labels) whenever anything else on the page is — a feed line cost 10–90 ms of layout per command (D11 B7).
  new ResizeObserver(() => {
    const r = mapBox.getBoundingClientRect();
    s.style.width = `${Math.floor(r.width)}px`;
    s.style.height = `${Math.floor(r.height)}px`;
    D.svgSize = { width: Math.floor(r.width), height: Math.floor(r.height) };
    scheduleOverlay();
  }).observe(mapBox);
}

function flagIcon() {
  const s = svg('svg', { viewBox: '0 0 12 14', width: 12, height: 14, class: 'flag-icon' });
  s.append(svg('path', { d: 'M2 1v12', stroke: '#333', 'stroke-width': 1.4 }), svg('path', { d: 'M2.6 1.5h8l-2.2 2.6 2.2 2.6h-8z', fill: '#e0a000' }));
  return s;
}

// ---------- view and coordinates ----------

function resetView() {
  const [x0, y0, x1, y1] = D.geo.bounds;
  D.base = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  D.vb = { ...D.base };
  D.k = 1;
  applyVB();
}

function applyVB() {
  const v = D.vb;
  D.els.svg.setAttribute('viewBox', `${r1(v.x)} ${r1(v.y)} ${r1(v.w)} ${r1(v.h)}`);
  D.els.svg.dataset.zoom = D.k.toFixed(3);
  D.els.svg.classList.toggle('names', D.k >= 2.5);
  scheduleOverlay();
}

/**
 * Map units per screen pixel (the SVG keeps its aspect: the larger ratio wins). The SVG's size is the one the
 * ResizeObserver gave it (D.svgSize): reading it from the layout here forced a layout of the page in the middle of
 * every view's render, after the top bar and the side panel were written (D11 B7).
 */
function unit() {
  const r = D.svgSize;
  if (!r || !r.width || !r.height) return 1;
  return Math.max(D.vb.w / r.width, D.vb.h / r.height);
}

function toMap(clientX, clientY) {
  const m = D.els.svg.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** D10.5: zoom about a screen point, 1×–8×. */
function zoomAt(clientX, clientY, factor) {
  const k = Math.min(8, Math.max(1, D.k * factor));
  if (k === D.k) return;
  const p = toMap(clientX, clientY);
  const f = D.k / k;
  D.vb = { x: p.x - (p.x - D.vb.x) * f, y: p.y - (p.y - D.vb.y) * f, w: D.base.w / k, h: D.base.h / k };
  D.k = k;
  clampVB();
  applyVB();
}

function panBy(dxPx, dyPx) {
  const u = unit();
  D.vb.x -= dxPx * u;
  D.vb.y -= dyPx * u;
  clampVB();
  applyVB();
}

function clampVB() {
  const b = D.base, v = D.vb;
  v.x = Math.min(b.x + b.w - v.w * 0.2, Math.max(b.x - v.w * 0.8, v.x));
  v.y = Math.min(b.y + b.h - v.h * 0.2, Math.max(b.y - v.h * 0.8, v.y));
}

let overlayQueued = false;
function scheduleOverlay() {
  if (overlayQueued) return;
  overlayQueued = true;
  requestAnimationFrame(() => { overlayQueued = false; renderOverlay(); });
}

// ---------- state helpers ----------

function me() {
  const st = api && api.status();
  const c = st && st.me && st.me.country;
  return c === 'A' || c === 'B' ? c : null;
}
const running = () => !!D.view && D.view.status === 'running';
const nameOf = (id) => (D.byId.get(id) ? D.byId.get(id).zh : id);
const isSea = (id) => D.byId.get(id) && D.byId.get(id).kind === 'sea';

/** The board shown: the live view, or the playback's frame. */
function board() {
  if (D.playback) {
    const f = D.playback.data.frames[D.playback.at];
    const own = new Map(), arm = new Map();
    D.playback.data.land.forEach((id, i) => { own.set(id, f.owner[i] === '.' ? null : f.owner[i]); arm.set(id, f.armies[i]); });
    return { owner: own, armies: arm, stacks: f.stacks, capitals: D.playback.data.capitals };
  }
  const v = D.view;
  if (!v) return null;
  const own = new Map(), arm = new Map(), stacks = {};
  for (const [id, t] of Object.entries(v.territories)) {
    if (t.stacks) stacks[id] = [t.stacks.A || 0, t.stacks.B || 0];
    else { own.set(id, t.owner); arm.set(id, t.armies); }
  }
  return { owner: own, armies: arm, stacks, capitals: v.capitals };
}

function armiesOf(b, id, side) {
  if (isSea(id)) { const s = b.stacks[id]; return s ? s[side === 'A' ? 0 : 1] : 0; }
  return b.owner.get(id) === side ? b.armies.get(id) || 0 : 0;
}
const ownNode = (b, id, side) => (isSea(id) ? armiesOf(b, id, side) > 0 : b.owner.get(id) === side);

function myOrders() {
  const s = me();
  return s && D.view && D.view.orders ? D.view.orders[s] || [] : [];
}

// ---------- rendering ----------

/**
 * D10.5 "after a resolution the turn's moves are shown briefly": territories that changed hands flash in the
 * taker's colour, attacks that failed in white, for two seconds (the list of events stays in the side panel).
 */
function flashEvents(events) {
  const F = D.els.fx;
  F.replaceChildren();
  clearTimeout(flashEvents.t);
  const u = unit();
  for (const e of events || []) {
    // Both sides' moves of the turn, thin in their colours (D10.8 move events).
    if (e.type === 'move' && D.byId.get(e.from) && D.byId.get(e.to)) {
      const a = arrow(e.from, e.to, u, 'arrow moved', 1.6, COLOR[e.side], null, e.by === 'helper');
      F.append(a);
      continue;
    }
    if (e.type !== 'battle' && e.type !== 'melee') continue;
    const n = D.byId.get(e.territory);
    if (!n) continue;
    const winner = e.type === 'melee' ? e.survivor : e.won ? e.attacker : null;
    const won = e.type === 'melee' ? !!winner : e.won;
    const color = won ? COLOR[winner] : '#ffffff';
    const shape = n.d ? svg('path', { d: n.d }) : svg('circle', { cx: n.pos[0], cy: n.pos[1], r: 24 });
    shape.setAttribute('class', `flash${won ? ' won' : ''}`);
    shape.setAttribute('stroke', color);
    F.append(shape);
  }
  flashEvents.t = setTimeout(() => F.replaceChildren(), 2000);
}

function render() {
  if (!D.els || !D.channel) return;
  document.getElementById('app').classList.toggle('duel-live', running());
  const turnKey = D.playback ? `p${D.playback.at}` : D.view ? `v${D.view.turn}:${D.view.status}` : '';
  if (turnKey !== D.turnKey) {
    // A new turn (or the end): show what the resolution did — not on the first view of a page.
    if (D.turnKey) flashEvents(D.playback ? D.playback.data.frames[D.playback.at].events : D.view && D.view.lastEvents);
    D.turnKey = turnKey;
  }
  const b = board();
  {
    // Before the start (a challenge waiting for its opponent) every land is neutral.
    for (const [id, p] of D.fills) {
      if (isSea(id)) continue;
      const o = b ? b.owner.get(id) : null;
      const f = o ? COLOR[o] : NEUTRAL;
      if (p.dataset.f !== f) { p.dataset.f = f; p.style.fill = f; }
    }
  }
  renderTop();
  renderSide();
  renderOverlay();
}

function renderOverlay() {
  if (!D.els) return;
  const b = board();
  const u = unit();
  renderHatch();
  renderArrows(b, u);
  renderLabels(b, u);
  renderDraft(u);
}

function star(x, y, r, fill) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${r1(x + rr * Math.cos(a))},${r1(y + rr * Math.sin(a))}`);
  }
  return svg('polygon', { points: pts.join(' '), fill, stroke: '#222', 'stroke-width': r * 0.12 });
}

/** ⚑ drawn as SVG (no emoji font on a bare machine): a pole and a pennant. */
function flag(x, y, s) {
  const g = svg('g', { class: 'rally', transform: `translate(${r1(x)} ${r1(y)}) scale(${s})` });
  g.append(svg('path', { d: 'M0 0V-16', stroke: '#222', 'stroke-width': 1.6 }), svg('path', { d: 'M0.6 -16h10l-3 3.5 3 3.5h-10z', fill: '#f0b400', stroke: '#222', 'stroke-width': 0.8 }));
  return g;
}

/**
 * Labels are built once per map (a group per land territory in screen units: count, value pips, name) and then
 * only updated: a view changes the counts that changed; a zoom changes each group's scale.
 */
function buildLabels() {
  const L = D.els.labels;
  L.replaceChildren();
  D.lab = new Map();
  for (const n of D.geo.nodes) {
    if (n.kind === 'sea') continue;
    const g = svg('g', { 'data-for': n.id });
    const cnt = svg('text', { x: 0, y: 0, class: 'cnt', 'font-size': 11 });
    g.append(cnt);
    // D10.5: the value as 1–3 pips under the count.
    for (let i = 0; i < n.value; i++) g.append(svg('circle', { cx: (i - (n.value - 1) / 2) * 4, cy: 7.5, r: 1.3, class: 'pip' }));
    const nm = svg('text', { x: 0, y: -10, class: 'nm', 'font-size': 9.5 });
    nm.textContent = n.zh;
    g.append(nm);
    L.append(g);
    D.lab.set(n.id, { g, cnt, v: null });
  }
  D.marks = svg('g', { class: 'marks' });
  D.marksKey = null;
  L.append(D.marks);
  D.labScale = null;
}

function renderLabels(b, u) {
  if (!D.lab) buildLabels();
  if (D.labScale !== u) {
    D.labScale = u;
    const k = r1(u * 1000) / 1000;
    for (const n of D.geo.nodes) {
      const l = D.lab.get(n.id);
      if (l) l.g.setAttribute('transform', `translate(${r1(n.pos[0])} ${r1(n.pos[1])}) scale(${k})`);
    }
  }
  for (const [id, l] of D.lab) {
    const v = b ? String(b.armies.get(id) ?? 0) : '';
    if (l.v !== v) { l.v = v; l.cnt.textContent = v; }
  }
  const M = D.marks;
  const side = me();
  const rally = side && D.view && !D.playback ? D.view.sides[side].rally : null;
  const sel = D.sel && D.byId.get(D.sel) && !D.playback ? D.sel : null;
  // The marks (sea stacks, capitals, ⚑, the selection) are drawn again only when one of them changed (D11 B7).
  const key = b ? JSON.stringify([u, b.stacks, b.capitals, rally, sel]) : '';
  if (D.marksKey === key && M.isConnected) return;
  D.marksKey = key;
  M.replaceChildren();
  if (!b) return;
  const fs = 11 * u;
  for (const n of D.geo.nodes) {
    if (n.kind !== 'sea') continue;
    const s = b.stacks[n.id];
    if (!s) continue;
    const [x, y] = n.pos;
    for (const [i, sd] of [[0, 'A'], [1, 'B']]) {
      if (!s[i]) continue;
      const t = svg('text', { x: r1(x + (i ? 8 : -8) * u), y: r1(y), class: 'cnt stack', 'font-size': r1(fs), fill: COLOR[sd] });
      t.textContent = String(s[i]);
      M.append(t);
    }
  }
  for (const sd of ['A', 'B']) {
    const c = b.capitals && b.capitals[sd];
    const n = c && D.byId.get(c);
    if (n) M.append(star(n.pos[0] - 12 * u, n.pos[1] - 5 * u, 7 * u, '#ffd400'));
  }
  if (rally && D.byId.get(rally)) { const p = D.byId.get(rally).pos; M.append(flag(p[0] + 6 * u, p[1] - 2 * u, u)); }
  if (sel) {
    const p = D.byId.get(sel).pos;
    M.append(svg('circle', { cx: r1(p[0]), cy: r1(p[1]), r: r1(13 * u), class: 'sel', 'stroke-width': r1(2.2 * u) }));
  }
}

function arrow(a, b, u, cls, width, color, label, dashed) {
  const p = D.byId.get(a).pos, q = D.byId.get(b).pos;
  const dx = q[0] - p[0], dy = q[1] - p[1];
  const L = Math.hypot(dx, dy) || 1;
  const ux = dx / L, uy = dy / L;
  const s0 = Math.min(L * 0.25, 6 * u), s1 = Math.min(L * 0.3, 9 * u);
  const x0 = p[0] + ux * s0, y0 = p[1] + uy * s0, x1 = q[0] - ux * s1, y1 = q[1] - uy * s1;
  const head = Math.max(4, width * 2.2) * u;
  const bx = x1 - ux * head, by = y1 - uy * head;
  const g = svg('g', { class: cls, 'data-from': a, 'data-to': b });
  const d = `M${r1(x0)} ${r1(y0)}L${r1(bx)} ${r1(by)}`;
  const line = svg('path', { d, stroke: color, 'stroke-width': r1(width * u), fill: 'none', 'stroke-linecap': 'round' });
  if (dashed) line.setAttribute('stroke-dasharray', `${r1(4 * u)} ${r1(3 * u)}`);
  const nx = -uy * head * 0.6, ny = ux * head * 0.6;
  const tipD = `M${r1(x1)} ${r1(y1)}L${r1(bx + nx)} ${r1(by + ny)}L${r1(bx - nx)} ${r1(by - ny)}Z`;
  const tip = svg('path', { d: tipD, fill: color });
  // A dark halo under white arrows, a white one under coloured arrows: visible on any fill.
  const halo = color === '#ffffff' ? 'rgba(0,0,0,.55)' : '#ffffff';
  g.append(svg('path', { d: d + tipD, stroke: halo, 'stroke-width': r1((width + 1.6) * u), fill: halo, 'stroke-linejoin': 'round', class: 'halo' }), line, tip);
  if (label) {
    const t = svg('text', { x: r1((x0 + x1) / 2 + nx * 0.8), y: r1((y0 + y1) / 2 + ny * 0.8), class: 'alab', 'font-size': r1(10 * u), fill: color });
    t.textContent = label;
    g.append(t);
  }
  return g;
}

/**
 * The arrows are kept by what they draw (kind, ends, scale, colour, label, dash, route): a view — one with every
 * command's answer — adds only the arrows that are new and removes only those gone, instead of rebuilding every
 * helper arrow of the side (four SVG elements each, ~200 arrows mid-game) to be styled, laid out and painted again
 * (D11 B7).
 */
function renderArrows(b, u) {
  const A = D.els.arrows;
  const want = [];
  const next = new Map();
  const old = D.arrowEls || new Map();
  const put = (key, make) => {
    let e = old.get(key);
    if (!e || next.has(key)) e = make();
    next.set(key, e);
    want.push(e);
  };
  const side = me();
  if (b && !D.playback && D.view && side) {
    const pv = D.view.preview;
    const k = r1(u * 1000);
    const line = (from, to, cls, width, color, label, dashed, route) =>
      put(`${cls}|${from}|${to}|${k}|${width}|${color}|${label}|${dashed}|${route}`, () => {
        const a = arrow(from, to, u, cls, width, color, label, dashed);
        if (route !== null) a.dataset.route = String(route);
        return a;
      });
    // D10.5: helper moves thin white (1.5 px), from the server's preview.
    if (pv) for (const [from, to, n, half] of pv.helper) {
      if (D.byId.get(from) && D.byId.get(to)) line(from, to, 'arrow helper', 1.5, '#ffffff', half ? '½' : null, false, null);
    }
    // Routes turquoise from the army's node to the end, dashed while waiting.
    for (const r of D.view.routes || []) {
      if (r.side !== side) continue;
      const waiting = r.waiting || (pv && pv.waiting.includes(r.id));
      for (let i = r.at; i + 1 < r.path.length; i++) {
        if (!D.byId.get(r.path[i]) || !D.byId.get(r.path[i + 1])) continue;
        line(r.path[i], r.path[i + 1], 'arrow route', 2.2, ROUTE, i === r.at && r.count === 'half' && r.at === 0 ? '½' : null, !!waiting, r.id);
      }
    }
    // Manual orders thick in the own colour; ½ for half; ■ for stand.
    for (const o of myOrders()) {
      if (o.count === 'stand') {
        const p = D.byId.get(o.from);
        if (!p) continue;
        put(`stand|${o.from}|${k}|${COLOR[side]}`, () => {
          const s = 6 * u;
          return svg('rect', { x: r1(p.pos[0] + 8 * u), y: r1(p.pos[1] - 12 * u), width: r1(s), height: r1(s), class: 'stand', fill: COLOR[side], stroke: '#fff', 'stroke-width': r1(u), 'data-from': o.from });
        });
        continue;
      }
      if (D.byId.get(o.from) && D.byId.get(o.to)) line(o.from, o.to, 'arrow manual', 4, COLOR[side], o.count === 'half' ? '½' : null, false, null);
    }
  }
  D.arrowEls = next;
  // The group's children become `want`, in order, touching only what changed.
  const keep = new Set(want);
  for (const c of [...A.children]) if (!keep.has(c)) c.remove();
  let cur = A.firstChild;
  for (const e of want) {
    if (cur === e) { cur = cur.nextSibling; continue; }
    A.insertBefore(e, cur);
  }
}

function renderHatch() {
  const H = D.els.hatch;
  H.replaceChildren();
  const side = me();
  if (D.tool !== 3 || !side || !D.view || D.playback) return;
  const paint = D.view.paint && D.view.paint[side];
  if (!paint) return;
  for (const [id, mode] of Object.entries(paint)) {
    const n = D.byId.get(id);
    if (!n) continue;
    if (n.d) H.append(svg('path', { d: n.d, fill: `url(#hatch-${mode})`, class: 'paint', 'data-id': id, 'data-mode': mode }));
    else H.append(svg('circle', { cx: n.pos[0], cy: n.pos[1], r: 20, fill: `url(#hatch-${mode})`, class: 'paint', 'data-id': id, 'data-mode': mode }));
  }
  if (D.stroke) for (const id of D.stroke.ids) {
    const n = D.byId.get(id);
    if (n && n.d) H.append(svg('path', { d: n.d, class: 'stroke-preview' }));
  }
}

/** D5.3 on the page (for drawing the draft only; the server decides): Dijkstra, land 1000, sea 1001, ties by id. */
function shortestLeg(from, to) {
  if (from === to) return [from];
  const cost = new Map([[from, 0]]);
  const prev = new Map();
  const done = new Set();
  const q = [[0, from]];
  while (q.length) {
    q.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const [c, id] = q.shift();
    if (done.has(id)) continue;
    done.add(id);
    if (id === to) break;
    for (const n of D.byId.get(id).nbrs) {
      const nc = c + (isSea(n) ? 1001 : 1000);
      if (!cost.has(n) || nc < cost.get(n)) { cost.set(n, nc); prev.set(n, id); q.push([nc, n]); }
    }
  }
  if (!prev.has(to)) return null;
  const path = [to];
  while (path[0] !== from) path.unshift(prev.get(path[0]));
  return path;
}

function draftPath() {
  const d = D.draft;
  if (!d) return null;
  const path = [d.from];
  for (const p of d.points) {
    const leg = shortestLeg(path[path.length - 1], p);
    if (!leg) return null;
    path.push(...leg.slice(1));
  }
  return path;
}

function renderDraft(u) {
  const G = D.els.draft;
  G.replaceChildren();
  if (!D.draft) return;
  const path = draftPath() || [D.draft.from];
  for (let i = 0; i + 1 < path.length; i++) G.append(arrow(path[i], path[i + 1], u, 'arrow draft', 2.2, ROUTE, null, true));
  for (const p of [D.draft.from, ...D.draft.points]) {
    const n = D.byId.get(p);
    G.append(svg('circle', { cx: r1(n.pos[0]), cy: r1(n.pos[1]), r: r1(5 * u), class: 'waypoint', 'data-id': p }));
  }
}

function clockLeft() {
  const st = api && api.status();
  if (!st || !st.deadlineAt || (D.view && D.view.status !== 'running')) return null;
  return Math.max(0, Math.ceil((st.deadlineAt - (Date.now() + (api.skew ? api.skew() : 0))) / 1000));
}

function renderTop() {
  if (!D.els) return;
  const items = [];
  topItems({ append: (...xs) => { items.push(...xs); } });
  putChildren(D.els.top, items);
}

/** The top bar's items, appended to T. */
function topItems(T) {
  const st = api && api.status();
  if (D.playback) {
    const pb = D.playback, f = pb.data.frames[pb.at];
    T.append(el('span', 'turn', `回放 · 第 ${f.turn} 回合（${pb.at + 1}/${pb.data.frames.length}）`));
    for (const [i, sd] of [[0, 'A'], [1, 'B']]) {
      const s = el('span', `side side-${sd}`, `${pb.data.names[sd]}${pb.data.bots[sd] ? `（${pb.data.bots[sd]}）` : ''} ${f.scores[i]} 分`);
      T.append(s);
    }
    if (pb.at === pb.data.frames.length - 1 && pb.data.result) T.append(el('span', 'result', resultText(pb.data.result)));
    return;
  }
  const v = D.view;
  const info = duelInfo();
  if (!v) {
    const open = st && st.status === 'open';
    T.append(el('span', 'turn', open && info ? '等待对手：对手打开链接后对决立即开始。' : open ? '对决尚未开始：红方、蓝方各一人加入后由裁判开始。也可以在右侧竞技场观看机器人对战。' : '…'));
    return;
  }
  T.append(el('span', 'turn', v.limits ? `第 ${v.turn}/${v.limits.turnLimit} 回合` : `第 ${v.turn} 回合`));
  const left = clockLeft();
  const clock = el('span', 'clock' + (left !== null && left <= 10 ? ' low' : ''), left === null ? (v.paused ? '暂停' : '—') : `${left} 秒`);
  clock.id = 'duel-clock';
  T.append(clock);
  const side = me();
  for (const sd of ['A', 'B']) {
    const x = v.sides[sd];
    const who = st && st.countries ? (st.countries.find((c) => c.id === sd) || {}).player : null;
    // D10.5: the names and, in a lobby duel, each person's rating (? while provisional).
    const r = info && info.sides[sd] && info.sides[sd].rating !== null && v.status === 'running' ? ` ${info.sides[sd].rating}${info.sides[sd].provisional ? '?' : ''}` : '';
    const s = el('span', `side side-${sd}${x.ready ? ' ready' : ''}`, `${SIDE_ZH[sd]}${who ? ` ${who.name}` : x.bot ? `（${x.bot}）` : ''}${r}${side === sd ? '（你）' : ''} · ${x.score} 分 · ${x.ready ? '✓ 已准备' : '✗ 未准备'}`);
    s.dataset.side = sd;
    T.append(s);
  }
  const idleTurns = v.limits ? v.limits.idleTurns : 3;
  if (side && v.status === 'running' && idleTurns > 0 && v.sides[side].idle >= idleTurns - 1) T.append(el('span', 'warn', `再一回合不操作就判负（${idleTurns} 回合无操作）`));
  if (v.result) T.append(el('span', 'result', resultText({ winner: v.winner || [], how: v.result.how })));
  if (v.status === 'ended' && info) {
    // D9.3: what the game did to both ratings (an unrated game says so).
    const moved = ['A', 'B'].filter((sd) => info.sides[sd] && info.sides[sd].delta !== null);
    const line = moved.length
      ? `等级分：${moved.map((sd) => `${info.sides[sd].name} ${info.sides[sd].rating}（${signed(info.sides[sd].delta)}）`).join(' · ')}`
      : info.rated === false || v.rated === false ? '这局不计等级分' : '';
    if (line) { const e = el('span', 'ratings', line); e.id = 'duel-ratings'; T.append(e); }
  } else if (info && v.status === 'running') {
    T.append(el('span', `rated${v.rated ? ' on' : ''}`, v.rated ? '排位赛' : '不计等级分'));
  }
}

function resultText(r) {
  const how = { capital: '攻占首都', score: '比分', technical: '技术判负', resign: '认输', abandoned: '弃局', judge: '裁判' }[r.how] || r.how;
  return r.winner && r.winner.length ? `${SIDE_ZH[r.winner[0]]}胜（${how}）` : `平局（${how}）`;
}

function renderSide() {
  if (!D.els) return;
  const side = me();
  const live = running() && !!side && !D.playback;
  for (const b of D.els.tools.querySelectorAll('button')) {
    b.classList.toggle('on', Number(b.dataset.tool) === D.tool);
    b.disabled = !live;
  }
  D.els.palette.hidden = D.tool !== 3 || !live;
  D.els.tip.hidden = D.tool !== 3 || !live;
  for (const b of D.els.palette.querySelectorAll('button')) b.classList.toggle('on', b.dataset.brush === D.brush);
  D.els.ready.hidden = !live;
  D.els.resign.hidden = !live;
  const readyText = live ? (D.view.sides[side].ready ? '取消准备' : '准备（Enter）') : null;
  if (readyText !== null && D.els.ready.textContent !== readyText) D.els.ready.textContent = readyText;
  D.els.ready.classList.toggle('is-ready', live && D.view.sides[side].ready);
  const paras = [];
  const info = { append: (x) => { paras.push(x); } };
  if (live) {
    const h = D.view.sides[side];
    const lines = [];
    if (D.tool === 1) lines.push(D.sel ? `已选 ${nameOf(D.sel)}：点邻居 = 全部，再点 = 一半；点自己 = 驻守；右键取消` : '点你的领土，再点一个邻居下令。');
    if (D.tool === 2) lines.push(D.draft ? `路线 ${[D.draft.from, ...D.draft.points].map(nameOf).join('→')}（${D.draft.count === 'half' ? '一半' : '全部'}）：再点最后一点或 Enter 完成，点起点切换全/半` : '点你有兵的领土，再点任意领土（可加途经点）。');
    if (D.tool === 3) lines.push(`默认模式：${MODES[h.helper] || h.helper}；集结点：${h.rally ? nameOf(h.rally) : '无（敌方首都）'}`);
    for (const l of lines) info.append(el('p', 'hint', l));
  } else if (D.view && !side && !D.playback) info.append(el('p', 'hint', '观战中：只显示公开的局面。'));
  putChildren(D.els.info, paras);
  renderEvents();
}

function renderEvents() {
  const E = D.els.events;
  const evs = D.playback ? D.playback.data.frames[D.playback.at].events : D.view ? D.view.lastEvents : [];
  const list = el('ul', 'evlist');
  for (const e of evs || []) {
    const t = eventText(e);
    if (t) list.append(el('li', `ev ev-${e.type}`, t));
  }
  if (!list.childElementCount) list.append(el('li', 'ev none', '（无）'));
  // The list changes with the turn, not with a click: the same lines leave the panel as it is.
  const sig = [...list.children].map((x) => `${x.className}\u0001${x.textContent}`).join('\u0002');
  if (E.dataset.sig === sig && E.childElementCount === 1) return;
  E.dataset.sig = sig;
  E.replaceChildren(list);
}

/** One line per event of D10.8's lastEvents; moves, arrivals and clock events are not listed. */
function eventText(e) {
  const s = (x) => (x ? SIDE_ZH[x] : '中立');
  const routeReason = { repelled: '进攻被击退', destroyed: '全军覆没', lost: '所在地失守', empty: '无兵可走' };
  switch (e.type) {
    case 'battle': return `${s(e.attacker)}攻打${nameOf(e.territory)}（${e.attackers} 对 ${e.defenders}）：${e.won ? `占领，剩 ${e.left}` : `失败，守军剩 ${e.left}`}`;
    case 'melee': {
      const who = e.entrants.map((x) => `${s(x.side)} ${x.n}`).join(' 对 ');
      return `${nameOf(e.territory)}混战：${who} → ${e.survivor ? `${s(e.survivor)}剩 ${e.left}` : '同归于尽'}`;
    }
    case 'headOn': return `${nameOf(e.a.from)}↔${nameOf(e.b.from)} 迎头相遇（${e.a.n} 对 ${e.b.n}）：${e.survivor ? `${s(e.survivor)}剩 ${e.left}` : '同归于尽'}`;
    case 'seaLoss': return `${nameOf(e.sea)}：${s(e.side)}海上损失 ${e.before - e.after}`;
    case 'growth': return `${s(e.side)}增兵 ${e.armies}`;
    case 'routeCancelled': return `${s(e.side)}路线 #${e.route} 取消：${routeReason[e.reason] || e.reason}`;
    case 'routeDone': return `${s(e.side)}路线 #${e.route} 到达`;
    case 'victory': return e.winners && e.winners.length ? `${s(e.winners[0])}获胜` : '平局';
    default: return null;
  }
}

// ---------- commands ----------

async function say(text) {
  if (!api || !D.channel) return null;
  const ack = await api.act({ t: 'say', channelId: D.channel, text });
  if (!ack.ok && !ack.toasted) api.toast(ack.text || ack.code, true);
  return ack;
}

function hint(text) {
  const h = D.els.hint;
  h.textContent = text;
  h.hidden = !text;
  clearTimeout(hint.t);
  if (text) hint.t = setTimeout(() => { h.hidden = true; }, 2500);
}

function setTool(n) {
  D.tool = n;
  D.sel = null;
  D.draft = null;
  D.stroke = null;
  renderSide();
  scheduleOverlay();
}

/** D10.5 left click / tap on a node. */
function clickNode(id) {
  if (!running() || !me() || D.playback) return;
  D.lastClickAt = performance.now();
  const side = me();
  const b = board();
  if (D.tool === 1) {
    if (!D.sel) {
      if (ownNode(b, id, side)) D.sel = id;
      else hint('先点你自己的领土');
    } else if (id === D.sel) {
      say(`【驻守】${nameOf(id)}`);
      D.sel = null;
    } else if (D.byId.get(D.sel).nbrs.includes(id)) {
      const cur = myOrders().find((o) => o.from === D.sel && o.to === id);
      const count = cur && cur.count === 'all' ? '一半' : '全部';
      say(`【调兵】${nameOf(D.sel)}→${nameOf(id)} ${count}`);
    } else if (ownNode(b, id, side)) D.sel = id;
    else hint(`${nameOf(id)}不与${nameOf(D.sel)}相邻`);
  } else if (D.tool === 2) {
    const d = D.draft;
    if (!d) {
      if (ownNode(b, id, side) && armiesOf(b, id, side) > 0) D.draft = { from: id, points: [], count: 'all' };
      else hint('路线从你有兵的领土出发');
    } else if (id === d.from && !d.points.length) d.count = d.count === 'all' ? 'half' : 'all';
    else if (d.points.length && id === d.points[d.points.length - 1]) finishRoute();
    else if (id === d.from) d.count = d.count === 'all' ? 'half' : 'all';
    else d.points.push(id);
  } else if (D.tool === 3 && D.brush === 'flag') {
    if (isSea(id)) { hint('集结点只能在陆地上'); return; }
    const cur = D.view.sides[side].rally;
    say(cur === id ? '【集结点】取消' : `【集结点】${nameOf(id)}`);
  }
  renderSide();
  scheduleOverlay();
}

function finishRoute() {
  const d = D.draft;
  if (!d || !d.points.length) return;
  D.draft = null;
  say(`【路线】${[d.from, ...d.points].map(nameOf).join('→')}${d.count === 'half' ? ' 一半' : ''}`);
  renderSide();
  scheduleOverlay();
}

/** D10.5 right click / long press: cancel the node's order, else the routes standing there; in a draft, drop the last point. */
function cancelNode(id) {
  if (!running() || !me() || D.playback) return;
  if (D.tool === 2 && D.draft) {
    if (D.draft.points.length) D.draft.points.pop(); else D.draft = null;
    renderSide();
    scheduleOverlay();
    return;
  }
  if (!id) { D.sel = null; scheduleOverlay(); renderSide(); return; }
  const side = me();
  if (myOrders().some((o) => o.from === id)) say(`【撤销】${nameOf(id)}`);
  else if ((D.view.routes || []).some((r) => r.side === side && (r.path[r.at] === id || (r.at === 0 && r.path[0] === id)))) say(`【撤销】路线 ${nameOf(id)}`);
  else hint(`${nameOf(id)}没有命令或路线`);
  if (D.sel === id) D.sel = null;
  renderSide();
  scheduleOverlay();
}

function endStroke() {
  const st = D.stroke;
  D.stroke = null;
  if (!st || !st.ids.length) { scheduleOverlay(); return; }
  const names = st.ids.map(nameOf).join('、');
  say(st.mode === 'clear' ? `【助手】清除 ${names}` : `【助手】${MODES[st.mode]} ${names}`);
  scheduleOverlay();
}

function onKey(e) {
  if (!D.channel || !D.els || D.els.root.hidden) return;
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
  if (document.querySelector('dialog[open]')) return;
  if (D.playback) {
    if (e.key === ' ') { e.preventDefault(); togglePlay(); }
    return;
  }
  if (e.key === '1' || e.key === '2' || e.key === '3') { setTool(Number(e.key)); e.preventDefault(); }
  else if (e.key === 'Escape') { D.sel = null; D.draft = null; D.stroke = null; renderSide(); scheduleOverlay(); }
  else if (e.key === 'Enter') {
    e.preventDefault();
    if (D.tool === 2 && D.draft) finishRoute();
    else if (running() && me()) say('【准备】');
  }
}

// ---------- pointer: click, drag pan, wheel and pinch zoom, long press ----------

/** The territory under a screen point: the topmost hit (every layer above the shapes takes no pointer events). */
function nodeAt(x, y) {
  const e = document.elementFromPoint(x, y);
  return e && e.dataset && e.dataset.id && e.closest('.terr') ? e.dataset.id : null;
}

function attachPointer(s) {
  const pts = new Map();
  let gesture = null;
  s.addEventListener('contextmenu', (e) => { e.preventDefault(); });
  s.addEventListener('wheel', (e) => {
    e.preventDefault();
    const notches = Math.max(-5, Math.min(5, -e.deltaY / (e.deltaMode === 1 ? 3 : 100)));
    zoomAt(e.clientX, e.clientY, Math.pow(1.2, notches || (e.deltaY < 0 ? 1 : -1)));
  }, { passive: false });
  s.addEventListener('pointerdown', (e) => {
    s.setPointerCapture(e.pointerId);
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 2) {
      const [a, b] = [...pts.values()];
      if (gesture && gesture.timer) clearTimeout(gesture.timer);
      gesture = { kind: 'pinch', d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
      D.stroke = null;
      return;
    }
    if (pts.size > 2) return;
    const t = e.target;
    const id = t && t.dataset && t.dataset.id && t.closest('.terr') ? t.dataset.id : nodeAt(e.clientX, e.clientY);
    if (e.pointerType === 'mouse' && e.button === 2) { cancelNode(id); gesture = null; return; }
    if (e.pointerType === 'mouse' && e.button === 1) { gesture = { kind: 'pan', x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY, moved: true }; return; }
    const brushing = D.tool === 3 && D.brush !== 'flag' && running() && me() && !D.playback && e.pointerType === 'mouse';
    gesture = { kind: brushing ? 'brush' : 'press', x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY, moved: false, id, touch: e.pointerType !== 'mouse' };
    if (brushing) {
      D.stroke = { mode: D.brush, ids: [] };
      if (id && !isSea(id)) D.stroke.ids.push(id);
      scheduleOverlay();
    }
    if (gesture.touch) {
      // Long press = right click (D10.5).
      gesture.timer = setTimeout(() => { if (gesture && !gesture.moved && gesture.kind === 'press') { gesture.kind = 'done'; if (D.tool === 3 && D.brush !== 'flag') brushTap(id, true); else cancelNode(id); } }, 550);
    }
  });
  s.addEventListener('pointermove', (e) => {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (!gesture) return;
    if (gesture.kind === 'pinch' && pts.size >= 2) {
      const [a, b] = [...pts.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      panBy(mx - gesture.mx, my - gesture.my);
      if (gesture.d > 0 && d > 0) zoomAt(mx, my, d / gesture.d);
      gesture.d = d; gesture.mx = mx; gesture.my = my;
      return;
    }
    if (gesture.kind === 'brush') {
      const id = nodeAt(e.clientX, e.clientY);
      if (id && !isSea(id) && !D.stroke.ids.includes(id)) { D.stroke.ids.push(id); scheduleOverlay(); }
      return;
    }
    if (gesture.kind !== 'press' && gesture.kind !== 'pan') return;
    const far = Math.hypot(e.clientX - gesture.sx, e.clientY - gesture.sy) > (gesture.touch ? 8 : 4);
    if (!gesture.moved && far) { gesture.moved = true; gesture.kind = 'pan'; if (gesture.timer) clearTimeout(gesture.timer); }
    if (gesture.kind === 'pan') {
      panBy(e.clientX - gesture.x, e.clientY - gesture.y);
      gesture.x = e.clientX; gesture.y = e.clientY;
    }
  });
  const up = (e) => {
    if (!pts.has(e.pointerId)) return;
    pts.delete(e.pointerId);
    const g = gesture;
    if (pts.size > 0) { if (g && g.kind === 'pinch') gesture = { kind: 'done' }; return; }
    gesture = null;
    if (!g) return;
    if (g.timer) clearTimeout(g.timer);
    if (g.kind === 'brush') { endStroke(); return; }
    if (g.kind === 'press' && !g.moved && e.type === 'pointerup') {
      const id = g.id || nodeAt(e.clientX, e.clientY);
      if (D.tool === 3 && D.brush !== 'flag') brushTap(id, false);
      else if (id) clickNode(id);
    }
  };
  s.addEventListener('pointerup', up);
  s.addEventListener('pointercancel', up);
}

/** A tap with the brush (touch, or a mouse click without drag): paint one territory. */
function brushTap(id, clear) {
  if (!id || isSea(id) || !running() || !me()) return;
  const mode = clear ? 'clear' : D.brush;
  say(mode === 'clear' ? `【助手】清除 ${nameOf(id)}` : `【助手】${MODES[mode]} ${nameOf(id)}`);
}

// ---------- B7: when the arrows after a click are on screen ----------

function markDrawn() {
  if (!D.lastClickAt) return;
  const t0 = D.lastClickAt;
  D.lastClickAt = 0;
  requestAnimationFrame(() => {
    window.__duelLatency = window.__duelLatency || [];
    window.__duelLatency.push(performance.now() - t0);
  });
}

// ---------- the arena and playback (D10.4, D10.7) ----------

function arenaPanel() {
  const box = el('details', 'duel-arena');
  box.id = 'duel-arena';
  box.append(el('summary', '', '竞技场 · 回放'));
  const row = el('div', 'row');
  const pick = (id, def) => {
    const s = el('select');
    s.id = id;
    for (const b of ['greedy', 'lander']) { const o = el('option', '', b === 'greedy' ? '贪婪（greedy）' : '登陆（lander）'); o.value = b; s.append(o); }
    s.value = def;
    return s;
  };
  const a = pick('arena-a', 'greedy'), b = pick('arena-b', 'lander');
  const seed = el('input');
  seed.id = 'arena-seed';
  seed.type = 'number';
  seed.min = '0';
  seed.value = '1';
  const speed = el('select');
  speed.id = 'arena-speed';
  for (const [ms, label] of [[100, '很快'], [250, '快'], [500, '正常（500 毫秒/回合）'], [1000, '慢']]) { const o = el('option', '', label); o.value = String(ms); speed.append(o); }
  speed.value = '500';
  speed.addEventListener('change', () => { if (D.playback) { D.playback.ms = Number(speed.value); if (D.playback.timer) { togglePlay(); togglePlay(); } } });
  const go = el('button', 'primary', '观看机器人对战');
  go.type = 'button';
  go.id = 'arena-go';
  go.addEventListener('click', () => startPlayback(`@game duel\n@seed ${Math.max(0, Math.floor(Number(seed.value) || 0))}\n@bot A ${a.value}\n@bot B ${b.value}\n`));
  const file = el('input');
  file.type = 'file';
  file.id = 'arena-file';
  file.accept = '.txt,text/plain';
  file.addEventListener('change', async () => { const f = file.files && file.files[0]; if (f) startPlayback(await f.text()); file.value = ''; });
  row.append(el('label', '', '红方'), a, el('label', '', '蓝方'), b, el('label', '', '种子'), seed);
  const row2 = el('div', 'row');
  row2.append(el('label', '', '速度'), speed, go);
  const row3 = el('div', 'row');
  const fl = el('label', 'file', '回放文件（npm run simulate -- --game duel --out …）');
  fl.append(file);
  row3.append(fl);
  const ctl = el('div', 'row pb-ctl');
  ctl.id = 'pb-ctl';
  for (const [id, label, fn] of [['pb-play', '暂停', togglePlay], ['pb-prev', '上一回合', () => step(-1)], ['pb-next', '下一回合', () => step(1)], ['pb-exit', '退出回放', stopPlayback]]) {
    const btn = el('button', '', label);
    btn.type = 'button';
    btn.id = id;
    btn.addEventListener('click', fn);
    ctl.append(btn);
  }
  ctl.hidden = true;
  box.append(row, row2, row3, ctl);
  return box;
}

async function startPlayback(text) {
  if (!D.channel) return;
  const ack = await api.act({ t: 'playback', channelId: D.channel, text });
  if (!ack.ok) { if (!ack.toasted) api.toast(ack.text || ack.code, true); return; }
  const data = D.pending.get(ack.id);
  D.pending.delete(ack.id);
  if (!data) return;
  stopPlayback();
  D.playback = { data, at: 0, timer: null, ms: Number($('arena-speed').value) || 500 };
  $('pb-ctl').hidden = false;
  D.els.root.classList.add('playing');
  togglePlay();
  render();
}

function togglePlay() {
  const pb = D.playback;
  if (!pb) return;
  if (pb.timer) { clearInterval(pb.timer); pb.timer = null; }
  else {
    if (pb.at >= pb.data.frames.length - 1) pb.at = 0;
    pb.timer = setInterval(() => { if (pb.at < pb.data.frames.length - 1) { pb.at += 1; render(); } else { clearInterval(pb.timer); pb.timer = null; $('pb-play').textContent = '播放'; } }, pb.ms);
  }
  $('pb-play').textContent = pb.timer ? '暂停' : '播放';
}

function step(d) {
  const pb = D.playback;
  if (!pb) return;
  pb.at = Math.max(0, Math.min(pb.data.frames.length - 1, pb.at + d));
  render();
}

function stopPlayback() {
  if (D.playback && D.playback.timer) clearInterval(D.playback.timer);
  D.playback = null;
  if ($('pb-ctl')) $('pb-ctl').hidden = true;
  if (D.els) D.els.root.classList.remove('playing');
  render();
}

// For the browser tests and the B7 bench: where a territory is on screen, and the view's state.
window.__duel = {
  screenOf(id) {
    const n = D.byId.get(id);
    const m = D.els && D.els.svg.getScreenCTM();
    if (!n || !m) return null;
    const p = new DOMPoint(n.pos[0], n.pos[1]).matrixTransform(m);
    return { x: p.x, y: p.y };
  },
  view: () => D.view,
  geo: () => D.geo,
  zoom: () => ({ k: D.k, vb: { ...D.vb } }),
  tool: () => D.tool,
  sel: () => D.sel,
  draft: () => (D.draft ? { ...D.draft, points: [...D.draft.points] } : null),
  playback: () => (D.playback ? { at: D.playback.at, frames: D.playback.data.frames.length, result: D.playback.data.result } : null),
};

// The countdown ticks every half second.
setInterval(() => { if (D.channel && D.view && !D.playback && D.view.status === 'running') { const c = $('duel-clock'); const left = clockLeft(); if (c && left !== null) { c.textContent = `${left} 秒`; c.classList.toggle('low', left <= 10); } } }, 500);
