/**
 * H-QUN-01 华佗 (`hs__huatuo`) · Qun · 3 half-fish.
 * 急救 (conversion): outside your turn you may use a red card (hand or equipment) as 桃 (FK `jijiu.lua`) — in a
 * rescue round (G11.2) `【桃】♦K（急救）`. The engine's `convert` kind; a hidden 华佗 is revealed when it is used (G13.4).
 * It is a 桃 in every rule: 完杀 and 鏖战 (guozhan D5) stop it as they stop a 桃 card. The rescue round asks a
 * character that holds a hand card (damage.ts canRescue), so a 华佗 holding only red equipment is not asked.
 * 除疠 (active): waiting — see COVERAGE in ./index.ts.
 */
import { card, colorOf } from '../../cards.ts';
import type { SkillSpec } from '../common.ts';

export const jijiu: SkillSpec = {
  id: 'jijiu', name: '急救', general: 'hs__huatuo', kind: 'convert', makes: ['桃'], equip: true,
  can: (s, owner, ids) => s.turn.seat !== owner && ids.length === 1 && colorOf(card(ids[0]!).suit) === 'red',
};

export default [jijiu];
