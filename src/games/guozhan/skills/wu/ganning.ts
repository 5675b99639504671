/**
 * H-WU-02 甘宁 (`hs__ganning`) · Wu · 4 half-fish.
 * 奇袭 (conversion): you may use a black card (hand or equipment) as 过河拆桥 (FK `qixi.lua`): `【过河拆桥】♠7（奇袭）→P`.
 * The engine's `convert` kind; a hidden 甘宁 is revealed when the card is used (G13.4).
 */
import { colorOf } from '../../cards.ts';
import { suitOf } from '../../core.ts';
import type { SkillSpec } from '../common.ts';

export const qixi: SkillSpec = {
  id: 'qixi', name: '奇袭', general: 'hs__ganning', kind: 'convert', makes: ['过河拆桥'], equip: true,
  // Black as the card counts for 甘宁 (红颜 on the same character: a ♠ card counts as ♥, so it is not black).
  can: (s, owner, ids) => ids.length === 1 && colorOf(suitOf(s, owner, ids[0]!)) === 'black',
};

export default [qixi];
