/**
 * H-QUN-03 貂蝉 (`hs__diaochan`) · Qun · 3 half-fish.
 * 闭月 (trigger): at your finish phase you may draw 1 (FK `biyue.lua`). Asked once per finish phase (the engine fires
 * each skill once per event); X3.2: no.
 * 离间 (active, a 决斗 B uses on A): waiting — see COVERAGE in ./index.ts.
 */
import { draw } from '../../core.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

export const biyue: SkillSpec = {
  id: 'biyue', name: '闭月', general: 'hs__diaochan', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'finish'),
  effect: (ctx, owner) => draw(ctx, owner, 1, '闭月'),
};

export default [biyue];
