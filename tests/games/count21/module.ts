/**
 * Count to 21: the smallest game the platform can host, kept under tests/ to prove that a game is one folder
 * behind the GameModule interface (and one line in a registry), with no change to the platform.
 *
 * Two seats, A (甲) first. A player says 【数】N (or 【count】N), N = 1, 2 or 3, adding N to the total; whoever
 * brings the total to 21 or more loses. A seat that lets its 60 s run out counts 1 (the clock's entry, logged
 * like any other, so a replay of the log is exact). Everything the optional Rules methods cover is left to
 * the platform's defaults: this game has no buttons, pictures, reminders or judge commands.
 */
import type { Entry, GameModule, Lang, Post, Rules, Speaker, StepResult, Timers } from '../../../src/platform/session/index.ts';

export const KIND = 'count21';
export const TARGET = 21;
export const TURN_MS = 60_000;
const SEATS = ['A', 'B'] as const;
const NAMES: Record<string, Record<Lang, string>> = { A: { zh: '甲', en: 'A' }, B: { zh: '乙', en: 'B' } };

export interface Count21Settings { language: Lang }

export interface Count21 {
  /** In playing order (A first). */
  seats: string[];
  settings: Count21Settings;
  /** Kept from the start entry though unused: the platform's contract is that a game's log carries its seed. */
  seed: number;
  total: number;
  counts: { seat: string; n: number; at: number; auto: boolean }[];
  toMove: string;
  deadlineAt: number;
  loser: string | null;
}

/** The start entry. */
export interface StartEntry extends Entry { type: 'start'; seats: string[]; settings: Count21Settings; seed: number }
/**
 * One count. `seat` null: said by a judge who holds no seat; `n` null: what followed 【数】 was not a whole
 * number (`said` keeps it for the refusal). `auto`: the clock counted for a seat that ran out of time.
 */
export interface CountEntry extends Entry { type: 'count'; seat: string | null; n: number | null; said?: string; auto?: boolean }

/** What an accepted count tells `present`. */
interface Detail { seat: string; n: number; total: number; auto: boolean; ended: boolean }

const T = (lg: Lang, zh: string, en: string): string => (lg === 'en' ? en : zh);
const other = (seat: string): string => (seat === 'A' ? 'B' : 'A');
const name = (seat: string, lg: Lang): string => NAMES[seat]?.[lg] ?? seat;

/** 【数】N / 【count】N, with the brackets players actually type (full- or half-width). */
const COUNT = /^\s*[【[]\s*(?:数|數|count)\s*[】\]]\s*(.*?)\s*$/i;

function wholeNumber(s: string): number | null {
  // Full-width digits are what a Chinese IME gives.
  const ascii = s.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  return /^[+-]?\d{1,6}$/.test(ascii) ? Number(ascii) : null;
}

function isSettings(v: unknown): v is Count21Settings {
  return typeof v === 'object' && v !== null && ((v as { language?: unknown }).language === 'zh' || (v as { language?: unknown }).language === 'en');
}

export class Count21Rules implements Rules<Count21> {
  readonly resourceId = KIND;
  readonly minSeats = 2;
  resourceName(lang: Lang): string { return T(lang, '数到21', 'Count to 21'); }

  // ── seats and settings ──
  seats(): string[] { return [...SEATS]; }
  seatName(seat: string, lang: Lang): string { return name(seat, lang); }
  findSeat(n: string): string | null {
    const k = n.trim().toLowerCase();
    for (const s of SEATS) if (k === s.toLowerCase() || k === NAMES[s]!.zh) return s;
    return null;
  }
  settings(base: unknown, patch: Record<string, unknown>) {
    const out: Count21Settings = { language: isSettings(base) ? base.language : 'zh' };
    for (const [k, v] of Object.entries(patch)) {
      if (k !== 'language') return { ok: false as const, key: k, reason: 'count21 has one setting: language' };
      if (v !== 'zh' && v !== 'en') return { ok: false as const, key: k, reason: 'zh or en' };
      out.language = v;
    }
    return { ok: true as const, settings: out as unknown };
  }
  language(settings: unknown): Lang { return isSettings(settings) ? settings.language : 'zh'; }

