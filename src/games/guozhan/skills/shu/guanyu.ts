/**
 * H-SHU-02 关羽 (`hs__guanyu`) · Shu · 5 half-fish.
 * 武圣 (conversion): you may use or play a red card (hand or equipment) as 杀. Your ♦ 杀 have no distance limit
 * (HEG `wusheng.lua`). Two pieces of one skill:
 * - the conversion (triggers.ts `kind: 'convert'`): `【杀】C（武圣）→P`, in the play phase and in answer to a request for a
 *   杀 (决斗, 南蛮入侵); the `（武圣）` may be left out when no other converter fits (X6.2). The card's colour is read
 *   through core.ts suitOf. A hidden 关羽 is revealed by the use (G13.4).
 * - the ♦ clause: a rule (`noDistance`) for every ♦ 杀 关羽 uses — a converted ♦ card (G1.6: it keeps its suit) or a
 *   ♦ 杀 card — read by use.ts checkTargets while 关羽 is revealed; a hidden 关羽's ♦ 杀 out of range is legal only
 *   with it, so declaring it reveals 关羽 (G13.4).
 */
import { colorOf, SLASHES } from '../../cards.ts';
import { suitOf } from '../../core.ts';
import type { RuleSkill } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

const G = 'hs__guanyu';

export const wusheng: SkillSpec = {
  id: 'wusheng', name: '武圣', general: G, kind: 'convert', makes: ['杀'], equip: true,
  can: (s, owner, ids) => ids.length === 1 && colorOf(suitOf(s, owner, ids[0]!)) === 'red',
};

export const wushengDiamond: RuleSkill = {
  id: 'wusheng_diamond', name: '武圣', general: G, kind: 'rule',
  noDistance: (_s, _owner, uc) => SLASHES.has(uc.name) && uc.suit === '♦',
};

export default [wusheng, wushengDiamond];
