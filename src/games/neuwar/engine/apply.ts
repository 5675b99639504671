import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import { actorOf, armiesAt, checkAirlift, checkMove, pendingDeploy } from './orders.ts';
import { buy, industry, mobilize, tech } from './economy.ts';
import { diplomacy, declareWar } from './diplomacy.ts';
import { resolveTurn } from './resolve.ts';
import { activeCountries, hardCloseAt, land, ownDeadline, pay, createGame, type NewGameOptions } from './state.ts';
import { mergeSettings, coerceSettingValue, SettingsSchema } from './settings.ts';
import { describeStatus, describeOrders, helpText } from './describe.ts';
import { cn, fail, L, ok, tn } from './text.ts';
import { BOT_STYLE_LABEL } from './botstyles.ts';
import type { Command, CommandKind, CountryId, GameEvent, GameState, LogEntry, LogLine, Outcome, Speaker, Count } from './types.ts';

/** A running game: the map, the state folded from the log so far, and the one-level undo snapshot (R13). */
export interface Game {
  map: GameMap;
  state: GameState;
  /** JSON of the state at the opening of the last resolved turn (without its log): what 【撤回】 restores. */
  undo: string | null;
  /** JSON of the state at the opening of the current turn. */
  turnStart: string;
}

export interface Step {
  /** The command's answer; null for a clock tick. */
  outcome: Outcome | null;
  /** Turns resolved while applying this entry, in order (by the clock, by everyone committing, or by the judge). */
  resolved: { turn: number; events: GameEvent[] }[];
}

/**
 * What 【撤回】 needs of a turn's opening state. The log, the last resolution's events and the score history are
 * left out: they are the bulk of the state, and undo rebuilds them from the current state.
 */
function snapshot(s: GameState): string {
  const { log: _log, lastEvents: _events, scoreHistory: _history, ...rest } = s;
  return JSON.stringify(rest);
}

export function newGame(map: GameMap, opts: NewGameOptions): Game {
  const state = createGame(map, opts);
  return { map, state, undo: null, turnStart: snapshot(state) };
}

function resolveNow(g: Game, at: number, forced: boolean, out: Step['resolved']): void {
  const before = g.turnStart;
  const turn = g.state.turn;
  const missed = missedDeadlines(g.state, at);
  const events = resolveTurn(g.state, g.map, at, forced);
  autopilotAfterMisses(g, missed, events);
  g.undo = before;
  g.turnStart = snapshot(g.state);
  out.push({ turn, events });
}

/**
 * Issue 13: the countries whose player missed this turn's deadline (R3.3's lateness: committed late, or not
 * at all by the close) and those who kept it. Computer players and countries on autopilot are not counted.
 */
function missedDeadlines(s: GameState, at: number): Map<CountryId, boolean> {
  const hard = at >= hardCloseAt(s);
  const out = new Map<CountryId, boolean>();
  for (const c of activeCountries(s)) {
    const cs = s.countries[c]!;
    if (cs.bot || cs.autopilot) continue;
    out.set(c, cs.lateCommit || (!cs.committed && (at > ownDeadline(s, c) || hard)));
  }
  return out;
}

/** Issue 13: after `autopilotAfter` missed deadlines in a row the autopilot plays the country (house rule `autopilot`). */
function autopilotAfterMisses(g: Game, missed: Map<CountryId, boolean>, events: GameEvent[]): void {
  const s = g.state, lg = s.settings.language;
  for (const [c, miss] of missed) {
    const cs = s.countries[c]!;
    cs.missed = miss ? (cs.missed ?? 0) + 1 : 0;
    if (s.settings.autopilot === 'off' || !cs.alive || !cs.player || cs.missed < s.settings.autopilotAfter) continue;
    cs.autopilot = true;
    const how = s.settings.autopilot === 'defend' ? L(s, '只守不攻', 'holding its land') : L(s, '由电脑代打', 'played by the computer');
    events.push({ type: 'notice', country: c, tag: 'autopilot', text: L(s,
      `${cn(g.map, c, lg)}的玩家连续${cs.missed}回合错过截止，自动托管接手（${how}）；玩家发出任何命令即可收回`,
      `${cn(g.map, c, lg)}'s player missed ${cs.missed} deadlines in a row: the autopilot takes over (${how}); any command of the player takes it back`) });
  }
}

/** Time has reached `at`: every turn whose hard close is at or before it resolves at its hard close (commands.md §3). */
function advance(g: Game, at: number, out: Step['resolved']): void {
  const s = g.state;
  let guard = 0;
  while (s.status === 'running' && s.clock.pausedAt === null && at >= hardCloseAt(s) && guard++ < 10000) {
    resolveNow(g, hardCloseAt(s), false, out);
  }
}

