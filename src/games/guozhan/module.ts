/**
 * 国战 as a game module of the platform (issue 18, part 1): the table engine behind the platform's Rules — the
 * start entry (seats in a seeded order, G2.1), every later input as an entry (a command, a timeout at a deadline,
 * the judge's abort), the timed asks as the platform's timers, per-seat views, texts for the channel, and the
 * transcript runner for `replay`. Not offered to players yet (skills, the chat/web table and bots come with their
 * own issues): it is registered for the tools only (src/games/index.ts TOOL_GAMES).
 */
import type { OutImage } from '../../platform/chat/index.ts';
import { withTimeout } from '../../platform/session/index.ts';
import type { Entry, GameModule, Lang, PictureAsk, Post, Rules, Speaker, StepResult } from '../../platform/session/index.ts';
import { cardText } from './cards.ts';
import { applyEntry, mergeSettings, newGame, type GzEntry, type StartEntry } from './engine.ts';
import { askText, rowText } from './describe.ts';
import { GENERALS, KINGDOM_ZH } from './generals.ts';
import { parseCommands } from './parse.ts';
import { shuffle } from './rng.ts';
import { runGuozhanTranscript, settingPatch } from './transcript.ts';
import { stateJson, view } from './view.ts';
import { guozhanRenderer, tableView, type GuozhanRenderer } from './table.ts';
import type { Settings, State } from './types.ts';

/** A game in memory: its state (plain JSON). */
export interface Guozhan { s: State }

/** Seat ids (and names) in seat order: the ten heavenly stems. */
export const SEAT_IDS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'];

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
/** The one picture (issue 20): the table, drawn from the public view. */
const tableAsk = (): PictureAsk => ({ which: ['table'] });
/** 【桌面】 (also 【牌桌】): the table picture on request — any speaker, spectators too; answered to the asker. */
const TABLE_RE = /^[【\[〖]\s*(桌面|牌桌)\s*[】\]〗]$/;

