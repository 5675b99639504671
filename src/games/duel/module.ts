/**
 * Europe Duel as a game module of the platform (duel.md, the platform issue's interface). What it plays today:
 * D1 setup, D2 turns with manual orders, ready and the 30-second deadline, D2.7 the judge's pause and resume and
 * a restart's fresh deadline, D3 growth, D4 combat, D5 routes, D6 the helper and its brush, D7 the end (the
 * judge's 【结束】 included), D8 the bots and the agent's interface, D10.7 transcripts, D10.8's state JSON and
 * D10.9's settings, and D9's hooks (rated at setup, what an end counts for, one unfinished duel per person; the
 * rules are ratings.ts's), and the local page's view, panel and arena playback (D10.4–D10.5, page.ts).
 */
import { resolve } from 'node:path';
import type { OutImage } from '../../platform/chat/index.ts';
import { withTimeout } from '../../platform/session/index.ts';
import type { Entry, GameModule, Lang, PageView, PictureAsk, Post, Rules, Speaker, StepResult } from '../../platform/session/index.ts';
import { loadMapFile, type GameMap } from '../europe/map/index.ts';
import { duelGraph, type DuelGraph } from './board.ts';
import { applyDuel, logKind, newDuel, noteDuel, scores, DUEL_DEFAULTS, type DuelEntry, type DuelSettings, type DuelState, type JudgeCommand } from './engine.ts';
import { parseDuel, refusalText, type Query } from './parse.ts';
import { mergeSettings } from './settings.ts';
import { agentUnavailableText, latestVersion, loadAgent, MODEL_DIR, resolveBot } from './agent.ts';
import { duelRatedOutcome, duelSeatRefusal, ratedAtSetup } from './ratings.ts';
import { duelStateJson, runDuelTranscript } from './transcript.ts';
import type { Side } from './resolve.ts';
import { duelPlayback, duelPreview, PAGE_LOG_ROWS, SIDE_COLOR } from './page.ts';
import { duelGeometry } from './geometry.ts';
import { duelPicture, duelRenderer, howText, mapDue, resolutionSummary, type DuelRenderer } from './draw.ts';
import { splitSetupOptions, withSetupOptions, type DuelVia } from './options.ts';
import { duelPress, duelStatusButtons, duelStatusText, isDuelButton } from './status.ts';

/** A duel in memory: its graph (from the map) and its state (plain JSON). */
export interface Duel { g: DuelGraph; s: DuelState }

/** What `present` needs of a step that resolved a turn: that turn's summary, written when the state was that turn's. */
interface DuelStepDetail { turns: { turn: number; text: string; mapDue: boolean }[] }

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const SIDE_NAME: Record<Side, [string, string]> = { A: ['红方', 'Red'], B: ['蓝方', 'Blue'] };
const isSide = (x: string): x is Side => x === 'A' || x === 'B';
/** D2.4: orders, routes, paint and the rally point are private until they act. */
const SECRET = new Set(['order', 'cancel', 'route', 'cancelRoute', 'helper', 'clearPaint', 'rally']);
const MODE_NAME: Record<string, [string, string]> = { normal: ['普通', 'normal'], expand: ['扩张', 'expand'], rally: ['集结', 'rally'], defend: ['防守', 'defend'] };
/** The duel's one picture (D10.3): the map. */
const mapAsk = (): PictureAsk => ({ which: ['map'] });

export class DuelRules implements Rules<Duel> {
  readonly minSeats = 2;
  readonly g: DuelGraph;
  /** How the game these rules were opened for came to be (options.ts `via`), as its settings said at creation. */
  private via: DuelVia | undefined;
  /**
   * `root`: where `models/duel-agent` lies. When a weights file is there the agent is loaded (and registered as
   * `agent@v<N>`) so a game with the agent rebuilds from its log; without one nothing changes (D8.4).
   */
  constructor(readonly map: GameMap, private readonly root?: string) {
    this.g = duelGraph(map);
    if (root !== undefined && latestVersion(resolve(root, MODEL_DIR)) !== null) loadAgent(this.g, resolve(root, MODEL_DIR));
  }

