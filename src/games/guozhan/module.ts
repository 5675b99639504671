/**
 * 国战 as a game module of the platform (issue 18, part 1; issue 20, playing it in a channel): the table engine
 * behind the platform's Rules — the start entry (seats in a seeded order, G2.1, and the computer players seated),
 * every later input as an entry (a command, a timeout at a deadline, the judge's abort, a bot seated or a seat put
 * under the autopilot), the timed asks as the platform's timers with their defaults announced (X3), per-seat views
 * (the local page's own panel), texts for the channel, the table picture (table.ts, posted at each turn start and on
 * 【桌面】), the computer players' answers (bot.ts), and the transcript runner for `replay`.
 */
import type { OutButton, OutImage } from '../../platform/chat/index.ts';
import { withTimeout } from '../../platform/session/index.ts';
import type { BotMessage, Entry, GameModule, Lang, PageView, PictureAsk, Post, Rules, Speaker, StepResult } from '../../platform/session/index.ts';
import { botMove } from './bot.ts';
import { cardText } from './cards.ts';
import { applyEntry, mergeSettings, newGame, type GzEntry, type StartEntry } from './engine.ts';
import { askText, rowText } from './describe.ts';
import { GENERALS, KINGDOM_ZH } from './generals.ts';
import { COVERAGE } from './skills/index.ts';
import { parseCommands } from './parse.ts';
import { shuffle } from './rng.ts';
import { runGuozhanTranscript, settingPatch } from './transcript.ts';
import { stateJson, view } from './view.ts';
import { guozhanRenderer, handView, tableView, type GuozhanRenderer } from './table.ts';
import type { Settings, State } from './types.ts';

/** Each standard general's skill names (the registry's coverage), for the page's choice of generals. */
const SKILL_NAMES = new Map(COVERAGE.map((c) => [c.general, c.done]));

/**
 * What the platform keeps beside the engine's state (issue 20), folded from the same entries: the computer players
 * seated at the start or by a judge (seat → style), the autopilot setting and each seat's missed asks in a row, and
 * the seats the autopilot plays now (their player missed `autopilotAfter` asks; any command of theirs takes back).
 */
export interface GzMeta {
  bots: Record<string, string>; autopilotAfter: number; missed: Record<string, number>; auto: string[]; pausedAt?: number | null;
  /** The start entry (the judge's 【撤回】 rebuilds the table from it and the commands kept). */
  start?: StartEntry;
  /** Rows of `s.commands` that were a person's accepted actions (not a computer's, not a query): what 【撤回】 takes back. */
  acts?: number[];
  /** How many times the judge undid: part of the computer players' keys, so an ask reopened by an undo is answered again. */
  undos?: number;
}

/** A game in memory: the engine's state (plain JSON) and the platform's meta. */
export interface Guozhan { s: State; m: GzMeta }

/** The default of `autopilotAfter` (the name and default New European War uses). */
export const AUTOPILOT_AFTER = 2;
const freshMeta = (bots: Record<string, string> = {}, autopilotAfter = AUTOPILOT_AFTER): GzMeta => ({ bots: { ...bots }, autopilotAfter, missed: {}, auto: [] });

/** X3.2's default of each ask kind, as the channel is told on a timeout. */
const DEFAULT_ZH: Record<string, string> = {
  pick: '按发牌顺序取第一对同势力武将', turnStart: '不明置', play: '结束出牌阶段', respond: '不出', peach: '不出', nullify: '不使用无懈可击',
  confirm: '不发动', option: '选第一项', pickCard: '选第一张', ownCards: '按点数从小到大弃牌', target: '选第一名合法角色', private: '默认',
};

/** What `present` needs of a step: the log rows it added, and the platform's own lines (timeouts, autopilot). */
interface StepDetail { from: number; to: number; notes?: string[]; reask?: boolean }

