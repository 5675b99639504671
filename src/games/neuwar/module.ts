/**
 * New European War as a game module of the platform: the engine (R1–R13), the parser (commands.md) and the
 * texts and pictures behind the platform's GameModule interface. Everything the live service used to know
 * about countries, requests, the turn clock and the score table is here.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutImage } from '../../platform/chat/index.ts';
import { withTimeout } from '../../platform/session/index.ts';
import type { BotMessage, Entry, GameModule, Lang, PageView, PictureAsk, Post, Rules, Speaker, StepResult } from '../../platform/session/index.ts';
import { loadMapFile, normalizeName, type GameMap } from '../europe/map/index.ts';
import {
  answerCommand, applyEntry, cn, defaultSettings, hardCloseAt, helpText, isJudgeCommand, isPrivateEntry, mergeSettings, newGame, stateJson, SettingsSchema,
  type Game, type GameEvent, type GameState, type LogEntry, type Settings,
} from './engine/index.ts';
import { entriesFromText } from './transcript.ts';
import { reminderTimes, restartShift } from './live/schedule.ts';
import { list, rel, reminderText, statusText, T, turnSummary, uncommitted } from './live/texts.ts';
import { scoreChartPng } from './live/chart.ts';
import { defaultRenderer } from './live/renderer.ts';
import { botMark, botMessages, botName, seatLabel, styleList, styleOf } from './live/bots.ts';

/** The start entry: what newGame needs, so the log alone rebuilds the game. */
export type StartEntry = {
  type: 'start'; at: number; players: string[]; settings: Settings; mapId: string;
  /** Issue 13: the seats computer players take, with their style; and the seed their choices use. */
  bots?: Record<string, string>; seed?: number;
};

/** What the service needs of a renderer for this game: injectable so tests use a fake and a missing renderer only loses pictures. */
export interface NeuwarRenderer {
  mapPng(map: GameMap, state: GameState, opts: { region?: string; lang?: Lang }): Promise<Buffer>;
  scoresPng(map: GameMap, state: GameState, opts: { lang?: Lang }): Promise<Buffer>;
}

/** How a posted request ended, as its post says once its buttons are gone. */
type RequestOutcome = 'accepted' | 'rejected' | 'countered' | 'lapsed' | 'ended';
const OUTCOME_TEXT: Record<RequestOutcome, [string, string]> = {
  accepted: ['——已同意', '— accepted'],
  rejected: ['——已拒绝', '— rejected'],
  countered: ['——已被反提议取代', '— replaced by a counter-offer'],
  lapsed: ['——已失效', '— lapsed'],
  ended: ['——游戏已结束', '— the game has ended'],
};

/** What a step of this game carries for `present` and `settled`. */
interface Detail { resolved: { turn: number; events: GameEvent[] }[]; events: GameEvent[] }

const asLog = (e: Entry): LogEntry => e as unknown as LogEntry;
const asEntry = (e: LogEntry | StartEntry): Entry => e as unknown as Entry;

/** 【地图】 and 【分数】: the queries that cost a render. */
function pictureOf(e: LogEntry): PictureAsk | undefined {
  if (e.type !== 'command' || e.command.kind !== 'query') return undefined;
  if (e.command.what === 'map') return { which: ['map'], ...(e.command.region ? { region: e.command.region } : {}) };
  if (e.command.what === 'scores') return { which: ['scores'] };
  return undefined;
}

/** One game of New European War on its map. */
export class NeuwarRules implements Rules<Game> {
  readonly minSeats = 2;
  constructor(readonly map: GameMap) {}

  get resourceId(): string { return this.map.id; }
  resourceName(lang: Lang): string { return this.map.file.name[lang]; }

  seats(): string[] {
    return this.map.countries.filter((c) => c.playable !== false).map((c) => c.id);
  }
  seatName(seat: string, lang: Lang): string { return cn(this.map, seat, lang); }
  findSeat(name: string): string | null { return this.map.countryByName.get(normalizeName(name)) ?? null; }