  get resourceId(): string { return this.map.id; }
  resourceName(lang: Lang): string { return this.map.file.name[lang]; }
  seats(): string[] { return ['A', 'B']; }
  seatName(seat: string, lang: Lang): string { return isSide(seat) ? SIDE_NAME[seat][lang === 'en' ? 1 : 0] : seat; }
  findSeat(name: string): string | null {
    const n = name.trim().toLowerCase();
    for (const side of ['A', 'B'] as const) if (n === side.toLowerCase() || SIDE_NAME[side].some((x) => x.toLowerCase() === n || x.replace('方', '') === n)) return side;
    return null;
  }
  /**
   * D10.9: the defaults merged with the stored settings and a patch, every key, range and decimal checked; a new
   * duel's setup options (`seed`, `rated`, options.ts) are checked and kept beside them until the start.
   */
  settings(base: unknown, patch: Record<string, unknown>) {
    const kept = splitSetupOptions((base ?? {}) as Record<string, unknown>);
    const asked = splitSetupOptions(patch);
    // The new game's first message (created) says what its way of starting needs: the platform checks a new game's
    // settings on these rules just before it asks for that message.
    if (asked.ok && asked.options.via) this.via = asked.options.via;
    const stored = { ...DUEL_DEFAULTS, ...(kept.ok ? kept.rest : {}) };
    if (!asked.ok) return { ok: false as const, key: asked.key, reason: this.language(stored) === 'en' ? asked.en : asked.zh };
    const m = mergeSettings(stored, asked.rest);
    if (!m.ok) return { ok: false as const, key: m.key, reason: this.language(stored) === 'en' ? m.en : m.zh };
    return { ok: true as const, settings: withSetupOptions(m.settings, kept.ok ? kept.options : {}, asked.options) as unknown };
  }
  language(settings: unknown): Lang { return (settings as { language?: Lang } | null)?.language === 'en' ? 'en' : 'zh'; }

