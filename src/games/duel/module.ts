/**
 * Europe Duel as a game module of the platform (duel.md, the platform issue's interface). What it plays today:
 * D1 setup, D2 turns with manual orders, ready and the 30-second deadline, D3 growth, D4 combat, D5 routes, D6
 * the helper and its brush, D7 the end, D10.7 transcripts and D10.8's state JSON. Not yet: bots (D8), ratings
 * (D9), the page, pictures and slash commands (D10), the judge's commands. It is therefore not in the registry
 * yet: tests host it beside New European War.
 */
import { resolve } from 'node:path';
import type { Entry, GameModule, Lang, Post, Rules, Speaker, StepResult } from '../../platform/session/index.ts';
import { loadMapFile, type GameMap } from '../europe/map/index.ts';
import { duelGraph, type DuelGraph } from './board.ts';
import { applyDuel, newDuel, scores, DUEL_DEFAULTS, type DuelEntry, type DuelSettings, type DuelState } from './engine.ts';
import { parseDuel } from './parse.ts';
import { duelStateJson, runDuelTranscript } from './transcript.ts';
import type { Side } from './resolve.ts';

/** A duel in memory: its graph (from the map) and its state (plain JSON). */
export interface Duel { g: DuelGraph; s: DuelState }

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const SIDE_NAME: Record<Side, [string, string]> = { A: ['红方', 'Red'], B: ['蓝方', 'Blue'] };
const isSide = (x: string): x is Side => x === 'A' || x === 'B';
/** D2.4: orders, routes, paint and the rally point are private until they act. */
const SECRET = new Set(['order', 'cancel', 'route', 'cancelRoute', 'helper', 'clearPaint', 'rally']);
const MODE_NAME: Record<string, [string, string]> = { normal: ['普通', 'normal'], expand: ['扩张', 'expand'], rally: ['集结', 'rally'], defend: ['防守', 'defend'] };

const ANSWERS: Record<string, [string, string]> = {
  NOT_OWNER: ['这里不是你的领土（或你在这片海域没有部队）', 'this is not your territory (or you have no stack in this sea zone)'],
  NOT_ADJACENT: ['目的地与出发地不相邻', 'the target is not a neighbour of the source'],
  NOT_ENOUGH_ARMIES: ['兵力不够：一半的1是0；用"全部"或换一个出发地', 'not enough armies: half of 1 is 0; order all, or another source'],
  NO_PATH: ['找不到通往这个地点的路', 'there is no way to that point'],
  BAD_SYNTAX: ['路线至少要有一个和出发地不同的地点', 'a route needs at least one point other than its origin'],
  LIMIT_EXCEEDED: ['路线太多了（每方最多50条）；先撤销一些', 'too many routes (50 a side); cancel some first'],
  NO_SUCH_ROUTE: ['没有这条路线', 'no such route of yours'],
  NOT_ALLOWED: ['海域不能涂助手模式，也不能当集结点', 'a sea zone takes no helper paint and is no rally point'],
  UNKNOWN_REGION: ['没有这个区域', 'no such region'],
  UNKNOWN_TERRITORY: ['地图上没有这个领土', 'no such territory'],
  GAME_OVER: ['对决已经结束', 'the duel is over'],
};

export class DuelRules implements Rules<Duel> {
  readonly minSeats = 2;
  readonly g: DuelGraph;
  constructor(readonly map: GameMap) { this.g = duelGraph(map); }

  get resourceId(): string { return this.map.id; }
  resourceName(lang: Lang): string { return this.map.file.name[lang]; }
  seats(): string[] { return ['A', 'B']; }
  seatName(seat: string, lang: Lang): string { return isSide(seat) ? SIDE_NAME[seat][lang === 'en' ? 1 : 0] : seat; }
  findSeat(name: string): string | null {
    const n = name.trim().toLowerCase();
    for (const side of ['A', 'B'] as const) if (n === side.toLowerCase() || SIDE_NAME[side].some((x) => x.toLowerCase() === n || x.replace('方', '') === n)) return side;
    return null;
  }
  settings(base: unknown, patch: Record<string, unknown>) {
    const merged: Record<string, unknown> = { ...DUEL_DEFAULTS, ...((base ?? {}) as object), ...patch };
    for (const [k, v] of Object.entries(merged)) {
      if (k === 'language') { if (v !== 'zh' && v !== 'en') return { ok: false as const, key: k, reason: 'zh or en' }; continue; }
      if (!(k in DUEL_DEFAULTS)) return { ok: false as const, key: k, reason: 'not a duel setting' };
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return { ok: false as const, key: k, reason: 'a number ≥ 0' };
    }
    if ((merged.turnSeconds as number) < 5) return { ok: false as const, key: 'turnSeconds', reason: '5 … 604800 (D2.7)' };
    return { ok: true as const, settings: merged as unknown };
  }
  language(settings: unknown): Lang { return (settings as { language?: Lang } | null)?.language === 'en' ? 'en' : 'zh'; }

