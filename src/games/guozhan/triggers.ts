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
 *
 * Besides the trigger kinds, two more kinds of skill are data here (issue 19's engine hooks):
 * - `kind: 'active'` (G4.6): a play-phase action `【技能】NAME[ C、…][→P、…]`. The engine finds the skill among the
 *   current player's generals, enforces its limit, reveals a hidden owner (G13.2 item 2) and calls `use` with the
 *   command; `use` checks the command (refusing with Chinese text naming what is wrong and what would work) BEFORE
 *   its first ask — a refusal after an ask would be an earlier answer refused on re-run.
 * - `kind: 'convert'` (G6.4): using or playing cards as another card (`【闪】♠5（倾国）`, the `（K）` may be left out
 *   when one converter fits, X6.2). resolve.ts asks `can`; when the converted card is used or played, `usedConverted()`
 *   below reveals a hidden owner (G13.4), logs the activation and runs `onUse`.
 * And trigger points for the turn's shape:
 * - `phaseBefore` (just before a phase, before its start; not fired for a phase already skipped): a skill may skip
 *   that phase or others of this turn with `skipPhase` (神速, 巧变). A skipped phase has no start or end (G4.10).
 * - `drawPhase` (the draw phase's body, before the cards are drawn): `e.draw.n` is the number to draw (2); a skill
 *   may lower it (突袭), raise it (英姿, 好施) or set it to 0 and do something else instead (再起). Equipment (玉玺's
 *   +1) applies after the general skills (G21.1).
 * Card moves and HP (issue 19's second round):
 * - `cardsMoved` (core.ts move, the one place that knows both zones): once per move batch, after every card of it has
 *   arrived and before the equipment's own "when lost" effect (白银狮子). `moves[k]` gives each card's `from` (a
 *   Place: hand/equip/judge of a seat, or a pile) and `to`; `discarded` marks a discard (弃置: own hand or equipment
 *   straight to the discard pile, not a recast or a replaced equipment card — `why`). 枭姬 (equipment lost), 礼让
 *   (cards discarded), 死谏 (hand cards lost, none left) read it through skills/common.ts `lostFrom`.
 * - `recovered` (core.ts recover): after a character's HP rose by `n` (淑慎).
 * - The cards a character used in this turn's play phase, equipment, delayed tricks and 无懈可击 included: the turn's
 *   record `turn.used` (flow.ts ev notes each `use`/`equip` row in the play phase; skills/common.ts `usedInPlay`
 *   reads it: 克己, 谋断) — state, so a re-run step and a replay see the same record.
 * Continuous rules (issue 19's range hooks, `kind: 'rule'`, RuleSkill below): no point fires; the engine's own checks
 * read the rules of a character's revealed generals (`rulesOf`; G13.3: a hidden general's do not apply):
 * - `distance` (core.ts distance, G7.2, after the horses, before the floor of 1): 马术 −1 (skills/mashu.ts `mashuFor`),
 *   奋迅's fixed 1;
 * - `slashes` / `noSlash` (use.ts slashAllowed, G5.1): more 杀 in the play phase (咆哮 Infinity, 苦肉/天义 +1), or none
 *   (天义 lost);
 * - `noDistance` (use.ts checkTargets, G7.4): 杀 out of attack range, 顺手牵羊/兵粮寸断 beyond distance 1 (奇才, 武圣's ♦
 *   杀, 天义) — besides a conversion's `lifts` (断粮);
 * - `extraTargets` (use.ts checkTargets): more 杀 targets, each in a slot whose condition it meets (天义 +1, 短兵 +1 at
 *   distance 1); `announce` logs the skill when a declaration uses its slot (短兵, an optional skill);
 * - `forbids` (use.ts checkTargets, every card): a named target refused, an automatic one left out (双刃 lost);
 * - `handBase` / `handPlus` (core.ts handLimit, G19.1): 英姿's max HP, 红颜's +1;
 * - `suit` (core.ts suitOf, G9.2): the suit a character's card or judgement card counts as (红颜) — judge/retrial rows,
 *   cards/delayed.ts and 八卦阵 read judgement suits through it.
 * A rule's lasting state is the skill-use map (`markUsed`/`usedIn`: 苦肉's phase, 天义's result, 奋迅's target), so it
 * lapses with its turn or phase. G13.4: when a play-phase use is refused with the revealed rules, use.ts tries the
 * owner's hidden generals that may be revealed (`assuming`) and, if one makes it legal, reveals it on use and logs
 * its rules (`revealForRule`): a hidden 张飞's second 杀, a 杀 in reach only by 马术, 奇才's 顺手牵羊 at distance 2.
 * Targeting and responses (issue 19's third round; tests/guozhan/hooks-target.test.ts):
 * - `becomeTarget` (G6.2 step 3, 成为目标时; resolve.ts becomeTargets, for 杀, ordinary and delayed tricks): each
 *   target in order; `targets` is the card's mutable list — a skill removes `target` (cancel: 空城 谦逊 帷幕;
 *   skills/targeting.ts cancelTarget) or replaces it (transfer: 流离), and a character put in place hears the point in
 *   turn. General skills before equipment (明光铠). A cancelled delayed trick goes to the discard pile.
 * - `targeted` (step 4, after `targetConfirmed` for the same target; resolve.ts targetedHit): `hit` (TargetHit) is
 *   what happens to that target in step 5 — `noJink` (铁骑 烈弓 鞬出), `noEffect` (G6.6: 享乐 祸首 巨象; a trick's
 *   target is skipped before its nullify window), `jinks` (闪 needed in a row: 无双), `duel` (杀 each side plays each
 *   time in a 决斗: 无双), `source` (the damage's source for 南蛮入侵/万箭齐发: 祸首).
 * - `jinkAsk` (each 闪 request, use.ts askJinkCard, before asking): `ask.eightDiagram` may be switched on with
 *   `ask.by` naming the skill (八阵; not when `ask.ignoreArmor`, 青釭剑); the answer may then name that skill too.
 * - `jinkUsed` (after a 闪 is used or played — a card, a converted card or 八卦阵's; G6.7): `against` is the card
 *   it answers, `from` that card's user (雷击).
 * - `slashOffset` (G21.2: after a 杀 is offset on a target): `jink` is the 闪 that did it (龙胆's bonuses), before
 *   贯石斧 (general skills before equipment, G21.1).
 * - `invalidateSkills(s, seat, k)`: general `k`'s non-locked skills (trigger, active, conversion) stop until the end of
 *   the turn (铁骑); the engine skips them when firing, asking and converting (the turn's `invalid` list).
 */
import { hasHidden, orderFrom, P, seatName, type CardMove, type MoveWhy } from './core.ts';
import { ask, ev, refuse, type Ctx } from './flow.ts';
import type { Cmd, Judgement, Nature, Stage, State, Suit, UsedCard } from './types.ts';
import { T } from './texts.ts';
import { reveal } from './reveal.ts';
import { mayReveal } from './cards/sa.ts';
import { SLASHES } from './cards.ts';

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
  | { point: 'judged'; seat: number; card: string }
  /** G4.10: just before a phase that is not skipped (神速, 巧变): `skipPhase` may skip it (and later ones). */
  | { point: 'phaseBefore'; seat: number; phase: PhaseName }
  /** G4.5: the draw phase's draw; `draw.n` (mutable) cards are drawn after the skills (0: the draw is replaced). */
  | { point: 'drawPhase'; seat: number; draw: { n: number } }
  /** G6.2 step 3 (成为目标时), each target in order: `targets` (mutable) is the card's list; a skill may remove `target` (cancel: 空城 谦逊 帷幕) or put another in its place (transfer: 流离). */
  | { point: 'becomeTarget'; user: number; card: UsedCard; target: number; targets: number[] }
  /** G6.2 step 4, after `targetConfirmed` for the same target: `hit` (mutable) — no 闪, no effect, 闪/杀 needed, damage source. */
  | { point: 'targeted'; user: number; card: UsedCard; target: number; hit: TargetHit }
  /** G6.5 / G21.2: a 闪 request is about to be asked: a skill may let `seat` judge as with 八卦阵 (`ask.eightDiagram`, naming itself in `ask.by`: 八阵). */
  | { point: 'jinkAsk'; seat: number; from: number; against: UsedCard | null; ask: { eightDiagram: boolean; ignoreArmor: boolean; by: string | null } }
  /** G6.1: `seat` used or played a 闪 (雷击; 乱击's draw): `against` the card it answers (null: none named), `from` that card's user. */
  | { point: 'jinkUsed'; seat: number; card: UsedCard; mode: 'use' | 'play'; from: number; against: UsedCard | null }
  /** G21.2: `user`'s 杀 `card` was offset on `target` by `jink` (龙胆's bonus) — before 贯石斧 (skills before equipment, G21.1). */
  | { point: 'slashOffset'; user: number; card: UsedCard; target: number; jink: UsedCard }
  /** Cards moved (core.ts move): once per batch, each card's old place, its destination and whether it was discarded (弃置). */
  | { point: 'cardsMoved'; moves: CardMove[]; why?: MoveWhy }
  /** G8.4: `seat` recovered `n` HP (core.ts recover; only an actual rise fires it). */
  | { point: 'recovered'; seat: number; n: number; why?: string }
  /**
   * Cards are about to be given (交给) by `giver` to `receiver` (skillasks.ts handOver: 仁德, 好施, 遗计, 礼让, 反间,
   * 连横): a skill may send them face up onto a pile of the receiver's general instead of its hand (`to.pile`: 空城's 琴).
   */
  | { point: 'giving'; giver: number; receiver: number; cards: string[]; to: { pile: string | null } }
  /**
   * A delayed trick is about to be moved (not used) into `seat`'s judgement area — 闪电 passing on, 巧变/谋断's move
   * (cards/delayed.ts placeInJudge): a skill may send it to the discard pile instead (`to.discard`: 帷幕, H-QUN-06).
   */
  | { point: 'judgeMoving'; seat: number; card: string; to: { discard: boolean } };

export type TriggerPoint = TriggerEvent['point'];

/** G6.2 step 4's per-target data (point `targeted`): what the skills after targeting changed for this target. */
export interface TargetHit {
  /** The target cannot use 闪 against this 杀 (铁骑, 烈弓, 鞬出). */
  noJink: boolean;
  /** G6.6: the card has no effect on this target — skipped in step 5 (享乐, 祸首, 巨象). */
  noEffect: boolean;
  /** 闪 needed in a row to offset this 杀 (1; 无双: 2). */
  jinks: number;
  /** 决斗 (G21.3): 杀 the target and the user must each play every time (1; 无双: 2 for 吕布's opponent). */
  duel: { target: number; user: number };
  /** The source of the damage this card deals to this target (the user; 祸首: 孟获). */
  source: number;
}
export type Hook = (ctx: Ctx, e: TriggerEvent) => void;

const hooks: Hook[] = [];

/** Registers a raw hook (tests, tools); returns its removal. */
export function onTrigger(h: Hook): () => void {
  hooks.push(h);
  return () => { const k = hooks.indexOf(h); if (k >= 0) hooks.splice(k, 1); };
}

interface SkillBase {
  /** Unique id (the engine's, e.g. `biyue`). */
  id: string;
  /** The name players write after 【技能】 (H). */
  name: string;
  /** The engine id of the general that has it. */
  general: string;
  /** How often it may take effect: once per turn, once per phase, or once per game (限定技). None: every time. */
  limit?: 'turn' | 'phase' | 'game';
}

/** A triggered skill (issue 19 registers most of the 60 generals' skills this way). */
export interface TriggerSkill extends SkillBase {
  /** trigger: optional, the owner is asked; locked (锁定技): applied without asking while its general is revealed. */
  kind: 'trigger' | 'locked';
  point: TriggerPoint;
  /** Whether it may take effect for `owner` at this event (checked when the owner's turn in G21.1's order comes). */
  can: (ctx: Ctx, owner: number, e: TriggerEvent) => boolean;
  /** Its effect; it may ask (flow.ts) and change the event's mutable data. */
  effect: (ctx: Ctx, owner: number, e: TriggerEvent) => void;
}

/** The `【技能】` command as an active skill receives it. */
export type SkillCmd = Extract<Cmd, { k: 'skill' }>;

/** An active skill (G4.6): a play-phase action of the current player, `【技能】NAME[ C、…][→P、…]`. */
export interface ActiveSkill extends SkillBase {
  kind: 'active';
  point?: undefined;
  /** Whether it may be used now (besides its limit); when false the command is refused with `why`. */
  can?: (ctx: Ctx, owner: number) => boolean;
  /** Why `can` refused, in Chinese. */
  why?: string;
  /** Checks the command (refuse() before the first ask) and applies it. */
  use: (ctx: Ctx, owner: number, cmd: SkillCmd) => void;
}

/** A conversion (G6.4): cards used or played as another card. */
export interface ConvertSkill extends SkillBase {
  kind: 'convert';
  point?: undefined;
  /** The card names it can make (`杀` for the 杀 family). */
  makes: readonly string[];
  /** Whether the source cards may include equipment (断粮), besides hand cards. */
  equip?: boolean;
  /** Whether `ids` (the owner's cards, in the order named) may become `name` for `owner` now. */
  can: (s: State, owner: number, ids: readonly string[], name: string) => boolean;
  /** G5.4 through a skill (连环): whether `owner` may recast its hand card `id` by this skill (`【重铸】C（K）`). */
  recast?: (s: State, owner: number, id: string) => boolean;
  /** Target rules the converted card lifts: `distance` (断粮's 兵粮寸断). */
  lifts?: readonly 'distance'[];
  /** After the converted card is declared with its targets (before it moves): the skill's bookkeeping. */
  onUse?: (ctx: Ctx, owner: number, card: UsedCard, targets: number[]) => void;
}

/**
 * A continuous rule of a skill (issue 19's range hooks): distance (G7.2), the 杀 limit (G5.1), distance limits and
 * target counts (G7.4), prohibitions on targets, the hand limit (G19.1) and the suit a card counts as (红颜). The
 * engine reads the rules of a character's revealed generals only (G13.3); a declared use that is legal only with a
 * hidden general's rule reveals that general (G13.4, use.ts). Each function is pure (no asks, no state change).
 */
export interface RuleSkill extends SkillBase {
  kind: 'rule';
  point?: undefined;
  /** G7.2: `from`'s distance to `to` given `d` so far (horses and earlier rules, before the floor of 1); 马术 −1, 奋迅 1. */
  distance?: (s: State, owner: number, from: number, to: number, d: number) => number;
  /** G5.1: more 杀 the owner may use in its play phase (Infinity: no limit — 咆哮). */
  slashes?: (s: State, owner: number) => number;
  /** G5.1: the owner may use no 杀 now (天义 lost). */
  noSlash?: (s: State, owner: number) => boolean;
  /** G7.4: a card the owner uses has no distance limit (奇才's tricks, 武圣's ♦ 杀, 天义's 杀). */
  noDistance?: (s: State, owner: number, card: UsedCard) => boolean;
  /** More targets for the owner's card: `n` slots, each target in one passing `ok` (天义 +1; 短兵 +1 at distance 1). */
  extraTargets?: (s: State, owner: number, card: UsedCard) => { n: number; ok?: (t: number) => boolean } | null;
  /** A prohibition: `t` cannot be a target of the owner's card (双刃 lost: no other character this turn). */
  forbids?: (s: State, owner: number, t: number, card: UsedCard) => boolean;
  /** G19.1: the hand limit's base instead of the HP (英姿: max HP); null: no change. */
  handBase?: (s: State, owner: number) => number | null;
  /** G19.1: added to the hand limit (红颜 +1). */
  handPlus?: (s: State, owner: number) => number;
  /** The suit the owner's card or judgement card `id` counts as (红颜: ♠ as ♥), given `suit` so far. */
  suit?: (s: State, owner: number, id: string, suit: Suit) => Suit;
  /** G13.2: `seat` may not reveal a general of its own will now (祸水; cards/sa.ts mayReveal). */
  noReveal?: (s: State, owner: number, seat: number) => boolean;
  /** G11.3: `user` may not use 桃 (a card, a conversion, the 珠联璧合 marker) on the dying `dying` (完杀; damage.ts). */
  noPeach?: (s: State, owner: number, user: number, dying: number) => boolean;
  /** Log an activation row when this rule makes a declared use legal (短兵's extra target is an optional skill). */
  announce?: boolean;
}

export type SkillSpec = TriggerSkill | ActiveSkill | ConvertSkill | RuleSkill;

const skills: SkillSpec[] = [];
/** The rules per general id (distance is read often: bots, range checks); cleared when the registry changes. */
const rulesByGeneral = new Map<string, RuleSkill[]>();

/** Registers a skill; returns its removal (tests). */
export function registerSkill(spec: SkillSpec): () => void {
  if (skills.some((k) => k.id === spec.id)) throw new Error(`skill ${spec.id} is registered twice`);
  skills.push(spec);
  rulesByGeneral.clear();
  return () => { const k = skills.indexOf(spec); if (k >= 0) skills.splice(k, 1); rulesByGeneral.clear(); };
}

/** Whether any registered skill listens at `point` in this game (the engine only opens a step for points someone hears). */
export function listens(s: State, point: TriggerPoint): boolean {
  return s.settings.skills === 'on' && skills.some((k) => k.point === point);
}

/** G4.10: skips `phase` of this turn (no start or end for it). 乐不思蜀/兵粮寸断 and skills share the flags. */
export function skipPhase(s: State, phase: PhaseName): void {
  const t = s.turn;
  if (phase === 'draw') t.skipDraw = true;
  else if (phase === 'play') t.skipPlay = true;
  else if (!(t.skip ??= []).includes(phase)) t.skip.push(phase);
}
/** Whether `phase` of this turn is to be skipped. */
export function isSkipped(s: State, phase: PhaseName): boolean {
  const t = s.turn;
  return phase === 'draw' ? t.skipDraw : phase === 'play' ? t.skipPlay : (t.skip ?? []).includes(phase);
}

/** The phase a stage belongs to (the play phase has several stages). */
export function phaseOf(stage: Stage): string {
  return stage === 'playStart' || stage === 'playing' ? 'play' : stage;
}

/** The key a limited use is counted under: per turn, per phase of the turn, or per game. */
function useKey(s: State, owner: number, spec: { id: string; limit?: SkillBase['limit'] }): string | null {
  if (!spec.limit) return null;
  const scope = spec.limit === 'game' ? 'game' : spec.limit === 'turn' ? `t${s.turn.n}` : `t${s.turn.n}.${phaseOf(s.turn.stage)}`;
  return `${owner}|${spec.id}|${scope}`;
}
/** Counts a use of `id` for `owner` in `scope` (a skill's own bookkeeping, e.g. 断粮's "invalid for the rest of the phase"). */
export function markUsed(s: State, owner: number, id: string, scope: 'turn' | 'phase' | 'game'): void {
  const key = useKey(s, owner, { id, limit: scope })!;
  s.skillUses[key] = (s.skillUses[key] ?? 0) + 1;
}
/** Whether `id` was counted for `owner` in `scope` (this turn, this phase, or this game). */
export function usedIn(s: State, owner: number, id: string, scope: 'turn' | 'phase' | 'game'): boolean {
  return (s.skillUses[useKey(s, owner, { id, limit: scope })!] ?? 0) >= 1;
}

/** Fires a trigger point: the raw hooks in registration order, then the registered skills in G21.1's order. */
export function trigger(ctx: Ctx, e: TriggerEvent): void {
  for (const h of hooks) h(ctx, e);
  // The 杀 each character used in this turn (咆哮's "second 杀"), counted at their `cardUsed` point before the skills
  // hear it — every 杀, counted toward G5.1 or not (the log only holds the current step's rows). Skills on only.
  if (e.point === 'cardUsed' && ctx.s.settings.skills === 'on' && SLASHES.has(e.card.name)) {
    const k = `${e.user}|slashUsed|t${ctx.s.turn.n}`;
    ctx.s.skillUses[k] = (ctx.s.skillUses[k] ?? 0) + 1;
  }
  if (skills.length && ctx.s.settings.skills === 'on') fireSkills(ctx, e);
}

/** The 杀 `seat` used in the current turn (counted by `trigger` at `cardUsed`). */
export const slashesUsed = (s: State, seat: number) => s.skillUses[`${seat}|slashUsed|t${s.turn.n}`] ?? 0;

function fireSkills(ctx: Ctx, e: TriggerEvent) {
  const s = ctx.s;
  const here = skills.filter((k): k is TriggerSkill => k.point === e.point);
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
    // A character's general skills: the main general's first, then the deputy's (G21.1's default order); the owner
    // may take them in another order (G21.1: "among its general skills it chooses the order").
    const mine = ([0, 1] as const).flatMap((k) => here.filter((x) => x.general === p.generals![k]).map((spec) => ({ spec, k })));
    // The triggers of this moment are those whose condition holds now; one that comes true only after another has
    // resolved was not triggered by this event.
    const settled = new Set(mine.filter((c) => !eligible(ctx, seat, c.spec, c.k, e)));
    for (;;) {
      // Each time round: the triggers still pending whose condition holds now (a trigger whose condition no longer
      // holds when its turn comes is skipped, G21.1), in the default order.
      const ready = mine.filter((c) => !settled.has(c) && eligible(ctx, seat, c.spec, c.k, e));
      if (!ready.length) break;
      const first = ready[0]!;
      const others = ready.slice(1);
      const hidden = !p.revealed[first.k];
      let go: (typeof mine)[number] | null = first;
      if (first.spec.kind === 'trigger' || hidden) {
        // An optional trigger asks its owner; so does a locked skill of a hidden general (G13.2 item 2). Private
        // (G21.9). The owner may name another pending skill instead, to take that one first (G21.1).
        const r = askSkill(ctx, seat, first.spec, hidden, others.map((c) => c.spec.name));
        go = r === true ? first : r === false ? null : others.find((c) => c.spec.name === r)!;
        if (!go) { settled.add(first); continue; }
      } else if (others.length) {
        // A locked skill of a revealed general goes without asking — but with another of the owner's skills at the
        // same moment the owner still chooses the order (G21.1); the default (timeout, 【确定】, 【不出】) keeps it first.
        const r = askOrder(ctx, seat, first.spec.name, others.map((c) => c.spec.name));
        if (r !== null) go = others.find((c) => c.spec.name === r)!;
      }
      settled.add(go);
      if (!p.revealed[go.k]) reveal(ctx, seat, go.k === 0 ? 'main' : 'deputy');
      const key = useKey(s, seat, go.spec);
      if (key) s.skillUses[key] = (s.skillUses[key] ?? 0) + 1;
      ev(ctx, 'skill', { seat, skill: go.spec.name, general: p.generals![go.k] });
      go.spec.effect(ctx, seat, e);
    }
  }
}

/** Whether `seat`'s trigger `spec` (on its general `k`) may take effect now: alive (or the victim at its own death), its limit unspent, its condition, and, if hidden, revealable and not switched off (G13.5). */
function eligible(ctx: Ctx, seat: number, spec: TriggerSkill, k: 0 | 1, e: TriggerEvent): boolean {
  const s = ctx.s;
  const p = P(s, seat);
  if (!p.alive && !(e.point === 'death' && e.seat === seat)) return false;
  if (spec.kind === 'trigger' && invalidSkills(s, seat, k)) return false;
  if (skillsLost(s, seat, k)) return false;
  const key = useKey(s, seat, spec);
  if (key && (s.skillUses[key] ?? 0) >= 1) return false;
  if (!spec.can(ctx, seat, e)) return false;
  const hidden = !p.revealed[k];
  if (hidden && (!p.alive || !mayReveal(s, seat))) return false;
  // G13.5: a hidden skill whose prelight flag its owner turned off is never asked about.
  if (hidden && p.noAsk?.includes(spec.name)) return false;
  return true;
}

/**
 * G21.1: a locked skill and other skills of one owner at the same moment. The owner may name one of `others`
 * (`【技能】NAME`) to take it first; `【确定】`, `【不出】` or the timeout keep the default order (X3.2). Null: the default.
 */
function askOrder(ctx: Ctx, seat: number, locked: string, others: string[]): string | null {
  const r = ask(ctx, { kind: 'confirm', seats: [seat], on: seat, text: T.skillOrder(locked, others), secret: true, about: { skill: locked } }, 'choice');
  const c = r.cmd;
  if (!c || c.k === 'pass' || c.k === 'ok') return null;
  if (c.k === 'skill') {
    const name = c.skill.replace(/[①-⑩]$/, '');
    if (name === locked) return null;
    if (others.includes(name)) return name;
    return refuse('UNKNOWN_SKILL', T.skillNotAsked(c.skill, [locked, ...others].join('、')));
  }
  return refuse('NO_PROMPT', T.skillOrder(locked, others));
}

/**
 * X3.2: an optional trigger or a "reveal to use?" prompt defaults to no. `【技能】NAME` or `【确定】` accepts (true),
 * `【不出】` or the timeout declines (false); `【技能】OTHER` names another of the owner's pending skills at the same
 * moment (`others`) to take that one first instead (G21.1), and this one is asked again after it.
 */
function askSkill(ctx: Ctx, seat: number, spec: SkillSpec, hidden: boolean, others: string[] = []): boolean | string {
  const s = ctx.s;
  // X2 (b), `decoyPrompts`: a hidden skill's prompt is addressed, as others see it, to every alive character with a
  // hidden general, and lasts as long for all of them; only its owner (`on`) can answer.
  const seats = hidden && s.settings.decoyPrompts ? orderFrom(s, s.turn.seat).filter((i) => i === seat || hasHidden(P(s, i))) : [seat];
  const text = T.skillAsk(spec.name, hidden) + (others.length ? T.skillAlso(others) : '');
  const r = ask(ctx, { kind: 'confirm', seats, on: seat, text, secret: true, about: { skill: spec.name } }, 'choice');
  if (r.seat !== null && r.seat !== seat) return refuse('NO_PROMPT', T.decoyWait);
  const c = r.cmd;
  if (!c || c.k === 'pass') return false;
  // X6.1: a numbered option may be written after the name (`【技能】神速②`).
  const name = c.k === 'skill' ? c.skill.replace(/[①-⑩]$/, '') : null;
  if (c.k === 'ok' || name === spec.name) return true;
  if (name !== null && others.includes(name)) return name;
  if (c.k === 'skill') return refuse('UNKNOWN_SKILL', T.skillNotAsked(c.skill, [spec.name, ...others].join('、')));
  return refuse('NO_PROMPT', T.skillHelp(spec.name, seatName(ctx.s, seat)));
}

/** 断肠: `seat` lost general `k`'s skills for the rest of the game (every kind: triggers, locked, active, conversions, rules). */
export function skillsLost(s: State, seat: number, k: 0 | 1): boolean {
  return !!s.players[seat]?.lost?.includes(k);
}
/** 断肠: `seat` loses general `k`'s skills for the rest of the game (a hidden general stays hidden and has none when revealed). */
export function loseSkills(s: State, seat: number, k: 0 | 1): void {
  const p = P(s, seat);
  if (!skillsLost(s, seat, k)) p.lost = [...(p.lost ?? []), k];
}

/** 铁骑: `seat`'s general `k` has its non-locked skills (trigger, active, conversion) invalid until the end of this turn. */
export function invalidSkills(s: State, seat: number, k: 0 | 1): boolean {
  return !!s.turn.invalid?.includes(`${seat}:${k}`);
}
/** Makes `seat`'s general `k`'s non-locked skills invalid until the end of this turn (the turn's record is new each turn). */
export function invalidateSkills(s: State, seat: number, k: 0 | 1): void {
  if (!invalidSkills(s, seat, k)) (s.turn.invalid ??= []).push(`${seat}:${k}`);
}

/** Which of `seat`'s generals (0 main, 1 deputy) has skill `spec`, if it may be used now: revealed, or hidden and revealable. */
function holder(s: State, seat: number, spec: SkillSpec): 0 | 1 | null {
  const p = P(s, seat);
  if (!p.generals || !p.alive || s.settings.skills !== 'on') return null;
  for (const k of [0, 1] as const) {
    if (p.generals[k] !== spec.general) continue;
    if (invalidSkills(s, seat, k)) continue;
    if (skillsLost(s, seat, k)) continue;
    if (p.revealed[k] || mayReveal(s, seat)) return k;
  }
  return null;
}

/** Reveals the hidden general that holds `spec` (G13.2 item 2, G13.4), counts its limit and logs the activation. */
function activate(ctx: Ctx, seat: number, spec: SkillSpec, k: 0 | 1) {
  const s = ctx.s;
  const p = P(s, seat);
  if (!p.revealed[k]) reveal(ctx, seat, k === 0 ? 'main' : 'deputy');
  const key = useKey(s, seat, spec);
  if (key) s.skillUses[key] = (s.skillUses[key] ?? 0) + 1;
  ev(ctx, 'skill', { seat, skill: spec.name, general: p.generals![k] });
}

/**
 * G4.6: `【技能】NAME…` in `seat`'s play phase. Refuses an unknown name, a skill this character does not have (or
 * cannot reveal now), a spent limit, or `can`; otherwise reveals a hidden owner, counts the use and runs it.
 */
export function useActive(ctx: Ctx, seat: number, cmd: SkillCmd): void {
  const s = ctx.s;
  const name = cmd.skill;
  const all = skills.filter((k): k is ActiveSkill => k.kind === 'active' && k.name === name);
  if (!all.length) {
    const other = skills.find((k) => k.name === name);
    return refuse('UNKNOWN_SKILL', other ? T.notActiveSkill(name) : T.noSuchSkill(name, activeNames(s, seat)));
  }
  for (const spec of all) {
    const k = holder(s, seat, spec);
    if (k === null) continue;
    const key = useKey(s, seat, spec);
    if (key && (s.skillUses[key] ?? 0) >= 1) return refuse('LIMIT_EXCEEDED', T.skillLimit(name, spec.limit!));
    if (spec.can && !spec.can(ctx, seat)) return refuse('NOT_ALLOWED', spec.why ?? T.skillCannot(name));
    activate(ctx, seat, spec, k);
    spec.use(ctx, seat, cmd);
    return;
  }
  return refuse('UNKNOWN_SKILL', T.noSuchSkill(name, activeNames(s, seat)));
}

/** The active skills `seat` could name now (for refusals and help). */
export function activeNames(s: State, seat: number): string[] {
  return skills.filter((k) => k.kind === 'active' && holder(s, seat, k) !== null).map((k) => k.name);
}

/** The registered conversions `seat` may use now (revealed, or hidden and revealable: G13.4). */
export function converters(s: State, seat: number): ConvertSkill[] {
  return skills.filter((k): k is ConvertSkill => k.kind === 'convert' && holder(s, seat, k) !== null);
}
/** The registered conversion named `name`, if any. */
export function converterNamed(name: string | undefined): ConvertSkill | undefined {
  return name === undefined ? undefined : skills.find((k): k is ConvertSkill => k.kind === 'convert' && k.name === name);
}

/**
 * A converted card is being used or played (after its checks, before it moves): reveals the hidden general whose
 * conversion made it (G13.4), logs the activation and runs the conversion's `onUse`. Does nothing for a card not
 * made by a registered conversion (丈八蛇矛, 鏖战, a physical card).
 */
export function usedConverted(ctx: Ctx, seat: number, card: UsedCard, targets: number[] = []): void {
  const spec = converterNamed(card.skill);
  if (!spec) return;
  const k = holder(ctx.s, seat, spec);
  if (k === null) return;
  activate(ctx, seat, spec, k);
  spec.onUse?.(ctx, seat, card, targets);
}

/** G13.5: the triggered skills (optional or locked) of `seat`'s generals, whose prelight flag it may set. */
export function prelightable(s: State, seat: number): string[] {
  const g = P(s, seat).generals;
  if (!g) return [];
  return [...new Set(skills.filter((k) => (k.kind === 'trigger' || k.kind === 'locked') && g.includes(k.general)).map((k) => k.name))];
}
/** G13.5: turns `seat`'s `autoAsk` flag for skill `name` on (the default) or off. */
export function setPrelight(s: State, seat: number, name: string, on: boolean): void {
  const p = P(s, seat);
  const off = (p.noAsk ?? []).filter((x) => x !== name);
  if (!on) off.push(name);
  if (off.length) p.noAsk = off; else delete p.noAsk;
}

// ── continuous rules (kind 'rule'): distance, 杀 limit and targets, hand limit, suits ──

function generalRules(g: string): RuleSkill[] {
  let r = rulesByGeneral.get(g);
  if (!r) { r = skills.filter((x): x is RuleSkill => x.kind === 'rule' && x.general === g); rulesByGeneral.set(g, r); }
  return r;
}

/** While set, the rules of `seat` are read as if its hidden generals `ks` were revealed (use.ts tries a G13.4 reveal). */
let assumed: { seat: number; ks: readonly (0 | 1)[]; only?: readonly string[] } | null = null;

/**
 * Runs `fn` reading `seat`'s hidden generals `ks` as revealed (G13.4: is the declared use legal with them?); with
 * `only`, just those rule ids of theirs (which rule made it legal, for the activation row).
 */
export function assuming<T>(seat: number, ks: readonly (0 | 1)[], fn: () => T, only?: readonly string[]): T {
  const before = assumed;
  assumed = { seat, ks, ...(only ? { only } : {}) };
  try { return fn(); } finally { assumed = before; }
}

/**
 * The rules in force for `seat`: those of its revealed generals, main first (G13.3: a hidden general's continuous
 * effects do not apply), with skills on and the character alive. `has` filters by the hook read.
 */
export function rulesOf<K extends keyof RuleSkill>(s: State, seat: number, has: K): RuleSkill[] {
  if (s.settings.skills !== 'on') return [];
  const p = s.players[seat];
  if (!p || !p.alive || !p.generals) return [];
  const out: RuleSkill[] = [];
  for (const k of [0, 1] as const) {
    const hidden = !p.revealed[k];
    if (hidden && !(assumed && assumed.seat === seat && assumed.ks.includes(k))) continue;
    if (p.lost?.includes(k)) continue;
    for (const spec of generalRules(p.generals[k])) {
      if (spec[has] === undefined) continue;
      if (hidden && assumed?.only && !assumed.only.includes(spec.id)) continue;
      out.push(spec);
    }
  }
  return out;
}

/** `seat`'s hidden generals that have a rule with one of the hooks `has` and may be revealed now (G13.4 candidates), main first. */
export function hiddenRuleHolders(s: State, seat: number, has: readonly (keyof RuleSkill)[]): (0 | 1)[] {
  const p = s.players[seat];
  if (s.settings.skills !== 'on' || !p || !p.alive || !p.generals || !mayReveal(s, seat)) return [];
  return ([0, 1] as const).filter((k) => !p.revealed[k] && !p.lost?.includes(k) && skills.some((x) => x.kind === 'rule' && x.general === p.generals![k] && has.some((h) => x[h] !== undefined)));
}

/** G13.4: reveals `seat`'s general `k` because a declared use needs its rule `names`, and logs each as activated. */
export function revealForRule(ctx: Ctx, seat: number, k: 0 | 1, names: string[]): void {
  const p = P(ctx.s, seat);
  if (!p.revealed[k]) reveal(ctx, seat, k === 0 ? 'main' : 'deputy');
  for (const skill of [...new Set(names)]) ev(ctx, 'skill', { seat, skill, general: p.generals![k] });
}

/** `seat`'s general `k`'s rules with one of the hooks `has`. */
export function rulesWith(s: State, seat: number, k: 0 | 1, has: readonly (keyof RuleSkill)[]): RuleSkill[] {
  const g = P(s, seat).generals?.[k];
  return skills.filter((x): x is RuleSkill => x.kind === 'rule' && x.general === g && has.some((h) => x[h] !== undefined));
}

/** The general of `seat` that holds the rule named `name` (for an activation row). */
export function ruleGeneral(s: State, seat: number, name: string): string | undefined {
  const g = P(s, seat).generals;
  return g?.find((x) => skills.some((k) => k.kind === 'rule' && k.general === x && k.name === name));
}
