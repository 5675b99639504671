/**
 * H-WEI-08 夏侯渊 (`hs__xiahouyuan`) · Wei · 5 half-fish.
 * 神速 (trigger, up to three times a turn, once per option): you may (1) just before your judge phase, skip it and
 * your draw phase; (2) just before your play phase, skip it and discard an equipment card; (3) just before your
 * discard phase, skip it and lose 1 HP. Each time, you are treated as using an ordinary 杀 with no distance limit
 * that does not count toward the 杀 limit (HEG `shensu.lua`). One skill, three options: each option is its own
 * trigger on the engine's `phaseBefore` point with a once-per-turn limit, all named 神速 (`【技能】神速` or `【确定】`
 * accepts the one asked). Offered only with a legal 杀 target (another present character) and, for (2), an
 * equipment card in hand or equipped. The cost comes first (the equipment card, X3.2 default: the lowest hand one, G19.1,
 * then equipment in slot order; the HP), then the skips, then the 杀 (`【选择】P`; X3.2: the first legal one from 夏侯渊) if
 * 夏侯渊 is still alive.
 */
import { card } from '../../cards.ts';
import { discard, P, presentFrom } from '../../core.ts';
import { ev, type Ctx } from '../../flow.ts';
import { chooseOwn } from '../../asks.ts';
import { loseHp } from '../../damage.ts';
import { skillSlash } from '../../skillasks.ts';
import { isSkipped, skipPhase, type PhaseName, type TriggerEvent } from '../../triggers.ts';
import { SLOTS } from '../../types.ts';
import type { SkillSpec } from '../common.ts';

const G = 'hs__xiahouyuan';
/** Just before `owner`'s own phase `ph`, not skipped meanwhile (an earlier skill at this moment may have skipped it). */
const before = (ctx: Ctx, e: TriggerEvent, owner: number, ph: PhaseName) => e.point === 'phaseBefore' && e.seat === owner && e.phase === ph && !isSkipped(ctx.s, ph);
const hasTarget = (ctx: Ctx, owner: number) => presentFrom(ctx.s, owner, false).length > 0;
const isEquip = (id: string) => card(id).type === 'equip';
const hasEquip = (ctx: Ctx, owner: number) => { const p = P(ctx.s, owner); return p.hand.some(isEquip) || SLOTS.some((x) => !!p.equip[x]); };

function slash(ctx: Ctx, owner: number) {
  if (P(ctx.s, owner).alive) skillSlash(ctx, owner, '神速');
}

export const shensu1: SkillSpec = {
  id: 'shensu1', name: '神速', general: G, kind: 'trigger', point: 'phaseBefore', limit: 'turn',
  can: (ctx, owner, e) => before(ctx, e, owner, 'judge') && hasTarget(ctx, owner),
  effect: (ctx, owner) => {
    ev(ctx, 'skillOption', { seat: owner, skill: '神速', option: 1 });
    skipPhase(ctx.s, 'judge');
    skipPhase(ctx.s, 'draw');
    slash(ctx, owner);
  },
};

export const shensu2: SkillSpec = {
  id: 'shensu2', name: '神速', general: G, kind: 'trigger', point: 'phaseBefore', limit: 'turn',
  can: (ctx, owner, e) => before(ctx, e, owner, 'play') && hasTarget(ctx, owner) && hasEquip(ctx, owner),
  effect: (ctx, owner) => {
    const ids = chooseOwn(ctx, owner, { count: 1, equip: true, filter: isEquip, text: '神速：弃置一张装备牌（手牌或装备区）（【弃牌】牌）', about: { skill: '神速' } })!;
    ev(ctx, 'skillOption', { seat: owner, skill: '神速', option: 2 });
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '神速' });
    discard(ctx, ids);
    skipPhase(ctx.s, 'play');
    slash(ctx, owner);
  },
};

export const shensu3: SkillSpec = {
  id: 'shensu3', name: '神速', general: G, kind: 'trigger', point: 'phaseBefore', limit: 'turn',
  can: (ctx, owner, e) => before(ctx, e, owner, 'discard') && hasTarget(ctx, owner),
  effect: (ctx, owner) => {
    ev(ctx, 'skillOption', { seat: owner, skill: '神速', option: 3 });
    skipPhase(ctx.s, 'discard');
    loseHp(ctx, owner, 1);
    slash(ctx, owner);
  },
};

export default [shensu1, shensu2, shensu3];