  settings(base: unknown, patch: Record<string, unknown>) {
    const start = mergeSettings(defaultSettings(), (base ?? {}) as Record<string, unknown>);
    const merged = mergeSettings(start.ok ? start.settings : defaultSettings(), patch);
    return merged.ok ? { ok: true as const, settings: merged.settings as unknown } : { ok: false as const, key: merged.key, reason: merged.reason };
  }
  language(settings: unknown): Lang {
    return ((settings as Partial<Settings> | null)?.language ?? 'zh') as Lang;
  }
  gameLanguage(g: Game): Lang { return g.state.settings.language; }

  // ── the log ──
  setup(seats: string[], settings: unknown, seed: number, at: number, bots?: Record<string, string>): Entry {
    const start: StartEntry = { type: 'start', at, players: [...seats].sort(), settings: settings as Settings, mapId: this.map.id };
    const botSeats = Object.keys(bots ?? {}).filter((c) => seats.includes(c)).sort();
    if (botSeats.length) start.bots = Object.fromEntries(botSeats.map((c) => [c, bots![c]!]));
    start.seed = seed >>> 0;
    return asEntry(start);
  }
  apply(game: Game | null, entry: Entry): { game: Game | null; step: StepResult | null } {
    if (entry.type === 'start') {
      const e = entry as unknown as StartEntry;
      return { game: newGame(this.map, { players: e.players, settings: e.settings, at: e.at, ...(e.bots ? { bots: e.bots } : {}), ...(e.seed !== undefined ? { seed: e.seed } : {}) }), step: null };
    }
    if (!game || !this.isGameEntry(entry)) return { game, step: null };
    const e = asLog(entry);
    const step = applyEntry(game, e);
    const detail: Detail = { resolved: step.resolved, events: [] };
    const out: StepResult = { answer: null, resolved: step.resolved.map((r) => r.turn), detail };
    for (const r of step.resolved) detail.events.push(...r.events);
    if (e.type === 'tick' || !step.outcome) return { game, step: out };
    const o = step.outcome;
    const pic = o.ok ? pictureOf(e) : undefined;
    if (pic) {
      out.picture = pic;
      out.answer = { ok: true, text: o.message, private: false };
      return { game, step: out };
    }
    const priv = isPrivateEntry(e) || (e.type === 'command' && o.ok && o.private === true);
    if (o.ok) {
      out.answer = { ok: true, text: o.message, private: priv };
      detail.events.push(...o.events);
      const req = o.events.find((ev): ev is Extract<GameEvent, { type: 'request' }> => ev.type === 'request');
      if (req) out.request = { key: String(req.id), buttons: this.requestButtons(req.id, game.state.settings.language) };
      if (e.type === 'command' && e.command.kind === 'undo') out.undoneFromTurn = game.state.turn;
    } else {
      out.answer = { ok: false, code: o.code, text: o.message, private: priv };
    }
    return { game, step: out };
  }
  isGameEntry(e: Entry): boolean { return e.type === 'command' || e.type === 'refused' || e.type === 'tick'; }
  snapshot(g: Game): string { return JSON.stringify({ state: g.state, undo: g.undo, turnStart: g.turnStart }); }
  restore(json: string): Game {
    const o = JSON.parse(json) as { state: GameState; undo: string | null; turnStart: string };
    return { map: this.map, state: o.state, undo: o.undo, turnStart: o.turnStart };
  }
  turn(g: Game): number { return g.state.turn; }
  phase(g: Game): 'running' | 'paused' | 'ended' {
    return g.state.status === 'ended' ? 'ended' : g.state.clock.pausedAt !== null ? 'paused' : 'running';
  }
  deadline(g: Game): number | null { return g.state.status === 'running' ? g.state.clock.deadlineAt : null; }
  settingsOf(g: Game): Settings { return g.state.settings; }
  stateOf(g: Game): GameState { return g.state; }
  freeze(g: Game): Game { return { ...g, state: structuredClone(g.state) }; }