  /**
   * The start entry; a game the platform seats on Europe with default settings is rated (D9.2, ratings.ts) unless a
   * scripted bot plays. `bots`: the computer players the platform seated (seat → policy id, botStyle's `id`), which
   * play from the start entry on (D8.1).
   */
  setup(_seats: string[], settings: unknown, seed: number, at: number, bots: Record<string, string> = {}): Entry {
    const sides: Partial<Record<Side, string>> = {};
    for (const x of ['A', 'B'] as const) if (bots[x]) sides[x] = bots[x];
    // The setup options act here and stay out of the game's settings: a chosen seed draws and makes the game unrated (D9.2).
    const split = splitSetupOptions((settings ?? {}) as Record<string, unknown>);
    const plain = split.ok ? split.rest : {};
    const chosen = split.ok ? split.options : {};
    // D10.4: the arena is never rated.
    const rated = chosen.seed === undefined && chosen.via !== 'arena' && ratedAtSetup(this.map.id, plain, sides, chosen.rated);
    const start: DuelEntry = { type: 'start', at, seed: chosen.seed ?? seed, settings: plain as Partial<DuelSettings>, ...(Object.keys(sides).length ? { bots: sides } : {}), ...(rated ? { rated } : {}) };
    return start as unknown as Entry;
  }
  /**
   * D8: a computer player the platform seats (the page's lobby, `/judge bot`): greedy (the default), lander, or the
   * agent when a usable weights file is present (its id is then the loaded version's, `agent@v<N>`); null otherwise.
   */
  botStyle(name: string | undefined, lang: Lang): { id: string; label: string } | null {
    const r = duelBot(this.g, name ?? 'greedy', lang, this.root);
    return r.ok ? { id: r.id, label: botLabel(r.id, lang) } : null;
  }
  botStyles(lang: Lang): string { return T(lang, 'greedy（贪婪）、lander（登陆）、agent（智能体，需要权重文件）', 'greedy, lander, agent (needs a weights file)'); }
  /** D10.6: what the lobby offers; the agent only with a usable weights file, else D8.4's AGENT_UNAVAILABLE text. */
  botOffers(lang: Lang): { id: string; label: string; available: boolean; note?: string }[] {
    const agent = duelBot(this.g, 'agent', lang, this.root);
    return [
      { id: 'greedy', label: botLabel('greedy', lang), available: true },
      { id: 'lander', label: botLabel('lander', lang), available: true },
      agent.ok ? { id: 'agent', label: botLabel(agent.id, lang), available: true } : { id: 'agent', label: botLabel('agent', lang), available: false, note: agent.text },
    ];
  }
  /** D9.4: what the end counts for in the ratings (null: unrated), decided by ratings.ts. */
  rated(game: Duel) { return duelRatedOutcome(this.map.id, game.s); }
  apply(game: Duel | null, entry: Entry): { game: Duel | null; step: StepResult | null } {
    const e = entry as unknown as DuelEntry | { type: 'refused'; at: number; code: string; message: string; side?: Side | null; kind?: string };
    if (e.type === 'start') return { game: { g: this.g, s: newDuel(this.map, e) }, step: null };
    if (!game) return { game, step: null };
    const lg = this.language(game.s.settings);
    const who = (side: Side | null | undefined) => side ?? 'judge';
    if (e.type === 'refused') {
      // A refusal the parser or the speaker's right decided: one row in D10.8's log, nothing else changes.
      noteDuel(game.s, { turn: game.s.turn, speaker: who(e.side), command: e.kind ?? 'unknown', ok: false, code: e.code, message: e.message });
      return { game, step: { answer: { ok: false, code: e.code, text: e.message, private: true }, resolved: [] } };
    }
    const turn = game.s.turn;
    if (e.type === 'command' && (e.command as unknown as Query).kind === 'query') {
      noteDuel(game.s, { turn, speaker: who(e.side), command: 'query', ok: true });
      const what = (e.command as unknown as Query).what;
      // 【地图】 (D10.3: anyone may ask for the current map): the platform draws it and answers the asker (classify's `picture`).
      if (what === 'map') return { game, step: { answer: { ok: true, text: this.pictureCaption(mapAsk(), lg), private: true }, picture: mapAsk(), resolved: [] } };
      return { game, step: { answer: { ok: true, text: this.query(game, what, e.side ?? null, lg), private: true }, resolved: [] } };
    }
    const wasRunning = game.s.status === 'running';
    const r = applyDuel(this.g, game.s, e);
    // A resolution happened when the turn moved on, or when it ended the game (resign and the judge's end close it without one).
    const closes = (e.type === 'command' && e.command.kind === 'resign') || (e.type === 'judge' && e.command.kind === 'end');
    const resolved = game.s.turn !== turn || (wasRunning && game.s.status === 'ended' && !closes) ? [turn] : [];
    // The turn's summary is written now, while the state is that turn's: a later entry of the same batch (both sides
    // ready again against a bot) resolves the next one, and `present` tells each (D10.3.3).
    const detail: DuelStepDetail | undefined = resolved.length ? { turns: [{ turn, text: resolutionSummary(this.map, this.g, game.s, turn, lg), mapDue: mapDue(game.s, [turn]) }] } : undefined;
    const stepOf = (answer: StepResult['answer']): StepResult => ({ answer, resolved, ...(detail ? { detail } : {}) });
    if (e.type === 'tick' || e.type === 'restart') return { game, step: stepOf(null) };
    if (!r.ok) return { game, step: stepOf({ ok: false, code: r.code, text: refusalText(r.code, lg, r.message), private: true }) };
    if (e.type === 'judge') return { game, step: stepOf({ ok: true, text: this.judgeEcho(e.command, lg), private: false }) };
    const kind = e.command.kind;
    const note = r.cancelledRoutes?.length ? T(lg, `（撤销了路线${r.cancelledRoutes.map((id) => `#${id}`).join('、')}）`, ` (cancelled route ${r.cancelledRoutes.map((id) => `#${id}`).join(', ')})`) : '';
    return { game, step: stepOf({ ok: true, text: this.echo(e, lg) + note, private: SECRET.has(kind) }) };
  }
  /** The judge's commands, said in the channel (R13: every judge action is shown). */
  private judgeEcho(c: JudgeCommand, lg: Lang): string {
    switch (c.kind) {
      case 'resolve': return T(lg, '裁判强制结算本回合', 'the judge forced the resolution');
      case 'pause': return T(lg, '裁判暂停了对决，计时停止', 'the judge paused the duel; the clock stopped');
      case 'resume': return T(lg, '裁判恢复了对决，截止时间顺延', 'the judge resumed the duel; the deadline moved by the pause');
      case 'rule': return T(lg, `裁判修改规则：${Object.entries(c.patch).map(([k, v]) => `${k}=${String(v)}`).join(' ')}（立即生效；turnSeconds 从下回合起）`, `the judge changed the rules: ${Object.entries(c.patch).map(([k, v]) => `${k}=${String(v)}`).join(' ')} (in force at once; turnSeconds from the next turn)`);
      case 'end': return T(lg, '裁判结束了对决', 'the judge ended the duel');
    }
  }
  /** Queries (D10.1): status, the own orders/routes/paint, scores, help; map, leaderboard and rating come with part 2. */
  private query(game: Duel, what: Query['what'], side: Side | null, lg: Lang): string {
    const n = (id: string) => this.map.territory.get(id)?.name[lg] ?? id;
    switch (what) {
      case 'help': return this.help(lg);
      case 'scores': { const sc = scores(this.g, game.s); return T(lg, `分数：红方${sc.A} · 蓝方${sc.B}`, `Scores: Red ${sc.A} · Blue ${sc.B}`); }
      case 'orders': {
        if (!side) return T(lg, '裁判没有自己的命令', 'the judge has no orders');
        const os = Object.values(game.s.orders[side]).map((o) => (o.kind === 'stand' ? T(lg, `${n(o.from)}：驻守`, `${n(o.from)}: stand`) : `${n(o.from)} → ${n(o.to)}：${o.count === 'half' ? T(lg, '一半', 'half') : T(lg, '全部', 'all')}`));
        const rs = game.s.routes.filter((r) => r.side === side).map((r) => `#${r.id} ${r.path.map(n).join('→')}${r.waiting ? T(lg, '（等待）', ' (waiting)') : ''}`);
        const h = game.s.helper[side];
        return [T(lg, `命令：${os.join('；') || '无'}`, `Orders: ${os.join('; ') || 'none'}`), T(lg, `路线：${rs.join('；') || '无'}`, `Routes: ${rs.join('; ') || 'none'}`),
          T(lg, `助手：${MODE_NAME[h.mode]![0]}；涂色 ${Object.keys(h.paint).length} 处；集结点 ${h.rally ? n(h.rally) : '无'}`, `Helper: ${MODE_NAME[h.mode]![1]}; ${Object.keys(h.paint).length} painted; rally point ${h.rally ? n(h.rally) : 'none'}`)].join('\n');
      }
      // The platform answers these from its rating tables (classify's `ratings`); this text stands only where it cannot.
      case 'leaderboard': case 'rating': return T(lg, '排行榜和等级分由平台回答', 'the platform answers the leaderboard and ratings');
      default: return this.status(game, lg);
    }
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
  isGameEntry(e: Entry): boolean { return e.type === 'command' || e.type === 'judge' || e.type === 'restart' || e.type === 'tick' || e.type === 'refused'; }
  snapshot(game: Duel): string { return JSON.stringify(game.s); }
  /** A snapshot; one written before the judge's clock, the log and the later settings existed gets their defaults. */
  restore(json: string): Duel {
    const s = JSON.parse(json) as DuelState;
    return { g: this.g, s: { ...s, pausedAt: s.pausedAt ?? null, rated: s.rated ?? false, log: s.log ?? [], settings: { ...DUEL_DEFAULTS, ...s.settings } } };
  }
  freeze(game: Duel): Duel { return { g: this.g, s: structuredClone(game.s) }; }
  turn(game: Duel): number { return game.s.turn; }
  phase(game: Duel): 'running' | 'paused' | 'ended' { return game.s.status === 'ended' ? 'ended' : game.s.pausedAt !== null ? 'paused' : 'running'; }
  deadline(game: Duel): number | null { return game.s.status === 'running' ? game.s.deadlineAt : null; }
  settingsOf(game: Duel): unknown { return game.s.settings; }
  stateOf(game: Duel): unknown { return game.s; }

  parse(text: string, game: Duel | null, speaker: Speaker, judge: boolean, at: number, lang: Lang): Entry[] {
    const side = speaker.kind === 'seat' && isSide(speaker.seat) ? speaker.seat : null;
    const refuse = (code: string, message: string, text: string, kind: string) => ({ type: 'refused', at, code, message, text, side, kind } as Entry);
    return parseDuel(this.g, text, lang).map((p) => {
      if (!p.ok) return refuse(p.code, p.message, p.text, p.kind);
      const c = p.command;
      if (c.kind === 'query') return { type: 'command', at, side, command: c, text: p.text } as unknown as Entry;
      if (c.kind === 'judge') {
        // D10.1: the judge's commands need a judge (a judge who also plays speaks as the judge for them).
        if (!judge) return refuse('NOT_JUDGE', refusalText('NOT_JUDGE', lang), p.text, c.command.kind);
        return { type: 'judge', at, command: c.command, text: p.text } as unknown as Entry;
      }
      // D10.1: a side's command spoken by the judge (who has no side) is NOT_YOUR_COUNTRY.
      if (!side) return refuse('NOT_YOUR_COUNTRY', refusalText('NOT_YOUR_COUNTRY', lang), p.text, logKind(c));
      void game;
      return { type: 'command', at, side, command: c, text: p.text } as unknown as Entry;
    });
  }
  /** D7.6: the platform's /end is the judge's 【结束】 (on the scores; in a rated game an abort). */
  endEntry(_game: Duel, _judgeName: string, at: number): Entry {
    return { type: 'judge', at, command: { kind: 'end' } } as unknown as Entry;
  }
  /** D2.7: after a restart the open turn gets a fresh full deadline from the restart, as a log entry. */
  restart(game: Duel, now: number) {
    const s = game.s;
    if (s.status !== 'running' || s.pausedAt !== null || now + s.settings.turnSeconds * 1000 === s.deadlineAt) return null;
    const lg = this.language(s.settings);
    return {
      entries: [{ type: 'restart', at: now } as Entry],
      text: () => T(lg, `⚠️ 机器人重启了。第${s.turn}回合重新计时：还有${s.settings.turnSeconds}秒（停机不结算任何回合）。`, `⚠️ The bot restarted. Turn ${s.turn} gets a fresh ${s.settings.turnSeconds} s (downtime never resolves a turn).`),
    };
  }
  classify(e: Entry): { help?: boolean; private?: boolean; ratings?: 'board' | 'card'; picture?: PictureAsk } {
    const c = (e as { command?: { kind: string; what?: string } }).command;
    const secret = !!c && SECRET.has(c.kind);
    // D9.6: 【排行】 and 【等级分】 are answered by the platform from its rating tables (this game's kind, the speaker's board).
    const ratings = c?.kind === 'query' ? (c.what === 'leaderboard' ? 'board' : c.what === 'rating' ? 'card' : null) : null;
    // 【地图】 is a picture query: the platform screens and rate-limits it, and a spectator may ask too.
    const picture = c?.kind === 'query' && c.what === 'map' ? mapAsk() : null;
    return { ...(c?.kind === 'query' && c.what === 'help' ? { help: true } : {}), ...(secret ? { private: true } : {}), ...(ratings ? { ratings } : {}), ...(picture ? { picture } : {}) };
  }
  help(lang: Lang): string {
    return T(lang,
      '欧陆对决：每回合30秒，双方同时下令；没有命令的领土由助手代管。【调兵】甲→乙 [全部|一半]、【驻守】甲、【撤销】甲|全部、【路线】甲→…→丁 [一半]、【撤销】路线 甲|#1|全部、【助手】普通|扩张|集结|防守 [领土…|区域 名称]、【助手】清除 …、【集结点】甲|取消、【准备】、【取消准备】、【认输】；查询：【状态】【命令】【分数】【帮助】。裁判（非排位赛）：【结算】【暂停】【继续】【规则】turnSeconds=60、【结束】[红方|蓝方]。\n提示：别让首都空着；中欧最富；敌人的主力在前线时，常常可以奇袭他的首都。',
      'Europe Duel: 30-second simultaneous turns; the helper plays every territory without an order. 【调兵】a→b [all|half], 【驻守】a, 【撤销】a|all, 【路线】a→…→d [half], 【撤销】路线 a|#1|all, 【助手】普通|扩张|集结|防守 [places|区域 region], 【助手】清除 …, 【集结点】a|取消, 【准备】, 【取消准备】, 【认输】; queries 【状态】【命令】【分数】【帮助】. The judge (unrated games): 【结算】【暂停】【继续】【规则】turnSeconds=60, 【结束】[Red|Blue].\nTips: never leave your capital empty; central Europe is the richest; an enemy capital can often be taken by a sudden strike while its armies are at the front.');
  }

  timers(game: Duel) {
    // A paused clock does not run out (D2.7).
    if (game.s.status !== 'running' || game.s.pausedAt !== null) return null;
    return { turn: game.s.turn, deadlines: [{ kind: 'deadline', at: game.s.deadlineAt }], reminders: [] };
  }
  tick(game: Duel, _kind: string, now: number): Entry | null {
    return game.s.status === 'running' && game.s.pausedAt === null && now >= game.s.deadlineAt ? ({ type: 'tick', at: now } as Entry) : null;
  }
  laggards(game: Duel): string[] { return game.s.status === 'running' ? (['A', 'B'] as const).filter((x) => !game.s.ready[x]) : []; }

  /**
   * The new game's first message, by how it came to be (options.ts `via`): only a duel made with `/game new` is
   * seated by /join and started by a judge's /start; a challenge, a game against the computer, the arena and the
   * page's lobby seat their players themselves and start on their own.
   */
  created(by: string, lg: Lang): string {
    const map = this.map.file.name[lg];
    switch (this.via) {
      case 'challenge': return T(lg, `🆕 ${by}的挑战已被接受：欧陆对决（地图：${map}），双方座位已定，马上开始。`, `🆕 ${by}'s challenge was accepted: a Europe Duel (map: ${map}); both seats are taken and it starts at once.`);
      case 'bot': return T(lg, `🆕 ${by}和电脑的欧陆对决（地图：${map}）：座位已定，马上开始。`, `🆕 ${by}'s Europe Duel against the computer (map: ${map}): the seats are taken and it starts at once.`);
      case 'arena': return T(lg, `🏟️ 竞技场：一局欧陆对决（地图：${map}，不计等级分），双方座位已定，马上开始。`, `🏟️ Arena: a Europe Duel (map: ${map}, unrated); both seats are taken and it starts at once.`);
      case 'lobby': return T(lg, `🆕 对决大厅开了一局欧陆对决（地图：${map}）：座位由大厅的链接安排，双方到齐就自动开始。`, `🆕 The duel lobby opened a Europe Duel (map: ${map}): its links seat the players, and it starts by itself once both are in.`);
      default: return T(lg, `🆕 ${by}创建了一局欧陆对决（地图：${this.map.file.name.zh}）。红方、蓝方各一人：用 /join 加入，裁判用 /start 开始。`,
        `🆕 ${by} created a Europe Duel (map: ${this.map.file.name.en}). One player each for Red and Blue: /join, then a judge starts it with /start.`);
    }
  }
  /** D10.3 step 2: both sides with their colour, player (or bot) and ★ capital, the seed's tips, and the map. */
  started(game: Duel, players: { seat: string; name: string }[], lg: Lang): Post[] {
    const n = (id: string) => this.map.territory.get(id)?.name[lg] ?? id;
    const colour: Record<Side, [string, string]> = { A: ['红色', 'red'], B: ['蓝色', 'blue'] };
    const who = (x: Side) => players.find((p) => p.seat === x)?.name ?? (game.s.bots[x] ? T(lg, `电脑（${game.s.bots[x]}）`, `computer (${game.s.bots[x]})`) : '—');
    if (isArenaReplay(game.s)) {
      // D10.4: two bots resolve every turn at its opening, so the game is over already; its turns are told one by one
      // after this (the arena's pace), and the map drawn now would show the end: it comes with the result.
      return [{ text: [
        T(lg, `🏟️ 竞技场开始！电脑对电脑，每回合在开局时就结算，下面逐回合公布（最多${game.s.settings.turnLimit}回合，不计等级分）。`,
          `🏟️ The arena begins! Computer against computer: every turn resolves at its opening, and the turns are told one by one below (at most ${game.s.settings.turnLimit} turns, unrated).`),
        ...(['A', 'B'] as const).map((x) => T(lg, `· ${this.seatName(x, lg)}（${colour[x][0]}）：${who(x)} · 首都 ★${n(game.s.capitals[x])}`, `· ${this.seatName(x, lg)} (${colour[x][1]}): ${who(x)} · capital ★${n(game.s.capitals[x])}`)),
      ].join('\n') }];
    }
    return [{ text: [
      T(lg, `⚔️ 欧陆对决开始！第1回合，每回合${game.s.settings.turnSeconds}秒，最多${game.s.settings.turnLimit}回合${game.s.rated ? '（排位赛）' : ''}。`,
        `⚔️ The duel begins! Turn 1, ${game.s.settings.turnSeconds} s a turn, at most ${game.s.settings.turnLimit} turns${game.s.rated ? ' (rated)' : ''}.`),
      ...(['A', 'B'] as const).map((x) => T(lg, `· ${this.seatName(x, lg)}（${colour[x][0]}）：${who(x)} · 首都 ★${n(game.s.capitals[x])}`, `· ${this.seatName(x, lg)} (${colour[x][1]}): ${who(x)} · capital ★${n(game.s.capitals[x])}`)),
      T(lg, '提示：别让首都空着；中欧最富；敌人的主力在前线时，常常可以奇袭他的首都。没有命令的领土由助手代管。',
        'Tips: never leave your capital empty; central Europe is the richest; an enemy capital can often be taken by a sudden strike while its armies are at the front. The helper plays every territory without an order.'),
    ].join('\n'), pictures: mapAsk() }];
  }
  /**
   * D10.3 step 3: after each resolution its summary (draw.ts resolutionSummary: captures with their armies, attacks
   * on a capital, landings, repelled routes, scores; ≤ 2,000 characters, the rest folded), with the map every
   * `mapEvery` turns and on a turn a capital was attacked (mapDue). The end's map comes with `ended`, which the
   * platform posts right after the last resolution's summary, so that summary carries none.
   */
  present(game: Duel, steps: StepResult[], lg: Lang): Post[] {
    const told = steps.flatMap((s) => (s.detail as DuelStepDetail | undefined)?.turns ?? []);
    if (!told.length) {
      const turns = steps.flatMap((s) => s.resolved);
      if (!turns.length) return [];
      return [{ text: resolutionSummary(this.map, this.g, game.s, turns[turns.length - 1]!, lg), ...(mapDue(game.s, turns) ? { pictures: mapAsk() } : {}) }];
    }
    // One message that resolved several turns (【准备】 twice against a bot): every turn's summary, in order. The map
    // is drawn from the game as it is now, so it comes once, with the last, when any of those turns called for it.
    const map = game.s.status !== 'ended' && told.some((t) => t.mapDue);
    return told.map((t, i) => ({ text: t.text, ...(map && i === told.length - 1 ? { pictures: mapAsk() } : {}) }));
  }
  /** D10.3 step 4: the result (who, how, the scores) and the final map. */
  ended(game: Duel | null, judge: string | null, lg: Lang) {
    // A judge who archives a duel that had already ended by itself (the arena's, once its turns are told) did not end it.
    const byJudge = judge !== null && !game?.s.outcome;
    const head = byJudge ? T(lg, `🏁 裁判${judge}结束了对决。`, `🏁 Judge ${judge} ended the duel.`) : T(lg, '🏁 对决结束！', '🏁 The duel is over!');
    if (!game) return { text: head };
    const o = game.s.outcome;
    const how = o ? T(lg, `（${howText(o.how, lg)}）`, ` (${howText(o.how, lg)})`) : '';
    // No outcome: archived without the game's own end (nothing to announce but the scores).
    const result = !o ? [] : [o.winner.length ? T(lg, `胜者：${this.seatName(o.winner[0]!, lg)}${how}`, `Winner: ${this.seatName(o.winner[0]!, lg)}${how}`) : T(lg, `平局${how}`, `A draw${how}`)];
    const sc = scores(this.g, game.s);
    const turn = game.s.endTurn ?? game.s.turn;
    const line = T(lg, `第${turn}回合 · 红方${sc.A}分 · 蓝方${sc.B}分`, `Turn ${turn} · Red ${sc.A} · Blue ${sc.B}`);
    return { text: [head, ...result, line].join('\n'), pictures: mapAsk() };
  }
  /** The map PNG (D10.3, D11 B8: draw.ts, New European War's painter) with the renderer the platform gives (duelRenderer). */
  async draw(renderer: unknown, game: Duel, ask: PictureAsk, lg: Lang, timeoutMs: number): Promise<OutImage[]> {
    if (!ask.which.includes('map')) return [];
    const pic = duelPicture(this.g, game.s, SIDE_COLOR);
    const png = await withTimeout((renderer as DuelRenderer).mapPng(this.map, pic, { lang: lg, ...(ask.region ? { region: ask.region } : {}) }), timeoutMs);
    return png ? [{ name: `duel-map-turn${pic.turn}.png`, png }] : [];
  }
  pictureKinds(): string[] { return ['map']; }
  pictureCaption(ask: PictureAsk, lg: Lang): string { return ask.which.includes('map') ? T(lg, '地图', 'Map') : ''; }
  onePerMessage(_kind: string, lg: Lang): string { return T(lg, '（同一条消息里只发一张地图）', ' (one map per message)'); }
  /** D10.4: a bot game made by /arena is told turn by turn by the command, which then ends it; any other is archived at once. */
  pacedEnd(game: Duel, settings: unknown): boolean {
    return isArenaReplay(game.s) && (settings as { via?: unknown } | null)?.via === 'arena';
  }
  /** D10.3.2: turn N/150, the deadline, ready ✓/✗, scores, the idle warning (status.ts). */
  status(game: Duel, lg: Lang): string {
    // D10.4: an arena game between bots is over before its turns are told; its status keeps the end to itself until then.
    if (isArenaReplay(game.s)) {
      const bot = (x: Side) => botLabel(game.s.bots[x]!, lg);
      return T(lg, `🏟️ 竞技场 · ${this.seatName('A', lg)}🤖 ${bot('A')} vs ${this.seatName('B', lg)}🤖 ${bot('B')} · 逐回合公布中…`,
        `🏟️ Arena · ${this.seatName('A', lg)}🤖 ${bot('A')} vs ${this.seatName('B', lg)}🤖 ${bot('B')} · telling the turns…`);
    }
    return duelStatusText(game.s, scores(this.g, game.s), (x) => this.seatName(x, lg), lg);
  }
  /** The status message's last text at the archive: the whole status, the arena's end included. */
  finalStatus(game: Duel, _byJudge: boolean, lg: Lang): string {
    return duelStatusText(game.s, scores(this.g, game.s), (x) => this.seatName(x, lg), lg);
  }
  /** D10.3.2: [准备] [地图] [网页] on the status message while the duel runs. */
  statusButtons(game: Duel, lg: Lang) { return duelStatusButtons(game.s, lg); }
  /** [准备] pressed: the side's 【准备】 (status.ts). */
  press(game: Duel, buttonId: string, seat: string | null, at: number) {
    return duelPress(buttonId, seat, at, (code) => refusalText(code, this.language(game.s.settings)));
  }
  /**
   * The state JSON of D10.8. A judge (null) sees everything; a side sees its own orders and routes, never the
   * other's (D2.4); the public (a spectator) sees none.
   */
  view(game: Duel, seat: string | null | 'public'): unknown {
    const v = this.fullView(game, seat) as Record<string, unknown>;
    if (seat === null) return v;
    // What the page is pushed after every change (D10.5): the side's preview, and the log cut to the last rows (the
    // whole game's log grew every push by thousands of rows; the judge's view, the export's, keeps all).
    // The page's top bar shows the turn of turnLimit and warns a turn before idleTurns (settings D10.9 moves).
    const limits = { turnLimit: game.s.settings.turnLimit, idleTurns: game.s.settings.idleTurns, turnSeconds: game.s.settings.turnSeconds };
    const trimmed = { ...v, log: (v.log as unknown[]).slice(-PAGE_LOG_ROWS), limits };
    const side = seat === 'A' || seat === 'B' ? seat : null;
    return side && game.s.status === 'running' ? { ...trimmed, preview: duelPreview(this.g, game.s, side) } : trimmed;
  }
  /** D10.8's state JSON as `seat` may see it, the whole log kept. */
  fullView(game: Duel, seat: string | null | 'public'): unknown {
    const json = duelStateJson(this.map, this.g, game.s);
    if (seat === null) return json;
    const orders = json.orders as Record<Side, unknown[]>;
    const paint = json.paint as Record<Side, unknown>;
    const mine = (x: Side) => seat === x;
    // D2.4: a side sees its own orders, routes, paint, rally point and log rows, never the other's; the judge's rows are public.
    const sides = json.sides as Record<Side, Record<string, unknown>>;
    return {
      ...json,
      sides: { A: mine('A') ? sides.A : { ...sides.A, helper: null, rally: null }, B: mine('B') ? sides.B : { ...sides.B, helper: null, rally: null } },
      orders: { A: mine('A') ? orders.A : [], B: mine('B') ? orders.B : [] },
      paint: { A: mine('A') ? paint.A : {}, B: mine('B') ? paint.B : {} },
      routes: game.s.routes.filter((r) => r.side === seat),
      log: game.s.log.filter((r) => r.speaker === 'judge' || r.speaker === seat),
    };
  }
  /** The local page's side panel and board (D10.5). */
  page(game: Duel | null): PageView & { board: unknown } {
    const sc = game ? scores(this.g, game.s) : null;
    const territories = this.map.territories.filter((t) => this.g.kind.has(t.id)).map((t) => ({ id: t.id, zh: t.name.zh, en: t.name.en, aliases: t.aliases ?? [], kind: t.kind }));
    return {
      seats: (['A', 'B'] as const).map((x) => ({
        id: x, zh: this.seatName(x, 'zh'), en: this.seatName(x, 'en'), color: SIDE_COLOR[x], playable: true,
        committed: game ? game.s.ready[x] : false, score: sc ? sc[x] : null, alive: true, bot: game?.s.bots[x] ?? null,
      })),
      hardCloseAt: game && game.s.status === 'running' ? game.s.deadlineAt : null,
      paused: !!game && game.s.pausedAt !== null,
      turnSeconds: game ? game.s.settings.turnSeconds : null,
      names: { countries: (['A', 'B'] as const).map((x) => ({ id: x, zh: this.seatName(x, 'zh'), en: this.seatName(x, 'en'), aliases: [] })), territories },
      board: duelGeometry(this.g),
    };
  }
  /** D10.4 / D10.7: a bot game or a transcript, turn by turn, for the page's arena player. */
  playback(text: string, root: string): { ok: true; data: unknown } | { ok: false; text: string } {
    return duelPlayback(text, root);
  }
  result(game: Duel) {
    const o = game.s.outcome;
    if (!o) return null;
    if (!o.winner.length) return [{ seat: 'A', place: 1 }, { seat: 'B', place: 1 }];
    return [{ seat: o.winner[0]!, place: 1 }, { seat: o.winner[0] === 'A' ? 'B' : 'A', place: 2 }];
  }
  winner(game: Duel): string[] | null { return game.s.outcome ? game.s.outcome.winner : null; }
}

/** D10.4: a game between two bots, over within its start entry (the engine resolves every turn at its opening). */
function isArenaReplay(s: DuelState): boolean {
  return !!s.bots.A && !!s.bots.B && s.status === 'ended';
}

/** A computer player's name on the page and in the feed: 贪婪 / 登陆 / 智能体 v1. */
function botLabel(id: string, lang: Lang): string {
  const v = /^agent@v(\d+)$/.exec(id);
  if (v) return T(lang, `智能体 v${v[1]}`, `agent v${v[1]}`);
  if (id === 'agent') return T(lang, '智能体', 'agent');
  return id === 'lander' ? T(lang, '登陆', 'lander') : id === 'greedy' ? T(lang, '贪婪', 'greedy') : id;
}

/**
 * D8/D10.2: a bot chosen for a duel (`greedy`, `lander`, `agent`) → its policy id, or AGENT_UNAVAILABLE (D8.4) in
 * the player's language when no usable weights file is present (`root`/models/duel-agent); null: no such bot.
 */
export function duelBot(g: DuelGraph, name: string, lang: Lang, root = process.cwd()): { ok: true; id: string } | { ok: false; code: 'AGENT_UNAVAILABLE' | 'BAD_SYNTAX'; text: string } {
  const r = resolveBot(name.trim().toLowerCase(), g, resolve(root, MODEL_DIR));
  if (!r) return { ok: false, code: 'BAD_SYNTAX', text: T(lang, `没有"${name}"这种电脑对手；可选：greedy（贪婪）、lander（登陆）、agent（智能体）`, `no bot "${name}"; the bots are greedy, lander and agent`) };
  return r.ok ? r : { ok: false, code: r.code, text: agentUnavailableText(lang, r.reason) };
}

export const duel: GameModule<Duel> = {
  kind: 'duel',
  // D9.5: one unfinished duel per person (ALREADY_IN_DUEL).
  seatRefusal: duelSeatRefusal,
  ownsButton: isDuelButton,
  title: { zh: '欧陆对决', en: 'Europe Duel' },
  defaultResource: () => 'maps/europe.json',
  open: (resource: string, root: string) => new DuelRules(loadMapFile(resolve(root, resource)), root),
  // D10.3: the map PNG, drawn in the platform's render worker (draw.ts).
  renderer: () => duelRenderer(),
  transcript(file: string, text: string, root: string) {
    const r = runDuelTranscript(file, text, root);
    const rules = new DuelRules(r.map);
    return { game: { g: r.g, s: r.state }, rules: rules as unknown as Rules<unknown>, state: duelStateJson(r.map, r.g, r.state, r.names) };
  },
};
