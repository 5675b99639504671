import {
  SlashCommandBuilder,
  type SlashCommandIntegerOption,
  type SlashCommandStringOption,
  type SlashCommandUserOption,
} from 'discord.js';

/** Chinese names appear to users whose Discord language is Simplified Chinese (zh-CN). */
export const ZH = 'zh-CN' as const;

interface Named {
  setName(name: string): this;
  setNameLocalizations(l: Partial<Record<string, string>> | null): this;
  setDescription(d: string): this;
  setDescriptionLocalizations(l: Partial<Record<string, string>> | null): this;
}

/** English name and description with their zh-CN localizations, on a command, subcommand or option. */
export function named<T extends Named>(b: T, name: string, zhName: string, desc: string, zhDesc: string): T {
  return b.setName(name).setNameLocalizations({ [ZH]: zhName }).setDescription(desc).setDescriptionLocalizations({ [ZH]: zhDesc });
}

/** A new top-level command, usable in servers and in DMs with the bot. */
export function command(name: string, zhName: string, desc: string, zhDesc: string): SlashCommandBuilder {
  return named(new SlashCommandBuilder(), name, zhName, desc, zhDesc);
}

/** A country option, completed from the game's map (zh, en, aliases). */
export function countryOption(name: string, zhName: string, desc: string, zhDesc: string, required = true) {
  return (o: SlashCommandStringOption) => named(o, name, zhName, desc, zhDesc).setRequired(required).setAutocomplete(true).setMaxLength(100);
}

export function territoryOption(name: string, zhName: string, desc: string, zhDesc: string, required = true) {
  return (o: SlashCommandStringOption) => named(o, name, zhName, desc, zhDesc).setRequired(required).setAutocomplete(true).setMaxLength(100);
}

export function textOption(name: string, zhName: string, desc: string, zhDesc: string, required = true, max = 1000) {
  return (o: SlashCommandStringOption) => named(o, name, zhName, desc, zhDesc).setRequired(required).setMaxLength(max);
}

export function intOption(name: string, zhName: string, desc: string, zhDesc: string, required = true, min = 0, max = 1_000_000) {
  return (o: SlashCommandIntegerOption) => named(o, name, zhName, desc, zhDesc).setRequired(required).setMinValue(min).setMaxValue(max);
}

export function userOption(name: string, zhName: string, desc: string, zhDesc: string, required = true) {
  return (o: SlashCommandUserOption) => named(o, name, zhName, desc, zhDesc).setRequired(required);
}

/** A choice with its zh-CN name. */
export function choice(value: string, en: string, zh: string) {
  return { name: en, value, name_localizations: { [ZH]: zh } };
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
