/**
 * H-SHU-12 刘禅 (`hs__liushan`) · Shu · 3 half-fish.
 * 放权 (trigger): you may skip your play phase; if you do, at the end of this turn you may discard a hand card and
 * choose another character: it takes an extra turn after this one (SHZL `fangquan.lua`). As data: `fangquan` at the
 * engine's `phaseBefore` point of the play phase (skips it; once a turn — the engine's count is the "if you do") and
 * `fangquan_turn` at the end of the turn's last phase (the finish phase's end: nothing of the turn comes after it but
 * the turn's end; a finish phase skipped by another effect loses it). The extra turn joins G4.9's queue
 * (`extraTurns`): it comes after this turn, before the next seat's; its owner dead by then loses it. The card and the
 * character are mandatory once accepted (X3.2: the lowest hand card; the first other character from 刘禅).
 * 享乐 (locked): after you become the target of a 杀, its user must discard a basic card, or the 杀 has no effect on you
 * (HEG `xiangle.lua`). G6.2 step 4 (`targeted`, the target's side): the user is asked (`【弃牌】C`, a basic hand card;
 * X3.1/X3.2: a pay-or-suffer prompt — the response timeout, and not paying by default); not paying, or holding no basic
 * card, sets the target's `noEffect` (G6.6: skipped in step 5). A hidden 刘禅 is asked whether to reveal (G13.2 item 2).
 */
import { discard, P, presentFrom } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn, choosePlayer } from '../../asks.ts';
import { skipPhase, usedIn } from '../../triggers.ts';
import { ownPhase, type SkillSpec } from '../common.ts';
import { card } from '../../cards.ts';
import { seatName } from '../../core.ts';
import { slashTargeted } from '../targeting.ts';

export const fangquan: SkillSpec = {
  id: 'fangquan', name: '放权', general: 'hs__liushan', kind: 'trigger', point: 'phaseBefore', limit: 'turn',
  can: (_ctx, owner, e) => e.point === 'phaseBefore' && e.seat === owner && e.phase === 'play',
  effect: (ctx, owner) => { skipPhase(ctx.s, 'play'); ev(ctx, 'skipBy', { seat: owner, phase: 'play', why: '放权' }); },
};

export const fangquanTurn: SkillSpec = {
  id: 'fangquan_turn', name: '放权', general: 'hs__liushan', kind: 'trigger', point: 'phaseEnd',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseEnd', 'finish') && usedIn(ctx.s, owner, 'fangquan', 'turn')
    && P(ctx.s, owner).hand.length > 0 && presentFrom(ctx.s, owner, false).length > 0,
  effect: (ctx, owner) => {
    const s = ctx.s;
    const ids = chooseOwn(ctx, owner, { count: 1, text: '放权：弃置一张手牌（【弃牌】牌）', about: { skill: '放权' } })!;
    const t = choosePlayer(ctx, owner, presentFrom(s, owner, false), '放权：选择一名其他角色，其于此回合结束后进行一个额外回合（【选择】角色）', false)!;
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '放权' });
    discard(ctx, ids);
    s.extraTurns.push(t);
    ev(ctx, 'extraTurn', { seat: t, by: owner, why: '放权' });
  },
};

export const xiangle: SkillSpec = {
  id: 'xiangle', name: '享乐', general: 'hs__liushan', kind: 'locked', point: 'targeted',
  can: (_ctx, owner, e) => { const t = slashTargeted(e); return !!t && t.target === owner && !t.hit.noEffect; },
  effect: (ctx, owner, e) => {
    const t = slashTargeted(e);
    if (!t) return;
    const s = ctx.s;
    const paid = P(s, t.user).alive ? chooseOwn(ctx, t.user, { count: 1, optional: true, timeout: 'response', filter: (id) => card(id).type === 'basic', text: `享乐：弃置一张基本牌，否则此【杀】对${seatName(s, owner)}无效（【弃牌】牌，或【不出】）`, about: { skill: '享乐' } }) : null;
    if (paid && paid.length) { ev(ctx, 'discard', { seat: t.user, cards: paid, why: '享乐' }); discard(ctx, paid); return; }
    t.hit.noEffect = true;
  },
};

export default [xiangle, fangquan, fangquanTurn];
