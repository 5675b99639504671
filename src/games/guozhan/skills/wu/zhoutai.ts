/**
 * H-WU-12 周泰 (`hs__zhoutai`) · Wu · 4 half-fish.
 * 奋激 (trigger): at any character's finish phase, if it has no hand cards, you may make it draw 2; then you lose 1 HP
 * (HEG `fenji.lua`). The condition is read when 周泰's turn in G21.1's order comes (a 闭月 drawn first ends it). The
 * HP loss may bring 周泰 to dying (G11).
 * 不屈 (locked, the scars on the general): waiting — see COVERAGE in ./index.ts.
 */
import { draw, P } from '../../core.ts';
import { loseHp } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

export const fenji: SkillSpec = {
  id: 'fenji', name: '奋激', general: 'hs__zhoutai', kind: 'trigger', point: 'phaseStart',
  can: (ctx, _owner, e) => e.point === 'phaseStart' && e.phase === 'finish' && P(ctx.s, e.seat).alive && P(ctx.s, e.seat).hand.length === 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'phaseStart') return;
    draw(ctx, e.seat, 2, '奋激');
    loseHp(ctx, owner, 1);
  },
};

export default [fenji];
