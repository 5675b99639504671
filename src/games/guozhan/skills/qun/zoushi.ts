/**
 * H-QUN-15 邹氏 (`hs__zoushi`) · Qun · 3 half-fish.
 * 祸水 (locked, HEG `huoshui.lua`): during your turn, while this general is revealed (G13.3: hidden it does nothing,
 * and it is never asked about): other characters cannot reveal generals (a continuous rule `noReveal`, read by
 * cards/sa.ts mayReveal — turn-start reveals, hidden skills, play-phase reveals; the forced reveals on death and at
 * the game's end still happen, G13.2); and your 杀 and 万箭齐发 cannot be responded to by characters that have a
 * hidden general and are not of your kingdom (G14.5) — at G6.2 step 4 (the point `targeted`, the hit's `noJink`: no
 * 闪 is asked for).
 * 倾城 (active, any number of times): discard a black card (hand or equipment) and choose another character whose
 * generals are both revealed: hide one of them, your choice (reveal.ts hide, G13.6: its skills switch off, the kingdom
 * stays). If the discarded card was a black equipment card, you may do the same to another such character.
 * `【技能】倾城 C→P`, then `【选择】1` (main) / `【选择】2` (deputy) (X3.2: the main); with an equipment card, a second
 * `【选择】P` or `【不出】` (X3.2: none).
 */
import { card, colorOf, SLASHES } from '../../cards.ts';
import { hasHidden, move, P, present, presentFrom, sameKingdom, seatName } from '../../core.ts';
import { ev, refuse, type Ctx } from '../../flow.ts';
import { choosePlayer, option, seatOf } from '../../asks.ts';
import { hide } from '../../reveal.ts';
import { GENERALS } from '../../generals.ts';
import { namedCards, type SkillSpec } from '../common.ts';

/** 邹氏 is revealed on `owner` (祸水 works only then). */
const zoushiShown = (s: import('../../types.ts').State, owner: number) => {
  const p = P(s, owner);
  return !!p.generals && p.generals.some((g, k) => g === 'hs__zoushi' && p.revealed[k]);
};

export const huoshuiReveal: SkillSpec = {
  id: 'huoshui', name: '祸水', general: 'hs__zoushi', kind: 'rule',
  noReveal: (s, owner, seat) => s.turn.seat === owner && seat !== owner,
};

export const huoshuiRespond: SkillSpec = {
  id: 'huoshui_respond', name: '祸水', general: 'hs__zoushi', kind: 'locked', point: 'targeted',
  can: (ctx, owner, e) => e.point === 'targeted' && e.user === owner && ctx.s.turn.seat === owner && zoushiShown(ctx.s, owner)
    && (SLASHES.has(e.card.name) || e.card.name === '万箭齐发') && !e.hit.noJink && !e.hit.noEffect
    && hasHidden(P(ctx.s, e.target)) && !sameKingdom(ctx.s, owner, e.target),
  effect: (_ctx, _owner, e) => { if (e.point === 'targeted') e.hit.noJink = true; },
};

const HELP = '写法：【技能】倾城 黑色牌→两张武将牌都明置的其他角色';
const bothShown = (ctx: Ctx, owner: number, i: number) => i !== owner && present(ctx.s, i) && !!P(ctx.s, i).generals && P(ctx.s, i).revealed[0] && P(ctx.s, i).revealed[1];

/** Hides one of `t`'s two revealed generals, the owner's choice. */
function hideOne(ctx: Ctx, owner: number, t: number) {
  const g = P(ctx.s, t).generals!;
  const k = option(ctx, owner, `倾城：暗置${seatName(ctx.s, t)}的一张武将牌`, [`主将（${GENERALS[g[0]]?.zh ?? g[0]}）`, `副将（${GENERALS[g[1]]?.zh ?? g[1]}）`], { skill: '倾城' }) as 0 | 1;
  ev(ctx, 'skillTarget', { seat: owner, skill: '倾城', target: t });
  hide(ctx, t, k);
}

export const qingcheng: SkillSpec = {
  id: 'qingcheng', name: '倾城', general: 'hs__zoushi', kind: 'active',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', HELP);
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (!bothShown(ctx, owner, t)) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}不是两张武将牌都明置的其他角色；${HELP}`);
    const [id] = namedCards(s, owner, cmd.cards, true, (x) => colorOf(card(x).suit) === 'black', '要一张黑色牌');
    const equip = card(id!).type === 'equip';
    ev(ctx, 'discard', { seat: owner, cards: [id], why: '倾城' });
    move(ctx, [id!], { zone: 'discard' });
    hideOne(ctx, owner, t);
    if (!equip) return;
    const more = presentFrom(s, owner, false).filter((i) => i !== t && bothShown(ctx, owner, i));
    const u = choosePlayer(ctx, owner, more, '倾城：可以再选择一名两张武将牌都明置的其他角色（【选择】角色，或【不出】）', true);
    if (u !== null) hideOne(ctx, owner, u);
  },
};

export default [huoshuiReveal, huoshuiRespond, qingcheng];