  // ── input ──
  parse(text: string, game: Game | null, speaker: Speaker, judge: boolean, at: number, lang: Lang): Entry[] {
    const sp = speaker.kind === 'seat' ? { kind: 'country' as const, id: speaker.seat } : { kind: 'judge' as const, name: speaker.name };
    const parsed = entriesFromText(this.map, text, sp, at, lang, undefined, game?.state.settings);
    // Issue 13: a computer player's entries are marked (its commits are never late; they do not hand back an autopilot).
    if (speaker.kind === 'seat' && speaker.bot) return parsed.map((e) => asEntry(e.type === 'tick' ? e : { ...e, bot: true }));
    // R13: a judge who also plays speaks as the judge for the judge's commands.
    return parsed.map((e) => asEntry(e.type === 'command' && judge && isJudgeCommand(e.command.kind) ? { ...e, speaker: { kind: 'judge', name: speaker.name } } : e));
  }
  seatsBot(entry: Entry): { seat: string; style: string } | { code: string; text: string } | null {
    const e = asLog(entry);
    if (e.type === 'refused' && e.kind === 'bot') return { code: e.code, text: e.message };
    return e.type === 'command' && e.command.kind === 'bot' ? { seat: e.command.country, style: e.command.style } : null;
  }
  botStyle(name: string | undefined, lang: Lang): { id: string; label: string } | null {
    const style = styleOf(name);
    return style ? { id: style, label: botName(style, lang) } : null;
  }
  botStyles(lang: Lang): string { return styleList(lang); }
  botEntry(seat: string, style: string, judgeName: string, at: number): Entry {
    return asEntry({ type: 'command', at, speaker: { kind: 'judge', name: judgeName }, command: { kind: 'bot', country: seat, style } });
  }
  bots(g: Game, gameId: number): BotMessage[] { return botMessages(g, gameId); }
  classify(entry: Entry): { picture?: PictureAsk; help?: boolean; private?: boolean; routine?: boolean } {
    const e = asLog(entry);
    const picture = pictureOf(e);
    const help = e.type === 'command' && e.command.kind === 'query' && e.command.what === 'help';
    // A computer player's 【完成】 is not announced: eleven of them a turn would bury the channel; the status and panel show it.
    const routine = e.type === 'command' && e.command.kind === 'commit';
    return { ...(picture ? { picture } : {}), ...(help ? { help } : {}), ...(isPrivateEntry(e) ? { private: true } : {}), ...(routine ? { routine } : {}) };
  }
  private requestButtons(id: number, lg: Lang) {
    return [
      { id: `req:${id}:accept`, label: T(lg, '同意', 'Accept'), style: 'primary' as const },
      { id: `req:${id}:reject`, label: T(lg, '拒绝', 'Reject'), style: 'danger' as const },
    ];
  }
  press(game: Game, buttonId: string, seat: string | null, at: number) {
    const m = /^req:(\d+):(accept|reject)$/.exec(buttonId);
    if (!m) return null;
    const lg = game.state.settings.language;
    const id = Number(m[1]);
    const answer = m[2] as 'accept' | 'reject';
    const req = game.state.pending.find((r) => r.id === id);
    if (!req) return { refuse: { code: 'NO_SUCH_REQUEST', text: T(lg, '这个请求已经回答过或已失效', 'this request has been answered or has lapsed') } };
    if (seat !== req.to) return { refuse: { code: 'NOT_ADDRESSED', text: T(lg, `只有${cn(this.map, req.to, lg)}的玩家可以回答这个请求`, `only the player of ${cn(this.map, req.to, lg)} may answer this request`) } };
    const command = answerCommand(req, answer);
    if (!command) return { refuse: { code: 'NO_SUCH_REQUEST', text: T(lg, '这个请求已经回答过或已失效', 'this request has been answered or has lapsed') } };
    const entry: LogEntry = { type: 'command', at, speaker: { kind: 'country', id: seat }, command, text: `button ${buttonId}` };
    return { entry: asEntry(entry) };
  }
  settled(game: Game | null, open: string[], steps: StepResult[], ended: boolean): { key: string; code: string; text: string }[] {
    const s = game?.state;
    const over = ended || !s || s.status !== 'running';
    const pending = new Set(over ? [] : s.pending.map((r) => String(r.id)));
    const how = new Map<string, RequestOutcome>();
    for (const st of steps) {
      for (const ev of (st.detail as Detail | undefined)?.events ?? []) {
        if (ev.type === 'answered') how.set(String(ev.id), ev.answer === 'accept' ? 'accepted' : ev.answer === 'reject' ? 'rejected' : 'countered');
        else if (ev.type === 'lapsed') how.set(String(ev.id), 'lapsed');
      }
    }
    const lg = s?.settings.language ?? 'zh';
    const out: { key: string; code: string; text: string }[] = [];
    for (const key of open) {
      if (pending.has(key)) continue;
      let outcome = how.get(key) ?? (over ? 'ended' : 'lapsed');
      if (over && outcome === 'lapsed') outcome = 'ended';
      const [zh, en] = OUTCOME_TEXT[outcome];
      out.push({ key, code: outcome, text: T(lg, zh, en) });
    }
    return out;
  }
  help(lang: Lang): string { return helpText(lang, this.map); }
  endEntry(_g: Game, judgeName: string, at: number): Entry {
    return asEntry({ type: 'command', at, speaker: { kind: 'judge', name: judgeName }, command: { kind: 'endGame' } });
  }
  control(seat: string, player: boolean, judgeName: string, at: number): Entry {
    return asEntry({ type: 'command', at, speaker: { kind: 'judge', name: judgeName }, command: { kind: 'control', country: seat, player } });
  }
  vacant(g: Game, seat: string): boolean {
    const c = g.state.countries[seat];
    // A computer player's seat may be given to a person too (issue 13).
    return c?.alive === true && (c.player === false || !!c.bot);
  }