export class GuozhanRules implements Rules<Guozhan> {
  readonly resourceId = 'guozhan';
  readonly minSeats = 3;
  resourceName(lang: Lang): string { return T(lang, '国战', 'Sanguosha Hegemony'); }
  seats(settings: unknown): string[] {
    const n = (settings as { players?: number } | null)?.players;
    return SEAT_IDS.slice(0, typeof n === 'number' && n >= 3 && n <= 10 ? n : 10);
  }
  seatName(seat: string): string { return seat; }
  findSeat(name: string): string | null { const n = name.trim(); return SEAT_IDS.includes(n) ? n : null; }
  /** G0: every key checked; `players` limits the seats offered. */
  settings(base: unknown, patch: Record<string, unknown>) {
    let out: Partial<Settings> & { players?: number } = { ...((base ?? {}) as object) };
    for (const [k, v] of Object.entries(patch)) {
      if (k === 'players') {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 3 || n > 10) return { ok: false as const, key: k, reason: 'players=3…10' };
        out.players = n;
        continue;
      }
      const p = settingPatch(k, String(v));
      if (typeof p === 'string') return { ok: false as const, key: k, reason: p };
      out = { ...out, ...p, timeouts: { ...mergeSettings(out).timeouts, ...(p.timeouts ?? {}) } };
    }
    return { ok: true as const, settings: out as unknown };
  }
  language(): Lang { return 'zh'; }

  /** G2.1: the seats taken, in an order drawn from the seed; the engine deals and shuffles from the same seed. */
  setup(seats: string[], settings: unknown, seed: number, at: number): Entry {
    const { players: _p, ...rules } = (settings ?? {}) as Partial<Settings> & { players?: number };
    const order = shuffle({ rng: (seed ^ 0x9e3779b9) | 0 }, [...seats].sort((a, b) => SEAT_IDS.indexOf(a) - SEAT_IDS.indexOf(b)));
    const start: StartEntry = { type: 'start', at, seed, seats: order, settings: rules };
    return start as unknown as Entry;
  }
  apply(game: Guozhan | null, entry: Entry): { game: Guozhan | null; step: StepResult | null } {
    const e = entry as unknown as GzEntry;
    if (e.type === 'start') return { game: { s: newGame(e) }, step: null };
    if (!game) return { game, step: null };
    // 【桌面】: changes nothing; the platform draws the picture (step.picture) and answers the asker.
    if ((entry.type as string) === 'table') return { game, step: { answer: { ok: true, text: '桌面', private: true }, picture: tableAsk(), resolved: [] } };
    const from = game.s.log.length;
    const turn = game.s.turn.n;
    const r = applyEntry(game.s, e);
    game.s = r.state;
    const resolved = game.s.turn.n !== turn || game.s.status === 'ended' ? [turn] : [];
    const detail = { from: Math.min(from, game.s.log.length), to: game.s.log.length };
    if (e.type === 'timeout' || e.type === 'abort') return { game, step: { answer: null, resolved, detail } };
    if (!r.ok) return { game, step: { answer: { ok: false, code: r.code, text: r.message ?? r.code ?? '', private: true }, resolved, detail } };
    if (e.type === 'cmd' && e.cmd.k === 'query') return { game, step: { answer: { ok: true, text: this.query(game.s, e.seat, e.cmd.what), private: true }, resolved, detail } };
    const pick = e.type === 'cmd' && e.cmd.k === 'choose' && !!e.cmd.pair;
    return { game, step: { answer: { ok: true, text: pick ? '已选择武将' : this.echo(game.s, from), private: pick }, resolved, detail } };
  }
  /** X6.3: the accepted command in normal form — the first thing it did in public. */
  private echo(s: State, from: number): string {
    for (const row of s.log.slice(from)) { if (row.to) continue; const t = rowText(s, row); if (t) return t; }
    return '好的';
  }
  private query(s: State, seat: number, what: 'status' | 'hand' | 'help'): string {
    if (what === 'help') return this.help('zh');
    if (what === 'hand') { const p = s.players[seat]!; return `你的手牌：${p.hand.map(cardText).join('、') || '无'}`; }
    return this.status({ s }, 'zh');
  }
  isGameEntry(e: Entry): boolean { return e.type === 'table' || e.type === 'cmd' || e.type === 'timeout' || e.type === 'abort' || e.type === 'refused'; }
  snapshot(game: Guozhan): string { return JSON.stringify(game.s); }
  restore(json: string): Guozhan { return { s: JSON.parse(json) as State }; }
  turn(game: Guozhan): number { return game.s.turn.n; }
  phase(game: Guozhan): 'running' | 'paused' | 'ended' { return game.s.status === 'ended' ? 'ended' : 'running'; }
  deadline(game: Guozhan): number | null { return game.s.ask?.deadline ?? null; }
  settingsOf(game: Guozhan): unknown { return game.s.settings; }
  stateOf(game: Guozhan): unknown { return game.s; }
  freeze(game: Guozhan): Guozhan { return { s: structuredClone(game.s) }; }

  parse(text: string, game: Guozhan | null, speaker: Speaker, judge: boolean, at: number, _lang?: Lang): Entry[] {
    const seat = speaker.kind === 'seat' && game ? game.s.players.findIndex((p) => p.name === speaker.seat) : -1;
    const out: Entry[] = [];
    const refuse = (code: string, message: string, raw: string, kind: string) => out.push({ type: 'refused', at, seat: seat < 0 ? null : seat, code, message, text: raw, kind } as unknown as Entry);
    // 【桌面】 is the platform's picture query, not a transcript command: taken out before the grammar reads the rest.
    const rest: string[] = [];
    for (const part of text.split(/[；;\n]/)) {
      if (TABLE_RE.test(part.trim())) out.push({ type: 'table', at } as Entry);
      else rest.push(part);
    }
    if (out.length && !rest.some((x) => x.trim())) return out;
    if (out.length) text = rest.join('\n');
    for (const p of parseCommands(text)) {
      if (!p.ok) { refuse(p.code, p.message, p.raw, p.kind); continue; }
      if ('judge' in p) {
        if (!judge) { refuse('NOT_ALLOWED', '只有裁判可以【中止】', p.raw, 'abort'); continue; }
        out.push({ type: 'abort', at } as unknown as Entry);
        continue;
      }
      if (seat < 0) { refuse('NOT_ALLOWED', '你没有座位：只有玩家可以出牌', p.raw, p.cmd.k); continue; }
      out.push({ type: 'cmd', at, seat, cmd: p.cmd, text: p.raw } as unknown as Entry);
    }
    return out;
  }
  classify(e: Entry): { help?: boolean; private?: boolean; picture?: PictureAsk } {
    if (e.type === 'table') return { picture: tableAsk(), private: true };
    const c = (e as { cmd?: { k: string; what?: string; pair?: unknown } }).cmd;
    if (!c) return {};
    if (c.k === 'query') return { private: true, ...(c.what === 'help' ? { help: true } : {}) };
    return c.k === 'prelight' || c.pair ? { private: true } : {};
  }
  help(lang: Lang): string {
    return T(lang,
      '国战：出牌【杀】→乙、【杀】♠7→乙、【桃】、【铁索连环】→乙、丙、【借刀杀人】→乙→丙；响应【闪】【无懈可击】【无懈可击·国】全势力，或【不出】；【明置】主将|副将|全部（回合开始时）；【标记】先驱 · 【标记】阴阳鱼 摸牌|手牌上限 · 【标记】珠联璧合 摸牌|桃；【重铸】牌；【选择】编号/角色/牌；【弃牌】牌、牌；【结束】；查询【状态】【手牌】【帮助】。',
      'Hegemony: 【杀】→乙 (use a card with targets), 【闪】/【无懈可击】/【不出】 to respond, 【明置】主将|副将|全部 at turn start, 【标记】 markers, 【重铸】, 【选择】, 【弃牌】, 【结束】; queries 【状态】【手牌】【帮助】.');
  }

  /** Each open ask's deadline (X3): the platform posts a timeout entry there. */
  timers(game: Guozhan) {
    const a = game.s.ask;
    if (game.s.status === 'ended' || !a) return null;
    return { turn: game.s.turn.n, deadlines: [{ kind: a.id, at: a.deadline }], reminders: [] };
  }
  tick(game: Guozhan, kind: string, now: number): Entry | null {
    const a = game.s.ask;
    return a && a.id === kind && now >= a.deadline ? ({ type: 'timeout', at: now, ask: a.id } as unknown as Entry) : null;
  }
  laggards(game: Guozhan): string[] { return game.s.ask ? game.s.ask.seats.map((i) => game.s.players[i]!.name) : []; }

  present(game: Guozhan, steps: StepResult[]): Post[] {
    const s = game.s;
    const lines: string[] = [];
    let turnStarted = false;
    for (const st of steps) {
      const d = st.detail as { from: number; to: number } | undefined;
      if (!d) continue;
      for (const row of s.log.slice(d.from, d.to)) {
        if (row.t === 'turn') turnStarted = true;
        if (row.to) continue;
        const t = rowText(s, row);
        if (t) lines.push(t);
      }
    }
    const ask = askText(s);
    if (ask && steps.some((st) => st.answer?.ok || st.answer === null)) lines.push(ask);
    // Issue 20: the table picture at each turn start (drawn from the game as it stands when the post goes out).
    const pictures = turnStarted && s.status !== 'ended' ? { pictures: tableAsk() } : {};
    return lines.length ? [{ text: fold(lines), ...pictures }] : [];
  }
  created(by: string): string { return `🆕 ${by}创建了一局国战。3–10人：用 /join 加入，裁判用 /start 开始。`; }
  started(game: Guozhan, players: { seat: string; name: string }[]): Post[] {
    const order = game.s.players.map((p, i) => `${i + 1}. ${p.name}：${players.find((x) => x.seat === p.name)?.name ?? '?'}`);
    return [{ text: ['⚔️ 国战开始！座次（1号位先行）：', ...order, '请各自私下选择武将：【选择】主将+副将'].join('\n') }];
  }
  ended(game: Guozhan | null, judge: string | null): { text: string } {
    const s = game?.s;
    if (!s || !s.end || s.end.how === 'abort') return { text: judge ? `🏁 裁判${judge}结束了国战。` : '🏁 国战结束。' };
    if (s.end.how === 'draw') return { text: '🏁 国战结束：平局。' };
    return { text: `🏁 国战结束！胜者：${(s.winners ?? []).map((i) => s.players[i]!.name).join('、')}` };
  }
  status(game: Guozhan, _lang?: Lang): string {
    const s = game.s;
    if (s.status === 'picking') return '国战 · 选将中';
    const seats = s.players.map((p) => {
      const g = p.generals ? p.generals.map((x, k) => (p.revealed[k] ? GENERALS[x]!.zh : '暗')).join('+') : '?';
      const k = p.careerist ? '野心家' : p.kingdom ? KINGDOM_ZH[p.kingdom] : '无势力';
      return `${p.name}${p.alive ? `❤${p.hp}/${p.maxHp} 🂠${p.hand.length}` : '💀'} ${g}（${k}）`;
    });
    return [`国战 · 第${s.turn.n}回合 · ${s.players[s.turn.seat]!.name}的回合 · 牌堆${s.drawPile.length}${s.aozhan ? ' · 鏖战' : ''}`, ...seats].join('\n');
  }
  /** The table PNG (issue 20) with the renderer the platform gives (table.ts: the render worker, this thread as fallback). */
  async draw(renderer: unknown, game: Guozhan, ask: PictureAsk, _lg: Lang, timeoutMs: number): Promise<OutImage[]> {
    if (!ask.which.includes('table')) return [];
    const png = await withTimeout((renderer as GuozhanRenderer).tablePng(tableView(game.s)), timeoutMs);
    return png ? [{ name: `guozhan-table-turn${game.s.turn.n}.png`, png }] : [];
  }
  pictureKinds(): string[] { return ['table']; }
  pictureCaption(ask: PictureAsk, lg: Lang): string { return ask.which.includes('table') ? T(lg, '桌面', 'Table') : ''; }
  onePerMessage(_kind: string, lg: Lang): string { return T(lg, '（同一条消息里只发一张桌面图）', ' (one table picture per message)'); }
  view(game: Guozhan, seat: string | null | 'public'): unknown {
    if (seat === null || seat === 'public') return view(game.s, seat);
    const i = game.s.players.findIndex((p) => p.name === seat);
    return view(game.s, i < 0 ? 'public' : i);
  }
  result(game: Guozhan) {
    const s = game.s;
    if (s.status !== 'ended') return null;
    const w = new Set(s.winners ?? []);
    return s.players.map((p, i) => ({ seat: p.name, place: w.has(i) ? 1 : 2 }));
  }
  winner(game: Guozhan): string[] | null {
    return game.s.status === 'ended' ? (game.s.winners ?? []).map((i) => game.s.players[i]!.name) : null;
  }
}

