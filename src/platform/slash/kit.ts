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

/** A string option whose suggestions the command's `autocomplete` gives (a name of the game: a seat, a place). */
export function autocompleteOption(name: string, zhName: string, desc: string, zhDesc: string, required = true) {
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
