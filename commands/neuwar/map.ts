import { neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, named, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/map [region]` → 【地图】: the map PNG, whole or zoomed into a region of the map file. */
export const map: SlashCommand = neuwarCommand({
  data: command('map', '地图', 'Show the map', '显示地图').addStringOption((o) =>
    named(o, 'region', '区域', 'Zoom into a region', '放大某个区域').setRequired(false).setAutocomplete(true).setMaxLength(100),
  ),
  ephemeral: true,
  complete: { region: 'region' },
  async execute(ctx) {
    const region = ctx.string('region')?.trim();
    const id = region ? (ctx.map?.regions.find((r) => r.id === region || r.name.zh === region || r.name.en.toLowerCase() === region.toLowerCase())?.id ?? region) : undefined;
    await ctx.run(ctx.format({ kind: 'query', what: 'map', ...(id ? { region: id } : {}) }));
  },
});
