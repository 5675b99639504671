/**
 * H-WU-15 丁奉 (`hs__dingfeng`) · Wu · 4 half-fish.
 * 短兵 (trigger): when you choose the targets of a 杀, you may add one more target at distance 1 from you (HEG
 * `duanbing.lua`). Naming the extra target is the choice: `【杀】C→P、Q` where one of them is at distance 1 (G7.5:
 * measured when chosen). A rule (triggers.ts `extraTargets`, `announce`): use.ts checkTargets gives the 杀 one more
 * slot whose target must be at distance 1, and logs 短兵 when a declaration uses it; a hidden 丁奉 is revealed by
 * such a declaration (G13.4). With no extra target named, nothing happens.
 * 奋迅 (active, once per play phase): discard a card and choose another character: your distance to it is 1 until
 * end of turn (HEG `fenxun.lua`). `【技能】奋迅 C→P`. The chosen character is counted in the state's skill-use map for
 * this turn (`fenxun><seat>`), read by a distance rule (G7.2: a fixed value, after the horses).
 */
import { SLASHES } from '../../cards.ts';
import { discard, distance, present, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { seatOf } from '../../asks.ts';
import { markUsed, usedIn, type RuleSkill } from '../../triggers.ts';
import { namedCards, type SkillSpec } from '../common.ts';

const G = 'hs__dingfeng';

export const duanbing: RuleSkill = {
  id: 'duanbing', name: '短兵', general: G, kind: 'rule', announce: true,
  extraTargets: (s, owner, uc) => (SLASHES.has(uc.name) ? { n: 1, ok: (t) => t !== owner && distance(s, owner, t) <= 1 } : null),
};

export const fenxun: SkillSpec = {
  id: 'fenxun', name: '奋迅', general: G, kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', '写法：【技能】奋迅 牌→其他角色（弃置一张手牌或装备区的牌）');
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', '奋迅须选择一名其他角色');
    const ids = namedCards(s, owner, cmd.cards, true);
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '奋迅' });
    discard(ctx, ids);
    markUsed(s, owner, `fenxun>${t}`, 'turn');
    ev(ctx, 'skillTarget', { seat: owner, skill: '奋迅', target: t, note: `${seatName(s, owner)}与${seatName(s, t)}的距离视为1` });
  },
};

/** 奋迅's distance: 1 to the chosen character until the end of the turn. */
export const fenxunDistance: RuleSkill = {
  id: 'fenxun_distance', name: '奋迅', general: G, kind: 'rule',
  distance: (s, owner, from, to, d) => (from === owner && to !== owner && usedIn(s, owner, `fenxun>${to}`, 'turn') ? 1 : d),
};

export default [duanbing, fenxun, fenxunDistance];
