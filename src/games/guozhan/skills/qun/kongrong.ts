/**
 * H-QUN-11 孔融 (`hs__kongrong`) · Qun · 3 half-fish.
 * 名士 (locked): when you take damage whose source has a hidden general, it is −1 (HEG `mingshi.lua`; G8.1 step 2a,
 * before 藤甲's +1 for fire — so 1 fire damage on a 孔融 wearing 藤甲 becomes 0 and is prevented, G8.1's example).
 * A hidden 孔融 is asked privately whether to reveal and apply it (G13.2 item 2, guozhan D21); X3.2: no.
 * 礼让 (after your cards are discarded, give them away): waiting — see COVERAGE in ./index.ts.
 */
import { hasHidden, P } from '../../core.ts';
import { ev } from '../../flow.ts';
import type { SkillSpec } from '../common.ts';

export const mingshi: SkillSpec = {
  id: 'mingshi', name: '名士', general: 'hs__kongrong', kind: 'locked', point: 'damageInflicted',
  can: (ctx, owner, e) => e.point === 'damageInflicted' && e.damage.target === owner && e.damage.source !== null
    && hasHidden(P(ctx.s, e.damage.source)) && e.damage.n > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'damageInflicted') return;
    e.damage.n -= 1;
    ev(ctx, 'damageMinus', { seat: owner, n: e.damage.n, why: '名士' });
  },
};

export default [mingshi];
