/**
 * H-WU-03 吕蒙 (`hs__lvmeng`) · Wu · 4 half-fish.
 * Both skills read the cards 吕蒙 used in this turn's play phase (skills/common.ts `usedInPlay`: every use — a 杀, a
 * trick, a 桃 in a rescue, a delayed trick, an equipment card (G5.6), a 无懈可击 — none when the play phase was
 * skipped). A converted card has its G1.6 suit and colour (one source: its own; several: none, the shared colour) and
 * the type of the card it became; a virtual card has neither.
 * 克己 (locked): at the start of your discard phase, if those cards include no coloured card or are all of one colour,
 * your hand limit is +4 this turn (HEG `keji.lua`: the turn's hand-limit bonus, `turn.limitBonus`, which the discard
 * phase reads after its start). A hidden 吕蒙 is asked whether to reveal for it (G13.2 item 2; X3.2: no).
 * 谋断 (trigger): at your finish phase, if those cards cover all four suits (a no-suit card adds none) or all three
 * types (basic, trick — delayed ones included —, equipment), you may move one card on the board (equipment or
 * judgement area) to the same kind of area of another character, legally (HEG `mouduan.lua`; skills/common.ts
 * `moveOnBoard`, shared with 巧变: `【选择】P`, its card, the receiver; X3.2: no move).
 */
import { P, presentFrom } from '../../core.ts';
import { ev } from '../../flow.ts';
import { movable, moveOnBoard, ownPhase, usedInPlay, type SkillSpec } from '../common.ts';

export const keji: SkillSpec = {
  id: 'keji', name: '克己', general: 'hs__lvmeng', kind: 'locked', point: 'phaseStart',
  can: (ctx, owner, e) => {
    if (!ownPhase(e, owner, 'phaseStart', 'discard')) return false;
    const colors = new Set(usedInPlay(ctx.s, owner).flatMap((u) => (u.color ? [u.color] : [])));
    return colors.size <= 1;
  },
  effect: (ctx, owner) => {
    ctx.s.turn.limitBonus += 4;
    ev(ctx, 'handLimit', { seat: owner, n: 4, why: '克己' });
  },
};

export const mouduan: SkillSpec = {
  id: 'mouduan', name: '谋断', general: 'hs__lvmeng', kind: 'trigger', point: 'phaseStart',
  can: (ctx, owner, e) => {
    if (!ownPhase(e, owner, 'phaseStart', 'finish') || !P(ctx.s, owner).alive) return false;
    const used = usedInPlay(ctx.s, owner);
    const suits = new Set(used.flatMap((u) => (u.suit ? [u.suit] : [])));
    const types = new Set(used.map((u) => u.type));
    if (suits.size < 4 && types.size < 3) return false;
    return presentFrom(ctx.s, owner).some((i) => movable(ctx, i).length > 0);
  },
  effect: (ctx, owner) => moveOnBoard(ctx, owner, '谋断'),
};

export default [keji, mouduan];
