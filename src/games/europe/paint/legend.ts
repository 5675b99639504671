/** The legend (countries' territories and armies, the key, the "see region zoom" note) and the header band. */
import type { GameMap } from '../map/index.ts';
import type { GameState, LandState, LegendKey, LegendRow, SeaState } from './types.ts';
import type { DroppedLabel } from './map.ts';
import { esc, r1 as f, textWidth } from '../../../platform/render/text.ts';
import { FAIL, GLOW, INK, NEUTRAL, landFill, muted } from './colors.ts';
import { starPath } from './ink.ts';
import { T, countryName, type Lang } from './texts.ts';
import { HEADER } from './view.ts';

function legendRows(map: GameMap, state: GameState, lang: Lang): LegendRow[] {
  const terr = new Map<string, number>(), armies = new Map<string, number>();
  let neutralT = 0, neutralA = 0;
  const minorT = new Map<string, number>();
  for (const id of map.landIds) {
    const ls = state.territories[id] as LandState | undefined;
    if (!ls) continue;
    if (ls.owner) {
      terr.set(ls.owner, (terr.get(ls.owner) ?? 0) + 1);
      armies.set(ls.owner, (armies.get(ls.owner) ?? 0) + ls.armies);
    } else {
      const orig = map.territory.get(id)!.owner;
      if (orig && map.country.get(orig)?.playable === false) minorT.set(orig, (minorT.get(orig) ?? 0) + 1);
      else neutralT++;
      neutralA += ls.armies;
    }
  }
  for (const id of map.seaIds) {
    const ss = state.territories[id] as SeaState | undefined;
    for (const [c, n] of Object.entries(ss?.stacks ?? {})) armies.set(c, (armies.get(c) ?? 0) + n);
  }
  for (const [c, n] of Object.entries(state.arsenals ?? {})) armies.set(c, (armies.get(c) ?? 0) + n);
  const t = T[lang];
  const rows: LegendRow[] = [];
  const ids = map.countries.filter((c) => c.playable !== false && (terr.get(c.id) || state.countries[c.id]?.alive));
  ids.sort((a, b) => (terr.get(b.id) ?? 0) - (terr.get(a.id) ?? 0));
  for (const c of ids) {
    const cs = state.countries[c.id];
    const tag = cs?.overlord ? (lang === 'zh' ? `（${countryName(map, cs.overlord, lang)}傀儡）` : ` (${countryName(map, cs.overlord, lang)} puppet)`) : '';
    rows.push({ color: landFill(c.color), label: countryName(map, c.id, lang) + tag + computerMark(state, c.id, lang), right: `${terr.get(c.id) ?? 0}${t.terr} ${armies.get(c.id) ?? 0}${t.army}`, grey: cs ? !cs.alive : false });
  }
  const minors = map.countries.filter((x) => x.playable === false && minorT.get(x.id));
  if (minors.length <= 3) {
    for (const c of minors) {
      rows.push({ color: muted(c.color), label: lang === 'zh' ? `${countryName(map, c.id, lang)}（${t.neutral}）` : `${countryName(map, c.id, lang)} (${t.neutral})`, right: `${minorT.get(c.id)}${t.terr}` });
    }
  } else {
    // Many minor states (the Europe map has ~30): one row, their muted colours side by side in the chip.
    const n = minors.reduce((a, c) => a + (minorT.get(c.id) ?? 0), 0);
    rows.push({ color: muted(minors[0]!.color), colors: minors.slice(0, 4).map((c) => muted(c.color)), label: t.minors(minors.length), right: `${n}${t.terr}` });
  }
  if (neutralT) rows.push({ color: NEUTRAL, label: t.neutral, right: `${neutralT}${t.terr} ${neutralA}${t.army}` });
  return rows;
}

/** Issue 13: a country a computer plays is marked in words (the picture's font has no emoji). */
export function computerMark(state: GameState, id: string, lang: Lang): string {
  const cs = state.countries[id];
  if (!cs?.alive) return '';
  if (cs.bot) return lang === 'zh' ? '（机器人）' : ' (bot)';
  const ap = state.settings?.autopilot ?? 'off';
  if (ap !== 'off' && (cs.autopilot || !cs.player)) return lang === 'zh' ? '（自动托管）' : ' (autopilot)';
  return '';
}

