/**
 * H-SHU-12 刘禅 (`hs__liushan`) · Shu · 3 half-fish.
 * 放权 (trigger): you may skip your play phase; if you do, at the end of this turn you may discard a hand card and
 * choose another character: it takes an extra turn after this one (SHZL `fangquan.lua`). As data: `fangquan` at the
 * engine's `phaseBefore` point of the play phase (skips it; once a turn — the engine's count is the "if you do") and
 * `fangquan_turn` at the end of the turn's last phase (the finish phase's end: nothing of the turn comes after it but
 * the turn's end; a finish phase skipped by another effect loses it). The extra turn joins G4.9's queue
 * (`extraTurns`): it comes after this turn, before the next seat's; its owner dead by then loses it. The card and the
 * character are mandatory once accepted (X3.2: the lowest hand card; the first other character from 刘禅).
 * 享乐 (locked): waiting — see COVERAGE in ./index.ts.
 */
import { discard, P, presentFrom } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn, choosePlayer } from '../../asks.ts';
import { skipPhase, usedIn } from '../../triggers.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

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

export default [fangquan, fangquanTurn];
