/**
 * H-SHU-11 卧龙诸葛亮 (`hs__wolong`) · Shu · 3 half-fish.
 * 火计 (conversion): you may use a red hand card as 火攻 (SHZL `huoji.lua`).
 * 看破 (conversion): you may use a black hand card as 无懈可击 (SHZL `kanpo.lua`) — in any nullify window (G21.4).
 * Both are the engine's `convert` kind: `【火攻】♥K（火计）→P`, `【无懈可击】♠5（看破）` (the `（K）` may be left out when
 * only one converter fits, X6.2); a hidden 卧龙 is revealed when the converted card is used (G13.4). A converted card
 * keeps its source card's suit and rank (G1.6).
 * 八阵 (locked): while your armor slot is empty, you count as equipped with 八卦阵 (HEG `bazhen.lua`). At each 闪 request
 * (the engine's `jinkAsk` point, G21.2 / G6.5: 杀, 万箭齐发, each of 无双's two) the request offers 八卦阵's judgement
 * (`【技能】八卦阵` or `【技能】八阵`; red: a 闪 is used/played, once per request). Not while an armor is equipped, nor
 * when 青釭剑 makes the armor (and so 八阵) ineffective. A hidden 卧龙 is asked whether to reveal for it (G13.2 item 2,
 * G13.3: a hidden general's continuous effect does not apply otherwise).
 */
import { card, colorOf } from '../../cards.ts';
import { P } from '../../core.ts';
import type { SkillSpec } from '../common.ts';

const oneHand = (hand: readonly string[], ids: readonly string[], color: 'red' | 'black') =>
  ids.length === 1 && hand.includes(ids[0]!) && colorOf(card(ids[0]!).suit) === color;

export const huoji: SkillSpec = {
  id: 'huoji', name: '火计', general: 'hs__wolong', kind: 'convert', makes: ['火攻'],
  can: (s, owner, ids) => oneHand(P(s, owner).hand, ids, 'red'),
};

export const kanpo: SkillSpec = {
  id: 'kanpo', name: '看破', general: 'hs__wolong', kind: 'convert', makes: ['无懈可击'],
  can: (s, owner, ids) => oneHand(P(s, owner).hand, ids, 'black'),
};

export const bazhen: SkillSpec = {
  id: 'bazhen', name: '八阵', general: 'hs__wolong', kind: 'locked', point: 'jinkAsk',
  can: (ctx, owner, e) => e.point === 'jinkAsk' && e.seat === owner && !e.ask.eightDiagram && !e.ask.ignoreArmor && !P(ctx.s, owner).equip.armor,
  effect: (_ctx, _owner, e) => { if (e.point === 'jinkAsk') { e.ask.eightDiagram = true; e.ask.by = '八阵'; } },
};

export default [bazhen, huoji, kanpo];
