/**
 * H-SHU-03 张飞 (`hs__zhangfei`) · Shu · 4 half-fish.
 * 咆哮 (locked): no limit on the number of 杀 you use. When you use your second 杀 in a turn, draw 1 (HEG
 * `paoxiao.lua`). Two pieces of one skill:
 * - the limit: a continuous rule (triggers.ts `kind: 'rule'`, `slashes: Infinity`) that use.ts slashAllowed reads while
 *   张飞 is revealed (G13.3); a hidden 张飞's second 杀 in a play phase is legal only with it, so declaring it reveals
 *   张飞 (G13.4) and logs 咆哮;
 * - the draw: a locked trigger when 张飞 uses a 杀 (`cardUsed`) and it is the second 杀 he used in this turn (counted
 *   by triggers.ts at each 杀's `cardUsed` — every 杀 he used, counted toward the limit or not). A
 *   hidden 张飞 is asked whether to reveal for it (G13.2 item 2, guozhan D21).
 */
import { SLASHES } from '../../cards.ts';
import { draw } from '../../core.ts';
import { slashesUsed, type RuleSkill } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

const G = 'hs__zhangfei';

export const paoxiao: RuleSkill = { id: 'paoxiao', name: '咆哮', general: G, kind: 'rule', slashes: () => Infinity };

export const paoxiaoDraw: SkillSpec = {
  id: 'paoxiao_draw', name: '咆哮', general: G, kind: 'locked', point: 'cardUsed',
  can: (ctx, owner, e) => e.point === 'cardUsed' && e.user === owner && SLASHES.has(e.card.name) && slashesUsed(ctx.s, owner) === 2,
  effect: (ctx, owner) => draw(ctx, owner, 1, '咆哮'),
};

export default [paoxiao, paoxiaoDraw];
