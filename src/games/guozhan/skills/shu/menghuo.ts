/**
 * H-SHU-13 孟获 (`hs__menghuo`) · Shu · 4 half-fish.
 * 再起 (trigger): in your draw phase, if you are wounded, you may instead reveal the top X cards (X = your lost HP):
 * recover 1 per ♥ among them (those go to the discard pile) and take the others (SHZL `zaiqi.lua`). On the engine's
 * `drawPhase` point: the draw becomes 0 (G4.5 "replace the draw"). The cards are shown face up in the processing area
 * (X1, a public `show` row); the recovery is one recovery of as many points as ♥ (capped at max HP, G8.4).
 * 祸首 (locked): 南蛮入侵 has no effect on you; after another character's 南蛮入侵 chooses its targets, you become the
 * source of the damage it deals (HEG `huoshou.lua`). Both at G6.2 step 4 (`targeted`): on 孟获 as a target, `noEffect`
 * (G6.6: skipped, no nullify window); on each other target of another's 南蛮入侵, `source` = 孟获 (the damage is 孟获's:
 * 奸雄, 反馈 … answer to it, G8.1). A hidden 孟获 is asked whether to reveal (G13.2 item 2) — at each such target until
 * it does.
 */
import { card } from '../../cards.ts';
import { discard, move, P, recover, takeTop } from '../../core.ts';
import { ev } from '../../flow.ts';
import type { SkillSpec } from '../common.ts';

export const zaiqi: SkillSpec = {
  id: 'zaiqi', name: '再起', general: 'hs__menghuo', kind: 'trigger', point: 'drawPhase',
  can: (ctx, owner, e) => e.point === 'drawPhase' && e.seat === owner && P(ctx.s, owner).hp < P(ctx.s, owner).maxHp,
  effect: (ctx, owner, e) => {
    if (e.point !== 'drawPhase') return;
    const s = ctx.s;
    e.draw.n = 0;
    const p = P(s, owner);
    const ids = takeTop(ctx, p.maxHp - p.hp);
    s.processing.push(...ids);
    ev(ctx, 'show', { seat: owner, cards: ids, why: '再起' });
    const hearts = ids.filter((id) => card(id).suit === '♥');
    const rest = ids.filter((id) => !hearts.includes(id));
    if (hearts.length) { recover(ctx, owner, hearts.length, '再起'); discard(ctx, hearts); }
    if (rest.length) { ev(ctx, 'gain', { seat: owner, cards: rest, why: '再起' }); move(ctx, rest, { zone: 'hand', seat: owner }); }
  },
};

export const huoshou: SkillSpec = {
  id: 'huoshou', name: '祸首', general: 'hs__menghuo', kind: 'locked', point: 'targeted',
  can: (_ctx, owner, e) => e.point === 'targeted' && e.card.name === '南蛮入侵'
    && (e.target === owner ? !e.hit.noEffect : e.user !== owner && e.hit.source !== owner),
  effect: (_ctx, owner, e) => {
    if (e.point !== 'targeted') return;
    if (e.target === owner) e.hit.noEffect = true;
    else e.hit.source = owner;
  },
};

export default [huoshou, zaiqi];
