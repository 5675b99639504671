/**
 * H-WEI-13 荀彧 (`hs__xunyu`) · Wei · 3 half-fish.
 * 节命 (trigger): after you take damage, you may choose a character: it draws until it holds as many hand cards as
 * its max HP (at most 5). Once per damage instance (G8.2; HEG `jieming.lua`). The choice after accepting is a
 * mandatory pick of a character (X3.2: the first legal one in seat order from the chooser — 荀彧 itself).
 * 驱虎 (active, point fight): not here yet — see COVERAGE in ./index.ts.
 */
import { aliveSeats, draw, P } from '../../core.ts';
import { ev } from '../../flow.ts';
import { choosePlayer } from '../../asks.ts';
import { tookDamage, type SkillSpec } from '../common.ts';

export const jieming: SkillSpec = {
  id: 'jieming', name: '节命', general: 'hs__xunyu', kind: 'trigger', point: 'damaged',
  can: (_ctx, owner, e) => !!tookDamage(e, owner),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const t = choosePlayer(ctx, owner, aliveSeats(s), '节命：选择一名角色，令其将手牌摸至体力上限（至多5张）（【选择】角色）', false)!;
    const p = P(s, t);
    const n = Math.min(p.maxHp, 5) - p.hand.length;
    ev(ctx, 'skillTarget', { seat: owner, skill: '节命', target: t });
    draw(ctx, t, n, '节命');
  },
};

export default [jieming];
