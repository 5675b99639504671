/**
 * H-QUN-09 蔡文姬 (`hs__caiwenji`) · Qun · 3 half-fish.
 * 悲歌 (trigger): after any character takes damage from a 杀, you may discard a card to make it judge: ♥ it recovers
 * 1; ♦ it draws 2; ♣ the source discards 2 cards; ♠ the source turns over (SHZL `beige.lua`). G8.1 step 5 (the
 * damaged one alive), chained damage of a 火杀/雷杀 included (G10.2: it looks only at the card). The card is the cost
 * of accepting (mandatory then; X3.2: the lowest hand card, then equipment). A dead source (G8.6: none) or a source
 * without cards makes ♣/♠ do nothing; the source's two cards are its own pick (X3.2: its lowest).
 * 断肠 (locked, HEG `duanchang.lua`): when you die, if your killer is alive, choose one of its generals: it loses all of
 * that general's skills for the rest of the game — at G12.1 step 4 (the point `death`, 蔡文姬 revealed at step 2).
 * `【选择】1` (main) or `【选择】2` (deputy); X3.2: the main general. A hidden general is named only as 主将/副将 (no
 * name leaks); it stays hidden and has no skills when revealed (triggers.ts `loseSkills`: every kind — triggers,
 * locked, active, conversions, continuous rules — is skipped for that general).
 */
import { SLASHES } from '../../cards.ts';
import { cardCount, discard, draw, judge, judgeDone, P, recover, seatName, suitOf } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn } from '../../asks.ts';
import { turnOver, type SkillSpec } from '../common.ts';
import { option } from '../../asks.ts';
import { loseSkills } from '../../triggers.ts';
import { GENERALS } from '../../generals.ts';

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
    // G9.2: the judgement's suit as it counts for the one judged (红颜: 小乔's ♠ as ♥).
    const suit = suitOf(s, t, j);
    judgeDone(ctx, j, t);
    if (suit === '♥') { if (P(s, t).alive) recover(ctx, t, 1, '悲歌'); return; }
    if (suit === '♦') { if (P(s, t).alive) draw(ctx, t, 2, '悲歌'); return; }
    if (src === null || !P(s, src).alive) return;
    if (suit === '♠') { turnOver(ctx, src); return; }
    const out = chooseOwn(ctx, src, { count: 2, equip: true, text: '悲歌：弃置两张牌（【弃牌】牌、牌）', about: { skill: '悲歌' } }) ?? [];
    if (out.length) { ev(ctx, 'discard', { seat: src, cards: out, why: '悲歌' }); discard(ctx, out); }
  },
};

export const duanchang: SkillSpec = {
  id: 'duanchang', name: '断肠', general: 'hs__caiwenji', kind: 'locked', point: 'death',
  can: (ctx, owner, e) => e.point === 'death' && e.seat === owner && e.killer !== null && e.killer !== owner && P(ctx.s, e.killer).alive && !!P(ctx.s, e.killer).generals,
  effect: (ctx, owner, e) => {
    if (e.point !== 'death' || e.killer === null) return;
    const s = ctx.s;
    const q = P(s, e.killer);
    const label = (k: 0 | 1) => `${k === 0 ? '主将' : '副将'}${q.revealed[k] ? `（${GENERALS[q.generals![k]]?.zh ?? ''}）` : '（暗置）'}`;
    const k = option(ctx, owner, `断肠：选择${seatName(s, e.killer)}的一张武将牌，其失去该武将牌的所有技能`, [label(0), label(1)], { skill: '断肠' }) as 0 | 1;
    loseSkills(s, e.killer, k);
    ev(ctx, 'skillsLost', { seat: e.killer, which: k === 0 ? 'main' : 'deputy', why: '断肠' });
  },
};

export default [beige, duanchang];
