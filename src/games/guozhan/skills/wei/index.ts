/**
 * Wei's 15 standard generals (guozhan.md H-WEI), one file per general; `COVERAGE` lists, per general in H order,
 * the skills done and the ones still waiting (with the missing engine hook).
 */
import type { Coverage, SkillSpec } from '../common.ts';
import caocao from './caocao.ts';
import simayi from './simayi.ts';
import xiahoudun from './xiahoudun.ts';
import xuchu from './xuchu.ts';
import guojia from './guojia.ts';
import zhenji from './zhenji.ts';
import caoren from './caoren.ts';
import xunyu from './xunyu.ts';
import caopi from './caopi.ts';
import yuejin from './yuejin.ts';

export const SKILLS: readonly SkillSpec[] = [...caocao, ...simayi, ...xiahoudun, ...xuchu, ...guojia, ...zhenji, ...caoren, ...xunyu, ...caopi, ...yuejin];

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly Coverage[] = [
  { h: 'H-WEI-01', general: 'hs__caocao', done: ['奸雄'], waiting: {} },
  { h: 'H-WEI-02', general: 'hs__simayi', done: ['反馈', '鬼才'], waiting: {} },
  { h: 'H-WEI-03', general: 'hs__xiahoudun', done: ['刚烈'], waiting: {} },
  { h: 'H-WEI-04', general: 'hs__zhangliao', done: [], waiting: { 突袭: 'a draw-phase hook that lets a skill lower the number of cards drawn (engine.ts draws 2 inline)' } },
  { h: 'H-WEI-05', general: 'hs__xuchu', done: ['裸衣'], waiting: {} },
  { h: 'H-WEI-06', general: 'hs__guojia', done: ['天妒'], waiting: { 遗计: 'the 【给出】 distribution command (parse.ts refuses it) and a distribution ask' } },
  { h: 'H-WEI-07', general: 'hs__zhenji', done: ['洛神'], waiting: { 倾国: 'skill conversions (resolve.ts knows only 丈八蛇矛 and 鏖战)' } },
  { h: 'H-WEI-08', general: 'hs__xiahouyuan', done: [], waiting: { 神速: 'a point before each phase that may skip it (judge, draw, play, discard)' } },
  { h: 'H-WEI-09', general: 'hs__zhanghe', done: [], waiting: { 巧变: 'a point before each phase that may skip it' } },
  { h: 'H-WEI-10', general: 'hs__xuhuang', done: [], waiting: { 断粮: 'skill conversions, a distance-free 兵粮寸断 and a per-phase invalidation' } },
  { h: 'H-WEI-11', general: 'hs__caoren', done: ['据守'], waiting: {} },
  { h: 'H-WEI-12', general: 'hs__dianwei', done: [], waiting: { 强袭: 'active skills in the play phase (turn.ts refuses 【技能】)' } },
  { h: 'H-WEI-13', general: 'hs__xunyu', done: ['节命'], waiting: { 驱虎: 'active skills and the point fight (【拼点】 is refused by parse.ts)' } },
  { h: 'H-WEI-14', general: 'hs__caopi', done: ['行殇', '放逐'], waiting: {} },
  { h: 'H-WEI-15', general: 'hs__yuejin', done: ['骁果'], waiting: {} },
];
