/**
 * The standard generals' skills (issue 19; guozhan.md H, current texts — guozhan D1), one file per general in a
 * folder per kingdom, each skill data for triggers.ts `registerSkill` (its point, optional or locked, its limit).
 * The list is keyed by general pack (G0 `generalPacks`): only `standard` is specified; the other packs stay off.
 *
 * Registration is explicit (`registerGeneralSkills`), once per process: the registry is global and the same for
 * every game so that replay stays deterministic; games with `skills=off` never fire a registered skill
 * (triggers.ts), so registering changes nothing for them.
 *
 * `COVERAGE` lists, per general in H order, the skills done here and the ones still waiting for an engine hook.
 */
import { registerSkill } from '../triggers.ts';
import type { Settings } from '../types.ts';
import type { SkillSpec } from './common.ts';
import caocao from './wei/caocao.ts';
import simayi from './wei/simayi.ts';
import xiahoudun from './wei/xiahoudun.ts';
import xuchu from './wei/xuchu.ts';
import zhenji from './wei/zhenji.ts';
import caoren from './wei/caoren.ts';
import xunyu from './wei/xunyu.ts';
import caopi from './wei/caopi.ts';
import yuejin from './wei/yuejin.ts';

/** G0 `generalPacks` → the skills of that pack's generals, in H order. */
export const PACK_SKILLS: Readonly<Record<string, readonly SkillSpec[]>> = {
  standard: [...caocao, ...simayi, ...xiahoudun, ...xuchu, ...zhenji, ...caoren, ...xunyu, ...caopi, ...yuejin],
};

/** The skills of the enabled packs (G0: `standard`; packs not listed here have none). */
export function skillsFor(packs: Settings['generalPacks'] | readonly string[] = 'standard'): SkillSpec[] {
  const list = typeof packs === 'string' ? [packs] : packs;
  return list.flatMap((k) => PACK_SKILLS[k] ?? []);
}

let registered: (() => void)[] | null = null;

/** Registers the enabled packs' skills (idempotent); returns the removal (tests). */
export function registerGeneralSkills(packs: Settings['generalPacks'] | readonly string[] = 'standard'): () => void {
  if (!registered) registered = skillsFor(packs).map((k) => registerSkill(k));
  return () => { registered?.forEach((off) => off()); registered = null; };
}

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly { h: string; general: string; done: string[]; waiting: Record<string, string> }[] = [
  { h: 'H-WEI-01', general: 'hs__caocao', done: ['奸雄'], waiting: {} },
  { h: 'H-WEI-02', general: 'hs__simayi', done: ['反馈'], waiting: { 鬼才: 'the retrial point (G21.7) is still being built in the engine (core.ts judge/retrial, uncommitted)' } },
  { h: 'H-WEI-03', general: 'hs__xiahoudun', done: ['刚烈'], waiting: {} },
];