function allCommitted(s: GameState): boolean {
  const act = activeCountries(s);
  return act.length > 0 && act.every((c) => s.countries[c]!.committed) && someonePresent(s);
}

/**
 * Issue 13: whether a person plays some active country. When computers play them all (bots, and the autopilot of
 * absent players) the turn does not resolve the moment they commit — a game would race to its end while its
 * players are away — but at the deadline (a tick), as a turn of absent players would.
 */
function someonePresent(s: GameState): boolean {
  return activeCountries(s).some((c) => !s.countries[c]!.bot && !s.countries[c]!.autopilot);
}

/** Every active country committed: computer-played only (see someonePresent), so the turn resolves at its deadline. */
function computersDone(s: GameState, at: number): boolean {
  const act = activeCountries(s);
  return act.length > 0 && !someonePresent(s) && act.every((c) => s.countries[c]!.committed) && at >= s.clock.deadlineAt;
}

function speakerName(sp: Speaker): string {
  return sp.kind === 'judge' ? 'judge' : sp.id;
}

function logLine(s: GameState, entry: { at: number; speaker: Speaker; line?: number }, command: string, o: Outcome, turn = s.turn): void {
  const l: LogLine = { turn, at: entry.at, speaker: speakerName(entry.speaker), command, ok: o.ok };
  if (entry.line !== undefined) l.line = entry.line;
  if (!o.ok) { l.code = o.code; l.message = o.message; }
  s.log.push(l);
}

/**
 * Applies one log entry to the game (mutating `g.state`; deterministic, no clock or I/O). A refused command
 * changes nothing but its log line.
 */
export function applyEntry(g: Game, entry: LogEntry): Step {
  const resolved: Step['resolved'] = [];
  advance(g, entry.at, resolved);
  if (entry.type === 'tick') {
    const st = g.state;
    if (st.status === 'running' && st.clock.pausedAt === null && computersDone(st, entry.at)) resolveNow(g, entry.at, false, resolved);
    return { outcome: null, resolved };
  }
  const s = g.state;
  // Issue 13: a computer player speaks once a turn (its turn's orders end with 【完成】); what it said is in the log.
  if (entry.bot && entry.speaker.kind === 'country' && s.countries[entry.speaker.id]) s.countries[entry.speaker.id]!.botTurn = s.turn;
  if (entry.type === 'refused') {
    const o: Outcome = { ok: false, code: entry.code, message: entry.message };
    logLine(s, entry, 'unknown', o);
    return { outcome: o, resolved };
  }
  const turnBefore = s.turn;
  let o: Outcome;
  try {
    o = execute(g, entry.command, entry.speaker, entry.at, resolved, entry.bot === true);
  } catch (e) {
    // A programmer error must never corrupt a game: report it as a refusal. The state may only have been
    // touched by an accepted command, and every handler validates before it changes anything.
    o = fail('NOT_ALLOWED', L(s, `内部错误，命令未执行：${(e as Error).message}`, `internal error, command not applied: ${(e as Error).message}`));
  }
  if (o.ok && !entry.bot) handBack(g, entry.speaker, o);
  // Logged on the state as it is now: 【撤回】 replaces the state object.
  logLine(g.state, entry, entry.command.kind, o, turnBefore);
  // R3.2: the turn resolves as soon as every active country has committed — also when the last one that had
  // not committed leaves the game or loses its player.
  const st = g.state;
  if (o.ok && entry.command.kind !== 'uncommit' && st.status === 'running' && st.clock.pausedAt === null && allCommitted(st)) {
    resolveNow(g, entry.at, false, resolved);
  }
  return { outcome: o, resolved };
}

/** Issue 13: the player's own accepted command takes the country back from the autopilot, announced. */
function handBack(g: Game, sp: Speaker, o: Outcome & { ok: true }): void {
  if (sp.kind !== 'country') return;
  const s = g.state, cs = s.countries[sp.id];
  if (!cs?.autopilot) return;
  cs.autopilot = false;
  cs.missed = 0;
  o.events.push({ type: 'notice', country: sp.id, tag: 'autopilot', text: L(s,
    `${cn(g.map, sp.id, s.settings.language)}的玩家回来了，自动托管结束`, `${cn(g.map, sp.id, s.settings.language)}'s player is back: the autopilot hands over`) });
}

type CommandOf<K extends CommandKind> = Extract<Command, { kind: K }>;

/** The entry being applied, as every handler sees it. */
interface Ctx {
  g: Game;
  sp: Speaker;
  at: number;
  resolved: Step['resolved'];
  /** The speaking country; null for a judge. */
  me: CountryId | null;
  /** A computer player speaks (issue 13): its commits are never late. */
  bot: boolean;
}

