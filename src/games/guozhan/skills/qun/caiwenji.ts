/**
 * H-QUN-09 蔡文姬 (`hs__caiwenji`) · Qun · 3 half-fish.
 * 悲歌 (trigger): after any character takes damage from a 杀, you may discard a card to make it judge: ♥ it recovers
 * 1; ♦ it draws 2; ♣ the source discards 2 cards; ♠ the source turns over (SHZL `beige.lua`). G8.1 step 5 (the
 * damaged one alive), chained damage of a 火杀/雷杀 included (G10.2: it looks only at the card). The card is the cost
 * of accepting (mandatory then; X3.2: the lowest hand card, then equipment). A dead source (G8.6: none) or a source
 * without cards makes ♣/♠ do nothing; the source's two cards are its own pick (X3.2: its lowest).
 * 断肠 (locked, on death): waiting — see COVERAGE in ./index.ts.
 */
import { card, SLASHES } from '../../cards.ts';
import { cardCount, discard, draw, judge, judgeDone, P, recover, seatName } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn } from '../../asks.ts';
import { turnOver, type SkillSpec } from '../common.ts';

export const beige: SkillSpec = {
  id: 'beige', name: '悲歌', general: 'hs__caiwenji', kind: 'trigger', point: 'damaged',
  can: (ctx, owner, e) => e.point === 'damaged' && !!e.damage.card && SLASHES.has(e.damage.card.name)
    && P(ctx.s, e.damage.target).alive && cardCount(P(ctx.s, owner)) > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'damaged') return;
    const s = ctx.s;
    const t = e.damage.target;
    const src = e.damage.source;
    const ids = chooseOwn(ctx, owner, { count: 1, equip: true, text: `悲歌：弃置一张牌，令${seatName(s, t)}判定（【弃牌】牌）`, about: { skill: '悲歌' } })!;
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '悲歌' });
    discard(ctx, ids);
    const j = judge(ctx, t, '悲歌');
    const suit = card(j).suit;
    judgeDone(ctx, j, t);
    if (suit === '♥') { if (P(s, t).alive) recover(ctx, t, 1, '悲歌'); return; }
    if (suit === '♦') { if (P(s, t).alive) draw(ctx, t, 2, '悲歌'); return; }
    if (src === null || !P(s, src).alive) return;
    if (suit === '♠') { turnOver(ctx, src); return; }
    const out = chooseOwn(ctx, src, { count: 2, equip: true, text: '悲歌：弃置两张牌（【弃牌】牌、牌）', about: { skill: '悲歌' } }) ?? [];
    if (out.length) { ev(ctx, 'discard', { seat: src, cards: out, why: '悲歌' }); discard(ctx, out); }
  },
};

export default [beige];
