import { command, type SlashCommand } from '../../../platform/slash/index.ts';
import type { Command } from '../engine/index.ts';
import { neuwarCommand } from './command.ts';
import { asOption, countOption, countText, countryOption, territoryOption } from './kit.ts';

type PairKind = Extract<Command, { from: string; to: string }>['kind'] & ('declareWar' | 'alliance' | 'breakAlliance' | 'pact' | 'pledge' | 'puppet' | 'annex' | 'independence');

/**
 * A diplomacy slash command between the acting country and one target country (commands.md §1). Diplomacy is
 * public: the service announces it in the channel, so the interaction answer is ephemeral.
 */
export function pairCommand(o: {
  name: string; zhName: string; desc: string; zhDesc: string; kind: PairKind; target: [en: string, zh: string];
}): SlashCommand {
  return neuwarCommand({
    data: command(o.name, o.zhName, o.desc, o.zhDesc)
      .addStringOption(countryOption('target', '对象', o.target[0], o.target[1]))
      .addStringOption(asOption),
    ephemeral: true,
    complete: { target: 'country', as: 'country' },
    async execute(ctx) {
      const from = await ctx.actor();
      if (from === null) return;
      await ctx.run(ctx.format({ kind: o.kind, from, to: ctx.country(ctx.string('target') ?? '') }));
    },
  });
}

/** An army order from one territory to another with a count (R10 move, R8.3 airlift): private until resolution. */
export function routeCommand(o: { name: string; zhName: string; desc: string; zhDesc: string; tag: '调兵' | '空运'; to: [en: string, zh: string] }): SlashCommand {
  return neuwarCommand({
    data: command(o.name, o.zhName, o.desc, o.zhDesc)
      .addStringOption(territoryOption('from', '出发地', 'From', '出发地'))
      .addStringOption(territoryOption('to', '目的地', o.to[0], o.to[1]))
      .addStringOption(countOption()),
    ephemeral: true,
    complete: { from: 'territory', to: 'territory' },
    async execute(ctx) {
      const from = ctx.name(ctx.territory(ctx.string('from') ?? ''));
      const to = ctx.name(ctx.territory(ctx.string('to') ?? ''));
      await ctx.run(`【${o.tag}】${from}→${to} ${countText(ctx.string('count'))}`, { private: true });
    },
  });
}
