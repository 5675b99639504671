/**
 * H-WU-06 大乔 (`hs__daqiao`) · Wu · 3 half-fish.
 * 国色 (conversion): you may use a ♦ card (hand or equipment) as 乐不思蜀 (FK `guose.lua`): `【乐不思蜀】♦3（国色）→P`.
 * The converted card lies in the target's judgement area as 乐不思蜀 (the engine's `judgeAs`, G6.4).
 * 流离 (transfer a 杀's target): waiting — see COVERAGE in ./index.ts.
 */
import { card } from '../../cards.ts';
import type { SkillSpec } from '../common.ts';

export const guose: SkillSpec = {
  id: 'guose', name: '国色', general: 'hs__daqiao', kind: 'convert', makes: ['乐不思蜀'], equip: true,
  can: (_s, _owner, ids) => ids.length === 1 && card(ids[0]!).suit === '♦',
};

export default [guose];
