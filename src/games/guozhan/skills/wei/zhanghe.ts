/**
 * H-WEI-09 张郃 (`hs__zhanghe`) · Wei · 4 half-fish.
 * 巧变 (trigger): just before each of your judge, draw, play and discard phases you may discard a hand card to skip
 * that phase. If you skip the draw phase this way, you may take one hand card each from up to two other
 * characters. If you skip the play phase this way, you may move one card from a character's equipment or judgement
 * area into the same kind of area of another character (the move must be legal: slot free, no same-name delayed
 * trick) (HEG `qiaobian.lua`; the engine's `phaseBefore` point, not offered for a phase already skipped).
 * Accepting, then the hand card (`【弃牌】C`; X3.2: the lowest, G19.1). Draw: `【选择】P、…` up to two characters with
 * hand cards or `【不出】` (X3.2: none), each a blind pick. Play: the character to move from (`【选择】P` or
 * `【不出】`, X3.2: no move), its card (`【选择】武器/乐不思蜀…`, X3.2: equipment in slot order, then judgement
 * cards), then the receiver among those that may legally take it (X3.2: the first from 张郃).
 */
import { discard, move, P, presentFrom, seatName } from '../../core.ts';
import { ev, type Ctx } from '../../flow.ts';
import { chooseOwn, pickOther } from '../../asks.ts';
import { choosePlayers } from '../../skillasks.ts';
import { isSkipped, skipPhase } from '../../triggers.ts';
import { moveOnBoard, type SkillSpec } from '../common.ts';

const PHASES = ['judge', 'draw', 'play', 'discard'] as const;
const ZH = { judge: '判定', draw: '摸牌', play: '出牌', discard: '弃牌' } as const;

function takeTwo(ctx: Ctx, owner: number) {
  const s = ctx.s;
  const legal = presentFrom(s, owner, false).filter((i) => P(s, i).hand.length > 0);
  const ts = choosePlayers(ctx, owner, legal, 0, 2, '巧变：可以选择至多两名有手牌的其他角色，各获得其一张手牌（【选择】角色、角色，或【不出】）');
  for (const t of ts) {
    const got = pickOther(ctx, owner, t, { hand: true }, `巧变：选择${seatName(s, t)}的一张手牌（【选择】手牌N）`);
    if (!got) continue;
    ev(ctx, 'take', { seat: owner, from: t, zone: 'hand', why: '巧变' });
    ev(ctx, 'taken', { seat: owner, from: t, card: got.id, to: [owner, t] });
    move(ctx, [got.id], { zone: 'hand', seat: owner });
  }
}

export const qiaobian: SkillSpec = {
  id: 'qiaobian', name: '巧变', general: 'hs__zhanghe', kind: 'trigger', point: 'phaseBefore',
  can: (ctx, owner, e) => e.point === 'phaseBefore' && e.seat === owner && (PHASES as readonly string[]).includes(e.phase) && !isSkipped(ctx.s, e.phase) && P(ctx.s, owner).hand.length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'phaseBefore') return;
    const ph = e.phase as (typeof PHASES)[number];
    const ids = chooseOwn(ctx, owner, { count: 1, text: `巧变：弃置一张手牌，跳过${ZH[ph]}阶段（【弃牌】牌）`, about: { skill: '巧变' } })!;
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '巧变' });
    discard(ctx, ids);
    skipPhase(ctx.s, ph);
    if (ph === 'draw') takeTwo(ctx, owner);
    if (ph === 'play') moveOnBoard(ctx, owner, '巧变');
  },
};

export default [qiaobian];
