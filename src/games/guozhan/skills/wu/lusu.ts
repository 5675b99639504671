/**
 * H-WU-13 鲁肃 (`hs__lusu`) · Wu · 3 half-fish.
 * 好施 (trigger): in your draw phase you may draw 2 more; then, if you hold more than 5 hand cards, give half of them
 * (rounded down) to another character with the fewest hand cards (you choose among ties) (SHZL `haoshi.lua`). As data:
 * `haoshi` at the engine's `drawPhase` point (+2, once a turn: the engine's count of that use) and `haoshi_give`
 * (locked) right after the draw phase's draw — at the draw phase's end, where nothing else of 鲁肃's happens
 * (FreeKill's AfterDrawNCards). The cards and the receiver are mandatory picks (X3.2: the lowest hand cards; the
 * first legal character from 鲁肃). The receiver learns the cards (X1.1), the table only how many.
 * 缔盟 (active, once per play phase): choose two other characters and discard X cards (X = the difference of their hand
 * counts; X may be 0): they swap hands (SHZL `dimeng.lua`). `【技能】缔盟[ C、…]→A、B`, X cards of yours (hand or
 * equipment). Each hand's cards are known to the two who swap (X1.1).
 */
import { handOver } from '../../skillasks.ts';
import { discard, move, P, presentFrom, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { chooseOwn, choosePlayer, seatOf } from '../../asks.ts';
import { usedIn } from '../../triggers.ts';
import { ownPhase, type SkillSpec, namedCards } from '../common.ts';

export const haoshi: SkillSpec = {
  id: 'haoshi', name: '好施', general: 'hs__lusu', kind: 'trigger', point: 'drawPhase', limit: 'turn',
  can: (_ctx, owner, e) => e.point === 'drawPhase' && e.seat === owner,
  effect: (_ctx, _owner, e) => { if (e.point === 'drawPhase') e.draw.n += 2; },
};

export const haoshiGive: SkillSpec = {
  id: 'haoshi_give', name: '好施', general: 'hs__lusu', kind: 'locked', point: 'phaseEnd',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseEnd', 'draw') && usedIn(ctx.s, owner, 'haoshi', 'turn') && P(ctx.s, owner).hand.length > 5
    && presentFrom(ctx.s, owner, false).length > 0,
  effect: (ctx, owner) => {
    const s = ctx.s;
    const half = Math.floor(P(s, owner).hand.length / 2);
    const others = presentFrom(s, owner, false);
    const fewest = Math.min(...others.map((i) => P(s, i).hand.length));
    const legal = others.filter((i) => P(s, i).hand.length === fewest);
    const t = choosePlayer(ctx, owner, legal, `好施：选择手牌最少的一名其他角色，交给其${half}张手牌（【选择】角色）`, false)!;
    const ids = chooseOwn(ctx, owner, { count: half, text: `好施：选择交给${seatName(s, t)}的${half}张手牌（【选择】牌…）`, about: { skill: '好施' } })!;
    handOver(ctx, owner, t, ids);
    ev(ctx, 'gift', { seat: owner, receiver: t, n: ids.length, why: '好施' });
    ev(ctx, 'given', { seat: owner, receiver: t, cards: ids, to: [owner, t] });
  },
};

const DIMENG = '写法：【技能】缔盟[ 牌、…]→角色、角色（弃置两人手牌数之差张牌）';

export const dimeng: SkillSpec = {
  id: 'dimeng', name: '缔盟', general: 'hs__lusu', kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.targets.length !== 2) return refuse('BAD_SYNTAX', DIMENG);
    const [a, b] = cmd.targets.map((x) => seatOf(s, x, owner)) as [number, number];
    const others = presentFrom(s, owner, false);
    if (a === b || !others.includes(a) || !others.includes(b)) return refuse('ILLEGAL_TARGET', `须选择两名不同的其他角色；${DIMENG}`);
    const x = Math.abs(P(s, a).hand.length - P(s, b).hand.length);
    if (cmd.cards.length !== x) return refuse('BAD_SYNTAX', `${seatName(s, a)}与${seatName(s, b)}手牌数之差为${x}，须弃置${x}张牌；${DIMENG}`);
    const ids = namedCards(s, owner, cmd.cards, true);
    ev(ctx, 'skillTarget', { seat: owner, skill: '缔盟', targets: [a, b], x });
    if (ids.length) { ev(ctx, 'discard', { seat: owner, cards: ids, why: '缔盟' }); discard(ctx, ids); }
    const ha = [...P(s, a).hand], hb = [...P(s, b).hand];
    move(ctx, ha, { zone: 'hand', seat: b });
    move(ctx, hb, { zone: 'hand', seat: a });
    ev(ctx, 'swap', { seat: owner, a, b, na: ha.length, nb: hb.length, why: '缔盟' });
    ev(ctx, 'swapped', { a, b, from: a, cards: ha, to: [a, b] });
    ev(ctx, 'swapped', { a, b, from: b, cards: hb, to: [a, b] });
  },
};

export default [haoshi, haoshiGive, dimeng];
