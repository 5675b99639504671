/**
 * `npm run simulate`: the simulator of any hosted game, chosen with `--game` (default: New European War, whose
 * simulator runs unchanged with its own arguments). `npm run simulate -- --game duel …` plays Europe Duel bot
 * games (duel.md D10.7, D11; see src/games/duel/sim.ts).
 */
const argv = process.argv.slice(2);
let game = 'neuwar';
const rest: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--game') game = argv[++i] ?? '';
  else if (a.startsWith('--game=')) game = a.slice('--game='.length);
  else rest.push(a);
}

if (game === 'duel') {
  const { duelSimMain } = await import('./duel/sim.ts');
  process.exitCode = duelSimMain(rest);
} else if (game === 'neuwar' || game === 'war') {
  // New European War's simulator reads process.argv itself: hand it the arguments without --game.
  process.argv = [...process.argv.slice(0, 2), ...rest];
  await import('./neuwar/sim/cli.ts');
} else {
  process.stderr.write(`unknown game "${game}" (games: neuwar, duel)\n`);
  process.exitCode = 2;
}
