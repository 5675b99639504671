/**
 * H-SHU-07 黄月英 (`hs__huangyueying`) · Shu · 3 half-fish.
 * 集智 (trigger): when you use a non-converted ordinary trick, you may draw 1 (FK `jizhi.lua`; G6.2 step 2, point
 * `cardUsed`). "Non-converted": one physical card used as itself — a conversion (看破's 无懈可击 …) or a card one is
 * "treated as using" (度势's 以逸待劳, no source card) does not count; delayed tricks are not ordinary tricks.
 * 奇才 (locked): your tricks have no distance limit (FK `qicai.lua`): 顺手牵羊 and 兵粮寸断 (delayed tricks are tricks)
 * on a character at any distance. A rule (triggers.ts `noDistance`) read by use.ts checkTargets while 黄月英 is
 * revealed (G13.3); a hidden 黄月英's trick at distance is legal only with it, so declaring it reveals her (G13.4).
 */
import { card, CARDS } from '../../cards.ts';
import { draw } from '../../core.ts';
import type { UsedCard } from '../../types.ts';
import type { RuleSkill } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

const plainTrick = (u: UsedCard) => u.ids.length === 1 && !u.skill && card(u.ids[0]!).name === u.name && card(u.ids[0]!).type === 'trick';

export const jizhi: SkillSpec = {
  id: 'jizhi', name: '集智', general: 'hs__huangyueying', kind: 'trigger', point: 'cardUsed',
  can: (_ctx, owner, e) => e.point === 'cardUsed' && e.user === owner && plainTrick(e.card),
  effect: (ctx, owner) => draw(ctx, owner, 1, '集智'),
};

/** The trick names (ordinary and delayed). */
const TRICKS = new Set(Object.values(CARDS).filter((c) => c.type === 'trick' || c.type === 'delayed').map((c) => c.name));

export const qicai: RuleSkill = {
  id: 'qicai', name: '奇才', general: 'hs__huangyueying', kind: 'rule',
  noDistance: (_s, _owner, uc) => TRICKS.has(uc.name),
};

export default [jizhi, qicai];