/** Module-level settings (not the engine's G0): seats offered, the autopilot's patience, the page's language choice. */
type ModuleSettings = { players?: number; autopilotAfter?: number };

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
        if (!Number.isInteger(n) || n < 3 || n > 10) return { ok: false as const, key: k, reason: `人数 players 要在 3–10 之间（写了 ${String(v)}），如 players=6` };
        out.players = n;
        continue;
      }
      if (k === 'autopilotAfter') {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 50) return { ok: false as const, key: k, reason: `autopilotAfter 是连续超时几次后由机器人代打，要写 1–50 的整数（写了 ${String(v)}），如 autopilotAfter=2` };
        (out as ModuleSettings).autopilotAfter = n;
        continue;
      }
      // The page's 新建游戏 sends its language; 国战 is played in Chinese.
      if (k === 'language') {
        if (v !== 'zh' && v !== 'en') return { ok: false as const, key: k, reason: 'language=zh|en' };
        continue;
      }
      const p = settingPatch(k, String(v));
      if (typeof p === 'string') return { ok: false as const, key: k, reason: `设置 ${k}=${String(v)} 无效：${p}` };
      out = { ...out, ...p, timeouts: { ...mergeSettings(out).timeouts, ...(p.timeouts ?? {}) } };
    }
    return { ok: true as const, settings: out as unknown };
  }
  language(): Lang { return 'zh'; }

  /** G2.1: the seats taken, in an order drawn from the seed; the engine deals and shuffles from the same seed. */
  /** `bots`: the computer players the platform seated (seat → style), kept on the start entry so the log rebuilds them. */
  setup(seats: string[], settings: unknown, seed: number, at: number, bots: Record<string, string> = {}): Entry {
    const { players: _p, autopilotAfter, ...rules } = (settings ?? {}) as Partial<Settings> & ModuleSettings;
    const order = shuffle({ rng: (seed ^ 0x9e3779b9) | 0 }, [...seats].sort((a, b) => SEAT_IDS.indexOf(a) - SEAT_IDS.indexOf(b)));
    const start: StartEntry & { bots?: Record<string, string>; autopilotAfter?: number } = {
      type: 'start', at, seed, seats: order, settings: rules,
      ...(Object.keys(bots).length ? { bots } : {}), ...(autopilotAfter !== undefined ? { autopilotAfter } : {}),
    };
    return start as unknown as Entry;
  }
  apply(game: Guozhan | null, entry: Entry): { game: Guozhan | null; step: StepResult | null } {
    const e = entry as unknown as GzEntry;
    if (e.type === 'start') {
      const x = entry as { bots?: Record<string, string>; autopilotAfter?: number };
      const { bots: _b, autopilotAfter: _a, ...start } = e as StartEntry & { bots?: unknown; autopilotAfter?: unknown };
      return { game: { s: newGame(e), m: { ...freshMeta(x.bots, x.autopilotAfter), start, acts: [] } }, step: null };
    }
    if (!game) return { game, step: null };
    game.m ??= freshMeta();
    // 【桌面】: changes nothing; the platform draws the picture (step.picture) and answers the asker.
    if ((entry.type as string) === 'table') return { game, step: { answer: { ok: true, text: '桌面', private: true }, picture: tableAsk(), resolved: [] } };
    const meta = this.applyMeta(game, entry);
    if (meta) return { game, step: meta };
    // A seatless speaker's query (help, status): answered, nothing recorded in the engine.
    if (e.type === 'cmd' && e.seat < 0) return { game, step: { answer: { ok: true, text: e.cmd.k === 'query' && e.cmd.what === 'help' ? this.help('zh') : this.status(game, 'zh'), private: true }, resolved: [] } };
    const from = game.s.log.length;
    const turn = game.s.turn.n;
    const asked = game.s.ask ? { kind: game.s.ask.kind, secret: !!game.s.ask.secret, seats: game.s.ask.seats.map((i) => game.s.players[i]!.name) } : null;
    const r = applyEntry(game.s, e);
    game.s = r.state;
    // A person's accepted action (not a query, a prelight flag or a computer's move): the judge's 【撤回】 takes these back.
    if (e.type === 'cmd' && r.ok && e.cmd.k !== 'query' && e.cmd.k !== 'prelight' && !(entry as { bot?: boolean }).bot) (game.m.acts ??= []).push(game.s.commands.length - 1);
    const resolved = game.s.turn.n !== turn || game.s.status === 'ended' ? [turn] : [];
    const notes: string[] = [];
    if (e.type === 'timeout' && r.ok && asked) notes.push(...this.missedAsk(game, asked));
    // Anything the seat's own player says (not the autopilot; a query or a refused line too: they are back) takes the
    // seat back — the autopilot answers its prompts at once, so waiting for an accepted answer would never happen.
    const speaker = e.type === 'cmd' ? e.seat : e.type === 'refused' ? e.seat : null;
    if (speaker !== null && speaker >= 0 && !(entry as { bot?: boolean }).bot) {
      const name = game.s.players[speaker]!.name;
      game.m.missed[name] = 0;
      if (game.m.auto.includes(name)) {
        game.m.auto = game.m.auto.filter((x) => x !== name);
        notes.push(`🙋 ${name}回来了，机器人交还控制`);
      }
    }
    const detail: StepDetail = { from: Math.min(from, game.s.log.length), to: game.s.log.length, ...(notes.length ? { notes } : {}) };
    if (e.type === 'timeout' || e.type === 'abort') return { game, step: { answer: null, resolved, detail } };
    if (!r.ok) return { game, step: { answer: { ok: false, code: r.code, text: r.message ?? r.code ?? '', private: true }, resolved, detail } };
    if (e.type === 'cmd' && e.cmd.k === 'query') return { game, step: { answer: { ok: true, text: this.query(game, e.seat, e.cmd.what), private: true }, resolved, detail } };
    const pick = e.type === 'cmd' && e.cmd.k === 'choose' && !!e.cmd.pair;
    return { game, step: { answer: { ok: true, text: pick ? '已选择武将' : this.echo(game.s, from), private: pick }, resolved, detail } };
  }
  /**
   * Entries of the platform's own (not the engine's): a judge seats a computer player in a running game ('bot'), a seat
   * is put in or out of civil disorder ('control'). null: not one of them.
   */
  private applyMeta(game: Guozhan, entry: Entry): StepResult | null {
    const x = entry as { type: string; at: number; seat?: string; style?: string; player?: boolean; by?: string };
    const none = { from: game.s.log.length, to: game.s.log.length } satisfies StepDetail;
    if (x.type === 'pause' || x.type === 'resume') {
      const refuse = (code: string, text: string): StepResult => ({ answer: { ok: false, code, text, private: true }, resolved: [] });
      if (game.s.status === 'ended') return refuse('GAME_NOT_RUNNING', '游戏已经结束');
      const paused = game.m.pausedAt !== undefined && game.m.pausedAt !== null;
      if (x.type === 'pause') {
        if (paused) return refuse('PAUSED', '游戏已经暂停了；继续用【继续】（/judge resume）');
        game.m.pausedAt = x.at;
        return { answer: { ok: true, text: `⏸ 裁判${x.by ?? ''}暂停了国战，计时停止；【继续】恢复`, private: false }, resolved: [], detail: none };
      }
      if (!paused) return refuse('NOT_ALLOWED', '游戏没有暂停，不需要【继续】');
      // The open prompt keeps the time it had left: its deadline moves by the pause.
      const dt = Math.max(0, x.at - game.m.pausedAt!);
      if (game.s.ask) game.s.ask.deadline += dt;
      game.m.pausedAt = null;
      return { answer: { ok: true, text: `▶️ 裁判${x.by ?? ''}恢复了国战，截止时间顺延${Math.round(dt / 1000)}秒`, private: false }, resolved: [], detail: none };
    }
    if (x.type === 'undo') return this.undo(game, x.at, x.by ?? '');
    const p = game.s.players.find((q) => q.name === x.seat);
    if (x.type !== 'bot' && x.type !== 'control') return null;
    if (!p) return { answer: { ok: false, code: 'UNKNOWN_PLAYER', text: `没有座位"${x.seat ?? ''}"；座位是：${game.s.players.map((q) => q.name).join('、')}`, private: true }, resolved: [] };
    const name = p.name;
    if (x.type === 'bot') {
      game.m.bots[name] = x.style ?? 'standard';
      game.m.auto = game.m.auto.filter((q) => q !== name);
      return { answer: { ok: true, text: `🤖 裁判${x.by ?? ''}让机器人接手${name}`, private: false }, resolved: [], detail: { from: game.s.log.length, to: game.s.log.length } satisfies StepDetail };
    }
    if (x.player) {
      delete game.m.bots[name];
      game.m.auto = game.m.auto.filter((q) => q !== name);
      game.m.missed[name] = 0;
      return { answer: { ok: true, text: `🙋 ${name}交还给玩家`, private: false }, resolved: [], detail: { from: game.s.log.length, to: game.s.log.length } satisfies StepDetail };
    }
    if (!game.m.auto.includes(name)) game.m.auto.push(name);
    return { answer: { ok: true, text: `🤖 ${name}由机器人代打（托管）`, private: false }, resolved: [], detail: { from: game.s.log.length, to: game.s.log.length } satisfies StepDetail };
  }

  /**
   * The judge's 【撤回】 (issue 20): the last action a person took is taken back, with everything after it (the computer
   * players' answers, timeouts). A game is its log, so the table is rebuilt: the start entry folded again with every
   * command kept before that action (re-read from their text), deterministically — the same input gives the same table
   * wherever it is rebuilt, and the 【撤回】 itself stays in the platform's log. Meta (bots, the autopilot, a pause) is
   * not undone. The reopened prompt gets its whole time again from the undo (from the pause, when paused).
   */
  private undo(game: Guozhan, at: number, by: string): StepResult {
    const refuse = (code: string, text: string): StepResult => ({ answer: { ok: false, code, text, private: true }, resolved: [] });
    const s = game.s;
    if (s.status === 'ended') return refuse('GAME_NOT_RUNNING', '游戏已经结束，没有可以撤回的');
    const acts = game.m.acts ?? [];
    const last = acts[acts.length - 1];
    if (last === undefined || !game.m.start) return refuse('NOTHING_TO_UNDO', '没有可以撤回的玩家动作（电脑玩家的动作和超时不单独撤回；查询不算动作）');
    const rebuilt = replayCommands(game.m.start, s.commands.slice(0, last));
    if (typeof rebuilt === 'string') return refuse('NOT_ALLOWED', `这一步撤回不了：${rebuilt}；可以【暂停】、换人（/judge replace）或结束（/game end）`);
    const row = s.commands[last]!;
    const later = s.commands.slice(last + 1).filter((c) => c.ok && c.kind !== 'query' && c.kind !== 'undo' && c.kind !== 'prelight').length;
    const a = rebuilt.ask;
    if (a) a.deadline = (game.m.pausedAt ?? at) + (a.deadline - a.openedAt);
    const who = row.seat !== null ? s.players[row.seat]!.name : '';
    // X1.1: a private action (a general pick, a hidden skill's answer) is not quoted.
    const what = row.to ? '上一步（私密）' : row.text ?? '上一步';
    const text = `↩️ 裁判${by}撤回了${who}的${what}${later ? `，以及之后的${later}步` : ''}`;
    rebuilt.commands.push({ at, seat: null, kind: 'undo', ok: true, after: rebuilt.log.length, text });
    const turn = s.turn.n;
    game.s = rebuilt;
    game.m.acts = acts.slice(0, -1);
    game.m.undos = (game.m.undos ?? 0) + 1;
    return { answer: { ok: true, text, private: false }, resolved: rebuilt.turn.n !== turn ? [turn] : [], detail: { from: rebuilt.log.length, to: rebuilt.log.length, reask: true } satisfies StepDetail };
  }

  /**
   * X3 on a timeout: the default is announced; each seat that owed the ask counts one more missed ask (a nullify
   * window is not owed: passing it is normal), and after `autopilotAfter` in a row the autopilot plays that seat.
   */
  private missedAsk(game: Guozhan, asked: { kind: string; secret: boolean; seats: string[] }): string[] {
    const notes: string[] = [];
    const who = asked.seats.join('、');
    if (asked.kind === 'nullify') return notes;
    // X2: a private prompt's timeout names no kind (it would tell a hidden skill).
    const what = asked.secret && asked.kind !== 'pick' ? '默认' : DEFAULT_ZH[asked.kind] ?? '默认';
    notes.push(`⏰ ${who}超时：${what}`);
    for (const name of asked.seats) {
      if (game.m.bots[name]) continue;
      const n = (game.m.missed[name] ?? 0) + 1;
      game.m.missed[name] = n;
      if (n >= game.m.autopilotAfter && !game.m.auto.includes(name)) {
        game.m.auto.push(name);
        notes.push(`🤖 ${name}连续${n}次超时，由机器人代打；${name}发出任何命令即收回控制`);
      }
    }
    return notes;
  }

  /** X6.3: the accepted command in normal form — the first thing it did in public. */
  private echo(s: State, from: number): string {
    for (const row of s.log.slice(from)) { if (row.to) continue; const t = rowText(s, row); if (t) return t; }
    return '好的';
  }
  private query(game: Guozhan, seat: number, what: 'status' | 'hand' | 'help'): string {
    if (what === 'help') return this.help('zh');
    if (what === 'hand') return handText(game.s, seat);
    return this.status(game, 'zh');
  }
  isGameEntry(e: Entry): boolean { return e.type === 'pause' || e.type === 'resume' || e.type === 'undo' || e.type === 'table' || e.type === 'bot' || e.type === 'control' || e.type === 'cmd' || e.type === 'timeout' || e.type === 'abort' || e.type === 'refused'; }
  /** The state with the meta beside it (`gz`); a snapshot of before issue 20 is the state alone. */
  snapshot(game: Guozhan): string { return JSON.stringify({ gz: 1, s: game.s, m: game.m }); }
  restore(json: string): Guozhan {
    const j = JSON.parse(json) as { gz?: number; s?: State; m?: GzMeta };
    return j.gz ? { s: j.s!, m: { ...freshMeta(), ...j.m } } : { s: j as unknown as State, m: freshMeta() };
  }
  turn(game: Guozhan): number { return game.s.turn.n; }
  phase(game: Guozhan): 'running' | 'paused' | 'ended' { return game.s.status === 'ended' ? 'ended' : game.m?.pausedAt != null ? 'paused' : 'running'; }
  deadline(game: Guozhan): number | null { return game.s.ask?.deadline ?? null; }
  settingsOf(game: Guozhan): unknown { return game.s.settings; }
  stateOf(game: Guozhan): unknown { return game.s; }
  freeze(game: Guozhan): Guozhan { return { s: structuredClone(game.s), m: structuredClone(game.m) }; }

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
    // The judge's clock (/judge pause, resume; the page's /pause, /resume) and 【撤回】, which 国战 does not have.
    const jc = /^[【\[〖]\s*(暂停|继续|撤回)\s*[】\]〗]$/.exec(text.trim());
    if (jc && game) {
      const kind = jc[1] === '暂停' ? 'pause' : jc[1] === '继续' ? 'resume' : 'undo';
      if (!judge) out.push({ type: 'refused', at, seat: seat < 0 ? null : seat, code: 'NOT_JUDGE', message: `只有裁判（创建者或版主）可以【${jc[1]}】`, text: text.trim(), kind } as unknown as Entry);
      else out.push({ type: kind, at, by: speaker.name } as unknown as Entry);
      return out;
    }
    // The lobby's 【机器人】乙 [风格] (issue 20): a judge seats computer players before the start (the platform checks the judge).
    const bot = /^[【\[〖]\s*机器人\s*[】\]〗]\s*(.*)$/s.exec(text.trim());
    if (bot && game === null) {
      const words = bot[1]!.split(/[\s、，,]+/).filter(Boolean);
      const style = words.find((w) => !SEAT_IDS.includes(w));
      const seats = words.filter((w) => SEAT_IDS.includes(w));
      if (!seats.length || (style && !this.botStyle(style))) {
        out.push({ type: 'lobbyBotRefused', at, code: seats.length ? 'UNKNOWN_STYLE' : 'BAD_SYNTAX',
          text: seats.length ? `没有"${style}"这种机器人；可选：${this.botStyles()}` : `【机器人】后面写空座位，如【机器人】乙 丙（座位：${SEAT_IDS.join('、')}）` } as Entry);
        return out;
      }
      for (const seatName of seats) out.push({ type: 'lobbyBot', at, seat: seatName, style: 'standard' } as Entry);
      return out;
    }
    for (const p of parseCommands(text)) {
      if (!p.ok) { refuse(p.code, p.message, p.raw, p.kind); continue; }
      if ('judge' in p) {
        if (!judge) { refuse('NOT_ALLOWED', '只有裁判可以【中止】', p.raw, 'abort'); continue; }
        out.push({ type: 'abort', at } as unknown as Entry);
        continue;
      }
      // Help and the status are anyone's (a spectator, a judge without a seat, the lobby); the rest needs a seat.
      if (seat < 0 && p.cmd.k === 'query' && p.cmd.what !== 'hand') { out.push({ type: 'cmd', at, seat: -1, cmd: p.cmd, text: p.raw } as unknown as Entry); continue; }
      if (seat < 0) { refuse('NOT_ALLOWED', p.cmd.k === 'query' ? '你没有座位，没有手牌；【桌面】可以看牌桌' : '你没有座位：只有玩家可以出牌（观众可以用【桌面】【状态】【帮助】）', p.raw, p.cmd.k); continue; }
      if (game?.m?.pausedAt != null && p.cmd.k !== 'query' && p.cmd.k !== 'prelight') { refuse('PAUSED', '游戏暂停中：等裁判【继续】；查询（【手牌】【状态】【桌面】）照常', p.raw, p.cmd.k); continue; }
      // X2: an answer to a private prompt (a hidden skill's) stays out of the channel, the autopilot's too.
      const secret = !!game?.s.ask?.secret && game.s.ask.seats.includes(seat);
      out.push({ type: 'cmd', at, seat, cmd: p.cmd, text: p.raw, ...(speaker.kind === 'seat' && speaker.bot ? { bot: true } : {}), ...(secret ? { secret: true } : {}) } as unknown as Entry);
    }
    return out;
  }
  classify(e: Entry): { help?: boolean; private?: boolean; picture?: PictureAsk } {
    if (e.type === 'table') return { picture: tableAsk(), private: true };
    if ((e as { secret?: boolean }).secret) return { private: true };
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
    // A paused game's clock does not run.
    if (game.s.status === 'ended' || !a || game.m?.pausedAt != null) return null;
    return { turn: game.s.turn.n, deadlines: [{ kind: a.id, at: a.deadline }], reminders: [] };
  }
  tick(game: Guozhan, kind: string, now: number): Entry | null {
    const a = game.s.ask;
    if (game.m?.pausedAt != null) return null;
    return a && a.id === kind && now >= a.deadline ? ({ type: 'timeout', at: now, ask: a.id } as unknown as Entry) : null;
  }
  laggards(game: Guozhan): string[] { return game.s.ask ? game.s.ask.seats.map((i) => game.s.players[i]!.name) : []; }

  present(game: Guozhan, steps: StepResult[]): Post[] {
    const s = game.s;
    const lines: string[] = [];
    let turnStarted = false;
    for (const st of steps) {
      const d = st.detail as StepDetail | undefined;
      if (!d) continue;
      if (d.notes) lines.push(...d.notes);
      // The step's public answer (echo: its first public row) is already posted by the platform as the answer: that
      // row is not said twice (a computer's 【杀】 showed as two identical lines, the answer and this post).
      let echoed = st.answer?.ok && !st.answer.private ? st.answer.text : null;
      for (const row of s.log.slice(d.from, d.to)) {
        if (row.t === 'turn') turnStarted = true;
        if (row.to) continue;
        const t = rowText(s, row);
        if (t && t === echoed) { echoed = null; continue; }
        if (t) lines.push(t);
      }
    }
    // The open prompt again after a step that moved the table (not after a query, a refusal or a private pick).
    const ask = askLine(s);
    const moved = steps.some((st) => { const d = st.detail as StepDetail | undefined; return !!d && (d.to > d.from || !!d.notes || !!d.reask) && (st.answer?.ok || st.answer === null); });
    if (ask && moved) lines.push(ask);
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
    // The game's own last step already said who won (describe.ts's 游戏结束 line): the platform's closing post is the
    // final table instead — every seat's generals and side, which G16.4 and G12.1 have revealed by now.
    const winners = new Set(s.winners ?? []);
    const seats = s.players.map((p, i) => {
      const g = p.generals ? p.generals.map((x) => GENERALS[x]!.zh).join('+') : '?';
      return `${i + 1}. ${p.name} ${g}（${sideText(p)}）${p.alive ? '存活' : '阵亡'}${winners.has(i) ? ' · 胜' : ''}`;
    });
    return { text: [`🏁 终局（第${s.turn.n}回合${s.end.how === 'draw' ? ' · 平局' : ''}）：`, ...seats].join('\n') };
  }
  status(game: Guozhan, _lang?: Lang): string {
    const s = game.s;
    const m = game.m ?? freshMeta();
    const ask = askLine(s);
    if (s.status === 'picking') return ['国战 · 选将中：点【我的手牌】从发给你的武将中选两张（或私下【选择】主将+副将）', ...(ask ? [ask] : [])].join('\n');
    const seats = s.players.map((p) => {
      const g = p.generals ? p.generals.map((x, k) => (p.revealed[k] ? GENERALS[x]!.zh : '暗')).join('+') : '?';
      const k = sideText(p);
      const who = m.bots[p.name] ? ' 🤖' : m.auto.includes(p.name) ? ' 🤖托管' : '';
      return `${p.name}${p.alive ? `❤${p.hp}/${p.maxHp} 🂠${p.hand.length}` : '💀'} ${g}（${k}）${who}`;
    });
    return [`国战 · 第${s.turn.n}回合 · ${s.players[s.turn.seat]!.name}的回合 · 牌堆${s.drawPile.length}${s.aozhan ? ' · 鏖战' : ''}${m.pausedAt != null ? ' · ⏸ 暂停中' : ''}`, ...seats, ...(ask && s.status !== 'ended' ? [ask] : [])].join('\n');
  }
  /** Discord (issue 20): [我的手牌] answers the presser's hand and generals privately, [桌面] the table picture. */
  statusButtons(): OutButton[] {
    return [{ id: HAND_BUTTON, label: '我的手牌', style: 'primary' }, { id: TABLE_BUTTON, label: '桌面', style: 'secondary' }];
  }
  press(game: Guozhan, buttonId: string, seat: string | null, at: number) {
    if (buttonId === TABLE_BUTTON) return { entry: { type: 'table', at } as Entry };
    if (buttonId !== HAND_BUTTON) return null;
    const i = game.s.players.findIndex((p) => p.name === seat);
    if (i < 0) return { refuse: { code: 'NOT_ALLOWED', text: '你没有座位，没有手牌；观众可以按【桌面】看牌桌' } };
    return { entry: { type: 'cmd', at, seat: i, cmd: { k: 'query', what: 'hand' }, text: '【手牌】' } as unknown as Entry };
  }
  /** The table PNG (issue 20) with the renderer the platform gives (table.ts: the render worker, this thread as fallback). */
  async draw(renderer: unknown, game: Guozhan, ask: PictureAsk, _lg: Lang, timeoutMs: number): Promise<OutImage[]> {
    // A seat's hand (issue 20, Discord's /hand and [我的手牌]): only asked by the hand command for the asker's own seat.
    if (ask.which.includes('hand')) {
      const i = game.s.players.findIndex((p) => p.name === ask.region);
      const r = renderer as GuozhanRenderer;
      if (i < 0 || !r.handPng || !game.s.players[i]!.hand.length) return [];
      const png = await withTimeout(r.handPng(handView(game.s, i)), timeoutMs);
      return png ? [{ name: `guozhan-hand-${game.s.turn.n}.png`, png }] : [];
    }
    if (!ask.which.includes('table')) return [];
    const png = await withTimeout((renderer as GuozhanRenderer).tablePng(tableView(game.s)), timeoutMs);
    return png ? [{ name: `guozhan-table-turn${game.s.turn.n}.png`, png }] : [];
  }
  pictureKinds(): string[] { return ['table']; }
  pictureCaption(ask: PictureAsk, lg: Lang): string { return ask.which.includes('table') ? T(lg, '桌面', 'Table') : ''; }
  onePerMessage(_kind: string, lg: Lang): string { return T(lg, '（同一条消息里只发一张桌面图）', ' (one table picture per message)'); }
  /**
   * The state as `seat` may see it (view.ts: its own hand and generals, nobody else's). The judge's (null) is whole (the
   * export); a seat's and the public one — what the local page is pushed after every change — keep the last log rows
   * and the seat's own last commands, and say who the viewer is and which seats computers play.
   */
  view(game: Guozhan, seat: string | null | 'public'): unknown {
    if (seat === null) return view(game.s, null);
    const i = seat === 'public' ? -1 : game.s.players.findIndex((p) => p.name === seat);
    const v = view(game.s, i < 0 ? 'public' : i) as Record<string, unknown>;
    const m = game.m ?? freshMeta();
    // The page writes cards and generals by name: only of ids this viewer sees anyway (its hand and dealt generals,
    // everyone's equipment and judgement area, revealed generals).
    const cards: Record<string, string> = {};
    const generals: Record<string, string> = {};
    // The same generals' kingdom, health (阴阳鱼 halves) and skill names: what a player choosing them needs.
    const about: Record<string, { kingdom: string; fish: number; skills: string[] }> = {};
    const seats = v.seats as { hand?: string[]; equip: Record<string, string | null>; judge: string[]; dealt?: string[]; generals: { general: string | null }[] | null }[];
    for (const x of seats) {
      for (const id of [...(x.hand ?? []), ...Object.values(x.equip).filter((c): c is string => !!c), ...x.judge]) cards[id] = cardText(id);
      for (const g of [...(x.dealt ?? []), ...(x.generals ?? []).flatMap((q) => (q.general ? [q.general] : []))]) {
        const known = GENERALS[g];
        generals[g] = known?.zh ?? g;
        if (known) about[g] = { kingdom: KINGDOM_ZH[known.kingdom], fish: known.fish, skills: [...(SKILL_NAMES.get(g) ?? [])] };
      }
    }
    return {
      ...v, log: (v.log as unknown[]).slice(-PAGE_LOG_ROWS), commands: (v.commands as { seat?: unknown }[]).filter((c) => i >= 0 && c.seat === seat).slice(-5),
      me: i < 0 ? null : seat, bots: Object.keys(m.bots), auto: [...m.auto], names: { cards, generals, about },
    };
  }
  /** The local page's side panel (seats with health, alive and who plays them) and its board: 国战's own panel (guozhan.js). */
  page(game: Guozhan | null): PageView {
    const row = (id: string) => ({ id, zh: id, en: id, aliases: [] as string[] });
    const ids = game ? game.s.players.map((p) => p.name) : SEAT_IDS;
    const kingdomColor: Record<string, string> = { wei: '#3d6cb9', shu: '#c0392b', wu: '#2e8b57', qun: '#9a7d3c' };
    return {
      seats: ids.map((id) => {
        const p = game?.s.players.find((q) => q.name === id);
        return {
          ...row(id), color: p?.careerist ? '#6c3483' : p?.kingdom ? kingdomColor[p.kingdom]! : '#888888', playable: true,
          // "Done" is "not asked now": the page's top line then waits for exactly the seats the open prompt names.
          committed: !!game && !!p && !game.s.ask?.seats.includes(game.s.players.indexOf(p)), score: null, alive: p ? p.alive : true,
          bot: game?.m.bots[id] ? '机器人' : game?.m.auto.includes(id) ? '托管' : null,
        };
      }),
      hardCloseAt: game?.s.ask?.deadline ?? null,
      paused: false,
      turnSeconds: null,
      names: { countries: ids.map(row), territories: [] },
      board: { game: 'guozhan' },
    };
  }

  // ── computer players (issue 20) ──
  botStyle(name: string | undefined): { id: string; label: string } | null {
    const n = (name ?? 'standard').trim().toLowerCase();
    return n === 'standard' || n === '标准' || n === '' ? { id: 'standard', label: '标准' } : null;
  }
  botStyles(): string { return 'standard（标准）'; }
  /** A computer player is 机器人 and its seat (机器人乙): readable, and one name per seat (not the style's 标准). */
  botName(seat: string): string { return `机器人${seat}`; }
  botOffers(): { id: string; label: string; available: boolean }[] { return [{ id: 'standard', label: '标准', available: true }]; }
  /** The lobby's 【机器人】乙 [风格] (a judge seats a computer player before the start), or its refusal. */
  seatsBot(entry: Entry): { seat: string; style: string } | { code: string; text: string } | null {
    const x = entry as { type: string; seat?: string; style?: string; code?: string; text?: string };
    if (x.type === 'lobbyBot') return { seat: x.seat!, style: x.style ?? 'standard' };
    if (x.type === 'lobbyBotRefused') return { code: x.code!, text: x.text! };
    return null;
  }
  botEntry(seat: string, style: string, judgeName: string, at: number): Entry {
    return { type: 'bot', at, seat, style, by: judgeName } as Entry;
  }
  control(seat: string, player: boolean, judgeName: string, at: number): Entry {
    return { type: 'control', at, seat, player, by: judgeName } as Entry;
  }
  /**
   * What the computer players (seated bots and the autopilot of absent players) say now: the open ask's answers, as
   * far ahead as computers alone answer — each move tried on a copy of the game and the next decided from there — so a
   * table of bots plays on without waiting for a clock. Each key (ask, seat, log position) is asked once.
   */
  bots(game: Guozhan): BotMessage[] {
    const m = game.m ?? freshMeta();
    const playsFor = (name: string) => !!m.bots[name] || m.auto.includes(name);
    if (game.s.status === 'ended' || m.pausedAt != null || !game.s.players.some((p) => playsFor(p.name))) return [];
    // When computers play every seat still alive and some of them stand in for absent players, the table goes at the
    // clock's pace (each prompt's deadline and its default), as New European War does: it does not race to the end
    // without its people, nor hold the game's lock playing a whole game inside one message.
    if (m.auto.length && game.s.players.every((p) => !p.alive || playsFor(p.name))) return [];
    const out: BotMessage[] = [];
    let s = game.s;
    for (let k = 0; k < BOT_LOOKAHEAD && s.status !== 'ended' && s.ask; k++) {
      const a = s.ask;
      const seat = a.seats.find((i) => playsFor(s.players[i]!.name));
      if (seat === undefined) break;
      const text = botMove(s, seat);
      const p = text ? parseCommands(text)[0] : null;
      if (!text || !p || !p.ok || 'judge' in p) break;
      // After an undo the same ask may open again at the same log position: the undo count keeps its key new.
      out.push({ seat: s.players[seat]!.name, key: `${m.undos ? `u${m.undos}:` : ''}${a.id}:${seat}:${s.log.length}`, text });
      if (k === BOT_LOOKAHEAD - 1) break;
      const { log, commands: _c, ...rest } = s;
      const copy = structuredClone(rest) as State;
      copy.log = log.slice();
      copy.commands = [];
      const r = applyEntry(copy, { type: 'cmd', at: s.now, seat, cmd: p.cmd });
      if (!r.ok) break;
      s = r.state;
    }
    return out;
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

/** The button ids of 国战's status message (issue 20). */
/** A seat's side as the table shows it: its kingdom, 野心家, or 无势力 while nothing is revealed. */
function sideText(p: State['players'][number]): string {
  return p.careerist ? '野心家' : p.kingdom ? KINGDOM_ZH[p.kingdom] : '无势力';
}

export const HAND_BUTTON = 'gz:hand';
export const TABLE_BUTTON = 'gz:table';
/** Log rows a seat's pushed view keeps (the page shows the last ones; the export has all). */
const PAGE_LOG_ROWS = 40;
/** How many answers ahead computer players decide at once (the platform asks again after they are applied). */
const BOT_LOOKAHEAD = 12;

/**
 * X5: the open prompt for the channel — who must act, what, and until when (the deadline as a Discord timestamp,
 * which the local page shows too). A private prompt's question is its owner's alone (G21.9, askText).
 */
export function askLine(s: State): string | null {
  const t = askText(s);
  if (!t || !s.ask) return null;
  return `${t}（截止 <t:${Math.floor(s.ask.deadline / 1000)}:T>）`;
}

/** X1.1: a seat's own hand and generals (its 【手牌】, the 我的手牌 button, /hand): to it alone. */
export function handText(s: State, seat: number): string {
  const p = s.players[seat]!;
  const gens = p.generals
    ? p.generals.map((g, k) => `${k === 0 ? '主将' : '副将'}${GENERALS[g]!.zh}${p.revealed[k] ? '' : '（暗置）'}`).join('、')
    : p.dealt.length ? `待选：${p.dealt.map((g) => GENERALS[g]!.zh).join('、')}` : '—';
  return [`你的武将：${gens}`, `你的手牌（${p.hand.length}）：${p.hand.map(cardText).join('、') || '无'}`].join('\n');
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

/**
 * The table rebuilt from its start entry and a prefix of its command rows (the judge's 【撤回】): rows that changed the
 * table (commands, timeouts, the abort) are applied again — a command re-read from its text — and the rest (queries,
 * refusals, earlier undos) are copied as they were. A string: why it could not be (a row without its text, or one the
 * engine no longer accepts).
 */
export function replayCommands(start: StartEntry, rows: State['commands']): State | string {
  let s = newGame(start);
  for (const row of rows) {
    if (!row.ok || row.kind === 'query' || row.kind === 'undo') { s.commands.push(structuredClone(row)); continue; }
    let e: Exclude<GzEntry, StartEntry>;
    if (row.kind === 'timeout') e = { type: 'timeout', at: row.at, ask: row.text ?? '' };
    else if (row.kind === 'abort') e = { type: 'abort', at: row.at };
    else {
      const p = row.text !== undefined && row.seat !== null ? parseCommands(row.text) : [];
      const one = p.length === 1 ? p[0]! : null;
      if (!one || !one.ok || 'judge' in one) return `第${rows.indexOf(row) + 1}条记录（${row.text ?? row.kind}）读不出来`;
      e = { type: 'cmd', at: row.at, seat: row.seat!, cmd: one.cmd, ...(row.text !== undefined ? { text: row.text } : {}), ...(row.line !== undefined ? { line: row.line } : {}) };
    }
    const r = applyEntry(s, e);
    if (!r.ok) return `第${rows.indexOf(row) + 1}条记录（${row.text ?? row.kind}）重放时被拒绝（${r.code ?? ''}）`;
    s = r.state;
  }
  return s;
}

/** Whether `replay` was asked for every hand (`--reveal`, issue 18); the CLI leaves its flags in argv. */
const revealHands = () => process.argv.includes('--reveal');

export const guozhan: GameModule<Guozhan> = {
  kind: 'guozhan',
  ownsButton: (id: string) => id === HAND_BUTTON || id === TABLE_BUTTON,
  title: { zh: '国战', en: 'Sanguosha Hegemony' },
  defaultResource: () => 'guozhan',
  open: () => new GuozhanRules(),
  // Issue 20: the table PNG, drawn in the platform's render worker (table.ts).
  renderer: () => guozhanRenderer(),
  transcript(file: string, text: string) {
    const r = runGuozhanTranscript(file, text);
    return { game: { s: r.state, m: freshMeta() }, rules: new GuozhanRules() as unknown as Rules<unknown>, state: stateJson(r.state, null, { hands: revealHands() }) };
  },
};