  // ── the log ──
  setup(seats: string[], settings: unknown, seed: number, at: number): Entry {
    const order = SEATS.filter((s) => seats.includes(s));
    const start: StartEntry = { type: 'start', at, seats: order, settings: { language: this.language(settings) }, seed };
    return start;
  }
  apply(game: Count21 | null, entry: Entry): { game: Count21 | null; step: StepResult | null } {
    if (entry.type === 'start') {
      const e = entry as StartEntry;
      const g: Count21 = { seats: [...e.seats], settings: { ...e.settings }, seed: e.seed, total: 0, counts: [], toMove: e.seats[0]!, deadlineAt: e.at + TURN_MS, loser: null };
      return { game: g, step: null };
    }
    if (!game || entry.type !== 'count') return { game, step: null };
    const e = entry as CountEntry;
    const lg = game.settings.language;
    const refuse = (code: string, text: string) => ({ game, step: { answer: { ok: false, code, text, private: true }, resolved: [] } });
    if (game.loser !== null) {
      return refuse('GAME_OVER', T(lg, `游戏已经结束：${name(game.loser, lg)}输了`, `the game is over: ${name(game.loser, lg)} lost`));
    }
    if (e.seat !== game.toMove) {
      const who = name(game.toMove, lg);
      return refuse('NOT_YOUR_TURN', T(lg, `还没轮到你：现在轮到${who}数`, `not your turn: it is ${who}'s turn to count`));
    }
    if (e.n === null || !Number.isInteger(e.n) || e.n < 1 || e.n > 3) {
      const said = e.n === null ? (e.said ?? '') : String(e.n);
      return refuse('BAD_COUNT', T(lg, `“${said}”不行：每次只能数1、2或3，例如【数】2（现在总数${game.total}）`,
        `"${said}" will not do: count 1, 2 or 3, e.g. 【count】2 (the total is ${game.total})`));
    }
    game.total += e.n;
    game.counts.push({ seat: e.seat, n: e.n, at: e.at, auto: e.auto === true });
    const ended = game.total >= TARGET;
    if (ended) game.loser = e.seat;
    else {
      game.toMove = other(e.seat);
      game.deadlineAt = e.at + TURN_MS;
    }
    const detail: Detail = { seat: e.seat, n: e.n, total: game.total, auto: e.auto === true, ended };
    const text = T(lg, `${name(e.seat, lg)}数${e.n}，总数${game.total}`, `${name(e.seat, lg)} counts ${e.n}: the total is ${game.total}`);
    // The clock's count has no speaker to answer; `present` tells the channel.
    return { game, step: { answer: e.auto ? null : { ok: true, text, private: false }, resolved: [], detail } };
  }
  isGameEntry(e: Entry): boolean { return e.type === 'count'; }
  snapshot(g: Count21): string { return JSON.stringify(g); }
  restore(json: string): Count21 { return JSON.parse(json) as Count21; }
  turn(g: Count21): number { return g.counts.length + 1; }
  phase(g: Count21): 'running' | 'ended' { return g.loser === null ? 'running' : 'ended'; }
  deadline(g: Count21): number | null { return g.loser === null ? g.deadlineAt : null; }
  settingsOf(g: Count21): Count21Settings { return g.settings; }
  stateOf(g: Count21): Count21 { return g; }
  freeze(g: Count21): Count21 { return structuredClone(g); }

  // ── input ──
  parse(text: string, _game: Count21 | null, speaker: Speaker, _judge: boolean, at: number): Entry[] {
    const m = COUNT.exec(text);
    if (!m) return [];
    const said = m[1]!;
    const e: CountEntry = { type: 'count', at, seat: speaker.kind === 'seat' ? speaker.seat : null, n: wholeNumber(said), said };
    return [e];
  }
  help(lang: Lang): string {
    return T(lang, '数到21：甲先，轮流说【数】1、【数】2或【数】3，加到总数上；谁让总数到21或以上谁输。每步限时60秒，超时自动数1。',
      'Count to 21: A first, take turns saying 【count】1, 【count】2 or 【count】3, added to the total; whoever brings it to 21 or more loses. 60 s a move; a seat that runs out counts 1.');
  }

