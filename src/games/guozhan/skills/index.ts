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
import type { Coverage, SkillSpec } from './common.ts';
import * as wei from './wei/index.ts';
import * as shu from './shu/index.ts';
import * as wu from './wu/index.ts';
import * as qun from './qun/index.ts';

/** G0 `generalPacks` → the skills of that pack's generals, in H order (Wei, Shu, Wu, Qun). */
export const PACK_SKILLS: Readonly<Record<string, readonly SkillSpec[]>> = {
  standard: [...wei.SKILLS, ...shu.SKILLS, ...wu.SKILLS, ...qun.SKILLS],
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
export const COVERAGE: readonly Coverage[] = [...wei.COVERAGE, ...shu.COVERAGE, ...wu.COVERAGE, ...qun.COVERAGE];
