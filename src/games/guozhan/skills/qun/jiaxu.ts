/**
 * H-QUN-06 贾诩 (`hs__jiaxu`) · Qun · 3 half-fish.
 * 乱武 (limited 限定技, play phase): every other character, in seat order from your next, must use a 杀 on a character
 * at the smallest distance from it (among the others), or lose 1 HP (SHZL `luanwu.lua`). `【技能】乱武`. Each is asked
 * in turn (X3.1: the response timeout): `【杀】C→P` with P one of the characters nearest to it that its 杀 may
 * target (in its attack range, G7.4); `→P` may be left out when only one qualifies; with none, or no hand card, it
 * loses the HP without being asked. The 杀 is its own use (G6.7: used, not played), does not count toward any limit,
 * and goes through the use pipeline; a pay-or-suffer prompt, so `【不出】` or the timeout means losing 1 HP (X3.2).
 * 帷幕 (locked): when you become a target of a black trick, cancel yourself as a target (HEG `weimu.lua`). At G6.2
 * step 3 (`becomeTarget`; not a prohibition, G6.2 step 1); a hidden 贾诩 is asked whether to reveal (G13.2 item 2). A
 * trick by the name it is used as (G6.4), black by its colour (G1.6: a converted card of two colours has none). A
 * cancelled delayed trick goes to the discard pile instead of the judgement area (use.ts). A black delayed trick
 * *moved* into the area (闪电 passing on, 巧变/谋断's move) goes to the discard pile instead (the point `judgeMoving`,
 * cards/delayed.ts placeInJudge; C-LIGHTNING: 闪电 does not skip 贾诩, it is discarded on him).
 * 完杀 (locked, SHZL `wansha.lua`): during your turn, characters other than you and the dying character cannot use 桃
 * (G11.3) — a continuous rule (`noPeach`, read by damage.ts in the rescue round: such a character is not asked, and a
 * 桃 it names is refused). Only while 贾诩 is revealed and alive (G13.3: a hidden 完杀 does not apply; it is switched on by
 * revealing at turn start or in the play phase, G13.2). The first rescue round it restricts logs its activation.
 */
import { card, colorOf, SLASHES } from '../../cards.ts';
import { distance, inRange, P, present, presentFrom, seatName } from '../../core.ts';
import { ask, refuse, type Ctx } from '../../flow.ts';
import { seatOf } from '../../asks.ts';
import { loseHp } from '../../damage.ts';
import { resolveCardCmd } from '../../resolve.ts';
import { slashUse } from '../../cards/basic.ts';
import { usedConverted } from '../../triggers.ts';
import type { SkillSpec } from '../common.ts';
import { becomingTarget, cancelTarget, isTrick } from '../targeting.ts';

/** One character's part: a 杀 on a nearest character in its range, or true when it must lose 1 HP. */
function slashOrLose(ctx: Ctx, owner: number, x: number): boolean {
  const s = ctx.s;
  const others = presentFrom(s, x, false);
  if (!others.length || !P(s, x).hand.length) return true;
  const near = Math.min(...others.map((y) => distance(s, x, y)));
  const legal = others.filter((y) => distance(s, x, y) === near && inRange(s, x, y));
  if (!legal.length) return true;
  const names = legal.map((y) => seatName(s, y)).join('、');
  const r = ask(ctx, { kind: 'respond', seats: [x], want: '杀', mode: 'use', from: owner, text: `${seatName(s, owner)}发动【乱武】：对${names}之一使用一张【杀】（【杀】牌→角色），或【不出】失去1点体力`, about: { skill: '乱武', legal } }, 'response');
  const c = r.cmd;
  if (!c || c.k === 'pass') return true;
  if (c.k !== 'card') return refuse('NO_PROMPT', `乱武：【杀】牌→${names}，或【不出】`);
  const uc = resolveCardCmd(s, x, c, [...SLASHES]);
  if (c.targets.length > 1 || (!c.targets.length && legal.length > 1)) return refuse('BAD_SYNTAX', `乱武：【杀】牌→${names}之一`);
  const t = c.targets.length ? seatOf(s, c.targets[0]!, x) : legal[0]!;
  if (!legal.includes(t)) return refuse('ILLEGAL_TARGET', `乱武：只能对${names}使用【杀】`);
  usedConverted(ctx, x, uc, [t]);
  slashUse(ctx, x, uc, [t], false);
  return false;
}

export const luanwu: SkillSpec = {
  id: 'luanwu', name: '乱武', general: 'hs__jiaxu', kind: 'active', limit: 'game',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length || cmd.targets.length) return refuse('BAD_SYNTAX', '写法：【技能】乱武');
    for (const x of presentFrom(s, owner, false)) {
      if (!present(s, x)) continue;
      if (slashOrLose(ctx, owner, x)) loseHp(ctx, x, 1);
    }
  },
};

export const weimu: SkillSpec = {
  id: 'weimu', name: '帷幕', general: 'hs__jiaxu', kind: 'locked', point: 'becomeTarget',
  can: (_ctx, owner, e) => { const b = becomingTarget(e, owner); return !!b && b.card.color === 'black' && isTrick(b.card); },
  effect: (ctx, _owner, e) => cancelTarget(ctx, e, '帷幕'),
};

export const wansha: SkillSpec = {
  id: 'wansha', name: '完杀', general: 'hs__jiaxu', kind: 'rule',
  noPeach: (s, owner, user, dying) => s.turn.seat === owner && user !== owner && user !== dying,
};

/** 帷幕's second part: a black delayed trick that would be moved into your judgement area goes to the discard pile instead. */
export const weimuMove: SkillSpec = {
  id: 'weimu_move', name: '帷幕', general: 'hs__jiaxu', kind: 'locked', point: 'judgeMoving',
  can: (_ctx, owner, e) => e.point === 'judgeMoving' && e.seat === owner && colorOf(card(e.card).suit) === 'black',
  effect: (_ctx, _owner, e) => { if (e.point === 'judgeMoving') e.to.discard = true; },
};

export default [luanwu, weimu, weimuMove, wansha];
