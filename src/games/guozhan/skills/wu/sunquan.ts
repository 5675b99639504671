/**
 * H-WU-01 孙权 (`hs__sunquan`) · Wu · 4 half-fish.
 * 制衡 (active, once per play phase): discard 1 to X cards (X = your max HP), then draw as many (HEG `zhiheng.lua`).
 * `【技能】制衡 C、C…` — hand or equipment cards.
 */
import { discard, draw, P } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { type SkillSpec, namedCards } from '../common.ts';

export const zhiheng: SkillSpec = {
  id: 'zhiheng', name: '制衡', general: 'hs__sunquan', kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    const x = P(s, owner).maxHp;
    if (cmd.cards.length < 1 || cmd.cards.length > x || cmd.targets.length) return refuse('BAD_SYNTAX', `写法：【技能】制衡 牌、牌…（1至${x}张手牌或装备）`);
    const ids = namedCards(s, owner, cmd.cards, true);
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '制衡' });
    discard(ctx, ids);
    draw(ctx, owner, ids.length, '制衡');
  },
};

export default [zhiheng];
