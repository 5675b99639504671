/**
 * Slash options → the duel's typed command (duel.md D10.2: "text and slash end in the same typed command"). Each
 * builder writes the 【…】 text a player would type, names in Chinese (an id or any name the map knows becomes the
 * territory's Chinese name; anything else stays as typed, so the parser's refusal names it), and the service
 * reads it with the one parser.
 */
import { findName } from '../../europe/map/index.ts';
import { toSimplified } from '../../neuwar/parse/index.ts';
import type { DuelRules } from '../module.ts';

/** A territory (or sea zone) as the text commands write it: its Chinese name when the map knows it. */
export function placeName(rules: DuelRules | null, text: string): string {
  const t = text.trim();
  if (!rules || !t) return t;
  const id = rules.map.territory.has(t) ? t : findName(rules.map.territoryByName, t) ?? findName(rules.map.territoryByName, toSimplified(t));
  return (id && rules.map.territory.get(id)?.name.zh) || t;
}

/** A region as 【助手】… 区域 writes it. */
export function regionName(rules: DuelRules | null, text: string): string {
  const t = text.trim();
  if (!rules || !t) return t;
  const id = findName(rules.map.regionByName, t) ?? findName(rules.map.regionByName, toSimplified(t));
  return (id && rules.map.regions.find((r) => r.id === id)?.name.zh) || t;
}

/** all (default) / half as the text writes them; anything else is passed on as typed (a number: COUNT_NOT_ALLOWED). */
export function amountText(v: string | null | undefined): string {
  const s = (v ?? '').trim().toLowerCase();
  if (!s || s === 'all' || s === '全部' || s === '全') return '';
  if (s === 'half' || s === '一半' || s === '半') return ' 一半';
  return ` ${v!.trim()}`;
}

/** Several places in one option: split on arrows first, else on 、，, ; else on blanks. */
export function splitPlaces(text: string): string[] {
  const t = text.trim();
  if (!t) return [];
  if (/→|->|=>|＞|>/.test(t)) return t.split(/\s*(?:→|->|=>|＞|>)\s*/).map((x) => x.trim()).filter(Boolean);
  if (/[、，,;；]/.test(t)) return t.split(/\s*[、，,;；]\s*/).map((x) => x.trim()).filter(Boolean);
  return t.split(/\s+/).filter(Boolean);
}

/** `/order from to [amount]` (and `/move` in a duel): 【调兵】X→Y [一半]; to = from is a stand (D10.1). */
export function orderText(rules: DuelRules | null, from: string, to: string, amount?: string | null): string {
  const a = placeName(rules, from);
  const b = placeName(rules, to);
  return `【调兵】${a}→${b}${a === b ? '' : amountText(amount)}`;
}

/** `/stand territories`: 【驻守】X、Y. */
export function standText(rules: DuelRules | null, territories: string): string {
  return `【驻守】${splitPlaces(territories).map((x) => placeName(rules, x)).join('、')}`;
}

/** `/route points [amount]`: 【路线】X→P1→…→Pn [一半]. */
export function routeText(rules: DuelRules | null, points: string, amount?: string | null): string {
  return `【路线】${splitPlaces(points).map((x) => placeName(rules, x)).join('→')}${amountText(amount)}`;
}

/**
 * `/cancel target`: a territory's orders (【撤销】X), a route by `#id` or standing at a territory (`路线 X` /
 * `route X`), every route (`routes`), everything (`all`); D10.1, D5.6.
 */
export function cancelText(rules: DuelRules | null, target: string): string {
  const t = target.trim();
  if (!t || /^(all|全部)$/i.test(t)) return '【撤销】全部';
  if (/^(routes|路线|所有路线|路线\s*全部|route\s+all)$/i.test(t)) return '【撤销】路线 全部';
  const id = /^[#＃]\s*(\d+)$/.exec(t);
  if (id) return `【撤销】路线 #${id[1]}`;
  const at = /^(?:路线|route)\s+(.+)$/i.exec(t);
  if (at) {
    const rest = at[1]!.trim();
    return /^[#＃]\s*\d+$/.test(rest) ? `【撤销】路线 #${rest.replace(/\D/g, '')}` : `【撤销】路线 ${placeName(rules, rest)}`;
  }
  return `【撤销】${placeName(rules, t)}`;
}

/** The helper's modes as the text names them (D6). */
export const MODE_WORDS: Record<string, string> = { normal: '普通', expand: '扩张', rally: '集结', defend: '防守', clear: '清除' };

/**
 * `/helper mode [territories] [region]` (D6.9): the default mode (`【助手】扩张`), paint on territories (`【助手】防守
 * 柏林、汉堡`) or a region (`【助手】集结 区域 巴尔干`); `clear` clears those, or all paint without either.
 */
export function helperText(rules: DuelRules | null, mode: string, territories?: string | null, region?: string | null): string {
  const word = MODE_WORDS[mode.trim().toLowerCase()] ?? mode.trim();
  const places = territories ? splitPlaces(territories).map((x) => placeName(rules, x)) : [];
  if (region?.trim()) return `【助手】${word} 区域 ${regionName(rules, region)}`;
  if (places.length) return `【助手】${word} ${places.join('、')}`;
  return word === '清除' ? '【助手】清除 全部' : `【助手】${word}`;
}

/** `/rally territory|clear` (D6.5): 【集结点】X or 【集结点】取消. */
export function rallyText(rules: DuelRules | null, territory: string): string {
  const t = territory.trim();
  if (!t || /^(clear|cancel|none|取消|清除|无)$/i.test(t)) return '【集结点】取消';
  return `【集结点】${placeName(rules, t)}`;
}
