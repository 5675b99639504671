import { SlashCommandSubcommandBuilder, type SlashCommandStringOption } from 'discord.js';
import { autocompleteOption, command, intOption, lookupNames, named, suggestNames, textOption, type GameNames, type SlashCommand } from '../../src/platform/slash/index.ts';
import { GAMES } from '../../src/games/index.ts';

const sub = (name: string, zh: string, desc: string, zhDesc: string) => named(new SlashCommandSubcommandBuilder(), name, zh, desc, zhDesc);

/** A computer player's style (issue 13): balanced (the default), aggressive, defensive. */
export const botStyleOption = () => (o: SlashCommandStringOption) => textOption('style', '风格', 'balanced (default), aggressive or defensive', '均衡（默认）、进攻或防守', false, 20)(o)
  .addChoices(
    { name: 'balanced', name_localizations: { 'zh-CN': '均衡' }, value: 'balanced' },
    { name: 'aggressive', name_localizations: { 'zh-CN': '进攻' }, value: 'aggressive' },
    { name: 'defensive', name_localizations: { 'zh-CN': '防守' }, value: 'defensive' },
  );

/** `key=value key2=value2` → settings object (numbers and booleans read as such; the service validates). */
export function parseSettings(text: string | null): Record<string, unknown> | undefined {
  if (!text?.trim()) return undefined;
  const out: Record<string, unknown> = {};
  for (const pair of text.split(/[\s,，;；]+/)) {
    const m = /^([A-Za-z][\w.]*)\s*[=＝:：]\s*(.+)$/.exec(pair.trim());
    if (!m) continue;
    const v = m[2]!;
    out[m[1]!] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === 'true' ? true : v === 'false' ? false : v;
  }
  return out;
}

/**
 * A map named by a player: `europe` → maps/europe.json; a path must stay inside the project (no `..`, no
 * absolute path) and be a .json file. null: not acceptable.
 */
export function mapPath(text: string): string | null {
  const t = text.trim().replace(/\\/g, '/');
  if (/^[\w-]+$/.test(t)) return `maps/${t}.json`;
  if (!/^[\w-]+(\/[\w.-]+)*\.json$/.test(t) || t.split('/').some((part) => part === '..' || part.startsWith('.'))) return null;
  return t;
}

