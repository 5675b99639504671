/**
 * H-SHU-03 张飞 (`hs__zhangfei`) · Shu · 4 half-fish.
 * 咆哮 (locked): no limit on the number of 杀 you use. When you use your second 杀 in a turn, draw 1 (HEG
 * `paoxiao.lua`). Two pieces of one skill:
 * - the limit: a continuous rule (triggers.ts `kind: 'rule'`, `slashes: Infinity`) that use.ts slashAllowed reads while
 *   张飞 is revealed (G13.3); a hidden 张飞's second 杀 in a play phase is legal only with it, so declaring it reveals
 *   张飞 (G13.4) and logs 咆哮;
 * - the draw: a locked trigger when 张飞 uses a 杀 (`cardUsed`) and it is the second 杀 he used in this turn (counted
 *   from the log's `use` rows since the turn's `turn` row — every 杀 he used, counted toward the limit or not). A
 *   hidden 张飞 is asked whether to reveal for it (G13.2 item 2, guozhan D21).
 */
import { SLASHES } from '../../cards.ts';
import { draw } from '../../core.ts';
import type { State } from '../../types.ts';
import type { RuleSkill } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

const G = 'hs__zhangfei';

/** The 杀 `seat` used in the current turn (the log's `use` rows after the turn's own `turn` row). */
export function slashesUsedThisTurn(s: State, seat: number): number {
  let n = 0;
  for (let k = s.log.length - 1; k >= 0; k--) {
    const r = s.log[k]!;
    if (r.t === 'turn' && r.n === s.turn.n) break;
    if (r.t === 'use' && r.seat === seat && SLASHES.has(r.name as string)) n++;
  }
  return n;
}

export const paoxiao: RuleSkill = { id: 'paoxiao', name: '咆哮', general: G, kind: 'rule', slashes: () => Infinity };

export const paoxiaoDraw: SkillSpec = {
  id: 'paoxiao_draw', name: '咆哮', general: G, kind: 'locked', point: 'cardUsed',
  can: (ctx, owner, e) => e.point === 'cardUsed' && e.user === owner && SLASHES.has(e.card.name) && slashesUsedThisTurn(ctx.s, owner) === 2,
  effect: (ctx, owner) => draw(ctx, owner, 1, '咆哮'),
};

export default [paoxiao, paoxiaoDraw];
