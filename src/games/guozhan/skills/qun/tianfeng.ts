/**
 * H-QUN-13 田丰 (`hs__tianfeng`) · Qun · 3 half-fish.
 * 随势 (locked, HEG `suishi.lua`), two parts:
 * - when another character enters dying from damage whose source is of your kingdom (G14.5; you are of your own),
 *   draw 1 — at the damage's HP change (G8.1 step 3, the point `hpDamaged`), when the HP has just dropped to 0 or
 *   below and before the dying process runs (G11.1: dying begins inside that HP change);
 * - when another character of your kingdom dies, lose 1 HP — at G12.1 step 4 (the victim revealed at step 2, so its
 *   kingdom is known; a victim that turned careerist is nobody's kingdom but its own). The HP loss may start a dying
 *   process of its own, which runs to its end first (G11.5).
 * A hidden 田丰 has no kingdom, so neither part applies until it is revealed (G13.3); with a hidden general it is
 * the damage source itself that is "of its kingdom" (G14.5), and then it is asked whether to reveal (G13.2 item 2).
 * 死谏 (after losing the last hand card): waiting — see COVERAGE in ./index.ts.
 */
import { draw, P, sameKingdom } from '../../core.ts';
import { loseHp } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

export const suishiDraw: SkillSpec = {
  id: 'suishi_draw', name: '随势', general: 'hs__tianfeng', kind: 'locked', point: 'hpDamaged',
  can: (ctx, owner, e) => e.point === 'hpDamaged' && e.damage.target !== owner && e.damage.source !== null
    && P(ctx.s, e.damage.target).hp <= 0 && sameKingdom(ctx.s, owner, e.damage.source),
  effect: (ctx, owner) => draw(ctx, owner, 1, '随势'),
};

export const suishiLose: SkillSpec = {
  id: 'suishi_lose', name: '随势', general: 'hs__tianfeng', kind: 'locked', point: 'death',
  can: (ctx, owner, e) => e.point === 'death' && e.seat !== owner && sameKingdom(ctx.s, owner, e.seat),
  effect: (ctx, owner) => loseHp(ctx, owner, 1),
};

export default [suishiDraw, suishiLose];
