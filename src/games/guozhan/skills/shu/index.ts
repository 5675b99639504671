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
import guanyu from './guanyu.ts';
import zhangfei from './zhangfei.ts';
import zhaoyun from './zhaoyun.ts';
import machao from './machao.ts';
import huangzhong from './huangzhong.ts';

export const SKILLS: readonly SkillSpec[] = [...liubei, ...zhugeliang, ...huangyueying, ...weiyan, ...pangtong, ...wolong, ...liushan, ...menghuo, ...zhurong, ...ganfuren, ...guanyu, ...zhangfei, ...zhaoyun, ...machao, ...huangzhong];

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly Coverage[] = [
  { h: 'H-SHU-01', general: 'hs__liubei', done: ['仁德'], waiting: {} },
  { h: 'H-SHU-02', general: 'hs__guanyu', done: ['武圣'], waiting: {} },
  { h: 'H-SHU-03', general: 'hs__zhangfei', done: ['咆哮'], waiting: {} },
  // 空城: the targeting part and its 琴 pile (cards given outside the turn, skillasks.ts handOver's point `giving`)
  { h: 'H-SHU-04', general: 'hs__zhugeliang', done: ['观星', '空城'], waiting: {} },
  { h: 'H-SHU-05', general: 'hs__zhaoyun', done: ['龙胆'], waiting: {} },
  { h: 'H-SHU-06', general: 'hs__machao', done: ['马术', '铁骑'], waiting: {} },
  { h: 'H-SHU-07', general: 'hs__huangyueying', done: ['集智', '奇才'], waiting: {} },
  { h: 'H-SHU-08', general: 'hs__huangzhong', done: ['烈弓'], waiting: {} },
  { h: 'H-SHU-09', general: 'hs__weiyan', done: ['狂骨'], waiting: {} },
  { h: 'H-SHU-10', general: 'hs__pangtong', done: ['连环', '涅槃'], waiting: {} },
  { h: 'H-SHU-11', general: 'hs__wolong', done: ['八阵', '火计', '看破'], waiting: {} },
  { h: 'H-SHU-12', general: 'hs__liushan', done: ['享乐', '放权'], waiting: {} },
  { h: 'H-SHU-13', general: 'hs__menghuo', done: ['祸首', '再起'], waiting: {} },
  { h: 'H-SHU-14', general: 'hs__zhurong', done: ['巨象', '烈刃'], waiting: {} },
  { h: 'H-SHU-15', general: 'hs__ganfuren', done: ['淑慎', '神智'], waiting: {} },
];
