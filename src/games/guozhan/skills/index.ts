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
import guojia from './wei/guojia.ts';
import zhenji from './wei/zhenji.ts';
import caoren from './wei/caoren.ts';
import xunyu from './wei/xunyu.ts';
import caopi from './wei/caopi.ts';
import yuejin from './wei/yuejin.ts';

/** G0 `generalPacks` → the skills of that pack's generals, in H order. */
export const PACK_SKILLS: Readonly<Record<string, readonly SkillSpec[]>> = {
  standard: [...caocao, ...simayi, ...xiahoudun, ...xuchu, ...guojia, ...zhenji, ...caoren, ...xunyu, ...caopi, ...yuejin],
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