  // ── the clock ──
  timers(g: Game, live: { reminderOffsets: number[] }) {
    const t = reminderTimes(g.state, live as Parameters<typeof reminderTimes>[1]);
    if (!t) return null;
    return {
      turn: t.turn,
      deadlines: [{ kind: 'deadline', at: t.deadline }, { kind: 'hardClose', at: t.hardClose }],
      reminders: t.reminders.map((r) => ({ kind: r.kind, at: r.at, seconds: Number(r.kind.split(':')[1]) })),
    };
  }
  tick(g: Game, kind: string, now: number): Entry | null {
    const s = g.state;
    if (s.status !== 'running') return null;
    if (kind === 'hardClose' && (s.clock.pausedAt !== null || now < s.clock.deadlineAt + s.settings.graceSeconds * 1000)) return null;
    if (kind === 'deadline' && now < s.clock.deadlineAt) return null;
    return { type: 'tick', at: now };
  }
  laggards(g: Game): string[] {
    const s = g.state;
    if (s.status !== 'running' || s.clock.pausedAt !== null) return [];
    return uncommitted(s);
  }
  reminder(g: Game, seconds: number, lang: Lang): string { return reminderText(this.map, g.state, seconds, lang); }
  restart(g: Game, now: number, lastAlive: number, live: { restartWindowSeconds: number; restartExtendCapSeconds: number }) {
    const shift = restartShift(g.state, now, lastAlive, live as Parameters<typeof restartShift>[3]);
    if (!shift) return null;
    const sp = { kind: 'judge' as const, name: 'clock' };
    const entries: LogEntry[] = [
      { type: 'command', at: shift.pauseAt, speaker: sp, command: { kind: 'pause' } },
      { type: 'command', at: now, speaker: sp, command: { kind: 'resume' } },
    ];
    const lg = g.state.settings.language;
    return {
      entries: entries.map(asEntry),
      text: () => T(lg, `⚠️ 机器人停机期间错过了截止时间。第${g.state.turn}回合截止顺延至 ${rel(g.state.clock.deadlineAt)}——停机不算任何人超时。`,
        `⚠️ The bot was down over the deadline. Turn ${g.state.turn} now closes ${rel(g.state.clock.deadlineAt)} — nobody pays lateness for our outage.`),
    };
  }

