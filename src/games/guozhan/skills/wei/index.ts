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
import zhangliao from './zhangliao.ts';
import xiahouyuan from './xiahouyuan.ts';
import zhanghe from './zhanghe.ts';
import xuhuang from './xuhuang.ts';
import dianwei from './dianwei.ts';

/** In H order (H-WEI-01 … 15), each general's skills in H order. */
export const SKILLS: readonly SkillSpec[] = [...caocao, ...simayi, ...xiahoudun, ...zhangliao, ...xuchu, ...guojia, ...zhenji, ...xiahouyuan, ...zhanghe, ...xuhuang, ...caoren, ...dianwei, ...xunyu, ...caopi, ...yuejin];

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly Coverage[] = [
  { h: 'H-WEI-01', general: 'hs__caocao', done: ['奸雄'], waiting: {} },
  { h: 'H-WEI-02', general: 'hs__simayi', done: ['反馈', '鬼才'], waiting: {} },
  { h: 'H-WEI-03', general: 'hs__xiahoudun', done: ['刚烈'], waiting: {} },
  { h: 'H-WEI-04', general: 'hs__zhangliao', done: ['突袭'], waiting: {} },
  { h: 'H-WEI-05', general: 'hs__xuchu', done: ['裸衣'], waiting: {} },
  { h: 'H-WEI-06', general: 'hs__guojia', done: ['遗计', '天妒'], waiting: {} },
  { h: 'H-WEI-07', general: 'hs__zhenji', done: ['洛神', '倾国'], waiting: {} },
  { h: 'H-WEI-08', general: 'hs__xiahouyuan', done: ['神速'], waiting: {} },
  { h: 'H-WEI-09', general: 'hs__zhanghe', done: ['巧变'], waiting: {} },
  { h: 'H-WEI-10', general: 'hs__xuhuang', done: ['断粮'], waiting: {} },
  { h: 'H-WEI-11', general: 'hs__caoren', done: ['据守'], waiting: {} },
  { h: 'H-WEI-12', general: 'hs__dianwei', done: ['强袭'], waiting: {} },
  { h: 'H-WEI-13', general: 'hs__xunyu', done: ['驱虎', '节命'], waiting: {} },
  { h: 'H-WEI-14', general: 'hs__caopi', done: ['行殇', '放逐'], waiting: {} },
  { h: 'H-WEI-15', general: 'hs__yuejin', done: ['骁果'], waiting: {} },
];
