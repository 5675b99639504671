/**
 * H-QUN-14 潘凤 (`hs__panfeng`) · Qun · 4 half-fish.
 * 狂斧 (trigger, once per play phase): in your play phase, after your 杀 targets, you may take one equipment card from
 * one of its targets' equipment area into your hand; then, when that 杀 finishes, if it dealt no damage, you discard 2
 * cards (HEG `kuangfu.lua`).
 * As data: `kuangfu` (after targeting — G6.2 step 4, point `targetConfirmed` — asked at each target with equipment
 * until used; the limit is the engine's), `kuangfu_hit` (a record only: at G8.1 step 4 it notes that the 杀 dealt
 * damage, chained damage included, and never takes effect itself) and `kuangfu_penalty` (locked, when the 杀 finishes
 * without that note; a 杀 that hit leaves no penalty and no skill row).
 * The note lives in the state's skill-use map (`seat|kuangfu_*|t<turn>`), so replay and re-runs see it.
 * The two cards are 潘凤's own pick (X3.2: the lowest hand cards, then equipment); fewer cards: all (G22.4).
 */
import { SLASHES } from '../../cards.ts';
import { discard, move, P, seatName } from '../../core.ts';
import { ev, type Ctx } from '../../flow.ts';
import { chooseOwn, pickOther } from '../../asks.ts';
import { phaseOf } from '../../triggers.ts';
import { SLOTS } from '../../types.ts';
import type { SkillSpec } from '../common.ts';

const key = (ctx: Ctx, owner: number, what: 'pending' | 'hit') => `${owner}|kuangfu_${what}|t${ctx.s.turn.n}`;

export const kuangfu: SkillSpec = {
  id: 'kuangfu', name: '狂斧', general: 'hs__panfeng', kind: 'trigger', point: 'targetConfirmed', limit: 'phase',
  can: (ctx, owner, e) => e.point === 'targetConfirmed' && e.user === owner && SLASHES.has(e.card.name)
    && ctx.s.turn.seat === owner && phaseOf(ctx.s.turn.stage) === 'play'
    && P(ctx.s, e.target).alive && SLOTS.some((x) => P(ctx.s, e.target).equip[x]),
  effect: (ctx, owner, e) => {
    if (e.point !== 'targetConfirmed') return;
    const s = ctx.s;
    const got = pickOther(ctx, owner, e.target, { equip: true }, `狂斧：获得${seatName(s, e.target)}装备区里的一张牌（【选择】装备栏或牌名）`);
    s.skillUses[key(ctx, owner, 'pending')] = 1;
    delete s.skillUses[key(ctx, owner, 'hit')];
    if (!got) return;
    ev(ctx, 'take', { seat: owner, from: e.target, zone: 'equip', card: got.id, why: '狂斧' });
    move(ctx, [got.id], { zone: 'hand', seat: owner });
  },
};

export const kuangfuHit: SkillSpec = {
  id: 'kuangfu_hit', name: '狂斧', general: 'hs__panfeng', kind: 'locked', point: 'damageDone',
  can: (ctx, owner, e) => {
    if (e.point === 'damageDone' && e.damage.source === owner && e.damage.card && SLASHES.has(e.damage.card.name) && ctx.s.skillUses[key(ctx, owner, 'pending')]) {
      ctx.s.skillUses[key(ctx, owner, 'hit')] = 1;
    }
    return false;
  },
  effect: () => undefined,
};

export const kuangfuPenalty: SkillSpec = {
  id: 'kuangfu_penalty', name: '狂斧', general: 'hs__panfeng', kind: 'locked', point: 'cardFinished',
  can: (ctx, owner, e) => e.point === 'cardFinished' && e.user === owner && SLASHES.has(e.card.name)
    && !!ctx.s.skillUses[key(ctx, owner, 'pending')] && !ctx.s.skillUses[key(ctx, owner, 'hit')],
  effect: (ctx, owner) => {
    delete ctx.s.skillUses[key(ctx, owner, 'pending')];
    const ids = chooseOwn(ctx, owner, { count: 2, equip: true, text: '狂斧：此【杀】未造成伤害，弃置两张牌（【弃牌】牌、牌）', about: { skill: '狂斧' } }) ?? [];
    if (ids.length) { ev(ctx, 'discard', { seat: owner, cards: ids, why: '狂斧' }); discard(ctx, ids); }
  },
};

export default [kuangfu, kuangfuHit, kuangfuPenalty];