  // ── the clock ──
  timers(g: Count21): Timers | null {
    if (g.loser !== null) return null;
    return { turn: this.turn(g), deadlines: [{ kind: 'deadline', at: g.deadlineAt }], reminders: [] };
  }
  tick(g: Count21, kind: string, now: number): Entry | null {
    if (g.loser !== null || kind !== 'deadline' || now < g.deadlineAt) return null;
    const e: CountEntry = { type: 'count', at: now, seat: g.toMove, n: 1, auto: true };
    return e;
  }

  // ── speaking ──
  present(g: Count21, steps: StepResult[], lang: Lang): Post[] {
    const posts: Post[] = [];
    for (const st of steps) {
      const d = st.detail as Detail | undefined;
      if (!d) continue;
      if (d.auto) posts.push({ text: T(lang, `⏰ ${name(d.seat, lang)}超时，自动数1，总数${d.total}`, `⏰ ${name(d.seat, lang)} ran out of time and counts 1: the total is ${d.total}`) });
      if (d.ended) {
        posts.push({ text: T(lang, `💥 总数${d.total}，到了${TARGET}：${name(d.seat, lang)}输，${name(other(d.seat), lang)}赢！`,
          `💥 The total is ${d.total}, ${TARGET} or more: ${name(d.seat, lang)} loses, ${name(other(d.seat), lang)} wins!`) });
      }
    }
    void g;
    return posts;
  }
  created(by: string, lang: Lang): string {
    return T(lang, `🆕 ${by}创建了一局数到21。座位：甲、乙。用 /join 加入，裁判用 /start 开始。`,
      `🆕 ${by} created a game of Count to 21. Seats: A, B. /join to play; a judge starts it with /start.`);
  }
  started(g: Count21, players: { seat: string; name: string }[], lang: Lang): Post[] {
    const lines = [T(lang, `🚩 数到21开始！${name(g.toMove, lang)}先数。`, `🚩 Count to 21 begins! ${name(g.toMove, lang)} counts first.`), ...players.map((p) => `· ${name(p.seat, lang)}：${p.name}`)];
    return [{ text: lines.join('\n') }];
  }
  ended(g: Count21 | null, judge: string | null, lang: Lang): { text: string } {
    const head = judge ? T(lang, `🏁 裁判${judge}结束了游戏。`, `🏁 Judge ${judge} ended the game.`) : T(lang, '🏁 游戏结束！', '🏁 The game is over!');
    const win = g ? this.winner(g) : null;
    return { text: win ? `${head}\n${T(lang, `胜者：${name(win[0]!, lang)}`, `Winner: ${name(win[0]!, lang)}`)}` : head };
  }
  status(g: Count21, lang: Lang): string {
    if (g.loser !== null) return T(lang, `数到21 · 总数${g.total} · ${name(g.loser, lang)}输了`, `Count to 21 · total ${g.total} · ${name(g.loser, lang)} lost`);
    return T(lang, `数到21 · 总数${g.total} · 轮到${name(g.toMove, lang)}`, `Count to 21 · total ${g.total} · ${name(g.toMove, lang)} to count`);
  }
  view(g: Count21): unknown {
    // Nothing is secret in this game: every seat sees the same.
    return { total: g.total, toMove: g.loser === null ? g.toMove : null, deadlineAt: this.deadline(g), loser: g.loser, winner: this.winner(g), counts: g.counts, seed: g.seed };
  }
  result(g: Count21): { seat: string; place: number }[] | null {
    if (g.loser === null) return null;
    return [{ seat: other(g.loser), place: 1 }, { seat: g.loser, place: 2 }];
  }
  winner(g: Count21): string[] | null { return g.loser === null ? null : [other(g.loser)]; }
}

export const count21: GameModule<Count21> = {
  kind: KIND,
  title: { zh: '数到21', en: 'Count to 21' },
  defaultResource: () => KIND,
  open(resource: string): Count21Rules {
    // The game needs no map or other resource; any other name is a mistake worth refusing.
    if (resource !== KIND) throw new Error(`count21 has no resource "${resource}"`);
    return new Count21Rules();
  },
};
