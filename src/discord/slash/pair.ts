import type { Command } from '../../engine/index.ts';
import { asOption, command, countryOption } from './kit.ts';
import type { SlashCommand } from './types.ts';

type PairKind = Extract<Command, { from: string; to: string }>['kind'] & ('declareWar' | 'alliance' | 'breakAlliance' | 'pact' | 'pledge' | 'puppet' | 'annex' | 'independence');

/**
 * A diplomacy slash command between the acting country and one target country (commands.md §1). Diplomacy is
 * public: the service announces it in the channel, so the interaction answer is ephemeral.
 */
export function pairCommand(o: {
  name: string; zhName: string; desc: string; zhDesc: string; kind: PairKind; target: [en: string, zh: string];
}): SlashCommand {
  return {
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
  };
}