/** The options of a new game: which game (the registry's kinds, New European War the default), its map and rules. */
const newGame = (b: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder => b
  .addStringOption(textOption('map', '地图', 'Map name or file, e.g. europe or maps/europe.json', '地图名或文件，如 europe 或 maps/europe.json', false, 200))
  .addStringOption(textOption('rules', '规则', 'Rule settings, e.g. turnSeconds=600 latePenalty=10', '规则设置，如 turnSeconds=600 latePenalty=10', false));

const gameChoice = () => (o: SlashCommandStringOption) => textOption('game', '游戏', 'Which game (default: New European War)', '哪种游戏（默认：新欧洲战争）', false, 40)(o)
  .addChoices(...GAMES.map((g) => ({ name: g.title.en, name_localizations: { 'zh-CN': g.title.zh }, value: g.kind })));

/**
 * `/game new|create|join|leave|start|settings|end`: a game's life in this channel (`new` and `create` are the
 * same). `games`: how each hosted game names its seats (`join`'s country).
 */
export function gameCommand(games: readonly GameNames[]): SlashCommand {
  return {
    data: command('game', '游戏', 'Create, join, start or end the game of this channel', '创建、加入、开始或结束本频道的游戏')
      .addSubcommand(newGame(sub('new', '新建', 'Open a new game in this channel (choose the game)', '在本频道开一局新游戏（可选游戏）').addStringOption(gameChoice()))
        .addIntegerOption(intOption('bots', '机器人', 'Computer players in this many free countries (e.g. 11)', '让机器人占几个空闲国家（如 11）', false, 1, 100))
        .addStringOption(autocompleteOption('country', '国家', 'The country you take at once', '你直接加入的国家', false)))
      .addSubcommand(newGame(sub('create', '创建', 'Open a new game in this channel', '在本频道开一局新游戏')))
      .addSubcommand(sub('join', '加入', 'Join the game (optionally as a country)', '加入游戏（可指定国家）').addStringOption(autocompleteOption('country', '国家', 'The country you want', '想要的国家', false)))
      .addSubcommand(sub('leave', '离开', 'Leave the game before it starts', '开始前离开游戏'))
      .addSubcommand(
        sub('bot', '机器人', 'Seat a computer player in a free country (judge)', '让机器人占一个空闲国家（裁判）')
          .addStringOption(autocompleteOption('country', '国家', 'The country', '国家'))
          .addStringOption(botStyleOption()),
      )
      .addSubcommand(sub('start', '开始', 'Start the game', '开始游戏'))
      .addSubcommand(
        sub('settings', '设置', 'Show the rule settings, or change them (judge)', '查看规则设置，或修改（裁判）')
          .addStringOption(textOption('rules', '规则', 'e.g. latePenalty=10 (empty: show)', '如 latePenalty=10（不填：查看）', false)),
      )
      .addSubcommand(sub('end', '结束', 'End the game (judge)', '结束游戏（裁判）')),
    ephemeral: true,
    scope: 'channel',
    autocomplete: async (option, typed, ctx) => (option === 'country' ? (await suggestNames(games, ctx, 'seat', typed)) : []),
    async execute(ctx) {
      const s = ctx.subcommand();
      const { service, channelId, user } = ctx;
      switch (s) {
        case 'new':
        case 'create': {
          const kind = ctx.string('game')?.trim() || undefined;
          const given = ctx.string('map')?.trim();
          const map = given ? mapPath(given) : undefined;
          if (map === null) return ctx.answer({ text: ctx.t('❌ 地图写地图名（如 europe）或项目里的 .json 路径（如 maps/europe.json）。', '❌ Name a map (e.g. europe) or a .json path inside the project (e.g. maps/europe.json).') });
          const settings = parseSettings(ctx.string('rules'));
          const r = await service.createGame(channelId, user, { ...(kind ? { game: kind } : {}), ...(map ? { map } : {}), ...(settings ? { settings } : {}) });
          // A new game's channel is where the bot must post, react and delete private orders: say now what it may not.
          const note = r.ok ? ctx.checkPermissions() : null;
          if (!r.ok) return ctx.result(r, { text: note ?? '' });
          // Issue 13: the creator's own country first, then computer players in free countries (`/game new bots:11`).
          const extra: string[] = [];
          const mine = ctx.string('country');
          if (mine) {
            const j = await service.join(channelId, user, (await lookupNames(games, ctx)).seat(mine));
            extra.push(j.ok ? j.text : `❌ ${j.text}`);
          }
          const bots = ctx.integer('bots');
          if (bots) {
            const f = await service.fillBots(channelId, user, bots);
            extra.push(f.ok ? f.text : `❌ ${f.text}`);
          }
          return ctx.result(r, { text: [note ?? '', ...extra].filter(Boolean).join('\n') });
        }
        case 'join': {
          const c = ctx.string('country');
          return ctx.result(await service.join(channelId, user, c ? (await lookupNames(games, ctx)).seat(c) : undefined));
        }
        case 'leave': return ctx.result(await service.leave(channelId, user));
        case 'bot': return ctx.result(await service.seatBot(channelId, user, (await lookupNames(games, ctx)).seat(ctx.string('country') ?? ''), ctx.string('style') ?? undefined));
        case 'start': return ctx.result(await service.start(channelId, user));
        case 'end': return ctx.result(await service.end(channelId, user));
        case 'settings': {
          const rules = ctx.string('rules')?.trim();
          // Before the start the settings are house rules of the open game; during the game the judge's 【规则】.
          if (rules && (await service.gameOf(channelId))?.status === 'open') return ctx.result(await service.updateSettings(channelId, user, parseSettings(rules) ?? {}));
          if (rules) return void (await ctx.run(`【规则】${rules}`));
          const settings = (await service.settingsOf(channelId));
          if (!settings) return ctx.answer({ text: ctx.t('❌ 本频道没有进行中的游戏。', '❌ No running game in this channel.') });
          const lines = Object.entries(settings).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
          return ctx.answer({ text: `\`\`\`\n${lines.join('\n')}\n\`\`\`` });
        }
      }
    },
  };
}