interface Route<K extends CommandKind> {
  /** R13: only a judge may give it; it is run whatever the game's status (each handler checks what it needs). */
  judge?: true;
  /** Answered after the game has ended too. */
  whenEnded?: true;
  run: (x: Ctx, cmd: CommandOf<K>) => Outcome;
}

/** The country a no-argument action is for: the speaker, or whom the judge names. */
function actingCountry(x: Ctx, explicit?: CountryId): CountryId | Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  const c = explicit ?? x.me;
  if (c === null) return fail('BAD_SYNTAX', L(s, '裁判代行时请写明国家', 'the judge must name the country'));
  if (x.sp.kind === 'country' && c !== x.me) return fail('NOT_YOUR_COUNTRY', L(s, `你只能为自己的国家${cn(map, x.me, lg)}下命令`, `you act only for ${cn(map, x.me, lg)}`));
  if (!s.countries[c]?.alive) return fail('NOT_ALLOWED', L(s, `${cn(map, c, lg)}不在游戏中`, `${cn(map, c, lg)} is not in the game`));
  return c;
}

function isOutcome(x: unknown): x is Outcome {
  return typeof x === 'object' && x !== null && 'ok' in x;
}

/** The commands a country gives for itself, naming it only when the judge gives them. */
type OwnKind = 'leave' | 'buy' | 'industry' | 'tech' | 'mobilize' | 'commit' | 'uncommit' | 'spy';

/** A country's own action (R8, R9, R3.2, R12): run for the acting country once the speaker may act for it. */
function own<C extends CommandOf<OwnKind>>(run: (x: Ctx, c: CountryId, cmd: C) => Outcome): (x: Ctx, cmd: C) => Outcome {
  return (x, cmd) => {
    const c = actingCountry(x, cmd.country);
    return isOutcome(c) ? c : run(x, c, cmd);
  };
}

const toDiplomacy = { run: (x: Ctx, cmd: Command): Outcome => diplomacy(x.g, cmd, x.sp, x.at) };

/**
 * Every command kind and its handler. The type lists every kind of Command, so a kind added without a handler
 * does not compile.
 */
const ROUTES: { [K in CommandKind]: Route<K> } = {
  declareWar: { run: (x, cmd) => declareWar(x.g, cmd, x.sp) },
  ceasefire: toDiplomacy,
  surrender: toDiplomacy,
  alliance: toDiplomacy,
  breakAlliance: toDiplomacy,
  pact: toDiplomacy,
  trade: toDiplomacy,
  pledge: toDiplomacy,
  answer: toDiplomacy,
  puppet: toDiplomacy,
  annex: toDiplomacy,
  demand: toDiplomacy,
  independence: toDiplomacy,
  leave: { run: own((x, c) => diplomacy(x.g, { kind: 'leave', country: c }, x.sp, x.at)) },
  move: { run: (x, cmd) => order(x.g, cmd.kind, cmd.from, cmd.to, cmd.count, x.sp) },
  airlift: { run: (x, cmd) => order(x.g, cmd.kind, cmd.from, cmd.to, cmd.count, x.sp) },
  cancel: { run: (x, cmd) => cancel(x.g, cmd.from, cmd.to, x.sp) },
  buy: { run: own((x, c, cmd) => buy(x.g.state, x.g.map, c, cmd.n)) },
  industry: { run: own((x, c) => industry(x.g.state, x.g.map, c)) },
  tech: { run: own((x, c, cmd) => tech(x.g.state, x.g.map, c, cmd.tech, cmd.n)) },
  mobilize: { run: own((x, c, cmd) => mobilize(x.g.state, x.g.map, c, cmd.type, cmd.placement)) },
  commit: { run: own((x, c) => commit(x.g, c, x.at, x.resolved, x.bot)) },
  uncommit: { run: own(uncommit) },
  spy: { run: own(spy) },
  query: { whenEnded: true, run: query },
  resolve: { judge: true, run: judgeResolve },
  pause: { judge: true, run: judgePause },
  resume: { judge: true, run: judgeResume },
  extend: { judge: true, run: judgeExtend },
  undo: { judge: true, run: judgeUndo },
  set: { judge: true, run: judgeSet },
  rule: { judge: true, run: judgeRule },
  control: { judge: true, run: judgeControl },
  bot: { judge: true, run: judgeBot },
  endGame: { judge: true, run: judgeEnd },
};

