/**
 * Europe Duel transcripts (duel.md D10.7) and the duel's state JSON (D10.8). The header lines `@map @seed
 * @players @capitals @set` come before the first command, `@at` or `@pass`; turn 1 opens at virtual time 0; `@at
 * m:ss` counts from the current turn's opening and reaching a deadline resolves the turn; `@pass N` lets N
 * turns time out one after another; `SIDE: text` is a side's message (its name from `@players`), `judge:` /
 * `裁判:` a judge's (【结算】【暂停】【继续】【规则】【结束】, D7.6); `@bot SIDE greedy|lander|agent` seats a bot (D8; the
 * agent needs a usable weights file, D8.4, else the transcript is malformed). Every command line leaves a row in
 * the state's `log` with its line number (D10.8); a side's command spoken by the judge is NOT_YOUR_COUNTRY and a
 * judge's command spoken by a side NOT_JUDGE (D10.1).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findName, loadMapFile, type GameMap } from '../europe/map/index.ts';
import { duelGraph, NoFairCapitals, type DuelGraph } from './board.ts';
import { applyDuel, logKind, newDuel, noteDuel, scores, DUEL_DEFAULTS, type DuelEntry, type DuelSettings, type DuelState, type Planner } from './engine.ts';
import { parseDuel, refusalText } from './parse.ts';
import { POLICIES } from './bots.ts';
import { agentUnavailableText, MODEL_DIR, resolveBot } from './agent.ts';
import { checkSetting, mergeSettings } from './settings.ts';
import type { Side } from './resolve.ts';
import { parseClock } from '../../platform/clock/index.ts';

export class DuelTranscriptError extends Error {
  constructor(readonly file: string, readonly line: number, readonly reason: string) {
    super(`${file}:${line}: ${reason}`);
  }
}

export interface DuelReplay { map: GameMap; g: DuelGraph; state: DuelState; names: Record<Side, string> }

/** Plays a duel transcript; throws DuelTranscriptError naming the line of a malformed one. */
export function runDuelTranscript(file: string, text?: string, root = process.cwd(), planner: Planner = {}): DuelReplay {
  const src = text ?? readFileSync(file, 'utf8');
  const lines = src.split(/\r?\n/);
  const err = (n: number, reason: string) => new DuelTranscriptError(file, n, reason);
  let mapPath = 'maps/europe.json';
  let seed = 0;
  let names: Record<Side, string> = { A: '红方', B: '蓝方' };
  let capitalNames: [string, string, number] | null = null;
  const settings: Partial<DuelSettings> = {};
  const bots: Partial<Record<Side, string>> = {};
  const botLines: Partial<Record<Side, number>> = {};
  let map: GameMap | null = null;
  let g: DuelGraph | null = null;
  let s: DuelState | null = null;
  // The virtual time since the current turn opened, as the last @at set it (0 once a turn has moved on).
  let offset = 0;
  let offsetTurn = 1;
  const setUp = (n: number) => {
    if (s) return;
    const fromFile = resolve(dirname(resolve(root, file)), mapPath);
    try {
      map = loadMapFile(fromFile);
    } catch {
      try { map = loadMapFile(resolve(root, mapPath)); } catch (e) { throw err(n, `the map ${mapPath} cannot be loaded: ${(e as Error).message}`); }
    }
    g = duelGraph(map);
    let capitals: Record<Side, string> | undefined;
    if (capitalNames) {
      const ids = capitalNames.slice(0, 2).map((x) => findName(map!.territoryByName, String(x)));
      if (ids.some((x) => !x || g!.kind.get(x) !== 'land') || ids[0] === ids[1]) throw err(capitalNames[2], '@capitals names two different land territories of the map');
      capitals = { A: ids[0]!, B: ids[1]! };
    }
    // D8.4: `@bot … agent` loads the weights now; without a usable file the transcript is malformed (D10.7).
    for (const side of ['A', 'B'] as const) {
      const name = bots[side];
      if (!name) continue;
      const r = resolveBot(name, g, resolve(root, MODEL_DIR));
      if (!r || !r.ok) throw err(botLines[side]!, `@bot SIDE POLICY: ${agentUnavailableText('en', r && !r.ok ? r.reason : undefined)}`);
      bots[side] = r.id;
    }
    const start: Extract<DuelEntry, { type: 'start' }> = { type: 'start', at: 0, seed, settings, bots, ...(capitals ? { capitals } : {}) };
    try {
      s = newDuel(map, start);
    } catch (e) {
      // D1.7: no pair even in the relaxed draw, and no @capitals.
      if (e instanceof NoFairCapitals) throw err(n, `NO_FAIR_CAPITALS: ${e.message} (@capitals)`);
      throw e;
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    const [head, ...args] = line.split(/\s+/);
    if (head!.startsWith('@')) {
      const headerOnly = ['@map', '@seed', '@players', '@capitals', '@bot'].includes(head!);
      if (headerOnly && s) throw err(n, `${head} belongs to the header, before the first command, @at or @pass`);
      switch (head) {
        case '@game':
          if (args[0] !== 'duel' || s) throw err(n, '@game duel comes first, once');
          continue;
        case '@map': mapPath = args.join(' '); continue;
        case '@seed': {
          const v = Number(args[0]);
          if (!Number.isInteger(v) || v < 0 || v > 4294967295) throw err(n, '@seed is an integer 0…4294967295');
          seed = v;
          continue;
        }
        case '@players': {
          if (args.length !== 2 || args[0] === args[1] || args.some((a) => /^(a|b|judge|裁判)$/i.test(a) || a.includes(':') || a.includes('：'))) throw err(n, '@players names the two sides: two different names, not A, B, judge or 裁判, without colons');
          names = { A: args[0]!, B: args[1]! };
          continue;
        }
        case '@capitals': {
          if (args.length !== 2) throw err(n, '@capitals names A\'s capital and B\'s');
          capitalNames = [args[0]!, args[1]!, n];
          continue;
        }
        case '@bot': {
          const side = args[0] === 'A' || args[0] === names.A ? 'A' : args[0] === 'B' || args[0] === names.B ? 'B' : null;
          if (!side || !args[1] || !(args[1] in POLICIES || /^agent(@v\d+)?$/.test(args[1]))) throw err(n, `@bot SIDE POLICY (policies: ${[...Object.keys(POLICIES), 'agent'].join(', ')})`);
          bots[side] = args[1];
          botLines[side] = n;
          continue;
        }
        case '@set': {
          // D10.9: every key, range and decimal checked; among the header lines in force at setup, later at once.
          const patch: Record<string, unknown> = {};
          for (const kv of args) {
            const m = /^(\w+)=(.+)$/.exec(kv);
            const c = m ? checkSetting(m[1]!, m[2]!) : null;
            if (!c || !c.ok) throw err(n, `@set ${kv}: ${c && !c.ok ? c.en : 'key=value'}`);
            patch[c.key] = c.value;
          }
          const cur = s as DuelState | null;
          const merged = mergeSettings(cur ? cur.settings : { ...DUEL_DEFAULTS, ...settings }, patch);
          if (!merged.ok) throw err(n, `@set: ${merged.en}`);
          if (cur && (merged.settings as DuelSettings).turnLimit < cur.turn) throw err(n, `@set turnLimit=${merged.settings.turnLimit} is below the open turn ${cur.turn}`);
          if (cur) cur.settings = merged.settings as DuelSettings;
          else Object.assign(settings, patch);
          continue;
        }
        case '@at': {
          setUp(n);
          const ms = parseClock(args[0] ?? '');
          if (ms === null) throw err(n, '@at m:ss');
          const st = s!;
          // Reaching a deadline resolves that turn there, before any line stamped at that instant (and the next, if
          // the same time passes its deadline too).
          const target = st.openedAt + ms;
          // A paused clock does not run out (D2.7).
          while (st.status === 'running' && st.pausedAt === null && target >= st.deadlineAt) applyDuel(g!, st, { type: 'tick', at: st.deadlineAt }, planner);
          offset = target - st.openedAt;
          offsetTurn = st.turn;
          continue;
        }
        case '@pass': {
          setUp(n);
          const k = Number(args[0] ?? '1');
          if (!Number.isInteger(k) || k < 1) throw err(n, '@pass N: a number of turns');
          if (s!.pausedAt !== null) throw err(n, '@pass while the game is paused (the judge\'s 【继续】 resumes it)');
          for (let t = 0; t < k && s!.status === 'running'; t++) applyDuel(g!, s!, { type: 'tick', at: s!.deadlineAt }, planner);
          continue;
        }
        default: throw err(n, `unknown header ${head}`);
      }
    }
    const m = /^([^:：]+)[:：]\s*(.*)$/.exec(line);
    if (!m) throw err(n, 'a line is SIDE: text, a comment or an @ line');
    setUp(n);
    const who = m[1]!.trim();
    const side: Side | null = who === names.A ? 'A' : who === names.B ? 'B' : null;
    if (!side && !/^(judge|裁判)$/i.test(who)) throw err(n, `unknown speaker "${who}" (the sides: ${names.A}, ${names.B}; or judge)`);
    const st = s!;
    const at = st.openedAt + (st.turn === offsetTurn ? offset : 0);
    const speaker = side ?? 'judge';
    for (const p of parseDuel(g!, m[2]!, 'zh', { sides: { A: [names.A], B: [names.B] } })) {
      const note = (command: string, ok: boolean, code?: string, message?: string) => noteDuel(st, { line: n, turn: st.turn, speaker, command, ok, ...(code ? { code } : {}), ...(message ? { message } : {}) });
      // D10.7: after the end every line is GAME_NOT_RUNNING; before, the parser's refusal.
      if (!p.ok) { const over = st.status === 'ended'; note(p.kind, false, over ? 'GAME_NOT_RUNNING' : p.code, over ? refusalText('GAME_NOT_RUNNING', 'zh') : p.message); continue; }
      const c = p.command;
      if (c.kind === 'query') { note('query', true); continue; }
      if (c.kind === 'judge') {
        // D10.1: the judge's commands need the judge (a side's player is NOT_JUDGE).
        if (side) { note(c.command.kind, false, 'NOT_JUDGE', refusalText('NOT_JUDGE', 'zh')); continue; }
        applyDuel(g!, st, { type: 'judge', at, command: c.command, line: n }, planner);
        continue;
      }
      // D10.1: the judge has no side, so a side's command spoken by the judge is NOT_YOUR_COUNTRY.
      if (!side) { note(logKind(c), false, 'NOT_YOUR_COUNTRY', refusalText('NOT_YOUR_COUNTRY', 'zh')); continue; }
      applyDuel(g!, st, { type: 'command', at, side, command: c, line: n }, planner);
    }
  }
  setUp(lines.length);
  return { map: map!, g: g!, state: s!, names };
}

/**
 * D10.8: the duel's state JSON, what `replay` prints and `/export` gives. `orders` in the order given (a stand is
 * `{from: X, to: X, count: "stand"}`), live routes by id, paint with sorted keys, `log` one row per command.
 */
export function duelStateJson(map: GameMap, g: DuelGraph, s: DuelState, names: Record<Side, string> = { A: '红方', B: '蓝方' }): Record<string, unknown> {
  const sc = scores(g, s);
  const side = (x: Side) => {
    const own = g.land.filter((t) => s.owner[t] === x);
    const armies = own.reduce((a, t) => a + (s.armies[t] ?? 0), 0) + Object.values(s.stacks).reduce((a, st) => a + st[x], 0);
    const h = s.helper[x];
    return { name: names[x], bot: s.bots[x], score: sc[x], territories: own.length, armies, ready: s.ready[x], idle: s.idle[x], helper: h.mode, rally: h.rally };
  };
  const territories: Record<string, unknown> = {};
  for (const t of g.land) territories[t] = { owner: s.owner[t] ?? null, armies: s.armies[t] ?? 0 };
  for (const [z, st] of Object.entries(s.stacks)) territories[z] = { stacks: Object.fromEntries(Object.entries(st).filter(([, v]) => v > 0)) };
  const orders = (x: Side) => Object.values(s.orders[x]).map((o) => (o.kind === 'stand' ? { from: o.from, to: o.from, count: 'stand' } : { from: o.from, to: o.to, count: o.count }));
  const paint = (x: Side) => Object.fromEntries(Object.entries(s.helper[x].paint).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const o = s.outcome;
  return {
    game: 'duel', map: map.id, seed: s.seed, turn: s.status === 'ended' ? s.endTurn ?? s.turn : s.turn, status: s.status,
    winner: o ? o.winner : null,
    result: o ? { how: o.how, turn: s.endTurn ?? s.turn, scores: sc } : null,
    fair: s.fair, rated: s.rated, paused: s.pausedAt !== null,
    capitals: s.capitals, sides: { A: side('A'), B: side('B') }, territories,
    orders: { A: orders('A'), B: orders('B') }, routes: s.routes, paint: { A: paint('A'), B: paint('B') },
    log: s.log ?? [],
    lastEvents: s.lastEvents,
  };
}
