/**
 * H-QUN-05 颜良文丑 (`hs__yanliangwenchou`) · Qun · 4 half-fish.
 * 双雄 (trigger): in your draw phase you may draw nothing and judge instead; take the judgement card; this turn you may
 * use any hand card of the other colour as 决斗 (SHZL `shuangxiong.lua`). As data: `shuangxiong` at the engine's
 * `drawPhase` point (the draw becomes 0; the judgement passes through the retrial windows and "after final", G9.1,
 * then the card is taken if still in the processing area; its colour is noted for this turn in the skill-use map,
 * `seat|shuangxiong_<colour>|t<turn>`), and `shuangxiong_duel`, the conversion `【决斗】C（双雄）→P` of one hand card of
 * the other colour, in that same turn only.
 */
import { card, colorOf } from '../../cards.ts';
import { judge, move, P } from '../../core.ts';
import { ev } from '../../flow.ts';
import { trigger } from '../../triggers.ts';
import type { State } from '../../types.ts';
import type { SkillSpec } from '../common.ts';

const key = (s: State, owner: number, c: 'red' | 'black') => `${owner}|shuangxiong_${c}|t${s.turn.n}`;

export const shuangxiong: SkillSpec = {
  id: 'shuangxiong', name: '双雄', general: 'hs__yanliangwenchou', kind: 'trigger', point: 'drawPhase', limit: 'turn',
  can: (_ctx, owner, e) => e.point === 'drawPhase' && e.seat === owner,
  effect: (ctx, owner, e) => {
    if (e.point !== 'drawPhase') return;
    const s = ctx.s;
    e.draw.n = 0;
    const j = judge(ctx, owner, '双雄');
    const c = colorOf(card(j).suit);
    if (c) s.skillUses[key(s, owner, c)] = 1;
    trigger(ctx, { point: 'judged', seat: owner, card: j });
    if (s.processing.includes(j)) {
      ev(ctx, 'gain', { seat: owner, cards: [j], why: '双雄' });
      move(ctx, [j], { zone: 'hand', seat: owner });
    }
  },
};

export const shuangxiongDuel: SkillSpec = {
  id: 'shuangxiong_duel', name: '双雄', general: 'hs__yanliangwenchou', kind: 'convert', makes: ['决斗'],
  can: (s, owner, ids) => {
    if (s.turn.seat !== owner || ids.length !== 1 || !P(s, owner).hand.includes(ids[0]!)) return false;
    const c = colorOf(card(ids[0]!).suit);
    return (c === 'red' && !!s.skillUses[key(s, owner, 'black')]) || (c === 'black' && !!s.skillUses[key(s, owner, 'red')]);
  },
};

export default [shuangxiong, shuangxiongDuel];