/** How a kind is routed; undefined for a kind that is none of ours (a log entry read back is not type-checked). */
function routeOf(kind: CommandKind): Pick<Route<CommandKind>, 'judge' | 'whenEnded'> | undefined {
  return Object.hasOwn(ROUTES, kind) ? ROUTES[kind] : undefined;
}

/** R13: the commands only a judge may give (the live layer speaks for a judge as the judge for these). */
export function isJudgeCommand(kind: Command['kind']): boolean {
  return routeOf(kind)?.judge === true;
}

function dispatch<K extends CommandKind>(x: Ctx, kind: K, cmd: CommandOf<K>): Outcome {
  return ROUTES[kind].run(x, cmd);
}

function execute(g: Game, cmd: Command, sp: Speaker, at: number, resolved: Step['resolved'], bot: boolean): Outcome {
  const s = g.state;
  const map = g.map;
  const lg = s.settings.language;
  const me = sp.kind === 'country' ? sp.id : null;
  const x: Ctx = { g, sp, at, resolved, me, bot };
  const route = routeOf(cmd.kind);
  if (route?.judge) {
    if (sp.kind !== 'judge') return fail('NOT_JUDGE', L(s, '只有裁判可以使用这条命令（R13）', 'only the judge may do this (R13)'));
    return dispatch(x, cmd.kind, cmd);
  }
  if (s.status !== 'running' && !route?.whenEnded) return fail('GAME_NOT_RUNNING', L(s, '游戏已经结束', 'the game has ended'));
  if (me !== null) {
    const cs = s.countries[me];
    if (!cs || !cs.alive) return fail('NOT_ALLOWED', L(s, `${cn(map, me, lg)}不在游戏中`, `${cn(map, me, lg)} is not in the game`));
  }
  if (!route) return fail('UNKNOWN_COMMAND', L(s, '未知命令', 'unknown command'));
  return dispatch(x, cmd.kind, cmd);
}

function uncommit(x: Ctx, c: CountryId): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  const cs = s.countries[c]!;
  if (!cs.committed) return fail('NOT_ALLOWED', L(s, '你还没有【完成】', 'you have not committed'));
  cs.committed = false;
  cs.committedAt = null;
  return ok(L(s, `${cn(map, c, lg)}取消完成，可以继续修改命令`, `${cn(map, c, lg)} reopened its orders`), [{ type: 'uncommitted', country: c }]);
}

function spy(x: Ctx, c: CountryId): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  if (!s.countries[c]!.techDone.includes('spy')) return fail('TECH_REQUIRED', L(s, `窥探需要先完成间谍科技（${s.settings.spyCost}分，R8.3）`, `spying needs the Spy tech (${s.settings.spyCost} points, R8.3)`));
  const lines = Object.keys(s.countries).sort().filter((o) => o !== c && s.countries[o]!.committed)
    .map((o) => `${cn(map, o, lg)}：${describeOrders(s, map, o)}`);
  return ok(lines.length ? lines.join('\n') : L(s, '还没有别的国家完成命令', 'no other country has committed yet'), [], true);
}

function query(x: Ctx, cmd: CommandOf<'query'>): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  const c = x.me ?? cmd.country ?? null;
  if (cmd.what === 'help') return ok(helpText(lg, map), [], true);
  if (cmd.what === 'orders') return c ? ok(describeOrders(s, map, c), [], true) : fail('BAD_SYNTAX', L(s, '裁判查看命令请写明国家', 'name the country'));
  if (cmd.what === 'status') return ok(describeStatus(s, map, c, x.at), [], true);
  return ok(cmd.what === 'map' ? L(s, '地图', 'map') : L(s, '分数表', 'score table'), [], false);
}

function commit(g: Game, c: CountryId, at: number, resolved: Step['resolved'], bot = false): Outcome {
  const s = g.state;
  const lg = s.settings.language;
  const cs = s.countries[c]!;
  const eff = s.clock.pausedAt ?? at;
  if (cs.committed) return ok(L(s, `${cn(g.map, c, lg)}已经完成了`, `${cn(g.map, c, lg)} has already committed`));
  // Issue 13: the autopilot's own commits are never late (the missed deadlines before it took over were paid).
  const late = !bot && eff > ownDeadline(s, c);
  cs.committed = true;
  cs.committedAt = eff;
  if (late) cs.lateCommit = true;
  const events: GameEvent[] = [{ type: 'committed', country: c, late }];
  const msg = late
    ? L(s, `${cn(g.map, c, lg)}完成（超时，结算时扣${s.settings.latePenalty}分，R3.3）`, `${cn(g.map, c, lg)} committed (late: −${s.settings.latePenalty} at resolution, R3.3)`)
    : L(s, `${cn(g.map, c, lg)}完成`, `${cn(g.map, c, lg)} committed`);
  if (s.clock.pausedAt === null && allCommitted(s)) resolveNow(g, at, false, resolved);
  return ok(msg, events);
}

