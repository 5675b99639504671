/**
 * 国战's table picture (issue 20; guozhan.md X1): every seat in seat order with its health, hand count, equipment,
 * judgement area, chain and facing, revealed generals and kingdom, markers; the turn, its phase and the acting seat;
 * the piles and the open ask. Drawn from the PUBLIC view only (view.ts `stateJson(s, 'public')`), so nothing private
 * — a hand, a hidden general, a look — can reach the channel through it. SVG here, PNG by the platform's renderer.
 */
import { FONT_STACK } from '../../platform/render/fonts.ts';
import sharp from 'sharp';
import { prepareSharp } from '../../platform/render/png.ts';
import { card, isRed, rankText, SLOT_ZH } from './cards.ts';
import type { Slot, State } from './types.ts';
import { SLOTS } from './types.ts';
import { stateJson } from './view.ts';
import { GENERALS } from './generals.ts';

/** What the picture reads of view.ts's public JSON (its keys, not the engine's state). */
export interface SeatView {
  name: string; alive: boolean; hp: number; maxHp: number; handCount: number;
  equip: Record<Slot, string | null>; judge: string[]; chained: boolean; faceDown: boolean;
  generals: { general: string | null; name: string | null; revealed: boolean }[] | null;
  kingdom: 'wei' | 'shu' | 'wu' | 'qun' | 'careerist' | null;
  markers: { vanguard: number; yinyang: number; companion: number };
  /** The face-up piles on the generals (不屈's 创, 屯田's 田, 空城's 琴): public (X1). */
  pile?: Record<string, string[]>;
}
export interface TableView {
  status: string;
  turn: { n: number; seat: string; phase: string; extra?: boolean } | null;
  piles: { draw: number; discard: number };
  seats: SeatView[];
  ask: { seats?: string[]; text?: string; kind?: string } | null;
  winners: string[] | null;
  bigKingdoms?: string[];
}

const KINGDOM: Record<string, { zh: string; fill: string }> = {
  wei: { zh: '魏', fill: '#3d6cb9' },
  shu: { zh: '蜀', fill: '#c0392b' },
  wu: { zh: '吴', fill: '#2e8b57' },
  qun: { zh: '群', fill: '#9a7d3c' },
  careerist: { zh: '野心家', fill: '#6c3483' },
};
const UNKNOWN = { zh: '未明置', fill: '#6b6b6b' };

/** The phases (types.ts Stage) as players name them. */
export const PHASE_ZH: Record<string, string> = {
  before: '回合开始前', start: '回合开始', prepare: '准备阶段', judge: '判定阶段', draw: '摸牌阶段',
  play: '出牌阶段', playStart: '出牌阶段', playing: '出牌阶段', discard: '弃牌阶段', finish: '结束阶段', end: '回合结束', over: '游戏结束',
};

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A card as the table shows it: ♠7 杀. */
const cardShort = (id: string) => { const c = card(id); return `${c.suit ?? ''}${rankText(c.rank)} ${c.name}`; };

const COLS = 5;
const CARD_W = 232;
const CARD_H = 262;
const GAP = 12;
const HEAD = 64;
const FOOT = 40;

