/**
 * H-QUN-04 袁绍 (`hs__yuanshao`) · Qun · 4 half-fish.
 * 乱击 (conversion): you may use two hand cards as 万箭齐发; neither may be of a suit already used for 乱击 this turn.
 * After a character of the same kingdom as you plays a 闪 against that 万箭齐发 (G6.1), it may draw 1 (HEG `luanji.lua`).
 * As data: `luanji` (the engine's `convert` kind: `【万箭齐发】C、C（乱击）`; the suits of the two cards, as they count
 * for 袁绍 — core.ts suitOf — are counted for this turn by the engine's skill-use record, triggers.ts markUsed/usedIn,
 * so a card of a used suit is refused) and `luanji_draw` at the engine's `jinkUsed` point: a 闪 *played* against a
 * 万箭齐发 made by 乱击 whose user is 袁绍, by another character of 袁绍's kingdom (G14: a hidden one has none) — that
 * character is asked (`【确定】`, X3.2: no).
 */
import { draw, P, sameKingdom, seatName, suitOf } from '../../core.ts';
import { confirm } from '../../asks.ts';
import { markUsed, usedIn } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';

export const luanji: SkillSpec = {
  id: 'luanji', name: '乱击', general: 'hs__yuanshao', kind: 'convert', makes: ['万箭齐发'],
  can: (s, owner, ids) => ids.length === 2 && ids.every((id) => P(s, owner).hand.includes(id) && !usedIn(s, owner, `luanji${suitOf(s, owner, id)}`, 'turn')),
  onUse: (ctx, owner, card) => { for (const id of card.ids) markUsed(ctx.s, owner, `luanji${suitOf(ctx.s, owner, id)}`, 'turn'); },
};

export const luanjiDraw: SkillSpec = {
  id: 'luanji_draw', name: '乱击', general: 'hs__yuanshao', kind: 'locked', point: 'jinkUsed',
  can: (ctx, owner, e) => e.point === 'jinkUsed' && e.mode === 'play' && e.against?.name === '万箭齐发' && e.against.skill === '乱击'
    && e.from === owner && e.seat !== owner && P(ctx.s, e.seat).alive && sameKingdom(ctx.s, owner, e.seat),
  effect: (ctx, owner, e) => {
    if (e.point !== 'jinkUsed') return;
    if (confirm(ctx, e.seat, `乱击：你打出【闪】响应了${seatName(ctx.s, owner)}的【万箭齐发】，可以摸一张牌（【确定】或【不出】）`, { skill: '乱击' })) draw(ctx, e.seat, 1, '乱击');
  },
};

export default [luanji, luanjiDraw];
