import { SlashCommandStringOption } from 'discord.js';
import { autocompleteOption, choice, named } from '../../src/platform/slash/index.ts';

/** A territory (or sea zone) of the duel, completed from its map. */
export const territory = (name: string, zhName: string, desc: string, zhDesc: string, required = true) => autocompleteOption(name, zhName, desc, zhDesc, required);

/** Several places in one option (`巴塞罗那、萨拉戈萨`, `巴塞罗那→图卢兹→波尔多`), the last one completed as typed. */
export const places = (name: string, zhName: string, desc: string, zhDesc: string, required = true) => (o: SlashCommandStringOption) =>
  named(o, name, zhName, desc, zhDesc).setRequired(required).setAutocomplete(true).setMaxLength(1000);

/** An order's or a route's armies: all (the default) or half (D2.2; a number is refused, COUNT_NOT_ALLOWED). */
export const amount = () => (o: SlashCommandStringOption) => named(o, 'amount', '数量', 'All (default) or half of the armies', '全部（默认）或一半兵力')
  .setRequired(false)
  .addChoices(choice('all', 'all', '全部'), choice('half', 'half', '一半'));

/** The helper's modes (D6): the default mode, or paint with territories/region; clear removes paint. */
export const mode = () => (o: SlashCommandStringOption) => named(o, 'mode', '模式', 'normal, expand, rally, defend, or clear (paint)', '普通、扩张、集结、防守，或清除（涂色）')
  .setRequired(true)
  .addChoices(choice('normal', 'normal', '普通'), choice('expand', 'expand', '扩张'), choice('rally', 'rally', '集结'), choice('defend', 'defend', '防守'), choice('clear', 'clear', '清除'));

/** The option `/cancel` adds in a duel: a territory, `#id` of a route, `routes`, or `all` (D10.2). */
export const cancelTarget = () => new SlashCommandStringOption()
  .setName('target').setNameLocalizations({ 'zh-CN': '对象' })
  .setDescription('Europe Duel: a territory, a route #id, routes, or all').setDescriptionLocalizations({ 'zh-CN': '欧陆对决：领土、路线编号 #id、routes（所有路线）或 all（全部）' })
  .setRequired(false).setAutocomplete(true).setMaxLength(100);

