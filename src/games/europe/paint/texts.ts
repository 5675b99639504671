/** The words on the map in each language, and the names of territories, countries and regions. */
import type { GameMap } from '../map/index.ts';
import type { TerritoryDefLike } from './types.ts';
import type { Pt } from './geometry.ts';

export type Lang = 'zh' | 'en';

export const T = {
  zh: { turn: (n: number) => `第 ${n} 回合`, neutral: '中立', legend: '图例', terr: '地', army: '军', capital: '首都', city: '城市', arsenal: '兵工厂', move: '调兵', attack: '进攻', failed: '进攻失败', capture: '本回合占领', value: '价值 1–3', strait: '海峡', zoomNote: '放大区域可见：', roomNote: '图上放不下：', minors: (n: number) => `${n}个小国（中立）`, depot: '库', ended: '已结束', winner: '胜者：', region: '区域：', seaZone: '海域' },
  en: { turn: (n: number) => `Turn ${n}`, neutral: 'Neutral', legend: 'Legend', terr: ' terr', army: ' armies', capital: 'Capital', city: 'City', arsenal: 'Arsenal', move: 'Move', attack: 'Attack', failed: 'Failed attack', capture: 'Captured', value: 'Value 1–3', strait: 'Strait', zoomNote: 'In region zoom: ', roomNote: 'No room on the map: ', minors: (n: number) => `${n} minor states (neutral)`, depot: 'Ars', ended: 'ended', winner: 'Winner: ', region: 'Region: ', seaZone: 'Sea' },
};

export function terrName(t: TerritoryDefLike, lang: Lang): string {
  return lang === 'en' ? t.name.en : t.name.zh;
}

export function countryName(map: GameMap, id: string, lang: Lang): string {
  const c = map.country.get(id);
  return c ? (lang === 'en' ? c.name.en : c.name.zh) : id;
}

/** Which region (by name) contains a point of the map, for the "see region zoom" note. */
export function regionAt(map: GameMap, p: Pt, lang: Lang): string | null {
  const r = map.regions.find((g) => p[0] >= g.bbox[0] && p[0] <= g.bbox[2] && p[1] >= g.bbox[1] && p[1] <= g.bbox[3]);
  return r ? (lang === 'en' ? r.name.en : r.name.zh) : null;
}
