/**
 * Wu's 15 standard generals (guozhan.md H-WU), one file per general; `COVERAGE` lists, per general in H
 * order, the skills done and the ones still waiting (with the missing engine hook).
 */
import type { Coverage, SkillSpec } from '../common.ts';
import sunquan from './sunquan.ts';
import ganning from './ganning.ts';
import daqiao from './daqiao.ts';
import zhouyu from './zhouyu.ts';
import luxun from './luxun.ts';
import sunshangxiang from './sunshangxiang.ts';
import sunjian from './sunjian.ts';
import xiaoqiao from './xiaoqiao.ts';
import zhoutai from './zhoutai.ts';
import lusu from './lusu.ts';
import zhangzhaozhanghong from './zhangzhaozhanghong.ts';
import lvmeng from './lvmeng.ts';
import huanggai from './huanggai.ts';
import taishici from './taishici.ts';
import dingfeng from './dingfeng.ts';

export const SKILLS: readonly SkillSpec[] = [...sunquan, ...ganning, ...zhouyu, ...daqiao, ...luxun, ...sunshangxiang, ...sunjian, ...xiaoqiao, ...zhoutai, ...lusu, ...zhangzhaozhanghong, ...huanggai, ...taishici, ...dingfeng, ...lvmeng];

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly Coverage[] = [
  { h: 'H-WU-01', general: 'hs__sunquan', done: ['制衡'], waiting: {} },
  { h: 'H-WU-02', general: 'hs__ganning', done: ['奇袭'], waiting: {} },
  { h: 'H-WU-03', general: 'hs__lvmeng', done: ['克己', '谋断'], waiting: {} },
  { h: 'H-WU-04', general: 'hs__huanggai', done: ['苦肉'], waiting: {} },
  { h: 'H-WU-05', general: 'hs__zhouyu', done: ['英姿', '反间'], waiting: {} },
  { h: 'H-WU-06', general: 'hs__daqiao', done: ['国色', '流离'], waiting: {} },
  { h: 'H-WU-07', general: 'hs__luxun', done: ['谦逊', '度势'], waiting: {} },
  { h: 'H-WU-08', general: 'hs__sunshangxiang', done: ['枭姬', '结姻'], waiting: {} },
  { h: 'H-WU-09', general: 'hs__sunjian', done: ['英魂'], waiting: {} },
  { h: 'H-WU-10', general: 'hs__xiaoqiao', done: ['天香', '红颜'], waiting: {} },
  { h: 'H-WU-11', general: 'hs__taishici', done: ['天义'], waiting: {} },
  { h: 'H-WU-12', general: 'hs__zhoutai', done: ['不屈', '奋激'], waiting: {} },
  { h: 'H-WU-13', general: 'hs__lusu', done: ['好施', '缔盟'], waiting: {} },
  { h: 'H-WU-14', general: 'hs__zhangzhaozhanghong', done: ['直谏', '固政'], waiting: {} },
  { h: 'H-WU-15', general: 'hs__dingfeng', done: ['短兵', '奋迅'], waiting: {} },
];
