/** `npm run deploy-commands`: registers every slash command (the platform's and each game's) with Discord. */
import { COMMANDS } from '../commands/index.ts';
import { deployMain } from './platform/adapters/discord/index.ts';

deployMain(COMMANDS).then((c) => { process.exitCode = c; }, (e) => { console.error(e instanceof Error ? e.message : e); process.exitCode = 1; });