  // ── speaking ──
  present(g: Game, steps: StepResult[], _lang: Lang): Post[] {
    const posts: Post[] = [];
    const resolved = steps.flatMap((st) => (st.detail as Detail | undefined)?.resolved ?? []);
    const reopened = steps.some((st) => st.undoneFromTurn !== undefined);
    const lg = g.state.settings.language;
    // Issue 13: the player's own command took the country back from the autopilot (a resolution's notices are in its summary).
    const inSummary = new Set(resolved.flatMap((r) => r.events));
    for (const st of steps) {
      for (const ev of (st.detail as Detail | undefined)?.events ?? []) if (ev.type === 'notice' && ev.tag === 'autopilot' && !inSummary.has(ev)) posts.push({ text: ev.text });
    }
    for (const r of resolved) posts.push({ text: turnSummary(this.map, r.turn, r.events, g.state.settings.language) });
    if (resolved.length && g.state.status === 'running') {
      posts.push({ text: T(lg, `▶ 第${g.state.turn}回合开始，截止 ${rel(g.state.clock.deadlineAt)}`, `▶ Turn ${g.state.turn} opens, deadline ${rel(g.state.clock.deadlineAt)}`), pictures: { which: ['map', 'scores'] } });
    } else if (reopened && g.state.status === 'running') {
      // The last map and table in the channel show the undone resolution: the restored turn replaces them.
      posts.push({ text: T(lg, `↩ 第${g.state.turn}回合重新开始（撤回后的局面），截止 ${rel(g.state.clock.deadlineAt)}`, `↩ Turn ${g.state.turn} opens again (as before the undone resolution), deadline ${rel(g.state.clock.deadlineAt)}`), pictures: { which: ['map', 'scores'] } });
    }
    return posts;
  }
  created(by: string, lg: Lang): string {
    const free = this.map.countries.filter((c) => c.playable !== false).map((c) => c.name[lg]);
    return T(lg, `🆕 ${by}创建了新游戏（地图：${this.map.file.name.zh}）。可选国家：${list(free, lg)}。用 /join 加入，裁判用 /start 开始。`,
      `🆕 ${by} created a game (map: ${this.map.file.name.en}). Countries: ${list(free, lg)}. /join to play; a judge starts it with /start.`);
  }
  started(g: Game, players: { seat: string; name: string }[], _lang: Lang): Post[] {
    const lg = g.state.settings.language;
    const neutral = Object.keys(g.state.countries).filter((c) => !g.state.countries[c]!.player);
    const lines = [
      T(lg, `🚩 游戏开始！第1回合，截止 ${rel(g.state.clock.deadlineAt)}`, `🚩 The game begins! Turn 1, deadline ${rel(g.state.clock.deadlineAt)}`),
      ...players.map((p) => `· ${cn(this.map, p.seat, lg)}：${p.name}`),
    ];
    if (neutral.length) lines.push(T(lg, `中立：${list(neutral.map((c) => cn(this.map, c, lg)), lg)}`, `Neutral: ${list(neutral.map((c) => cn(this.map, c, lg)), lg)}`));
    return [{ text: lines.join('\n'), pictures: { which: ['map', 'scores'] } }];
  }
  ended(g: Game | null, judge: string | null, lg: Lang) {
    const s = g?.state;
    const win = s?.winner?.length ? list(s.winner.map((c) => cn(this.map, c, lg)), lg) : null;
    const lines = [judge
      ? T(lg, `🏁 裁判${judge}结束了游戏（R13）。`, `🏁 Judge ${judge} ended the game (R13).`)
      : T(lg, '🏁 游戏结束！', '🏁 The game is over!')];
    if (win) lines.push(T(lg, `胜者：${win}`, `Winner: ${win}`));
    if (s) {
      const ranking = Object.keys(s.countries).filter((c) => s.countries[c]!.player).sort((a, b) => s.countries[b]!.score - s.countries[a]!.score || a.localeCompare(b));
      lines.push(T(lg, '最终分数：', 'Final scores:'), ...ranking.map((c, i) => `${i + 1}. ${seatLabel(g!, c, lg)} ${s.countries[c]!.score}`));
    }
    return { text: lines.join('\n'), ...(s ? { pictures: { which: ['scores'] }, chart: true } : {}) };
  }
  finalStatus(g: Game, byJudge: boolean, lg: Lang): string {
    const s = g.state;
    return statusText(this.map, s, lg) + (byJudge && s.status === 'running' ? T(lg, '\n（已由裁判结束）', '\n(ended by the judge)') : '');
  }
  status(g: Game, _lang: Lang): string { return statusText(this.map, g.state, g.state.settings.language); }
  history(snapshotJson: string, turn: number, lg: Lang) {
    const past = this.restore(snapshotJson);
    return { text: turnSummary(this.map, turn, past.state.lastEvents, lg), game: past };
  }
  async draw(renderer: unknown, g: Game, ask: PictureAsk, lg: Lang, timeoutMs: number): Promise<OutImage[]> {
    const r = renderer as NeuwarRenderer;
    const state = g.state;
    const [m, sc] = await Promise.all([
      ask.which.includes('map') ? withTimeout(r.mapPng(this.map, state, ask.region ? { region: ask.region, lang: lg } : { lang: lg }), timeoutMs) : null,
      ask.which.includes('scores') ? withTimeout(r.scoresPng(this.map, state, { lang: lg }), timeoutMs) : null,
    ]);
    const out: OutImage[] = [];
    if (m) out.push({ name: `map-turn${state.turn}.png`, png: m });
    if (sc) out.push({ name: `scores-turn${state.turn}.png`, png: sc });
    return out;
  }
  chart(g: Game, lg: Lang): Promise<Buffer> { return scoreChartPng(this.map, g.state, lg); }
  pictureKinds(): string[] { return ['map', 'scores']; }
  onePerMessage(kind: string, lg: Lang): string {
    return kind === 'map' ? T(lg, '（同一条消息里只发一张地图）', ' (one map per message)') : T(lg, '（同一条消息里只发一张分数表）', ' (one score table per message)');
  }
  pictureCaption(ask: PictureAsk, lg: Lang): string {
    return [ask.which.includes('map') ? T(lg, '地图', 'Map') : '', ask.which.includes('scores') ? T(lg, '分数表', 'Score table') : ''].filter(Boolean).join(' · ');
  }
  /** The state JSON of commands.md §4 is the same for every seat: it never holds the secret orders (R3.1). */
  view(g: Game, _seat: string | null | 'public'): unknown {
    return stateJson(g.state, this.map);
  }
  page(g: Game | null) {
    const st = g?.state;
    return {
      seats: this.map.countries.map((c) => {
        const cs = st?.countries[c.id];
        const bot = st && cs ? botMark(st, c.id, 'zh').replace(/[（）]/g, '') || null : null;
        return { id: c.id, zh: c.name.zh, en: c.name.en, color: c.color, playable: c.playable !== false, committed: cs?.committed ?? false, score: cs ? cs.score : null, alive: cs ? cs.alive : true, bot };
      }),
      hardCloseAt: st && st.status === 'running' ? hardCloseAt(st) : null,
      paused: st?.clock.pausedAt != null,
      turnSeconds: st?.settings.turnSeconds ?? null,
      names: this.names(),
    };
  }
  /** The map's names for the page's input box: built once per map (the panel is asked for on every push). */
  private namesCache: PageView['names'] | null = null;
  private names(): PageView['names'] {
    return this.namesCache ??= {
      countries: this.map.countries.map((c) => ({ id: c.id, zh: c.name.zh, en: c.name.en, aliases: c.aliases ?? [] })),
      territories: this.map.territories.map((t) => ({ id: t.id, zh: t.name.zh, en: t.name.en, aliases: t.aliases ?? [], kind: t.kind })),
    };
  }
  result(g: Game) {
    const s = g.state;
    if (s.status !== 'ended') return null;
    const ranked = Object.keys(s.countries).filter((c) => s.countries[c]!.player).sort((a, b) => s.countries[b]!.score - s.countries[a]!.score || a.localeCompare(b));
    return ranked.map((seat) => ({ seat, place: 1 + ranked.filter((o) => s.countries[o]!.score > s.countries[seat]!.score).length, score: s.countries[seat]!.score }));
  }
  winner(g: Game): string[] | null { return g.state.winner ?? null; }
}

/** The default map: MAP_PATH when set and present, else Europe, else the tiny test map. */
function defaultMap(root: string): string {
  const env = process.env.MAP_PATH?.trim();
  if (env && existsSync(resolve(root, env))) return env;
  return existsSync(resolve(root, 'maps/europe.json')) ? 'maps/europe.json' : 'tests/fixtures/tiny.json';
}

export const neuwar: GameModule<Game> & { open(resource: string, root: string): NeuwarRules } = {
  kind: 'neuwar',
  title: { zh: '新欧洲战争', en: 'New European War' },
  defaultResource: defaultMap,
  ownsButton: (id: string) => /^req:\d+:(accept|reject)$/.test(id),
  open(resource: string, root: string): NeuwarRules {
    return new NeuwarRules(loadMapFile(resolve(root, resource)));
  },
  settingsSchema: SettingsSchema,
  renderer: () => defaultRenderer(),
};