function countText(s: GameState, c: Count): string {
  return c.kind === 'all' ? L(s, '全部', 'all') : c.kind === 'half' ? L(s, '一半', 'half') : String(c.n);
}

function order(g: Game, kind: 'move' | 'airlift', from: string, to: string, count: Count, sp: Speaker): Outcome {
  const s = g.state, map = g.map, lg = s.settings.language;
  const me = sp.kind === 'country' ? sp.id : null;
  if (count.kind === 'n' && (!Number.isInteger(count.n) || count.n < 1)) {
    return fail('BAD_SYNTAX', L(s, '军队数须是正整数、全部或一半：【调兵】巴黎→里尔 20', 'the count is a positive number, 全部 (all) or 一半 (half)'));
  }
  const actor = kind === 'airlift' ? (me ?? land(s, from)?.owner ?? null) : actorOf(s, map, me, from);
  if (!actor) return fail('NOT_OWNER', L(s, `${tn(map, from, lg)}不是你的领土`, `${tn(map, from, lg)} is not yours`));
  const allowed = sp.kind === 'judge' || actor === me || s.countries[actor]?.overlord === me;
  if (!allowed) {
    const o = land(s, from)?.owner ?? null;
    return fail('NOT_OWNER', L(s, `${tn(map, from, lg)}属于${cn(map, o, lg)}，不是你的领土`, `${tn(map, from, lg)} belongs to ${cn(map, o, lg)}, not to you`));
  }
  if (!s.countries[actor]?.alive) return fail('NOT_OWNER', L(s, `${tn(map, from, lg)}不属于任何在场国家`, `${tn(map, from, lg)} belongs to no country in play`));
  const by = me ?? actor;
  if (kind === 'airlift') {
    if (s.countries[actor]!.overlord === me && actor !== me) return fail('PUPPET_RESTRICTED', L(s, '宗主国只能指挥傀儡国的军队调动，不能替它空运', 'an overlord moves its puppet\'s armies but cannot airlift for it'));
    if (!s.countries[actor]!.techDone.includes('airship')) return fail('TECH_REQUIRED', L(s, `空运需要先完成空艇科技（${s.settings.airshipCost}分，R8.3）`, `airlifts need the Airship tech (${s.settings.airshipCost} points, R8.3)`));
    if (s.countries[actor]!.airliftTurn === s.turn) return fail('ONCE_PER_TURN', L(s, '每回合只能空运一次（R8.3）', 'one airlift per turn (R8.3)'));
    const chk = checkAirlift(s, map, actor, from, to);
    if (!chk.ok) return fail(chk.code, chk.message);
  } else {
    const chk = checkMove(s, map, actor, from, to);
    if (!chk.ok) return fail(chk.code, chk.message);
  }
  const have = armiesAt(s, map, actor, from) + pendingDeploy(s, map, actor, from);
  if (have === 0 || (count.kind === 'n' && count.n > have)) {
    return fail('NOT_ENOUGH_ARMIES', L(s, `${tn(map, from, lg)}只有${have}军${count.kind === 'n' ? `，不够${count.n}` : ''}`, `${tn(map, from, lg)} has only ${have} armies${count.kind === 'n' ? `, not ${count.n}` : ''}`));
  }
  (s.orders[actor] ??= []).push({ kind, from, to, count, by, seq: s.nextOrderSeq++ });
  if (kind === 'airlift') s.countries[actor]!.airliftTurn = s.turn;
  // The confirmation is built in the game's language only: this is the commonest command.
  const route = `${tn(map, from, lg)}→${tn(map, to, lg)} ${countText(s, count)}`;
  if (lg === 'en') {
    const puppet = actor !== by ? ` (${cn(map, actor, lg)}'s armies)` : '';
    return ok(`${kind === 'airlift' ? 'airlift' : 'move'} taken: ${route}${puppet}, at the resolution of turn ${s.turn}`, [], true);
  }
  const puppet = actor !== by ? `（${cn(map, actor, lg)}的军队）` : '';
  return ok(`已收到${kind === 'airlift' ? '空运' : '调兵'}：${route}${puppet}，第${s.turn}回合结算时执行`, [], true);
}

