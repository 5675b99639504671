/**
 * Europe Duel on the local page (duel.md D10.5): what the clickable map needs beyond the state JSON of D10.8 —
 * the map's geometry (once per page, geometry.ts), each side's preview of this turn's helper moves and route steps
 * (the same D6/D5.4 functions the resolution runs, on the opening board, so the white arrows show what happens
 * unless the player changes something), the side panel's seats, and the arena's turn-by-turn playback of a
 * bot-vs-bot game or a transcript (D10.4, D10.7).
 *
 * DuelRules (module.ts) serves these through the platform's `view`, `page` and `playback`. Pure reads of the game;
 * the engine is not touched.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { applyDuel, newDuel, scores, toBoard, type DuelCommand, type DuelEntry, type DuelState } from './engine.ts';
import { helperOrders } from './helpers.ts';
import { createRoute, routeSteps } from './routes.ts';
import { checkOrder, type Order } from './orders.ts';
import { policyFor } from './agent.ts';
import { mapDue, resolutionSummary } from './draw.ts';
import type { GameMap } from '../europe/map/index.ts';
import type { Outcome } from './end.ts';
import { runDuelTranscript, DuelTranscriptError } from './transcript.ts';
import { policy } from './sim.ts';
import type { DuelView as PolicyView } from './bots.ts';
import type { DuelGraph } from './board.ts';
import type { Side } from './resolve.ts';

/** D10.5: the sides' colours on the page. */
export const SIDE_COLOR: Record<Side, string> = { A: '#d0453a', B: '#2f6fd0' };

/** A preview arrow: [from, to, armies, half (1) or all (0)]. */
export type PreviewMove = [string, string, number, 0 | 1];

export interface DuelPreview {
  /** D6: the helper's moves this turn where no manual order and no route stands (thin white arrows). */
  helper: PreviewMove[];
  /** D5.4: this turn's route steps: [route id, from, to, armies]; waiting routes are in `waiting`. */
  routes: [number, string, string, number][];
  waiting: number[];
}

/**
 * D10.5 / D6: one side's preview on the opening board — D2.6 steps 2 and 3 exactly as resolveTurn runs them for
 * that side (its manual orders hold their nodes and claim their targets; route steps hold theirs), nothing of the
 * other side's plans read.
 */
export function duelPreview(g: DuelGraph, s: DuelState, side: Side): DuelPreview {
  const start = toBoard(s);
  const manual = Object.values(s.orders[side]);
  const held = new Set(manual.map((o) => o.from));
  const steps = routeSteps(g, start, side, s.routes, s.settings);
  for (const n of steps.held) held.add(n);
  const claimed = [...manual.flatMap((o) => (o.kind === 'move' ? [o.to] : [])), ...steps.moves.map((m) => m.to)];
  const h = s.helper[side];
  const orders = helperOrders(g, start, side, {
    defaultMode: h.mode, paint: new Map(Object.entries(h.paint)), rally: h.rally, capitals: s.capitals, held, claimed, defenseFactor: s.settings.defenseFactor,
  });
  const armiesAt = (id: string) => (g.kind.get(id) === 'sea' ? start.stacks.get(id)?.[side] ?? 0 : start.armies.get(id) ?? 0);
  const helper: PreviewMove[] = [];
  for (const o of orders) {
    if (o.kind !== 'move') continue;
    const a = armiesAt(o.from);
    const n = o.count === 'half' ? Math.floor(a / 2) : a;
    if (n > 0) helper.push([o.from, o.to, n, o.count === 'half' ? 1 : 0]);
  }
  return { helper, routes: steps.moves.map((m) => [m.route, m.from, m.to, m.n]), waiting: steps.waits.map((w) => w.route) };
}

/** One turn of a playback (arena, transcript): the board after it and what it did. */
export interface PlaybackFrame {
  turn: number;
  /** Owner of every land territory in `PlaybackData.land` order: 'A', 'B' or '.'. */
  owner: string;
  armies: number[];
  /** Sea stacks: zone → [A, B]. */
  stacks: Record<string, [number, number]>;
  scores: [number, number];
  /** The resolution's events (D10.8 lastEvents) that led here. */
  events: unknown[];
}

export interface PlaybackData {
  map: string;
  land: string[];
  capitals: Record<Side, string>;
  names: Record<Side, string>;
  bots: Record<Side, string | null>;
  frames: PlaybackFrame[];
  result: { winner: Side[]; how: string } | null;
}

/** The log rows a seat's page view keeps (D10.8's full log is the judge's view and the export). */
export const PAGE_LOG_ROWS = 20;

/** A transcript of people's commands is played back line by line: at most this many lines (a prefix replay each). */
const MAX_STEPS = 400;

/** At most this many turns are played back (a transcript's setting may ask more; the page shows the first). */
const MAX_FRAMES = 600;