/**
 * A post's lines within Discord's 2,000 characters: a long batch (bots answering one after another) keeps its last
 * lines — the newest state and the open prompt — and says how many earlier ones were folded.
 */
function fold(lines: string[], limit = 1900): string {
  let text = lines.join('\n');
  if (text.length <= limit) return text;
  let k = 0;
  while (k < lines.length - 1 && (text = `…（前${k + 1}行略）\n${lines.slice(k + 1).join('\n')}`).length > limit) k++;
  return text.slice(-limit);
}

/** Whether `replay` was asked for every hand (`--reveal`, issue 18); the CLI leaves its flags in argv. */
const revealHands = () => process.argv.includes('--reveal');

export const guozhan: GameModule<Guozhan> = {
  kind: 'guozhan',
  title: { zh: '国战', en: 'Sanguosha Hegemony' },
  defaultResource: () => 'guozhan',
  open: () => new GuozhanRules(),
  // Issue 20: the table PNG, drawn in the platform's render worker (table.ts).
  renderer: () => guozhanRenderer(),
  transcript(file: string, text: string) {
    const r = runGuozhanTranscript(file, text);
    return { game: { s: r.state }, rules: new GuozhanRules() as unknown as Rules<unknown>, state: stateJson(r.state, null, { hands: revealHands() }) };
  },
};