function cancel(g: Game, from: string | undefined, to: string | undefined, sp: Speaker): Outcome {
  const s = g.state, map = g.map, lg = s.settings.language;
  const me = sp.kind === 'country' ? sp.id : null;
  let removed = 0;
  for (const c of Object.keys(s.orders)) {
    const keep = s.orders[c]!.filter((o) => {
      const mine = sp.kind === 'judge' || o.by === me || c === me;
      const match = from === undefined || (o.from === from && (to === undefined || o.to === to));
      if (mine && match) {
        if (o.kind === 'airlift') s.countries[c]!.airliftTurn = null;
        removed += 1;
        return false;
      }
      return true;
    });
    s.orders[c] = keep;
  }
  if (removed === 0) {
    return fail('NOT_ALLOWED', from === undefined ? L(s, '你本回合还没有命令可撤销', 'you have no orders to cancel this turn')
      : L(s, `没有${tn(map, from, lg)}→${to ? tn(map, to, lg) : '…'}的命令；用【命令】查看你的命令`, `no order ${tn(map, from, lg)}→${to ? tn(map, to, lg) : '…'}; see 【命令】`));
  }
  return ok(L(s, `已撤销${removed}条命令`, `${removed} order(s) cancelled`), [], true);
}

/** The judge's event for the log and the announcement, named after the judge who acted. */
function judgeEvent(x: Ctx, action: string): GameEvent {
  return { type: 'judge', name: x.sp.kind === 'judge' ? (x.sp.name ?? 'judge') : 'judge', action };
}

function judgeResolve(x: Ctx): Outcome {
  const s = x.g.state;
  if (s.status !== 'running') return fail('GAME_NOT_RUNNING', L(s, '游戏已经结束', 'the game has ended'));
  const turn = s.turn;
  resolveNow(x.g, x.at, true, x.resolved);
  return ok(L(s, `裁判强制结算第${turn}回合`, `the judge resolved turn ${turn}`), [judgeEvent(x, 'resolve')]);
}

function judgePause(x: Ctx): Outcome {
  const s = x.g.state;
  if (s.status !== 'running') return fail('GAME_NOT_RUNNING', L(s, '游戏已经结束', 'the game has ended'));
  if (s.clock.pausedAt !== null) return fail('NOT_ALLOWED', L(s, '游戏已经暂停', 'already paused'));
  s.clock.pausedAt = x.at;
  return ok(L(s, '裁判暂停了游戏，计时停止', 'the judge paused the game; the clock stopped'), [judgeEvent(x, 'pause'), { type: 'clock', action: 'pause', at: x.at, deadlineAt: s.clock.deadlineAt }]);
}

function judgeResume(x: Ctx): Outcome {
  const s = x.g.state;
  if (s.clock.pausedAt === null) return fail('NOT_ALLOWED', L(s, '游戏没有暂停', 'the game is not paused'));
  s.clock.deadlineAt += Math.max(0, x.at - s.clock.pausedAt);
  s.clock.pausedAt = null;
  const evs: GameEvent[] = [judgeEvent(x, 'resume'), { type: 'clock', action: 'resume', at: x.at, deadlineAt: s.clock.deadlineAt }];
  if (allCommitted(s)) resolveNow(x.g, x.at, false, x.resolved);
  return ok(L(s, '裁判恢复了游戏，截止时间顺延', 'the judge resumed the game; the deadline moved by the pause'), evs);
}

function judgeExtend(x: Ctx, cmd: CommandOf<'extend'>): Outcome {
  const s = x.g.state;
  if (s.status !== 'running') return fail('GAME_NOT_RUNNING', L(s, '游戏已经结束', 'the game has ended'));
  const max = s.settings.maxExtendSeconds;
  if (!Number.isInteger(cmd.seconds) || cmd.seconds < 1) return fail('BAD_SYNTAX', L(s, '格式：【延时】5分钟', 'format: 【延时】5分钟'));
  if (s.clock.extendedSeconds + cmd.seconds > max) {
    return fail('LIMIT_EXCEEDED', L(s, `本回合最多延时${max}秒，已延${s.clock.extendedSeconds}秒`, `at most ${max} s of extension a turn; ${s.clock.extendedSeconds} s used`));
  }
  s.clock.extendedSeconds += cmd.seconds;
  s.clock.deadlineAt += cmd.seconds * 1000;
  return ok(L(s, `裁判延时${cmd.seconds}秒`, `the judge extended the deadline by ${cmd.seconds} s`), [judgeEvent(x, `extend ${cmd.seconds}`), { type: 'clock', action: 'extend', at: x.at, deadlineAt: s.clock.deadlineAt }]);
}