function frameOf(g: DuelGraph, s: DuelState): PlaybackFrame {
  const sc = scores(g, s);
  return {
    turn: s.turn,
    owner: g.land.map((t) => s.owner[t] ?? '.').join(''),
    armies: g.land.map((t) => s.armies[t] ?? 0),
    stacks: Object.fromEntries(Object.entries(s.stacks).map(([z, v]) => [z, [v.A, v.B] as [number, number]])),
    scores: [sc.A, sc.B],
    events: s.lastEvents,
  };
}

/**
 * D10.4 / D10.7 on the page: a transcript played back turn by turn. With a bot on both sides (what `npm run
 * simulate -- --game duel` writes, or the arena's own header) the game is driven step by step as the simulator's
 * stepwise driver does (both policies decide at each opening, typed for them; the same game as the transcript's
 * replay); otherwise every prefix of the transcript that ends on a line able to close a turn is replayed, and each
 * new turn is a frame.
 */
export function duelPlayback(text: string, root: string): { ok: true; data: PlaybackData } | { ok: false; text: string } {
  // A file from the page has no place on the server: its @map names one of the project's maps by file name (maps/,
  // then tests/fixtures/), whatever folder the simulator wrote it relative to — and never another file.
  const lines = text.split(/\r?\n/).map((l) => {
    const m = /^(\s*@map\s+)(.+?)(\s+#.*)?$/.exec(l);
    if (!m) return l;
    const name = basename(m[2]!.trim());
    const found = ['maps', 'tests/fixtures'].map((d) => `${d}/${name}`).find((p) => existsSync(resolve(root, p)));
    return `${m[1]}${found ?? `maps/${name}`}`;
  });
  const botLines = lines.map((l) => /^@bot\s+(\S+)\s+(\S+)/.exec(l.replace(/\s+#.*$/, '').trim())).filter((m): m is RegExpExecArray => !!m);
  const commands = lines.some((l) => { const x = l.replace(/\s+#.*$/, '').trim(); return !!x && !x.startsWith('#') && !x.startsWith('@'); });
  try {
    if (botLines.length === 2 && !commands) {
      // The header without its bots sets the game up (map, seed, capitals, settings) with two people's sides.
      const header = lines.filter((l) => !/^\s*@bot\b/.test(l) && !/^\s*@(at|pass)\b/.test(l)).join('\n');
      const r = runDuelTranscript('arena.txt', header, root);
      const g = r.g;
      const s = r.state;
      const side = (who: string): Side => (who === 'A' || who === r.names.A ? 'A' : 'B');
      const pol: Record<Side, ReturnType<typeof policy>> = { A: policy('greedy'), B: policy('greedy') };
      const bots: Record<Side, string | null> = { A: null, B: null };
      for (const m of botLines) { pol[side(m[1]!)] = policy(m[2]!); bots[side(m[1]!)] = m[2]!; }
      const frames = [frameOf(g, s)];
      while (s.status === 'running' && frames.length < MAX_FRAMES) {
        const at = s.openedAt;
        for (const x of ['A', 'B'] as const) {
          const view: PolicyView = {
            graph: g, board: toBoard(s), side: x, capitals: s.capitals, routes: s.routes.filter((q) => q.side === x),
            maxRoutes: s.settings.maxRoutes ?? 50, defenseFactor: s.settings.defenseFactor, seaLoss: s.settings.seaLoss,
          };
          const d = pol[x].decide(view);
          const cmds: DuelCommand[] = [
            ...d.orders.map((o): DuelCommand => ({ kind: 'order', order: o.count === 'stand' || o.from === o.to ? { kind: 'stand', from: o.from } : { kind: 'move', from: o.from, to: o.to, count: o.count } })),
            ...d.routes.map((q): DuelCommand => ({ kind: 'route', from: q.points[0]!, points: q.points.slice(1), count: q.count })),
          ];
          for (const command of cmds) applyDuel(g, s, { type: 'command', at, side: x, command });
        }
        applyDuel(g, s, { type: 'command', at, side: 'A', command: { kind: 'ready' } });
        applyDuel(g, s, { type: 'command', at, side: 'B', command: { kind: 'ready' } });
        frames.push(frameOf(g, s));
      }
      return { ok: true, data: { map: r.map.id, land: g.land, capitals: s.capitals, names: r.names, bots, frames, result: s.outcome ? { winner: s.outcome.winner, how: s.outcome.how } : null } };
    }
    // A transcript of people's commands: @pass N is N turns, each its own frame.
    const expanded: string[] = [];
    for (const l of lines) {
      const m = /^\s*@pass\s+(\d+)/.exec(l);
      if (m) for (let i = 0; i < Math.min(Number(m[1]), MAX_FRAMES); i++) expanded.push('@pass 1');
      else expanded.push(l);
    }
    // Each command line replays the transcript up to it: bounded, so a request cannot hold the server for long.
    const steps = expanded.filter((l) => { const x = l.trim(); return !!x && !x.startsWith('#') && !/^@(game|map|seed|players|bot|capitals|set)\b/.test(x); }).length;
    if (steps > MAX_STEPS) return { ok: false, text: `回放文件最多 ${MAX_STEPS} 行命令（含 @pass 展开后的回合），这份有 ${steps} 行 / at most ${MAX_STEPS} command lines` };
    const first = runDuelTranscript('transcript.txt', expanded.filter((l) => /^\s*(@(game|map|seed|players|bot|capitals|set)\b|#|$)/.test(l)).join('\n'), root);
    const frames = [frameOf(first.g, first.state)];
    let last = first.state.turn;
    let final = first;
    for (let i = 0; i < expanded.length && frames.length < MAX_FRAMES; i++) {
      const l = expanded[i]!.trim();
      if (!l || l.startsWith('#') || /^@(game|map|seed|players|bot|capitals|set)\b/.test(l)) continue;
      const r = runDuelTranscript('transcript.txt', expanded.slice(0, i + 1).join('\n'), root);
      final = r;
      if (r.state.turn !== last || r.state.status === 'ended') {
        frames.push(frameOf(r.g, r.state));
        last = r.state.turn;
        if (r.state.status === 'ended') break;
      }
    }
    const s = final.state;
    return { ok: true, data: { map: final.map.id, land: final.g.land, capitals: s.capitals, names: final.names, bots: s.bots, frames, result: s.outcome ? { winner: s.outcome.winner, how: s.outcome.how } : null } };
  } catch (e) {
    if (e instanceof DuelTranscriptError) return { ok: false, text: e.message };
    return { ok: false, text: (e as Error).message };
  }
}

/** One told turn of an arena game: its summary (D10.3.3) and whether its map was due. */
export interface ArenaTurn { turn: number; text: string; mapDue: boolean }

/**
 * D10.4 in chat: a bot-vs-bot game resolves every turn at its opening, so the engine plays it to its end within its
 * start entry and only the last turn's events are left. This plays the same game again one turn at a time from that
 * start entry — at each opening each bot decides on the engine's own view (D8.1, as the engine's decideFor: the board,
 * the turn, the idle counter), its orders and routes checked and set as the engine sets them, then both sides ready —
 * and tells every turn as the chat summary tells it. `outcome` is the end it came to (the caller compares it with the
 * game's: the same start entry and pure policies give the same game). A bot that fails ends the telling there.
 */
export function arenaTurns(map: GameMap, g: DuelGraph, start: Extract<DuelEntry, { type: 'start' }>, lg: 'zh' | 'en'): { turns: ArenaTurn[]; outcome: Outcome | null } {
  const bots = { A: start.bots?.A ?? null, B: start.bots?.B ?? null };
  if (!bots.A || !bots.B) return { turns: [], outcome: null };
  const { bots: _seated, ...rest } = start;
  const s = newDuel(map, rest);
  const turns: ArenaTurn[] = [];
  while (s.status === 'running' && turns.length <= s.settings.turnLimit) {
    const at = s.openedAt;
    for (const side of ['A', 'B'] as const) {
      const policy = policyFor(bots[side]!);
      if (!policy) return { turns, outcome: null };
      const view = {
        graph: g, board: toBoard(s), side, capitals: s.capitals, routes: s.routes.filter((r) => r.side === side),
        maxRoutes: s.settings.maxRoutes, defenseFactor: s.settings.defenseFactor, seaLoss: s.settings.seaLoss,
        turn: s.turn, turnLimit: s.settings.turnLimit, idle: 0, idleTurns: s.settings.idleTurns,
      };
      let d;
      try {
        d = policy.decide(view);
      } catch {
        return { turns, outcome: null };
      }
      const orders: Order[] = [];
      for (const o of d.orders) {
        const order: Order = o.count === 'stand' || o.from === o.to ? { kind: 'stand', from: o.from } : { kind: 'move', from: o.from, to: o.to, count: o.count };
        if (checkOrder(g, view.board, side, order)) return { turns, outcome: null };
        orders.push(order);
      }
      let routes = s.routes;
      let next = s.nextRoute;
      for (const r of d.routes) {
        const made = createRoute(g, toBoard(s), side, routes, r.points[0]!, r.points.slice(1), r.count, next, s.settings.maxRoutes);
        if (typeof made === 'string') return { turns, outcome: null };
        routes = [...routes, made].sort((x, y) => x.id - y.id);
        next += 1;
      }
      for (const o of orders) s.orders[side][o.from] = o;
      s.routes = routes;
      s.nextRoute = next;
    }
    const turn = s.turn;
    applyDuel(g, s, { type: 'command', at, side: 'A', command: { kind: 'ready' } });
    applyDuel(g, s, { type: 'command', at, side: 'B', command: { kind: 'ready' } });
    if (s.turn === turn && s.status === 'running') return { turns, outcome: null };
    // Seated as people here, both sides get D2.8's idle rows; bots never idle, and the summary does not tell them.
    s.lastEvents = s.lastEvents.filter((e) => e.type !== 'idle');
    turns.push({ turn, text: resolutionSummary(map, g, s, turn, lg), mapDue: mapDue(s, [turn]) });
  }
  return { turns, outcome: s.outcome };
}
