async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'replay': {
      // Loaded here, as the other commands load theirs: the replay needs the games' registry, the others do not.
      const [{ replayCommand }, { TOOL_GAMES }] = await Promise.all([import('./replay/index.ts'), import('./games/index.ts')]);
      return replayCommand(rest.find((a) => !a.startsWith('-')), { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) }, TOOL_GAMES);
    }
    case 'repl': {
      const { runRepl } = await import('./games/neuwar/repl.ts');
      await runRepl(rest[0]);
      return 0;
    }
    case 'render': {
      const { renderCli } = await import('./games/neuwar/pictures/index.ts');
      return (await renderCli(rest)) ?? 0;
    }
    case 'start': {
      const { startBot } = await import('./start.ts');
      return startBot();
    }
    default:
      process.stderr.write('usage: tsx src/cli.ts start | repl [map] | replay FILE | render --state S --out O\n');
      return 2;
  }
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e); process.exitCode = 1; });