/** Three value pips (MapLook.marker 'v3') as the legend's key icon. */
const pips = (cx: number, cy: number) =>
  [-5, 0, 5].map((dx) => `<circle cx="${cx + dx}" cy="${cy}" r="2" fill="#1d1d1d" stroke="#fff" stroke-width="0.7"/>`).join('');

export interface LegendBox { w: number; h: number; draw: (x: number, y: number) => string }

/**
 * The legend box. `minimal` (region zooms, where the full map's legend is one post away and room is
 * precious) keeps only the "see region zoom" note, and is empty when nothing was dropped.
 */
export function legendBox(map: GameMap, state: GameState, lang: Lang, dropped: DroppedLabel[], withStrait: boolean, scale = 1, minimal = false): LegendBox {
  const t = T[lang];
  if (minimal && !dropped.length) return { w: 0, h: 0, draw: () => '' };
  const rows = minimal ? [] : state.look ? state.look.legend.rows : legendRows(map, state, lang);
  const fs = 12.5, rh = 18, pad = 8;
  const rightW = Math.max(...rows.map((r) => textWidth(r.right, 11)), 40);
  const labelW = Math.max(...rows.map((r) => textWidth(r.label, fs)), 60);
  const w = Math.max(220, Math.ceil(pad * 2 + 18 + labelW + 10 + rightW));
  // A game with a look draws a failed attack dashed in the attacker's colour (shaped.ts): its key is neutral grey.
  const failKey = state.look ? '#555' : FAIL;
  const all: [LegendKey, string, (x: number, y: number) => string][] = [
    ['capital', t.capital, (x, y) => `<path class="star" d="${starPath(x + 7, y, 6.5)}"/>`],
    ['city', t.city, (x, y) => `<circle class="city" cx="${x + 7}" cy="${y}" r="4"/>`],
    ['value', t.value, (x, y) => pips(x + 9, y)],
    ['arsenal', t.arsenal, (x, y) => `<rect x="${x}" y="${y - 6}" width="14" height="12" rx="2" fill="#fff" stroke="${INK}" stroke-width="1.4"/>`],
    ['move', t.move, (x, y) => `<path d="M${x} ${y}L${x + 12} ${y}" stroke="#555" stroke-width="2.2"/><path d="M${x + 18} ${y}L${x + 11} ${y - 4}L${x + 11} ${y + 4}Z" fill="#555"/>`],
    ['attack', t.attack, (x, y) => `<path d="M${x} ${y}L${x + 11} ${y}" stroke="${INK}" stroke-width="4.6"/><path d="M${x} ${y}L${x + 11} ${y}" stroke="#777" stroke-width="2.6"/><path d="M${x + 18} ${y}L${x + 10} ${y - 5}L${x + 10} ${y + 5}Z" fill="#777" stroke="${INK}"/>`],
    ['failed', t.failed, (x, y) => `<path d="M${x} ${y}L${x + 11} ${y}" stroke="${failKey}" stroke-width="2.6" stroke-dasharray="4 2"/><path class="xx" d="M${x + 11} ${y - 4}L${x + 18} ${y + 4}M${x + 18} ${y - 4}L${x + 11} ${y + 4}"/>`],
    ['capture', t.capture, (x, y) => `<rect x="${x + 1}" y="${y - 5}" width="14" height="10" fill="#fff" stroke="${GLOW}" stroke-width="3.5"/><rect x="${x + 1}" y="${y - 5}" width="14" height="10" fill="none" stroke="#d35400" stroke-width="1"/>`],
  ];
  const shown = state.look?.legend.keys ?? ['capital', 'city', 'arsenal', 'move', 'attack', 'failed', 'capture'];
  const keys: [string, (x: number, y: number) => string][] = minimal ? [] : all.filter(([k]) => shown.includes(k)).map(([, label, icon]) => [label, icon]);
  if (withStrait && !minimal) keys.push([t.strait, (x, y) => `<path class="st0" d="M${x} ${y}L${x + 18} ${y}"/><path class="st1" d="M${x} ${y}L${x + 18} ${y}"/>`]);
  const keyRows = Math.ceil(keys.length / 2);
  // The dropped-label note, wrapped to the box width.
  const noteLines: string[] = [];
  if (dropped.length) {
    let line = state.look?.zooms === false ? t.roomNote : t.zoomNote;
    for (const d of dropped) {
      const item = `${d.name}${d.armies !== null ? ` ${d.armies}` : ''}${d.region ? `→${d.region}` : ''}；`;
      if (textWidth(line + item, 11) > w - pad * 2) { noteLines.push(line); line = item; } else line += item;
    }
    noteLines.push(line);
  }
  const h = pad + 18 + rows.length * rh + (keyRows ? 6 + keyRows * 18 : 0) + (noteLines.length ? 6 + noteLines.length * 15 : 0) + pad;
  const draw = (x0: number, y0: number) => {
    const x = 0, y = 0;
    let s = `<g transform="translate(${f(x0)} ${f(y0)})${scale !== 1 ? ` scale(${scale})` : ''}"><rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="#fffdf8" fill-opacity="0.94" stroke="#6b6357" stroke-width="1"/>`;
    let yy = y + pad + 12;
    s += `<text class="lt" x="${f(x + pad)}" y="${f(yy)}">${esc(t.legend)}</text>`;
    yy += 6;
    for (const r of rows) {
      const cy = yy + rh / 2;
      const fill = r.grey ? '#bbbbbb' : r.color;
      if (r.colors && r.colors.length > 1) {
        const sw = 14 / r.colors.length;
        r.colors.forEach((c, k) => { s += `<rect x="${f(x + pad + k * sw)}" y="${f(cy - 6.5)}" width="${f(sw + 0.3)}" height="13" fill="${c}"/>`; });
        s += `<rect x="${f(x + pad)}" y="${f(cy - 6.5)}" width="14" height="13" rx="2" fill="none" stroke="#444" stroke-width="0.8"/>`;
      } else s += `<rect x="${f(x + pad)}" y="${f(cy - 6.5)}" width="14" height="13" rx="2" fill="${fill}" stroke="#444" stroke-width="0.8"/>`;
      s += `<text class="lg${r.grey ? ' gr' : ''}" x="${f(x + pad + 20)}" y="${f(cy + 4.4)}">${esc(r.label)}</text>`;
      s += `<text class="lr${r.grey ? ' gr' : ''}" x="${f(x + w - pad)}" y="${f(cy + 4)}">${esc(r.right)}</text>`;
      yy += rh;
    }
    yy += 6;
    s += `<path d="M${f(x + pad)} ${f(yy - 3)}H${f(x + w - pad)}" stroke="#cfc7b8" stroke-width="1"/>`;
    keys.forEach(([label, icon], i) => {
      const col = i % 2, row = Math.floor(i / 2);
      const kx = x + pad + col * ((w - pad * 2) / 2), ky = yy + row * 18 + 9;
      s += icon(kx, ky) + `<text class="lk" x="${f(kx + 23)}" y="${f(ky + 4)}">${esc(label)}</text>`;
    });
    yy += keyRows * 18;
    if (noteLines.length) {
      yy += 6;
      for (const l of noteLines) {
        yy += 15;
        s += `<text class="ln" x="${f(x + pad)}" y="${f(yy - 3)}">${esc(l)}</text>`;
      }
    }
    return s + '</g>';
  };
  return { w: w * scale, h: h * scale, draw };
}

/** The title band: map name and turn, and on the right the region shown or how the game ended. */
export function headerSvg(map: GameMap, state: GameState, lang: Lang, W: number, regionName: string | null): string {
  const t = T[lang];
  const title = state.look ? state.look.header.title : `${lang === 'en' ? map.file.name.en : map.file.name.zh} · ${t.turn(state.turn)}`;
  let right = regionName ? `${t.region}${regionName}` : '';
  if (state.look) {
    if (!regionName) right = state.look.header.right;
  } else if (state.status === 'ended') {
    right = `${t.ended}${state.winner?.length ? ` · ${t.winner}${state.winner.map((c) => countryName(map, c, lang)).join('、')}` : ''}`;
  }
  return `<rect width="${W}" height="${HEADER}" fill="#2c3e50"/><text class="h1" x="12" y="27">${esc(title)}</text>` +
    (right ? `<text class="h2" x="${W - 12}" y="26">${esc(right)}</text>` : '');
}
