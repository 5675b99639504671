/**
 * Wu's 15 standard generals (guozhan.md H-WU), one file per general; `COVERAGE` lists, per general in H
 * order, the skills done and the ones still waiting (with the missing engine hook).
 */
import type { Coverage, SkillSpec } from '../common.ts';

export const SKILLS: readonly SkillSpec[] = [];

export const COVERAGE: readonly Coverage[] = [];
