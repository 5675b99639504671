/**
 * H-WEI-10 徐晃 (`hs__xuhuang`) · Wei · 4 half-fish.
 * 断粮 (conversion): you may use a black basic or equipment card (hand or equipped) as 兵粮寸断, with no distance
 * limit; after such a use on a character at distance > 2 from you, this skill is invalid for the rest of the phase
 * (HEG `duanliang.lua`; G7.5: the distance is measured at the use). `【兵粮寸断】C（断粮）→P`, the `（断粮）` may be
 * left out when no other converter fits (X6.2). A hidden 徐晃 is revealed by the use (G13.4). The converted card
 * lies in the judgement area as 兵粮寸断 (G6.4).
 */
import { card, colorOf } from '../../cards.ts';
import { distance } from '../../core.ts';
import { markUsed, usedIn } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

export const duanliang: SkillSpec = {
  id: 'duanliang', name: '断粮', general: 'hs__xuhuang', kind: 'convert', makes: ['兵粮寸断'], equip: true, lifts: ['distance'],
  can: (s, owner, ids) => ids.length === 1 && colorOf(card(ids[0]!).suit) === 'black' && (card(ids[0]!).type === 'basic' || card(ids[0]!).type === 'equip')
    && s.turn.seat === owner && !usedIn(s, owner, 'duanliang.off', 'phase'),
  onUse: (ctx, owner, _uc, targets) => {
    if (targets.some((t) => distance(ctx.s, owner, t) > 2)) markUsed(ctx.s, owner, 'duanliang.off', 'phase');
  },
};

export default [duanliang];
