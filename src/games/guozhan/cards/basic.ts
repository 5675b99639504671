/**
 * C-SLASH (杀, 雷杀, 火杀) from use to hit, with the weapons and armor that act on it: 朱雀羽扇 when used,
 * 青釭剑 and 雌雄双股剑 after targeting, 藤甲/仁王盾 "no effect" (G6.6), the 闪 request with 八卦阵 (G21.2),
 * 贯石斧 after a 闪, and the 酒 buff (C-ANALEPTIC). 桃 and 酒 themselves are in use.ts (play) and damage.ts (rescue).
 */
import { card, natureOf } from '../cards.ts';
import { discard, draw, equipped, move, P, seatName, sexOf } from '../core.ts';
import { ev, type Ctx } from '../flow.ts';
import { chooseOwn, confirm } from '../asks.ts';
import { armorOf, damage } from '../damage.ts';
import { becomeTargets, countAsUser, plainHit, targetedHit, usedText } from '../resolve.ts';
import { askJinkCard } from '../use.ts';
import type { UsedCard } from '../types.ts';
import { T } from '../texts.ts';
import { trigger, type TargetHit } from '../triggers.ts';
import { ironArmorCancels } from './sa.ts';

/** A 杀's use (G6.2): `counts` when it is the play phase's own 杀 (G5.1). */
export function slashUse(ctx: Ctx, user: number, uc: UsedCard, targets: number[], counts: boolean) {
  const s = ctx.s;
  countAsUser(s, user, uc);
  move(ctx, uc.ids, { zone: 'processing' });
  ev(ctx, 'use', { seat: user, card: usedText(uc), name: uc.name, targets, cards: uc.ids });
  if (counts) s.turn.slashes += 1;
  // Step 2 (when used): general skills first, then equipment (G21.1).
  trigger(ctx, { point: 'cardUsed', user, card: uc, targets });
  let used = uc;
  // Step 2 (when used): 朱雀羽扇 may make an ordinary 杀 a 火杀 (C-FAN).
  if (used.name === '杀' && equipped(P(s, user), '朱雀羽扇') && confirm(ctx, user, T.fan, { skill: '朱雀羽扇' })) {
    used = { ...used, name: '火杀' };
    ev(ctx, 'equipSkill', { seat: user, skill: '朱雀羽扇', name: '火杀' });
  }
  // C-ANALEPTIC: the buff attaches to this 杀 now and is spent even if it is offset.
  const wine = user === s.turn.seat && s.turn.wineBuff;
  if (wine) { s.turn.wineBuff = false; ev(ctx, 'wine', { seat: user }); }
  // Step 3: the general skills first (空城, 流离: resolve.ts becomeTargets), then C-SA-IRON-ARMOR cancels its wearer
  // as a target of a 火杀 (one 朱雀羽扇 made too).
  targets = becomeTargets(ctx, user, used, targets);
  targets = targets.filter((t) => {
    if (!ironArmorCancels(s, used.name, t)) return true;
    ev(ctx, 'cancelled', { seat: t, card: usedText(used), armor: '明光铠' });
    return false;
  });
  // C-SA-BLADE (locked): the targets cannot reveal generals until this 杀 has finished resolving.
  const blade = equipped(P(s, user), '青龙偃月刀');
  const before = s.noReveal;
  if (blade) s.noReveal = [...before, ...targets];
  // Step 4 (after targeting): 青釭剑 is locked; 雌雄双股剑 may ask each target of the other sex.
  const qinggang = equipped(P(s, user), '青釭剑');
  // The general skills (`targetConfirmed`, then `targeted` with the target's TargetHit: 铁骑 烈弓 鞬出 享乐 无双) before
  // the equipment (G21.1).
  const hits = new Map<number, TargetHit>();
  for (const t of targets) {
    trigger(ctx, { point: 'targetConfirmed', user, card: used, target: t });
    hits.set(t, targetedHit(ctx, user, used, t));
    const a = sexOf(P(s, user)), b = sexOf(P(s, t));
    if (P(s, user).alive && P(s, t).alive && equipped(P(s, user), '雌雄双股剑') && a && b && a !== b && confirm(ctx, user, T.doubleSword(seatName(s, t)), { skill: '雌雄双股剑' })) {
      ev(ctx, 'equipSkill', { seat: user, skill: '雌雄双股剑', target: t });
      // X3.1/X3.2: a pay-or-suffer prompt — the response timeout, and not paying by default.
      const paid = chooseOwn(ctx, t, { count: 1, optional: true, timeout: 'response', text: T.doubleSwordChoice(seatName(s, user)) });
      if (paid && paid.length) { ev(ctx, 'discard', { seat: t, cards: paid }); discard(ctx, paid); }
      else draw(ctx, user, 1, '雌雄双股剑');
    }
  }
  // Step 5: each target in order. C-SA-HALBERD: once a target offsets it, it has no effect on the rest.
  let halted = false;
  for (const t of targets) {
    if (!P(s, t).alive) continue;
    if (halted) { ev(ctx, 'noEffect', { seat: t, card: usedText(used), weapon: '方天画戟' }); continue; }
    trigger(ctx, { point: 'cardEffect', user, card: used, target: t });
    if (slashEffect(ctx, user, used, t, wine, qinggang, hits.get(t) ?? plainHit(user)) && targets.length > 1) halted = true;
  }
  trigger(ctx, { point: 'cardFinished', user, card: used, targets });
  if (blade) s.noReveal = before;
  discard(ctx, uc.ids.filter((id) => s.processing.includes(id)));
}

