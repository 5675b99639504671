/**
 * H-QUN-12 纪灵 (`hs__jiling`) · Qun · 4 half-fish.
 * 双刃 (trigger): at the start of your play phase you may point fight another character. Win: you are treated as
 * using a 杀 (not counted) on a character of the same kingdom as it (it or another; only it if it has no kingdom)
 * that is a legal 杀 target for you. Otherwise: other characters are not legal targets of your cards this turn (HEG
 * `shuangren.lua`). Offered when 纪灵 and another present character hold hand cards. The opponent: `【选择】P` (X3.2
 * once accepted: the first legal one from 纪灵); the 杀's target likewise among those in 纪灵's attack range and of the
 * opponent's kingdom (G14.5; no legal one: no 杀). The loss is counted in the state's skill-use map for this turn
 * (`shuangren_lose`) and read by a rule (triggers.ts `forbids`) that use.ts checkTargets enforces for every card.
 */
import { inRange, P, presentFrom, sameKingdom, seatName } from '../../core.ts';
import { choosePlayer } from '../../asks.ts';
import { pointFight } from '../../skillasks.ts';
import { markUsed, usedIn, type RuleSkill } from '../../triggers.ts';
import { useCard } from '../../use.ts';
import type { UsedCard } from '../../types.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

const G = 'hs__jiling';

export const shuangren: SkillSpec = {
  id: 'shuangren', name: '双刃', general: G, kind: 'trigger', point: 'phaseStart',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'play') && P(ctx.s, owner).hand.length > 0
    && presentFrom(ctx.s, owner, false).some((i) => P(ctx.s, i).hand.length > 0),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const legal = presentFrom(s, owner, false).filter((i) => P(s, i).hand.length > 0);
    const t = choosePlayer(ctx, owner, legal, '双刃：选择一名其他角色拼点（【选择】角色）', false)!;
    const r = pointFight(ctx, owner, t, '双刃');
    if (!r.win) { markUsed(s, owner, 'shuangren_lose', 'turn'); return; }
    if (!P(s, owner).alive) return;
    const kin = (i: number) => i === t || (P(s, t).kingdom !== null && sameKingdom(s, t, i));
    const victims = presentFrom(s, owner, false).filter((i) => kin(i) && inRange(s, owner, i));
    const v = choosePlayer(ctx, owner, victims, `双刃：视为对${seatName(s, t)}或与其势力相同的一名角色使用【杀】（【选择】角色）`, false);
    if (v === null) return;
    const uc: UsedCard = { name: '杀', ids: [], suit: null, color: null, rank: null, skill: '双刃' };
    useCard(ctx, owner, uc, [v], { counts: false });
  },
};

/** 双刃 lost: no other character may be a target of 纪灵's cards this turn. */
export const shuangrenLose: RuleSkill = {
  id: 'shuangren_rule', name: '双刃', general: G, kind: 'rule',
  forbids: (s, owner, t) => t !== owner && usedIn(s, owner, 'shuangren_lose', 'turn'),
};

export default [shuangren, shuangrenLose];
