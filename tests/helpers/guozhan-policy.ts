/**
 * The player behind every tab of issue 20's browser test (tests/e2e/guozhan-page.test.ts), and the same player run
 * on the engine alone to foresee a deal's game.
 *
 * The test must see a 杀 answered by a 闪 from the panels, a 无懈可击 window passed from a panel, a death and the
 * end. The computer player's own moves alone do not always give the first: a general's skill (流离, 烈弓, 铁骑, 神速…)
 * turns the 杀 away or deals the damage first, a discard throws the 闪 away, or the game ends before anyone holds a
 * 杀 while another holds a 闪 (about one deal in twenty with three seats). So until that 杀 has been dodged the
 * tabs play for it: a 杀 on a seat that holds a 闪 when the acting seat has one; otherwise no attack (【结束】), no
 * optional skill (【不出】 where the prompt allows it) and a discard that keeps 闪 and 杀. From then on each tab plays
 * the computer player's move (bot.ts).
 *
 * The engine is deterministic (a game is its log), so `foresee` plays a deal through to the end with this player:
 * the test pins the service's clock at the start to a time whose seed (platform `startSeed`) gives a game that
 * shows everything it checks within its step budget, instead of hoping that a random deal does.
 */
import { accepted, botMove } from '../../src/games/guozhan/bot.ts';
import { card } from '../../src/games/guozhan/cards.ts';
import { inRange } from '../../src/games/guozhan/core.ts';
import { applyEntry, newGame, type StartEntry } from '../../src/games/guozhan/engine.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import { GuozhanRules } from '../../src/games/guozhan/module.ts';
import { parseCommands } from '../../src/games/guozhan/parse.ts';
import type { State } from '../../src/games/guozhan/types.ts';

/** The first two dealt generals of one kingdom, in the dealt order (the test clicks them main, then deputy). */
export function pairOf(dealt: string[]): [string, string] {
  for (const x of dealt) for (const y of dealt) if (x !== y && GENERALS[x]!.kingdom === GENERALS[y]!.kingdom) return [x, y];
  throw new Error(`no two generals of one kingdom in ${dealt.join(',')}`);
}

/** The open ask's first seat and what it types; null: no move the computer player knows (the tab passes or waits). */
export function pageMove(s: State, dodged: boolean): { seat: number; text: string | null } {
  const ask = s.ask!;
  const seat = ask.seats[0]!;
  let text = botMove(s, seat);
  if (dodged) return { seat, text };
  const me = s.players[seat]!;
  if (ask.kind === 'play') {
    const sl = me.hand.find((id) => card(id).name === '杀');
    const victim = s.players.findIndex((p, i) => i !== seat && p.alive && inRange(s, seat, i) && p.hand.some((id) => card(id).name === '闪') && !p.equip.armor);
    const slash = sl && victim >= 0 && s.turn.slashes === 0 ? `【杀】${sl}→${s.players[victim]!.name}` : null;
    return { seat, text: slash && accepted(s, seat, slash) ? slash : '【结束】' };
  }
  if (ask.kind === 'confirm' && accepted(s, seat, '【不出】')) return { seat, text: '【不出】' };
  if (ask.kind === 'ownCards' && text?.startsWith('【弃牌】')) {
    const n = text.slice(4).split('、').length;
    const worth = (id: string) => ({ 闪: 2, 杀: 1 } as Record<string, number>)[card(id).name] ?? 0;
    const keep = [...me.hand].sort((x, y) => worth(x) - worth(y)).slice(0, n);
    const alt = `【弃牌】${keep.join('、')}`;
    if (keep.length === n && accepted(s, seat, alt)) text = alt;
  }
  return { seat, text };
}

export interface Foreseen { seed: number; steps: number; dodged: boolean; nullifyPassed: number; died: boolean; ended: boolean }

/**
 * The game the tabs will play from `start` (the platform's start entry), every move as `pageMove` makes it, each
 * ask answered in time; `certain` is false when a move would have to wait for a deadline (the timing could differ).
 */
export function foresee(start: StartEntry, maxSteps: number): Foreseen & { certain: boolean } {
  let s = newGame(start);
  let at = start.at;
  const cmd = (seat: number, text: string) => {
    const p = parseCommands(text)[0]!;
    if (!p.ok || !('cmd' in p)) return false;
    const r = applyEntry(s, { type: 'cmd', at: (at += 500), seat, cmd: p.cmd });
    s = r.state;
    return r.ok;
  };
  for (const [i, p] of s.players.entries()) {
    const [x, y] = pairOf(p.dealt);
    if (!cmd(i, `【选择】${GENERALS[x]!.zh}+${GENERALS[y]!.zh}`)) return { seed: start.seed, steps: 0, dodged: false, nullifyPassed: 0, died: false, ended: false, certain: false };
  }
  let dodged = false, nullifyPassed = 0, steps = 0;
  for (; steps < maxSteps && s.status !== 'ended'; steps++) {
    const ask = s.ask!;
    const { seat, text } = pageMove(s, dodged);
    const typed = text ?? '【不出】';
    if (!cmd(seat, typed)) return { seed: start.seed, steps, dodged, nullifyPassed, died: false, ended: false, certain: false };
    if (ask.kind === 'respond' && ask.want === '闪' && /^【闪】S\d+$/.test(typed)) dodged = true;
    if (ask.kind === 'nullify' && typed === '【不出】') nullifyPassed++;
  }
  return { seed: start.seed, steps, dodged, nullifyPassed, died: s.log.some((r) => r.t === 'death'), ended: s.status === 'ended', certain: true };
}

/** The start entry the platform writes for these seats and settings at `at` with `seed`. */
export function startEntry(seats: string[], settings: unknown, seed: number, at: number): StartEntry {
  return new GuozhanRules().setup(seats, settings, seed, at) as unknown as StartEntry;
}
