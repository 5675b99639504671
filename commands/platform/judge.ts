import { SlashCommandSubcommandBuilder } from 'discord.js';
import { autocompleteOption, choice, command, intOption, lookupNames, named, suggestNames, textOption, userOption, type GameNames, type SlashCommand } from '../../src/platform/slash/index.ts';
import { shownName } from '../../src/platform/adapters/discord/index.ts';
import { botStyleOption } from './game.ts';

const sub = (name: string, zh: string, desc: string, zhDesc: string) => named(new SlashCommandSubcommandBuilder(), name, zh, desc, zhDesc);

/**
 * `/judge …`: the judge's desk (R13). Judge commands that are text commands (结算 暂停 继续 延时 撤回 设置 规则)
 * go through the parser like typed ones; seats and judges go to the service's lifecycle calls. Whether the
 * user may: the service decides, from the game's judges and Incoming.isModerator (DISCORD_MOD_ROLE / Manage Server).
 * `games`: how each hosted game names its seats and places (the targets of set, replace and remove).
 */
export function judgeCommand(games: readonly GameNames[]): SlashCommand {
  return {
    data: command('judge', '裁判', "The judge's commands", '裁判命令')
      .addSubcommand(sub('resolve', '结算', 'Resolve the turn now', '立即结算本回合'))
      .addSubcommand(sub('pause', '暂停', 'Pause the clock', '暂停计时'))
      .addSubcommand(sub('resume', '继续', 'Resume the clock', '继续计时'))
      .addSubcommand(sub('extend', '延时', 'Extend this turn', '延长本回合').addIntegerOption(intOption('minutes', '分钟', 'Minutes', '分钟数', true, 1, 10080)))
      .addSubcommand(sub('undo', '撤回', 'Undo the last resolution', '撤回上一次结算'))
      .addSubcommand(
        sub('set', '设置', 'Set armies, owner or score', '设置兵力、归属或分数')
          .addStringOption(autocompleteOption('target', '对象', 'A territory (armies, owner) or a country (score)', '领土（兵力、归属）或国家（分数）'))
          .addStringOption((o) =>
            named(o, 'field', '字段', 'What to set', '设置什么').setRequired(true)
              .addChoices(choice('armies', 'armies', '兵力'), choice('owner', 'owner', '归属'), choice('score', 'score', '分数')),
          )
          .addStringOption(textOption('value', '值', 'A number, a country, or neutral (中立)', '数字、国家或中立', true, 100)),
      )
      .addSubcommand(sub('rule', '规则', 'Change a rule setting', '修改规则设置').addStringOption(textOption('setting', '设置', 'e.g. latePenalty=10', '如 latePenalty=10')))
      .addSubcommand(
        sub('replace', '替换', "Give a country's seat to another user", '把一个国家交给另一位玩家')
          .addStringOption(autocompleteOption('country', '国家', 'The country', '国家'))
          .addUserOption(userOption('user', '玩家', 'The new player', '新玩家')),
      )
      .addSubcommand(sub('remove', '移除', 'Remove a player (civil disorder)', '移除玩家（该国陷入无政府状态）').addStringOption(autocompleteOption('country', '国家', 'The country', '国家')))
      .addSubcommand(
        sub('bot', '机器人', 'A computer player takes a country without a player', '让机器人接手一个没有玩家的国家')
          .addStringOption(autocompleteOption('country', '国家', 'The country', '国家'))
          .addStringOption(botStyleOption()),
      )
      .addSubcommand(sub('grant', '任命', 'Make a user a judge of this game', '任命一位裁判').addUserOption(userOption('user', '用户', 'The new judge', '新裁判')))
      .addSubcommand(sub('revoke', '免除', "Remove a user's judge role in this game", '免除一位裁判').addUserOption(userOption('user', '用户', 'The judge', '裁判'))),
    ephemeral: true,
    autocomplete: async (option, typed, ctx) => (option === 'target' ? (await suggestNames(games, ctx, 'any', typed)) : option === 'country' ? (await suggestNames(games, ctx, 'seat', typed)) : []),
    async execute(ctx) {
      const s = ctx.subcommand();
      const { service, channelId, user, interaction } = ctx;
      const other = () => {
        const u = interaction.options.getUser('user', true);
        const m = interaction.options.getMember('user');
        return { id: u.id, name: shownName(u.id, m && 'nickname' in m ? m.nickname : m?.nick, u.globalName, u.username) };
      };
      switch (s) {
        case 'resolve': return void (await ctx.run('【结算】'));
        case 'pause': return void (await ctx.run('【暂停】'));
        case 'resume': return void (await ctx.run('【继续】'));
        case 'undo': return void (await ctx.run('【撤回】'));
        case 'extend': return void (await ctx.run(`【延时】${ctx.integer('minutes') ?? 0}分钟`));
        case 'rule': return void (await ctx.run(`【规则】${(ctx.string('setting') ?? '').trim()}`));
        case 'set': {
          const field = ctx.string('field') ?? 'armies';
          const raw = ctx.string('target') ?? '';
          const names = await lookupNames(games, ctx);
          const target = names.name(field === 'score' ? names.seat(raw) : names.place(raw));
          const value = (ctx.string('value') ?? '').trim();
          const v = field === 'owner' && !/^(中立|neutral|none)$/i.test(value) ? names.name(names.seat(value)) : field === 'owner' ? '中立' : value;
          const zh = { armies: '兵力', owner: '归属', score: '分数' }[field] ?? field;
          return void (await ctx.run(`【设置】${target} ${zh}=${v}`));
        }
        case 'replace': return ctx.result(await service.replacePlayer(channelId, user, (await lookupNames(games, ctx)).seat(ctx.string('country') ?? ''), other()));
        case 'remove': return ctx.result(await service.removePlayer(channelId, user, (await lookupNames(games, ctx)).seat(ctx.string('country') ?? '')));
        case 'bot': return ctx.result(await service.seatBot(channelId, user, (await lookupNames(games, ctx)).seat(ctx.string('country') ?? ''), ctx.string('style') ?? undefined));
        case 'grant': return ctx.result(await service.addJudge(channelId, user, other().id));
        case 'revoke': return ctx.result(await service.removeJudge(channelId, user, other().id));
      }
    },
  };
}
