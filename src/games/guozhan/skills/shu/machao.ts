/**
 * H-SHU-06 马超 (`hs__machao`) · Shu · 4 half-fish.
 * 马术 (locked): your distance to other characters −1 — the shared factory (../mashu.ts, a continuous rule).
 * 铁骑 (trigger): after your 杀 targets a character, you may choose one of its revealed generals (if any): that general's
 * non-locked skills are invalid until end of turn; then you judge: the target must discard a card of the judgement's
 * suit, or it cannot use 闪 against this 杀 (HEG `tieqi.lua`). G6.2 step 4 (`targeted`, once per target). The general
 * (`【选择】1/2` when both are revealed; X3.2: the main) gets the engine's per-turn invalidation (triggers.ts
 * `invalidateSkills`: its trigger, active and conversion skills do not fire or apply; locked ones still do). The target
 * pays with `【弃牌】C` (hand or equipment, of the judgement's suit as it counts for the target, core.ts suitOf; X3.1/X3.2:
 * the response timeout, not paying by default) — else the hit's `noJink`.
 */
import { discard, judge, judgeDone, P, seatName, suitOf } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn, option } from '../../asks.ts';
import { GENERALS } from '../../generals.ts';
import { invalidateSkills } from '../../triggers.ts';
import { mashuFor } from '../mashu.ts';
import { slashTargeted } from '../targeting.ts';
import type { SkillSpec } from '../common.ts';

const genName = (id: string) => GENERALS[id]?.zh ?? id;

export const tieqi: SkillSpec = {
  id: 'tieqi', name: '铁骑', general: 'hs__machao', kind: 'trigger', point: 'targeted',
  can: (ctx, owner, e) => { const t = slashTargeted(e); return !!t && t.user === owner && P(ctx.s, t.target).alive && !t.hit.noJink && !t.hit.noEffect; },
  effect: (ctx, owner, e) => {
    const t = slashTargeted(e);
    if (!t) return;
    const s = ctx.s;
    const x = P(s, t.target);
    const shown = ([0, 1] as const).filter((k) => x.generals && x.revealed[k]);
    if (shown.length) {
      const k = shown.length === 1 ? shown[0]! : shown[option(ctx, owner, `铁骑：选择${seatName(s, t.target)}的一张明置武将牌，其非锁定技本回合失效`, shown.map((k) => genName(x.generals![k])), { skill: '铁骑' })]!;
      invalidateSkills(s, t.target, k);
      ev(ctx, 'invalidate', { seat: t.target, general: x.generals![k], why: '铁骑' });
    }
    const j = judge(ctx, owner, '铁骑');
    judgeDone(ctx, j, owner);
    const suit = suitOf(s, owner, j);
    if (!x.alive) return;
    const paid = chooseOwn(ctx, t.target, { count: 1, equip: true, optional: true, timeout: 'response', suit, filter: (id) => suitOf(s, t.target, id) === suit,
      text: `铁骑：弃置一张${suit}牌，否则你不能使用【闪】响应此【杀】（【弃牌】牌，或【不出】）`, about: { skill: '铁骑' } });
    if (paid && paid.length) { ev(ctx, 'discard', { seat: t.target, cards: paid, why: '铁骑' }); discard(ctx, paid); return; }
    t.hit.noJink = true;
  },
};

export default [mashuFor('hs__machao'), tieqi];
