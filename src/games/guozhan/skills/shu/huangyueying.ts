/**
 * H-SHU-07 黄月英 (`hs__huangyueying`) · Shu · 3 half-fish.
 * 集智 (trigger): when you use a non-converted ordinary trick, you may draw 1 (FK `jizhi.lua`; G6.2 step 2, point
 * `cardUsed`). "Non-converted": one physical card used as itself — a conversion (看破's 无懈可击 …) or a card one is
 * "treated as using" (度势's 以逸待劳, no source card) does not count; delayed tricks are not ordinary tricks.
 * 奇才 (locked: tricks without distance limit): waiting — see COVERAGE in ./index.ts.
 */
import { card } from '../../cards.ts';
import { draw } from '../../core.ts';
import type { UsedCard } from '../../types.ts';
import type { SkillSpec } from '../common.ts';

const plainTrick = (u: UsedCard) => u.ids.length === 1 && !u.skill && card(u.ids[0]!).name === u.name && card(u.ids[0]!).type === 'trick';

export const jizhi: SkillSpec = {
  id: 'jizhi', name: '集智', general: 'hs__huangyueying', kind: 'trigger', point: 'cardUsed',
  can: (_ctx, owner, e) => e.point === 'cardUsed' && e.user === owner && plainTrick(e.card),
  effect: (ctx, owner) => draw(ctx, owner, 1, '集智'),
};

export default [jizhi];
