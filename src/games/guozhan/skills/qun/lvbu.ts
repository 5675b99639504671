/**
 * H-QUN-02 吕布 (`hs__lvbu`) · Qun · 5 half-fish.
 * 无双 (locked): a 杀 you use needs two 闪 in a row to be offset; in a 决斗 you use or are the target of, your opponent
 * must play two 杀 each time instead of one (HEG `wushuang.lua`). G6.2 step 4 (`targeted`, per target): the hit's
 * `jinks` = 2 (G21.2: the target is asked twice, each request may try 八卦阵 once, a first 闪 is spent even if the second
 * fails) or its `duel` count for 吕布's opponent = 2 (G21.3, cards/tricks.ts: a first 杀 is spent even if the second
 * does not come). A hidden 吕布 is asked whether to reveal (G13.2 item 2).
 */
import { SLASHES } from '../../cards.ts';
import type { SkillSpec } from '../common.ts';

export const wushuang: SkillSpec = {
  id: 'wushuang', name: '无双', general: 'hs__lvbu', kind: 'locked', point: 'targeted',
  can: (_ctx, owner, e) => {
    if (e.point !== 'targeted') return false;
    if (SLASHES.has(e.card.name)) return e.user === owner && e.hit.jinks < 2 && !e.hit.noEffect;
    if (e.card.name !== '决斗') return false;
    return (e.user === owner && e.hit.duel.target < 2) || (e.target === owner && e.hit.duel.user < 2);
  },
  effect: (_ctx, owner, e) => {
    if (e.point !== 'targeted') return;
    if (SLASHES.has(e.card.name)) { e.hit.jinks = 2; return; }
    if (e.user === owner) e.hit.duel.target = 2;
    if (e.target === owner) e.hit.duel.user = 2;
  },
};

export default [wushuang];
