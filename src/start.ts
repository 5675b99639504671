/**
 * `npm start`: with DISCORD_TOKEN the Discord bot; without it the local channel. Until those adapters exist,
 * the terminal game.
 */
export async function startBot(): Promise<number> {
  const { runRepl } = await import('./repl/index.ts');
  await runRepl(process.env.MAP_PATH);
  return 0;
}
