/**
 * H-SHU-04 诸葛亮 (`hs__zhugeliang`) · Shu · 3 half-fish.
 * 观星 (trigger): at your start phase you may look at the top X cards (X = alive characters, at most 5), put any of
 * them back on top in any order and the rest at the bottom in any order (HEG `guanxing.lua`). The cards are seen by
 * 诸葛亮 only (X1.1, a private `seen` row; the prompt is private too); the table learns how many went on top and how
 * many to the bottom (X1). The answer is `【排列】上 C、… 下 C、…` (X6.2, each list top to bottom, every card once);
 * `【确定】`, `【不出】` or the timeout keep them all on top in their order (X3.2). The pile is reshuffled first when it
 * holds fewer than X (G20.1).
 * 空城 (locked), its targeting part: while you have no hand cards, when you become a target of 杀 or 决斗, cancel
 * yourself as a target (HEG `kongcheng.lua`) — G6.2 step 3 (`becomeTarget`; not a prohibition, G6.2 step 1); a hidden
 * 诸葛亮 is asked whether to reveal (G13.2 item 2). Its 琴 part: outside your turn, while you have no hand cards,
 * cards another character gives (交给) you — 仁德, 好施, 遗计, 礼让, 反间, 连横 (skillasks.ts handOver, the point
 * `giving`) — are placed face up on your general as "琴" (the pile `琴`, public, X1) instead of into your hand; at
 * the start of your draw phase you take all 琴 into your hand (HEG `kongcheng.lua`). A hidden 诸葛亮 is asked
 * whether to reveal for each (G13.2 item 2; X3.2: no — the cards then go to the hand).
 */
import { card, rankText } from '../../cards.ts';
import { aliveSeats, ensure } from '../../core.ts';
import { ask, ev, refuse, type Ctx } from '../../flow.ts';
import { fits, refText, seen } from '../../asks.ts';
import type { CardRef } from '../../types.ts';
import { ownPhase, type SkillSpec } from '../common.ts';
import { becomingTarget, cancelTarget } from '../targeting.ts';
import { SLASHES } from '../../cards.ts';
import { move, P } from '../../core.ts';

/** A card as the prompt names it: suit, rank and name, without its physical id (the pile's ids stay out of views). */
const faceText = (id: string) => { const c = card(id); return `${c.suit}${rankText(c.rank)}【${c.name}】`; };

const HELP = '观星：【排列】上 牌、牌… 下 牌、牌…（每组从上到下，每张牌恰好一次）；【确定】全部按原顺序放回牌堆顶';

/** The looked-at cards the two lists name, each exactly once. */
function arrange(ids: string[], top: CardRef[], bottom: CardRef[]): { top: string[]; bottom: string[] } {
  const used: string[] = [];
  const pick = (refs: CardRef[]) => refs.map((ref) => {
    const id = ids.find((x) => !used.includes(x) && fits(x, ref));
    if (!id) return refuse('UNKNOWN_CARD', `观星：${refText(ref)}不是你看的牌（${ids.map(faceText).join('、')}）`);
    used.push(id);
    return id;
  });
  const t = pick(top), b = pick(bottom);
  if (used.length !== ids.length) return refuse('BAD_SYNTAX', `${HELP}（共${ids.length}张）`);
  return { top: t, bottom: b };
}

export function guanxingOrder(ctx: Ctx, owner: number, ids: string[]): { top: string[]; bottom: string[] } {
  // The prompt names the cards by suit, rank and name (the ids of the draw pile stay out of every view; the private
  // `seen` row has them for the owner); `【排列】` may name them either way.
  const r = ask(ctx, { kind: 'confirm', seats: [owner], secret: true, text: `观星：${ids.map(faceText).join('、')}（从上到下）。${HELP}`, about: { skill: '观星', count: ids.length } }, 'choice');
  const c = r.cmd;
  if (!c || c.k === 'ok' || c.k === 'pass') return { top: [...ids], bottom: [] };
  if (c.k !== 'arrange') return refuse('NO_PROMPT', HELP);
  return arrange(ids, c.top, c.bottom);
}

export const guanxing: SkillSpec = {
  id: 'guanxing', name: '观星', general: 'hs__zhugeliang', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'prepare'),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const x = Math.min(5, aliveSeats(s).length);
    ensure(ctx, x);
    const ids = s.drawPile.slice(0, x);
    seen(ctx, owner, '牌堆顶', [...ids]);
    const { top, bottom } = guanxingOrder(ctx, owner, ids);
    s.drawPile = [...top, ...s.drawPile.slice(x), ...bottom];
    ev(ctx, 'guanxing', { seat: owner, top: top.length, bottom: bottom.length });
  },
};

export const kongcheng: SkillSpec = {
  id: 'kongcheng', name: '空城', general: 'hs__zhugeliang', kind: 'locked', point: 'becomeTarget',
  can: (ctx, owner, e) => {
    const b = becomingTarget(e, owner);
    return !!b && (SLASHES.has(b.card.name) || b.card.name === '决斗') && P(ctx.s, owner).hand.length === 0;
  },
  effect: (ctx, _owner, e) => cancelTarget(ctx, e, '空城'),
};

/** 空城's 琴: cards given outside your turn while you have no hand cards go face up onto your general. */
export const kongchengQin: SkillSpec = {
  id: 'kongcheng_qin', name: '空城', general: 'hs__zhugeliang', kind: 'locked', point: 'giving',
  can: (ctx, owner, e) => e.point === 'giving' && e.receiver === owner && e.giver !== owner && ctx.s.turn.seat !== owner && P(ctx.s, owner).hand.length === 0,
  effect: (_ctx, _owner, e) => { if (e.point === 'giving') e.to.pile = '琴'; },
};

/** 空城's 琴, taken: at the start of your draw phase, all 琴 into your hand. */
export const kongchengTake: SkillSpec = {
  id: 'kongcheng_take', name: '空城', general: 'hs__zhugeliang', kind: 'locked', point: 'phaseStart',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'draw') && !!P(ctx.s, owner).pile?.['琴']?.length,
  effect: (ctx, owner) => {
    const ids = [...P(ctx.s, owner).pile!['琴']!];
    ev(ctx, 'gain', { seat: owner, cards: ids, why: '空城' });
    move(ctx, ids, { zone: 'hand', seat: owner });
  },
};

export default [guanxing, kongcheng, kongchengQin, kongchengTake];
