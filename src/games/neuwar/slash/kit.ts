import { autocompleteOption, textOption } from '../../../platform/slash/index.ts';

/** A country option, completed from the game's map (zh, en, aliases). */
export function countryOption(name: string, zhName: string, desc: string, zhDesc: string, required = true) {
  return autocompleteOption(name, zhName, desc, zhDesc, required);
}

/** A territory option, completed from the game's map. */
export function territoryOption(name: string, zhName: string, desc: string, zhDesc: string, required = true) {
  return autocompleteOption(name, zhName, desc, zhDesc, required);
}

/** The optional "as" country: an overlord acting for its puppet (R6.4), a judge for anyone (R13). */
export const asOption = countryOption('as', '代表', 'Act for this country (overlord for a puppet, judge for anyone)', '以该国名义（宗主国代傀儡，裁判代任何国家）', false);

/** Army count: a number, "all" or "half" (R10.1). */
export function countOption(required = false) {
  return textOption('count', '数量', 'Armies: a number, all (全部) or half (一半); default all', '兵力：数字、全部或一半；默认全部', required, 20);
}

/** "all"/"half"/number as the text grammar writes it. */
export function countText(v: string | null): string {
  const s = (v ?? '').trim().toLowerCase();
  if (!s || s === 'all' || s === '全部') return '全部';
  if (s === 'half' || s === '一半') return '一半';
  return s;
}