/** The seat's box: kingdom band, generals, health, hand, equipment, judgement area, state tags. */
function seatBox(v: SeatView, index: number, x: number, y: number, acting: string | null, phase: string | null): string {
  const k = v.kingdom ? KINGDOM[v.kingdom] ?? UNKNOWN : UNKNOWN;
  const out: string[] = [];
  const isActing = acting === v.name && v.alive;
  out.push(`<g transform="translate(${x},${y})"${v.alive ? '' : ' opacity="0.55"'}>`);
  out.push(`<rect x="0" y="0" width="${CARD_W}" height="${CARD_H}" rx="10" fill="#fbf8f1" stroke="${isActing ? '#e0a800' : '#c9c2b4'}" stroke-width="${isActing ? 5 : 1.5}"/>`);
  out.push(`<path d="M0,10 a10,10 0 0 1 10,-10 h${CARD_W - 20} a10,10 0 0 1 10,10 v26 h-${CARD_W} z" fill="${k.fill}"/>`);
  out.push(`<text x="10" y="25" class="h">${index + 1} ${esc(v.name)}</text>`);
  out.push(`<text x="${CARD_W - 10}" y="25" class="h r">${esc(k.zh)}</text>`);
  // Generals: a hidden one is only "暗置" here, whoever looks (the public view holds no name for it).
  const gens = v.generals ?? [];
  const label = (i: number) => {
    const g = gens[i];
    if (!g) return '—';
    return g.revealed && g.name ? g.name : '暗置';
  };
  out.push(`<text x="10" y="58" class="g">主将 <tspan class="${gens[0]?.revealed ? 'b' : 'm'}">${esc(label(0))}</tspan></text>`);
  out.push(`<text x="${CARD_W / 2 + 4}" y="58" class="g">副将 <tspan class="${gens[1]?.revealed ? 'b' : 'm'}">${esc(label(1))}</tspan></text>`);
  // Health: one pip per point up to 8, else figures.
  if (v.maxHp <= 8) {
    for (let i = 0; i < v.maxHp; i++) out.push(`<circle cx="${16 + i * 18}" cy="78" r="6.5" fill="${i < v.hp ? '#d63b2f' : '#fff'}" stroke="#a33" stroke-width="1.3"/>`);
    out.push(`<text x="${CARD_W - 10}" y="83" class="r s">体力 ${v.hp}/${v.maxHp}</text>`);
  } else out.push(`<text x="10" y="83">体力 ${v.hp}/${v.maxHp}</text>`);
  out.push(`<text x="10" y="106">手牌 <tspan class="b">${v.handCount}</tspan></text>`);
  const tags = [v.alive ? '' : '阵亡', v.chained ? '连环' : '', v.faceDown ? '叠置' : ''].filter(Boolean);
  if (tags.length) out.push(`<text x="${CARD_W - 10}" y="106" class="r t">${esc(tags.join(' · '))}</text>`);
  // Equipment, one line a slot.
  SLOTS.forEach((slot, i) => {
    const id = v.equip[slot];
    const yy = 128 + i * 19;
    out.push(`<text x="10" y="${yy}" class="g s">${SLOT_ZH[slot]}</text>`);
    if (id) out.push(`<text x="58" y="${yy}" class="s${isRed(card(id).suit) ? ' red' : ''}">${esc(cardShort(id))}</text>`);
  });
  const judge = v.judge.map((id) => card(id).name);
  out.push(`<text x="10" y="${128 + 5 * 19 + 4}" class="g s">判定区 <tspan class="${judge.length ? 'jd' : ''}">${esc(judge.length ? judge.join('、') : '—')}</tspan></text>`);
  const marks = [v.markers.vanguard ? `先驱×${v.markers.vanguard}` : '', v.markers.yinyang ? `阴阳鱼×${v.markers.yinyang}` : '', v.markers.companion ? `珠联璧合×${v.markers.companion}` : '',
    ...Object.entries(v.pile ?? {}).filter(([, ids]) => ids.length).map(([name, ids]) => `${name}×${ids.length}`)].filter(Boolean);
  if (marks.length) out.push(`<text x="10" y="${CARD_H - 12}" class="s mk">${esc(marks.join(' '))}</text>`);
  if (isActing && phase) out.push(`<text x="${CARD_W - 10}" y="${CARD_H - 12}" class="r s act">▶ ${esc(phase)}</text>`);
  out.push('</g>');
  return out.join('');
}

/**
 * What the picture needs of a game: the PUBLIC view (stateJson 'public') without its log and command rows — plain
 * JSON, built on the main thread and posted to the render worker, so nothing private ever reaches the worker.
 */
export function tableView(s: State): TableView {
  const { log: _l, commands: _c, discardPile: _d, ...v } = stateJson(s, 'public', { hands: false, logFrom: s.log.length });
  return v as unknown as TableView;
}

/** The table as an SVG (public view only). */
export function tableSvg(s: State): string {
  return tableSvgOf(tableView(s));
}

