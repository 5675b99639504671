/**
 * H-WU-02 甘宁 (`hs__ganning`) · Wu · 4 half-fish.
 * 奇袭 (conversion): you may use a black card (hand or equipment) as 过河拆桥 (FK `qixi.lua`): `【过河拆桥】♠7（奇袭）→P`.
 * The engine's `convert` kind; a hidden 甘宁 is revealed when the card is used (G13.4).
 */
import { card, colorOf } from '../../cards.ts';
import type { SkillSpec } from '../common.ts';

export const qixi: SkillSpec = {
  id: 'qixi', name: '奇袭', general: 'hs__ganning', kind: 'convert', makes: ['过河拆桥'], equip: true,
  can: (_s, _owner, ids) => ids.length === 1 && colorOf(card(ids[0]!).suit) === 'black',
};

export default [qixi];