function judgeUndo(x: Ctx): Outcome {
  const s = x.g.state;
  if (!x.g.undo) return fail('NOT_ALLOWED', L(s, '没有可以撤回的结算', 'there is no resolution to undo'));
  const restored = JSON.parse(x.g.undo) as Omit<GameState, 'log' | 'lastEvents' | 'scoreHistory'>;
  const fromTurn = restored.turn;
  const log = s.log.map((l) => (l.turn >= fromTurn && !l.undone ? { ...l, undone: true } : l));
  const scoreHistory = s.scoreHistory.filter((h) => h.turn < fromTurn);
  const next: GameState = { ...restored, log, lastEvents: [], scoreHistory };
  // The turn opens again now, with a fresh deadline.
  next.clock = { openedAt: x.at, deadlineAt: x.at + next.settings.turnSeconds * 1000, extendedSeconds: 0, pausedAt: s.clock.pausedAt === null ? null : x.at };
  x.g.state = next;
  x.g.undo = null;
  x.g.turnStart = snapshot(next);
  return ok(L(s, `裁判撤回了第${fromTurn}回合的结算，第${fromTurn}回合重新开始`, `the judge undid the resolution of turn ${fromTurn}; turn ${fromTurn} starts again`), [judgeEvent(x, 'undo')]);
}

function judgeSet(x: Ctx, cmd: CommandOf<'set'>): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  const events: GameEvent[] = [judgeEvent(x, `set ${cmd.target} ${cmd.field}=${cmd.value}`)];
  if (cmd.field === 'score') {
    if (!s.countries[cmd.target]) return fail('UNKNOWN_COUNTRY', L(s, '设置分数要写国家：【设置】法国 分数=100', 'set a score on a country'));
    if (typeof cmd.value !== 'number' || !Number.isInteger(cmd.value)) return fail('BAD_SYNTAX', L(s, '分数须是整数：【设置】法国 分数=100', 'the score is an integer'));
    pay(s, events, cmd.target, cmd.value - s.countries[cmd.target]!.score, 'judge');
    return ok(L(s, `裁判将${cn(map, cmd.target, lg)}的分数设为${cmd.value}`, `the judge set ${cn(map, cmd.target, lg)}'s score to ${cmd.value}`), events);
  }
  const def = map.territory.get(cmd.target);
  if (!def || !isLandKind(def.kind)) return fail('UNKNOWN_TERRITORY', L(s, '兵力和归属只能设置在陆地领土上：【设置】巴黎 兵力=50', 'armies and owner are set on land territories'));
  const t = land(s, cmd.target)!;
  if (cmd.field === 'armies') {
    if (typeof cmd.value !== 'number' || !Number.isInteger(cmd.value) || cmd.value < 0) return fail('BAD_SYNTAX', L(s, '兵力须是不小于0的整数', 'armies must be a whole number ≥ 0'));
    events.push({ type: 'armies', territory: cmd.target, country: t.owner, delta: cmd.value - t.armies, why: 'judge' });
    t.armies = cmd.value;
    return ok(L(s, `裁判将${tn(map, cmd.target, lg)}的兵力设为${cmd.value}`, `the judge set ${tn(map, cmd.target, lg)} to ${cmd.value} armies`), events);
  }
  const owner = cmd.value === null ? null : String(cmd.value);
  if (owner !== null && !s.countries[owner]?.alive) return fail('UNKNOWN_COUNTRY', L(s, `${cn(map, owner, lg)}不在游戏中`, `${cn(map, owner, lg)} is not in the game`));
  events.push({ type: 'transfer', territory: cmd.target, from: t.owner, to: owner, armies: t.armies, why: 'judge' });
  t.owner = owner;
  return ok(L(s, `裁判将${tn(map, cmd.target, lg)}划归${cn(map, owner, lg)}`, `the judge gave ${tn(map, cmd.target, lg)} to ${cn(map, owner, lg)}`), events);
}

function judgeRule(x: Ctx, cmd: CommandOf<'rule'>): Outcome {
  const s = x.g.state;
  const keys = Object.keys(SettingsSchema.shape);
  if (!keys.includes(cmd.key)) return fail('BAD_SYNTAX', L(s, `没有规则"${cmd.key}"；可设置：${keys.join(', ')}`, `no rule "${cmd.key}"; rules: ${keys.join(', ')}`));
  const r = mergeSettings(s.settings, { [cmd.key]: coerceSettingValue(cmd.key, cmd.value) });
  if (!r.ok) return fail('BAD_SYNTAX', L(s, `规则${cmd.key}的值"${cmd.value}"不合法：${r.reason}`, `bad value "${cmd.value}" for ${cmd.key}: ${r.reason}`));
  s.settings = r.settings;
  return ok(L(s, `裁判修改规则：${cmd.key}=${cmd.value}（立即生效）`, `the judge set the rule ${cmd.key}=${cmd.value} (in force now)`), [judgeEvent(x, `rule ${cmd.key}=${cmd.value}`)]);
}