/** The SVG of a table view (tableView's JSON: what the render worker is given). */
export function tableSvgOf(v: TableView): string {
  const n = v.seats.length;
  const cols = Math.min(COLS, n);
  const rows = Math.ceil(n / COLS);
  const W = GAP + cols * (CARD_W + GAP);
  const H = HEAD + rows * (CARD_H + GAP) + FOOT;
  const phase = v.turn ? PHASE_ZH[v.turn.phase] ?? v.turn.phase : null;
  const acting = v.turn && v.status !== 'over' ? v.turn.seat : null;
  const head = v.winners
    ? `游戏结束 · 胜者：${v.winners.join('、') || '无'}`
    : v.turn
      ? `第 ${v.turn.n} 回合${v.turn.extra ? '（额外回合）' : ''} · ${v.turn.seat} · ${phase}`
      : '选将中';
  const right = `摸牌堆 ${v.piles.draw} · 弃牌堆 ${v.piles.discard}${v.bigKingdoms && v.bigKingdoms.length ? ` · 大势力 ${v.bigKingdoms.map((x) => KINGDOM[x]?.zh ?? x).join('、')}` : ''}`;
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#efe8da"/>`);
  parts.push(`<text x="${GAP}" y="40" class="title">国战 · ${esc(head)}</text>`);
  parts.push(`<text x="${W - GAP}" y="40" class="r">${esc(right)}</text>`);
  v.seats.forEach((seat, i) => {
    const x = GAP + (i % COLS) * (CARD_W + GAP);
    const y = HEAD + Math.floor(i / COLS) * (CARD_H + GAP);
    parts.push(seatBox(seat, i, x, y, acting, phase));
  });
  if (v.ask && v.ask.text) {
    const who = v.ask.kind === 'nullify' ? '无懈可击时机' : `等待 ${(v.ask.seats ?? []).join('、')}`;
    parts.push(`<text x="${GAP}" y="${H - 14}" class="ask">${esc(who)}：${esc(v.ask.text)}</text>`);
  }
  const style = `text{font-family:${FONT_STACK};font-size:15px;fill:#2b2620}.h{font-size:16px;font-weight:bold;fill:#fff}.title{font-size:22px;font-weight:bold}`
    + '.r{text-anchor:end}.s{font-size:13.5px}.g{fill:#7a7263}.b{font-weight:bold;fill:#2b2620}.m{fill:#9a9385;font-style:italic}.red{fill:#c0392b}'
    + '.t{fill:#8e2c1f;font-weight:bold}.jd{fill:#8e2c1f;font-weight:bold}.mk{fill:#6c3483}.act{fill:#b07d00;font-weight:bold}.ask{font-size:15px;fill:#4a3f2c}';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><style>${style}</style>${parts.join('')}</svg>`;
}

/** What the hand's picture is given (a seat's own cards: drawn only for that seat's private answer, issue 20). */
export interface HandView { seat: string; generals: string[]; cards: { id: string; suit: string; rank: string; name: string }[] }

/** A seat's hand for its picture (its own private view: the caller gives it only to that seat). */
export function handView(s: State, seat: number): HandView {
  const p = s.players[seat]!;
  const gens = p.generals ? p.generals.map((g, k) => `${k === 0 ? '主将' : '副将'} ${GENERALS[g]?.zh ?? g}${p.revealed[k] ? '' : '（暗置）'}`) : [];
  return { seat: p.name, generals: gens, cards: p.hand.map((id) => { const c = card(id); return { id, suit: c.suit ?? '', rank: rankText(c.rank), name: c.name }; }) };
}

const HC_W = 92;
const HC_H = 128;
/** The hand as cards in a row (wrapping after ten): suit and rank in the corner, the name across the middle. */
export function handSvgOf(v: HandView): string {
  const per = 10;
  const cols = Math.max(1, Math.min(per, v.cards.length));
  const rows = Math.max(1, Math.ceil(v.cards.length / per));
  const W = GAP + cols * (HC_W + GAP);
  const H = 48 + rows * (HC_H + GAP);
  const parts: string[] = [`<rect width="${Math.max(W, 360)}" height="${H}" fill="#efe8da"/>`, `<text x="${GAP}" y="30" class="title">${esc(v.seat)}的手牌（${v.cards.length}）</text>`];
  if (v.generals.length) parts.push(`<text x="${GAP}" y="30" dx="${180}" class="g">${esc(v.generals.join(' · '))}</text>`);
  v.cards.forEach((c, i) => {
    const x = GAP + (i % per) * (HC_W + GAP);
    const y = 44 + Math.floor(i / per) * (HC_H + GAP);
    const red = isRed(c.suit as never) ? ' red' : '';
    parts.push(`<g transform="translate(${x},${y})"><rect width="${HC_W}" height="${HC_H}" rx="8" fill="#fbf8f1" stroke="#c9c2b4" stroke-width="1.5"/>`
      + `<text x="8" y="22" class="b${red}">${esc(c.suit)}${esc(c.rank)}</text>`
      + `<text x="${HC_W / 2}" y="${HC_H / 2 + 8}" class="cn${red}">${esc(c.name)}</text>`
      + `<text x="${HC_W / 2}" y="${HC_H - 10}" class="s g" text-anchor="middle">${esc(c.id)}</text></g>`);
  });
  const style = `text{font-family:${FONT_STACK};font-size:15px;fill:#2b2620}.title{font-size:20px;font-weight:bold}.g{fill:#7a7263}.b{font-weight:bold}.s{font-size:12px}`
    + `.red{fill:#c0392b}.cn{font-size:${v.cards.some((c) => c.name.length > 4) ? 14 : 18}px;font-weight:bold;text-anchor:middle}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.max(W, 360)}" height="${H}" viewBox="0 0 ${Math.max(W, 360)} ${H}"><style>${style}</style>${parts.join('')}</svg>`;
}

/**
 * SVG → PNG for the table: flat colours and text compress well at a low zlib level, which halves the encoding time
 * of the platform's default (level 5) for a picture ~10% bigger (~90 KB) — the 80 ms target (issue 20) is the point.
 */
async function svgToPng(svg: string): Promise<Buffer> {
  prepareSharp();
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer();
}

/** The table as a PNG (issue 20: posted at each turn start and on request), drawn in this thread. */
export function tablePng(s: State): Promise<Buffer> {
  return svgToPng(tableSvg(s));
}

// ── the render worker's painter module (src/platform/render/worker.ts's Painter) ──

/** 国战 has no resource to prepare (no map): the worker is sent a token once. */
export function prepare(): null {
  return null;
}

export async function paint(kind: string, _prepared: unknown, v: TableView | HandView): Promise<Uint8Array> {
  if (kind === 'hand') return svgToPng(handSvgOf(v as HandView));
  if (kind !== 'table') throw new Error(`国战 has no picture "${kind}"`);
  return svgToPng(tableSvgOf(v as TableView));
}

// ── the renderer GuozhanRules.draw is given ──

/** What GuozhanRules.draw needs of a renderer: injectable, so tests use their own and a missing one only loses pictures. */
export interface GuozhanRenderer {
  tablePng(v: TableView): Promise<Buffer>;
  /** A seat's hand (only ever for that seat's private answer); optional: without it there is no hand picture. */
  handPng?(v: HandView): Promise<Buffer>;
}

export function inProcessGuozhanRenderer(): GuozhanRenderer {
  return { tablePng: (v) => svgToPng(tableSvgOf(v)), handPng: (v) => svgToPng(handSvgOf(v)) };
}

/** The one object the worker keys 国战's (empty) resource on. */
const RESOURCE = { id: 'guozhan' };

/**
 * The renderer of a real process: the platform's render worker with this file as its painter, so a render never
 * holds up command handling; if the worker fails, this thread draws. RENDER_WORKER=0 draws in this thread only.
 */
export function guozhanRenderer(): GuozhanRenderer & { close(): Promise<void> } {
  const local = inProcessGuozhanRenderer();
  let worker: Promise<import('../../platform/render/pool.ts').RenderWorker> | null = null;
  const get = () => (worker ??= import('../../platform/render/pool.ts').then((m) => new m.RenderWorker(new URL('./table.ts', import.meta.url))));
  return {
    async tablePng(v) {
      if (process.env.RENDER_WORKER === '0') return local.tablePng(v);
      try {
        return await (await get()).render('table', RESOURCE, 'guozhan', () => null, v, {});
      } catch {
        return local.tablePng(v);
      }
    },
    async handPng(v) {
      if (process.env.RENDER_WORKER === '0') return local.handPng!(v);
      try {
        return await (await get()).render('hand', RESOURCE, 'guozhan', () => null, v, {});
      } catch {
        return local.handPng!(v);
      }
    },
    async close() { if (worker) await (await worker).close(); },
  };
}