/**
 * One target's part of a 杀; true when a 闪 offset it (and 贯石斧 did not make it hit anyway). `hit` is what the skills
 * after targeting made of it: no effect (享乐), no 闪 allowed (铁骑 烈弓 鞬出), two 闪 in a row (无双, G21.2: each
 * request may try 八卦阵 once; a first 闪 is spent even if the second fails).
 */
function slashEffect(ctx: Ctx, user: number, uc: UsedCard, t: number, wine: boolean, qinggang: boolean, hit: TargetHit): boolean {
  const s = ctx.s;
  if (hit.noEffect) { ev(ctx, 'noEffect', { seat: t, card: usedText(uc) }); return false; }
  const armor = armorOf(ctx, t, qinggang ? t : null);
  // G6.6: "has no effect" — the target is skipped (C-VINE: ordinary 杀; C-RENWANG-SHIELD: black 杀).
  if ((armor === '藤甲' && uc.name === '杀') || (armor === '仁王盾' && uc.color === 'black')) {
    ev(ctx, 'noEffect', { seat: t, card: usedText(uc), armor });
    return false;
  }
  let jink: UsedCard | null = null;
  if (hit.noJink) ev(ctx, 'noJink', { seat: t, card: usedText(uc) });
  else for (let k = 0; k < hit.jinks; k++) {
    jink = askJinkCard(ctx, t, { from: user, mode: 'use', eightDiagram: armor === '八卦阵', why: usedText(uc), against: uc, ignoreArmor: qinggang });
    if (!jink) break;
  }
  if (jink) {
    // G21.2: the "offset" triggers — the general skills (龙胆's bonus) before the equipment (贯石斧).
    trigger(ctx, { point: 'slashOffset', user, card: uc, target: t, jink });
    // C-AXE: two cards other than the axe make the 杀 hit anyway.
    const u = P(s, user);
    const spare = [...u.hand, ...(['armor', 'defHorse', 'offHorse', 'treasure'] as const).flatMap((x) => (u.equip[x] ? [u.equip[x]!] : []))];
    if (!u.alive || !equipped(u, '贯石斧') || spare.length < 2) return true;
    const pay = chooseOwn(ctx, user, { count: 2, equip: true, optional: true, filter: (id) => card(id).name !== '贯石斧', text: T.axe(seatName(s, t)), about: { skill: '贯石斧' } });
    if (!pay || pay.length < 2) return true;
    ev(ctx, 'equipSkill', { seat: user, skill: '贯石斧', cards: pay });
    discard(ctx, pay);
  }
  damage(ctx, { source: user, target: t, n: 1 + (wine ? 1 : 0), nature: natureOf(uc.name), card: uc, byCard: true, ignoreArmorOf: qinggang ? t : null });
  return false;
}