function judgeControl(x: Ctx, cmd: CommandOf<'control'>): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  const cs = s.countries[cmd.country];
  if (!cs?.alive) return fail('NOT_ALLOWED', L(s, `${cn(map, cmd.country, lg)}不在游戏中`, `${cn(map, cmd.country, lg)} is not in the game`));
  if (cs.player === cmd.player && !(cmd.player && cs.bot)) return fail('NOT_ALLOWED', cmd.player ? L(s, `${cn(map, cmd.country, lg)}已经有玩家`, `${cn(map, cmd.country, lg)} already has a player`) : L(s, `${cn(map, cmd.country, lg)}已经在托管中`, `${cn(map, cmd.country, lg)} already has no player`));
  cs.player = cmd.player;
  // A player given back (or a new one seated) plays it; a computer player seated there before stands up.
  cs.autopilot = false;
  cs.missed = 0;
  cs.bot = null;
  return ok(cmd.player
    ? L(s, `${cn(map, cmd.country, lg)}恢复由玩家控制`, `${cn(map, cmd.country, lg)} is played again`)
    : L(s, `${cn(map, cmd.country, lg)}进入托管：视为已完成，不会超时（R3.2）`, `${cn(map, cmd.country, lg)} has no player now: it counts as committed and is never late (R3.2)`),
  [judgeEvent(x, `${cmd.player ? 'control' : 'disorder'} ${cmd.country}`)]);
}

/** Issue 13: a computer player of a style takes a country that has no player (its player left it, 【托管】). */
function judgeBot(x: Ctx, cmd: CommandOf<'bot'>): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  if (s.status !== 'running') return fail('GAME_NOT_RUNNING', L(s, '游戏已经结束', 'the game has ended'));
  const cs = s.countries[cmd.country];
  if (!cs?.alive) return fail('NOT_ALLOWED', L(s, `${cn(map, cmd.country, lg)}不在游戏中，不能安排机器人`, `${cn(map, cmd.country, lg)} is not in the game: no computer player can take it`));
  if (cs.bot) return fail('COUNTRY_TAKEN', L(s, `${cn(map, cmd.country, lg)}已经由机器人控制`, `${cn(map, cmd.country, lg)} is already played by a computer player`));
  if (cs.player) {
    return fail('COUNTRY_TAKEN', L(s, `${cn(map, cmd.country, lg)}有玩家在玩；要换成机器人，先用【托管】${cn(map, cmd.country, lg)}（或 /judge remove）移除玩家`,
      `${cn(map, cmd.country, lg)} has a player; to give it to a computer player, first remove the player with 【托管】${cn(map, cmd.country, lg)} (or /judge remove)`));
  }
  cs.player = true;
  cs.bot = cmd.style;
  cs.autopilot = false;
  cs.missed = 0;
  return ok(L(s, `${cn(map, cmd.country, lg)}由机器人（${styleLabel(cmd.style, lg)}）接手`, `${cn(map, cmd.country, lg)} is now played by a computer player (${styleLabel(cmd.style, lg)})`),
    [judgeEvent(x, `bot ${cmd.country} ${cmd.style}`)]);
}

/** A computer player's style as players read it. */
export function styleLabel(style: string, lg: 'zh' | 'en'): string {
  if (lg === 'en') return style;
  return (BOT_STYLE_LABEL as Record<string, string>)[style] ?? style;
}

function judgeEnd(x: Ctx, cmd: CommandOf<'endGame'>): Outcome {
  const s = x.g.state, map = x.g.map, lg = s.settings.language;
  if (s.status !== 'running') return fail('GAME_NOT_RUNNING', L(s, '游戏已经结束', 'the game has ended'));
  let winners = cmd.winners ? [...new Set(cmd.winners)].sort() : [];
  for (const w of winners) if (!s.countries[w]) return fail('UNKNOWN_COUNTRY', L(s, `没有国家${w}`, `no country ${w}`));
  if (winners.length === 0) {
    const alive = Object.keys(s.countries).filter((c) => s.countries[c]!.alive);
    const best = Math.max(...alive.map((c) => s.countries[c]!.score));
    winners = alive.filter((c) => s.countries[c]!.score === best).sort();
  }
  s.status = 'ended';
  s.winner = winners;
  s.orders = {};
  const events: GameEvent[] = [judgeEvent(x, 'end'), { type: 'victory', winners, how: 'judge' }];
  s.lastEvents = events;
  return ok(L(s, `裁判结束了游戏。胜者：${winners.map((w) => cn(map, w, lg)).join('、')}`, `the judge ended the game. Winner: ${winners.map((w) => cn(map, w, lg)).join(', ')}`), events);
}
