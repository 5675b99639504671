/**
 * H-SHU-09 魏延 (`hs__weiyan`) · Shu · 4 half-fish.
 * 狂骨 (trigger): after you deal damage to a character that was at distance ≤ 1 from you when the damage was dealt,
 * for each point you may draw 1 or recover 1 (HEG `kuanggu.lua`). G7.5: the distance is measured when the damage is
 * dealt — at G8.1 step 3 (point `hpDamaged`, the HP just lowered, before any dying process changes the table), where
 * `kuanggu_near` notes it on the damage itself (a record only: it never takes effect); 狂骨 proper comes at step 4
 * (`damageDone`, the source's side). Damage to oneself counts (distance 0, as HEG's `distanceTo < 2`); chained damage
 * too (G10.2). Per point: the first point is the accepted trigger, each further point asks again (X3.2: no); each
 * point's choice is an option list when 魏延 is wounded (X3.2: the first, draw 1), else a draw.
 */
import { distance, draw, P, recover } from '../../core.ts';
import { confirm, option } from '../../asks.ts';
import type { DamageData } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

type Noted = DamageData & { kuangguNear?: number };

export const kuangguNear: SkillSpec = {
  id: 'kuanggu_near', name: '狂骨', general: 'hs__weiyan', kind: 'locked', point: 'hpDamaged',
  can: (ctx, owner, e) => {
    if (e.point === 'hpDamaged' && e.damage.source === owner && distance(ctx.s, owner, e.damage.target) <= 1) (e.damage as Noted).kuangguNear = owner;
    return false;
  },
  effect: () => undefined,
};

export const kuanggu: SkillSpec = {
  id: 'kuanggu', name: '狂骨', general: 'hs__weiyan', kind: 'trigger', point: 'damageDone',
  can: (_ctx, owner, e) => e.point === 'damageDone' && e.damage.source === owner && (e.damage as Noted).kuangguNear === owner && e.damage.n > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'damageDone') return;
    const s = ctx.s;
    for (let k = 0; k < e.damage.n; k++) {
      if (!P(s, owner).alive) return;
      if (k > 0 && !confirm(ctx, owner, `狂骨：第${k + 1}点伤害，再发动一次？【确定】或【不出】`, { skill: '狂骨' })) return;
      const p = P(s, owner);
      const heal = p.hp < p.maxHp && option(ctx, owner, '狂骨：摸一张牌，或回复1点体力', ['摸一张牌', '回复1点体力'], { skill: '狂骨' }) === 1;
      if (heal) recover(ctx, owner, 1, '狂骨');
      else draw(ctx, owner, 1, '狂骨');
    }
  },
};

export default [kuangguNear, kuanggu];
