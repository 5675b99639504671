/**
 * Trigger points for the generals' skills (issue 18: "skills plug into trigger points the engine already fires",
 * G21's event order). The engine fires each point at its place in G6.2 (card use), G8.1 (damage sub-steps),
 * G11.1 (the dying one's own place in the rescue round), G12.1 step 4 (death), G13.7 (reveal) and, for the turn,
 * the start and end of every phase that is not skipped (G4.3–G4.8, G4.10). A point runs inside a step of the game
 * (flow.ts), so whatever answers it may ask a player through the same timed asks as responses (X3).
 *
 * Two ways in:
 * - `onTrigger(hook)`: a raw hook for every point (tests, tooling); it may change the point's mutable data (a
 *   damage's amount, `prevented`).
 * - `registerSkill(spec)`: a general's skill as data — its point, its kind (an optional trigger asks its owner,
 *   a locked one applies without asking), its limit (once per turn, once per phase, once per game for a limited
 *   skill) — and the engine does the rest: G21.1's order (characters in seat order from the current player, the
 *   dead skipped except the victim at its own death; a character's main general's skills before its deputy's, each
 *   in registration order), the condition re-checked when its turn comes, the limit counted and enforced, and the
 *   reveal of a hidden owner (G13.2 item 2: the owner is asked privately, G21.9, and accepting reveals the general
 *   first). With `skills=off` registered skills never fire. Skills are registered once, at load time (issue 19's
 *   files); the same registry for every game keeps replay deterministic.
 */
import { hasHidden, orderFrom, P, seatName } from './core.ts';
import { ask, ev, refuse, type Ctx } from './flow.ts';
import type { Judgement, Nature, Stage, State, UsedCard } from './types.ts';
import { T } from './texts.ts';
import { reveal } from './reveal.ts';
import { mayReveal } from './cards/sa.ts';

/** A damage instance as its sub-steps see and change it (G8.1). */
export interface DamageData { source: number | null; target: number; n: number; nature: Nature; card: UsedCard | null; chained: boolean; prevented: boolean }

/** The phases of G4 that have a start and an end (G4.3–G4.8). */
export type PhaseName = 'prepare' | 'judge' | 'draw' | 'play' | 'discard' | 'finish';

export type TriggerEvent =
  | { point: 'cardUsed' | 'cardFinished'; user: number; card: UsedCard; targets: number[] }
  | { point: 'targetConfirmed' | 'cardEffect'; user: number; card: UsedCard; target: number }
  | { point: 'damageCaused' | 'damageDetermine' | 'damageInflicted' | 'damageDetermineInflicted' | 'hpDamaged' | 'damageDone' | 'damaged'; damage: DamageData }
  | { point: 'dyingSelf'; seat: number }
  | { point: 'death'; seat: number; killer: number | null }
  | { point: 'revealed'; seat: number; which: 0 | 1 }
  /** G4.3–G4.8: a phase that is not skipped starts or ends (`seat`: the current player). */
  | { point: 'phaseStart' | 'phaseEnd'; seat: number; phase: PhaseName }
  /** G9.1 / G21.7: a judgement card waits to become final; a retrial skill may replace it (core.ts retrial). */
  | { point: 'retrial'; judgement: Judgement }
  /** G9.1: a judgement took effect ("after final"). */
  | { point: 'judged'; seat: number; card: string };

export type TriggerPoint = TriggerEvent['point'];
export type Hook = (ctx: Ctx, e: TriggerEvent) => void;

const hooks: Hook[] = [];

/** Registers a raw hook (tests, tools); returns its removal. */
export function onTrigger(h: Hook): () => void {
  hooks.push(h);
  return () => { const k = hooks.indexOf(h); if (k >= 0) hooks.splice(k, 1); };
}

/** A general's skill as data (issue 19 registers the 60 generals' skills this way). */
export interface SkillSpec {
  /** Unique id (the engine's, e.g. `biyue`). */
  id: string;
  /** The name players write after 【技能】 (H). */
  name: string;
  /** The engine id of the general that has it. */
  general: string;
  /** trigger: optional, the owner is asked; locked (锁定技): applied without asking while its general is revealed. */
  kind: 'trigger' | 'locked';
  point: TriggerPoint;
  /** How often it may take effect: once per turn, once per phase, or once per game (限定技). None: every time. */
  limit?: 'turn' | 'phase' | 'game';
  /** Whether it may take effect for `owner` at this event (checked when the owner's turn in G21.1's order comes). */
  can: (ctx: Ctx, owner: number, e: TriggerEvent) => boolean;
  /** Its effect; it may ask (flow.ts) and change the event's mutable data. */
  effect: (ctx: Ctx, owner: number, e: TriggerEvent) => void;
}

const skills: SkillSpec[] = [];

