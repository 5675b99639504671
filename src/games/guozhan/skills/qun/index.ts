/**
 * Qun's 15 standard generals (guozhan.md H-QUN), one file per general; `COVERAGE` lists, per general in H
 * order, the skills done and the ones still waiting (with the missing engine hook).
 */
import type { Coverage, SkillSpec } from '../common.ts';
import huatuo from './huatuo.ts';
import diaochan from './diaochan.ts';
import zhangjiao from './zhangjiao.ts';
import jiaxu from './jiaxu.ts';
import lvbu from './lvbu.ts';
import pangde from './pangde.ts';
import yuanshao from './yuanshao.ts';
import caiwenji from './caiwenji.ts';
import yanliangwenchou from './yanliangwenchou.ts';
import mateng from './mateng.ts';
import kongrong from './kongrong.ts';
import tianfeng from './tianfeng.ts';
import panfeng from './panfeng.ts';
import jiling from './jiling.ts';
import zoushi from './zoushi.ts';

export const SKILLS: readonly SkillSpec[] = [...huatuo, ...diaochan, ...jiaxu, ...zhangjiao, ...caiwenji, ...yanliangwenchou, ...mateng, ...kongrong, ...tianfeng, ...panfeng, ...jiling, ...lvbu, ...pangde, ...yuanshao, ...zoushi];

/** Per general (H order): its H id, the skills implemented, and those waiting (with the missing engine hook). */
export const COVERAGE: readonly Coverage[] = [
  { h: 'H-QUN-01', general: 'hs__huatuo', done: ['急救', '除疠'], waiting: {} },
  { h: 'H-QUN-02', general: 'hs__lvbu', done: ['无双'], waiting: {} },
  { h: 'H-QUN-03', general: 'hs__diaochan', done: ['离间', '闭月'], waiting: {} },
  { h: 'H-QUN-04', general: 'hs__yuanshao', done: ['乱击'], waiting: {} },
  { h: 'H-QUN-05', general: 'hs__yanliangwenchou', done: ['双雄'], waiting: {} },
  // 帷幕: both parts — targeting (becomeTarget) and a black delayed trick moved into the area (judgeMoving)
  { h: 'H-QUN-06', general: 'hs__jiaxu', done: ['完杀', '乱武', '帷幕'], waiting: {} },
  { h: 'H-QUN-07', general: 'hs__pangde', done: ['马术', '鞬出'], waiting: {} },
  { h: 'H-QUN-08', general: 'hs__zhangjiao', done: ['雷击', '鬼道'], waiting: {} },
  { h: 'H-QUN-09', general: 'hs__caiwenji', done: ['悲歌', '断肠'], waiting: {} },
  { h: 'H-QUN-10', general: 'hs__mateng', done: ['马术', '雄异'], waiting: {} },
  { h: 'H-QUN-11', general: 'hs__kongrong', done: ['名士', '礼让'], waiting: {} },
  { h: 'H-QUN-12', general: 'hs__jiling', done: ['双刃'], waiting: {} },
  { h: 'H-QUN-13', general: 'hs__tianfeng', done: ['死谏', '随势'], waiting: {} },
  { h: 'H-QUN-14', general: 'hs__panfeng', done: ['狂斧'], waiting: {} },
  { h: 'H-QUN-15', general: 'hs__zoushi', done: ['祸水', '倾城'], waiting: {} },
];
