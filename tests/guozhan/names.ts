/**
 * Whether a text names a general, for the secrecy checks (X1.1): 诸葛亮 is also inside 卧龙诸葛亮, so a text naming
 * only 卧龙诸葛亮 does not name 诸葛亮. The longer names that contain the general's are taken out before looking.
 */
import { GENERALS } from '../../src/games/guozhan/generals.ts';

export function namesGeneral(text: string, id: string): boolean {
  const zh = GENERALS[id]!.zh;
  let t = text;
  for (const o of Object.values(GENERALS)) if (o.zh !== zh && o.zh.includes(zh)) t = t.split(o.zh).join('');
  return t.includes(zh);
}
