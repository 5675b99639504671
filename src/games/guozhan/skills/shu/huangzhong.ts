/**
 * H-SHU-08 黄忠 (`hs__huangzhong`) · Shu · 4 half-fish.
 * 烈弓 (trigger): in your play phase, after your 杀 targets a character whose hand count is ≥ your HP or ≤ your attack
 * range, you may make it unable to use 闪 against this 杀 (HEG `liegong.lua`). G6.2 step 4 (`targeted`, once per
 * target): the hit's `noJink`. "Your play phase": 黄忠 is the current player in its play phase (a 杀 used in another
 * phase or turn — 乱武, 借刀杀人 — does not qualify). The counts are read at that moment.
 */
import { attackRange, P } from '../../core.ts';
import { phaseOf } from '../../triggers.ts';
import { slashTargeted } from '../targeting.ts';
import type { SkillSpec } from '../common.ts';

export const liegong: SkillSpec = {
  id: 'liegong', name: '烈弓', general: 'hs__huangzhong', kind: 'trigger', point: 'targeted',
  can: (ctx, owner, e) => {
    const t = slashTargeted(e);
    const s = ctx.s;
    if (!t || t.user !== owner || t.hit.noJink || t.hit.noEffect || s.turn.seat !== owner || phaseOf(s.turn.stage) !== 'play') return false;
    const n = P(s, t.target).hand.length;
    return n >= P(s, owner).hp || n <= attackRange(s, owner);
  },
  effect: (_ctx, _owner, e) => { const t = slashTargeted(e); if (t) t.hit.noJink = true; },
};

export default [liegong];