  setup(_seats: string[], settings: unknown, seed: number, at: number): Entry {
    const start: DuelEntry = { type: 'start', at, seed, settings: settings as Partial<DuelSettings> };
    return start as unknown as Entry;
  }
  apply(game: Duel | null, entry: Entry): { game: Duel | null; step: StepResult | null } {
    const e = entry as unknown as DuelEntry | { type: 'refused'; code: string; message: string; side?: Side };
    if (e.type === 'start') return { game: { g: this.g, s: newDuel(this.map, e) }, step: null };
    if (!game) return { game, step: null };
    if (e.type === 'refused') return { game, step: { answer: { ok: false, code: e.code, text: e.message, private: true }, resolved: [] } };
    const turn = game.s.turn;
    const lg = this.language(game.s.settings);
    if (e.type === 'command' && (e.command as { kind: string }).kind === 'query') {
      const help = (e.command as { what?: string }).what === 'help';
      return { game, step: { answer: { ok: true, text: help ? this.help(lg) : this.status(game, lg), private: true }, resolved: [] } };
    }
    const wasRunning = game.s.status === 'running';
    const r = applyDuel(this.g, game.s, e);
    // A resolution happened when the turn moved on, or when it ended the game (a resign ends it without one).
    const resigned = e.type === 'command' && e.command.kind === 'resign';
    const resolved = game.s.turn !== turn || (wasRunning && game.s.status === 'ended' && !resigned) ? [turn] : [];
    if (e.type === 'tick') return { game, step: { answer: null, resolved } };
    if (!r.ok) {
      const [zh, en] = ANSWERS[r.code] ?? [r.code, r.code];
      return { game, step: { answer: { ok: false, code: r.code, text: T(lg, zh, en), private: true }, resolved } };
    }
    const kind = e.command.kind;
    const note = r.cancelledRoutes?.length ? T(lg, `（撤销了路线${r.cancelledRoutes.map((id) => `#${id}`).join('、')}）`, ` (cancelled route ${r.cancelledRoutes.map((id) => `#${id}`).join(', ')})`) : '';
    return { game, step: { answer: { ok: true, text: this.echo(e, lg) + note, private: SECRET.has(kind) }, resolved } };
  }
  private echo(e: Extract<DuelEntry, { type: 'command' }>, lg: Lang): string {
    const n = (id: string) => this.map.territory.get(id)?.name[lg] ?? id;
    const c = e.command;
    switch (c.kind) {
      case 'order': return c.order.kind === 'stand' ? T(lg, `${n(c.order.from)}：驻守`, `${n(c.order.from)}: stand`) : T(lg, `${n(c.order.from)} → ${n(c.order.to)}：${c.order.count === 'half' ? '一半' : '全部'}`, `${n(c.order.from)} → ${n(c.order.to)}: ${c.order.count}`);
      case 'cancel': return c.from === 'all' ? T(lg, '命令全部撤销', 'all orders cancelled') : T(lg, `${n(c.from)}：命令撤销`, `${n(c.from)}: order cancelled`);
      case 'ready': return T(lg, `${this.seatName(e.side, lg)}已准备`, `${this.seatName(e.side, lg)} is ready`);
      case 'unready': return T(lg, `${this.seatName(e.side, lg)}取消准备`, `${this.seatName(e.side, lg)} is not ready`);
      case 'resign': return T(lg, `${this.seatName(e.side, lg)}认输`, `${this.seatName(e.side, lg)} resigns`);
      case 'route': return T(lg, `路线：${[c.from, ...c.points].map(n).join('→')}（${c.count === 'half' ? '一半' : '全部'}）`, `route: ${[c.from, ...c.points].map(n).join(' → ')} (${c.count})`);
      case 'cancelRoute': return T(lg, '路线已撤销', 'route cancelled');
      case 'helper': return c.paint ? T(lg, `助手：${c.paint.map(n).join('、')} → ${MODE_NAME[c.mode][0]}`, `helper: ${c.paint.map(n).join(', ')} → ${MODE_NAME[c.mode][1]}`) : T(lg, `助手默认模式：${MODE_NAME[c.mode][0]}`, `helper default mode: ${MODE_NAME[c.mode][1]}`);
      case 'clearPaint': return T(lg, '助手涂色已清除', 'helper paint cleared');
      case 'rally': return c.at ? T(lg, `集结点：${n(c.at)}`, `rally point: ${n(c.at)}`) : T(lg, '集结点已取消', 'rally point cleared');
    }
  }
  isGameEntry(e: Entry): boolean { return e.type === 'command' || e.type === 'tick' || e.type === 'refused'; }
  snapshot(game: Duel): string { return JSON.stringify(game.s); }
  restore(json: string): Duel { return { g: this.g, s: JSON.parse(json) as DuelState }; }
  freeze(game: Duel): Duel { return { g: this.g, s: structuredClone(game.s) }; }
  turn(game: Duel): number { return game.s.turn; }
  phase(game: Duel): 'running' | 'paused' | 'ended' { return game.s.status === 'ended' ? 'ended' : 'running'; }
  deadline(game: Duel): number | null { return game.s.status === 'running' ? game.s.deadlineAt : null; }
  settingsOf(game: Duel): unknown { return game.s.settings; }
  stateOf(game: Duel): unknown { return game.s; }

  parse(text: string, _game: Duel | null, speaker: Speaker, _judge: boolean, at: number, lang: Lang): Entry[] {
    const side = speaker.kind === 'seat' && isSide(speaker.seat) ? speaker.seat : null;
    return parseDuel(this.g, text, lang).map((p) => {
      if (!p.ok) return { type: 'refused', at, code: p.code, message: p.message, text: p.text } as Entry;
      if (p.command.kind === 'query') return { type: 'command', at, side, command: p.command, text: p.text } as unknown as Entry;
      // D10.1: a side's command spoken by the judge (who has no side) is NOT_YOUR_COUNTRY.
      if (!side) return { type: 'refused', at, code: 'NOT_YOUR_COUNTRY', message: T(lang, '你在这局对决里没有一方；只有红方和蓝方的玩家可以下命令', 'you have no side in this duel; only the players of Red and Blue give orders'), text: p.text } as Entry;
      return { type: 'command', at, side, command: p.command, text: p.text } as unknown as Entry;
    });
  }
  classify(e: Entry): { help?: boolean; private?: boolean } {
    const c = (e as { command?: { kind: string; what?: string } }).command;
    const secret = !!c && SECRET.has(c.kind);
    return { ...(c?.kind === 'query' && c.what === 'help' ? { help: true } : {}), ...(secret ? { private: true } : {}) };
  }
  help(lang: Lang): string {
    return T(lang,
      '欧陆对决：每回合30秒，双方同时下令；没有命令的领土由助手代管。【调兵】甲→乙 [全部|一半]、【驻守】甲、【撤销】甲|全部、【路线】甲→…→丁 [一半]、【撤销】路线 甲|#1|全部、【助手】普通|扩张|集结|防守 [领土…|区域 名称]、【助手】清除 …、【集结点】甲|取消、【准备】、【取消准备】、【认输】、【状态】。\n提示：别让首都空着；中欧最富；敌人的主力在前线时，常常可以奇袭他的首都。',
      'Europe Duel: 30-second simultaneous turns; the helper plays every territory without an order. 【调兵】a→b [all|half], 【驻守】a, 【撤销】a|all, 【路线】a→…→d [half], 【撤销】路线 a|#1|all, 【助手】普通|扩张|集结|防守 [places|区域 region], 【助手】清除 …, 【集结点】a|取消, 【准备】, 【取消准备】, 【认输】, 【状态】.\nTips: never leave your capital empty; central Europe is the richest; an enemy capital can often be taken by a sudden strike while its armies are at the front.');
  }

  timers(game: Duel) {
    if (game.s.status !== 'running') return null;
    return { turn: game.s.turn, deadlines: [{ kind: 'deadline', at: game.s.deadlineAt }], reminders: [] };
  }
  tick(game: Duel, _kind: string, now: number): Entry | null {
    return game.s.status === 'running' && now >= game.s.deadlineAt ? ({ type: 'tick', at: now } as Entry) : null;
  }
  laggards(game: Duel): string[] { return game.s.status === 'running' ? (['A', 'B'] as const).filter((x) => !game.s.ready[x]) : []; }

  created(by: string, lg: Lang): string {
    return T(lg, `🆕 ${by}创建了一局欧陆对决（地图：${this.map.file.name.zh}）。红方、蓝方各一人：用 /join 加入，裁判用 /start 开始。`,
      `🆕 ${by} created a Europe Duel (map: ${this.map.file.name.en}). One player each for Red and Blue: /join, then a judge starts it with /start.`);
  }
  started(game: Duel, players: { seat: string; name: string }[], lg: Lang): Post[] {
    const n = (id: string) => this.map.territory.get(id)?.name[lg] ?? id;
    return [{ text: [
      T(lg, `⚔️ 欧陆对决开始！第1回合，每回合${game.s.settings.turnSeconds}秒。`, `⚔️ The duel begins! Turn 1, ${game.s.settings.turnSeconds} s a turn.`),
      ...players.map((p) => `· ${this.seatName(p.seat, lg)}：${p.name}（★${isSide(p.seat) ? n(game.s.capitals[p.seat]) : ''}）`),
    ].join('\n') }];
  }
  present(game: Duel, steps: StepResult[], lg: Lang): Post[] {
    if (!steps.some((s) => s.resolved.length)) return [];
    const sc = scores(this.g, game.s);
    const captured = game.s.lastEvents.filter((e) => e.type === 'assault' && e.won).length;
    const line = T(lg, `═ 第${game.s.status === 'ended' ? game.s.turn : game.s.turn - 1}回合结算：占领${captured}处 · 红方${sc.A}分 · 蓝方${sc.B}分 ═`,
      `═ Turn ${game.s.status === 'ended' ? game.s.turn : game.s.turn - 1} resolved: ${captured} captured · Red ${sc.A} · Blue ${sc.B} ═`);
    return [{ text: line }];
  }
  ended(game: Duel | null, judge: string | null, lg: Lang) {
    const o = game?.s.outcome;
    const who = o?.winner.length ? this.seatName(o.winner[0]!, lg) : null;
    const head = judge ? T(lg, `🏁 裁判${judge}结束了对决。`, `🏁 Judge ${judge} ended the duel.`) : T(lg, '🏁 对决结束！', '🏁 The duel is over!');
    return { text: who ? `${head}\n${T(lg, `胜者：${who}（${o!.how}）`, `Winner: ${who} (${o!.how})`)}` : `${head}\n${T(lg, '平局', 'A draw')}` };
  }
  status(game: Duel, lg: Lang): string {
    const sc = scores(this.g, game.s);
    const ready = (['A', 'B'] as const).filter((x) => game.s.ready[x]).map((x) => this.seatName(x, lg));
    return T(lg, `⚔️ 欧陆对决 · 第${game.s.turn}回合 · 红方${sc.A}分 · 蓝方${sc.B}分 · 已准备：${ready.join('、') || '无'}`,
      `⚔️ Europe Duel · turn ${game.s.turn} · Red ${sc.A} · Blue ${sc.B} · ready: ${ready.join(', ') || 'none'}`);
  }
  /**
   * The state JSON of D10.8. A judge (null) sees everything; a side sees its own orders and routes, never the
   * other's (D2.4); the public (a spectator) sees none.
   */
  view(game: Duel, seat: string | null | 'public'): unknown {
    const json = duelStateJson(this.map, this.g, game.s);
    if (seat === null) return json;
    const orders = json.orders as Record<Side, unknown[]>;
    return {
      ...json,
      orders: { A: seat === 'A' ? orders.A : [], B: seat === 'B' ? orders.B : [] },
      routes: game.s.routes.filter((r) => r.side === seat),
    };
  }
  result(game: Duel) {
    const o = game.s.outcome;
    if (!o) return null;
    if (!o.winner.length) return [{ seat: 'A', place: 1 }, { seat: 'B', place: 1 }];
    return [{ seat: o.winner[0]!, place: 1 }, { seat: o.winner[0] === 'A' ? 'B' : 'A', place: 2 }];
  }
  winner(game: Duel): string[] | null { return game.s.outcome ? game.s.outcome.winner : null; }
}

export const duel: GameModule<Duel> = {
  kind: 'duel',
  title: { zh: '欧陆对决', en: 'Europe Duel' },
  defaultResource: () => 'maps/europe.json',
  open: (resource: string, root: string) => new DuelRules(loadMapFile(resolve(root, resource))),
  transcript(file: string, text: string, root: string) {
    const r = runDuelTranscript(file, text, root);
    const rules = new DuelRules(r.map);
    return { game: { g: r.g, s: r.state }, rules: rules as unknown as Rules<unknown>, state: duelStateJson(r.map, r.g, r.state, r.names) };
  },
};
