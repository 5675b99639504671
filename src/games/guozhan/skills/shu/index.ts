/**
 * Shu's 15 standard generals (guozhan.md H-SHU), one file per general; `COVERAGE` lists, per general in H
 * order, the skills done and the ones still waiting (with the missing engine hook).
 */
import type { Coverage, SkillSpec } from '../common.ts';
import liubei from './liubei.ts';
import zhugeliang from './zhugeliang.ts';
import huangyueying from './huangyueying.ts';
import weiyan from './weiyan.ts';
import pangtong from './pangtong.ts';
import wolong from './wolong.ts';
import liushan from './liushan.ts';
import menghuo from './menghuo.ts';
import zhurong from './zhurong.ts';
import ganfuren from './ganfuren.ts';

export const SKILLS: readonly SkillSpec[] = [...liubei, ...zhugeliang, ...huangyueying, ...weiyan, ...pangtong, ...wolong, ...liushan, ...menghuo, ...zhurong, ...ganfuren];

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly Coverage[] = [
  { h: 'H-SHU-01', general: 'hs__liubei', done: ['仁德'], waiting: {} },
  { h: 'H-SHU-02', general: 'hs__guanyu', done: [], waiting: { 武圣: 'a conversion that lifts a 杀\'s distance limit for ♦ (use.ts checkTargets reads `lifts` for 兵粮寸断 only)' } },
  { h: 'H-SHU-03', general: 'hs__zhangfei', done: [], waiting: { 咆哮: 'a skill-lifted 杀 limit (use.ts slashAllowed knows only 诸葛连弩)' } },
  { h: 'H-SHU-04', general: 'hs__zhugeliang', done: ['观星'], waiting: { 空城: 'a cancellation point when a character becomes a target (G6.2 step 3), and a face-up pile on a general (琴)' } },
  { h: 'H-SHU-05', general: 'hs__zhaoyun', done: [], waiting: { 龙胆: 'a point after a 杀 is offset by a 闪 (cards/basic.ts slashEffect), for the conversions\' bonus effects' } },
  { h: 'H-SHU-06', general: 'hs__machao', done: [], waiting: { 马术: 'a distance modifier from skills (core.ts distance reads horses only)', 铁骑: 'a way for an after-targeting skill to forbid 闪 against this 杀, and per-character skill invalidation' } },
  { h: 'H-SHU-07', general: 'hs__huangyueying', done: ['集智'], waiting: { 奇才: 'a skill-lifted distance limit for tricks (use.ts checkTargets)' } },
  { h: 'H-SHU-08', general: 'hs__huangzhong', done: [], waiting: { 烈弓: 'a way for an after-targeting skill to forbid 闪 against this 杀 (cards/basic.ts slashEffect)' } },
  { h: 'H-SHU-09', general: 'hs__weiyan', done: ['狂骨'], waiting: {} },
  { h: 'H-SHU-10', general: 'hs__pangtong', done: ['涅槃'], waiting: { 连环: 'recasting a card through a skill (turn.ts refuses 【重铸】C（K）)' } },
  { h: 'H-SHU-11', general: 'hs__wolong', done: ['火计', '看破'], waiting: { 八阵: 'a skill that counts as an armor (八卦阵) for the 闪 request (cards/basic.ts armorOf)' } },
  { h: 'H-SHU-12', general: 'hs__liushan', done: ['放权'], waiting: { 享乐: 'a way for an after-targeting skill to make a 杀 have no effect on a target' } },
  { h: 'H-SHU-13', general: 'hs__menghuo', done: ['再起'], waiting: { 祸首: 'a "no effect" rule for 南蛮入侵 on a character and a change of the damage source of another\'s 南蛮入侵' } },
  { h: 'H-SHU-14', general: 'hs__zhurong', done: ['烈刃'], waiting: { 巨象: 'a "no effect" rule for 南蛮入侵 on a character (cards/tricks.ts trickNoEffect knows only 藤甲)' } },
  { h: 'H-SHU-15', general: 'hs__ganfuren', done: ['神智'], waiting: { 淑慎: 'a point after a character recovers HP (core.ts recover fires none)' } },
];
