import { TranscriptError, runTranscript } from './replay/index.ts';
import { stateJson } from './games/neuwar/engine/index.ts';

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'replay': {
      const file = rest.find((a) => !a.startsWith('-'));
      if (!file) { process.stderr.write('usage: npm run --silent replay -- FILE\n'); return 2; }
      try {
        const r = runTranscript(file);
        process.stdout.write(JSON.stringify(stateJson(r.game.state, r.game.map), null, 2) + '\n');
        return 0;
      } catch (e) {
        if (e instanceof TranscriptError) { process.stderr.write(`${e.message}\n`); return 2; }
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') { process.stderr.write(`${file}:0: cannot read the transcript\n`); return 2; }
        throw e;
      }
    }
    case 'repl': {
      const { runRepl } = await import('./games/neuwar/repl.ts');
      await runRepl(rest[0]);
      return 0;
    }
    case 'render': {
      const { renderCli } = await import('./games/europe/paint/index.ts');
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