/** Registers a skill; returns its removal (tests). */
export function registerSkill(spec: SkillSpec): () => void {
  if (skills.some((k) => k.id === spec.id)) throw new Error(`skill ${spec.id} is registered twice`);
  skills.push(spec);
  return () => { const k = skills.indexOf(spec); if (k >= 0) skills.splice(k, 1); };
}

/** Whether any registered skill listens at `point` in this game (the engine only opens a step for points someone hears). */
export function listens(s: State, point: TriggerPoint): boolean {
  return s.settings.skills === 'on' && skills.some((k) => k.point === point);
}

/** The phase a stage belongs to (the play phase has several stages). */
export function phaseOf(stage: Stage): string {
  return stage === 'playStart' || stage === 'playing' ? 'play' : stage;
}

/** The key a limited use is counted under: per turn, per phase of the turn, or per game. */
function useKey(s: State, owner: number, spec: SkillSpec): string | null {
  if (!spec.limit) return null;
  const scope = spec.limit === 'game' ? 'game' : spec.limit === 'turn' ? `t${s.turn.n}` : `t${s.turn.n}.${phaseOf(s.turn.stage)}`;
  return `${owner}|${spec.id}|${scope}`;
}

/** Fires a trigger point: the raw hooks in registration order, then the registered skills in G21.1's order. */
export function trigger(ctx: Ctx, e: TriggerEvent): void {
  for (const h of hooks) h(ctx, e);
  if (skills.length && ctx.s.settings.skills === 'on') fireSkills(ctx, e);
}

function fireSkills(ctx: Ctx, e: TriggerEvent) {
  const s = ctx.s;
  const here = skills.filter((k) => k.point === e.point);
  if (!here.length) return;
  // G21.1: in seat order from the current player; the dead are skipped, except the victim at its own death (G12.1).
  const order = orderFrom(s, s.turn.seat);
  if (e.point === 'death' && !order.includes(e.seat)) {
    const n = s.players.length;
    const at = order.findIndex((i) => (i - s.turn.seat + n) % n > (e.seat - s.turn.seat + n) % n);
    order.splice(at < 0 ? order.length : at, 0, e.seat);
  }
  for (const seat of order) {
    const p = P(s, seat);
    if (!p.generals) continue;
    // A character's general skills: the main general's first, then the deputy's (G21.1's default order).
    for (const k of [0, 1] as const) {
      for (const spec of here.filter((x) => x.general === p.generals![k])) {
        if (!p.alive && !(e.point === 'death' && e.seat === seat)) continue;
        const key = useKey(s, seat, spec);
        if (key && (s.skillUses[key] ?? 0) >= 1) continue;
        if (!spec.can(ctx, seat, e)) continue;
        const hidden = !p.revealed[k];
        if (hidden && (!p.alive || !mayReveal(s, seat))) continue;
        // An optional trigger asks its owner; so does a locked skill of a hidden general (G13.2 item 2). Private (G21.9).
        if ((spec.kind === 'trigger' || hidden) && !askSkill(ctx, seat, spec, hidden)) continue;
        if (hidden) reveal(ctx, seat, k === 0 ? 'main' : 'deputy');
        if (key) s.skillUses[key] = (s.skillUses[key] ?? 0) + 1;
        ev(ctx, 'skill', { seat, skill: spec.name, general: p.generals![k] });
        spec.effect(ctx, seat, e);
      }
    }
  }
}

/** X3.2: an optional trigger or a "reveal to use?" prompt defaults to no. `【技能】NAME` or `【确定】` accepts. */
function askSkill(ctx: Ctx, seat: number, spec: SkillSpec, hidden: boolean): boolean {
  const s = ctx.s;
  // X2 (b), `decoyPrompts`: a hidden skill's prompt is addressed, as others see it, to every alive character with a
  // hidden general, and lasts as long for all of them; only its owner (`on`) can answer.
  const seats = hidden && s.settings.decoyPrompts ? orderFrom(s, s.turn.seat).filter((i) => i === seat || hasHidden(P(s, i))) : [seat];
  const r = ask(ctx, { kind: 'confirm', seats, on: seat, text: T.skillAsk(spec.name, hidden), secret: true, about: { skill: spec.name } }, 'choice');
  if (r.seat !== null && r.seat !== seat) return refuse('NO_PROMPT', T.decoyWait);
  const c = r.cmd;
  if (!c || c.k === 'pass') return false;
  if (c.k === 'ok' || (c.k === 'skill' && c.skill === spec.name)) return true;
  if (c.k === 'skill') return refuse('UNKNOWN_SKILL', T.skillNotAsked(c.skill, spec.name));
  return refuse('NO_PROMPT', T.skillHelp(spec.name, seatName(ctx.s, seat)));
}
