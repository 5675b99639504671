/**
 * `npm run train-agent -- [--games N] [--seed S] [--resume] [--phase bc|rl] [--workers W] [--version V]
 *  [--eval-every G] [--eval-games G] [--final-eval G] [--lr X] [--teacher lander|guard-push|coast-gather|coast-launch|spear-expand] [--bc-move W] [--bc-rare W] [--dagger P] [--ckpt DIR] [--out DIR] [--export-dir DIR] [--map PATH]`
 *
 * Trains Europe Duel's agent (issue 17): from scratch (a new checkpoint from --seed) or --resume from
 * `<ckpt>/checkpoint.json`; plays N more games of the phase; checkpoints atomically every --eval-every games;
 * with --dagger P (0–1) the network plays that share of the BC games' decisions while the teacher labels them all (DAgger);
 * with --version V writes `v<V>.json` + `v<V>.bin` (D8.4; into `<out>/candidates` unless --export-dir) and checks they load; always rewrites report.md + curve.png.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULTS, evaluate, loadCheckpoint, newState, run, saveCheckpoint, type TrainConfig } from './trainer.ts';
import { writeReport, type FinalEval } from './report.ts';
import { GamePool } from './pool.ts';
import { TEACHER_STYLES, type TeacherStyle } from './play.ts';

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function main(argv: string[]): Promise<number> {
  const num = (n: string) => { const v = arg(argv, n); return v === undefined ? undefined : Number(v); };
  const ckptDir = arg(argv, 'ckpt') ?? DEFAULTS.ckptDir;
  const outDir = arg(argv, 'out') ?? DEFAULTS.outDir;
  const phase = (arg(argv, 'phase') ?? 'bc') as 'bc' | 'rl';
  if (phase !== 'bc' && phase !== 'rl') { process.stderr.write('--phase is bc or rl\n'); return 2; }
  const games = num('games') ?? 48;
  let st;
  if (argv.includes('--resume')) {
    if (!existsSync(join(ckptDir, 'checkpoint.json'))) { process.stderr.write(`no checkpoint in ${ckptDir}\n`); return 2; }
    st = loadCheckpoint(ckptDir);
  } else {
    if (existsSync(join(ckptDir, 'checkpoint.json')) && !argv.includes('--fresh')) { process.stderr.write(`${ckptDir} has a checkpoint: --resume it, or --fresh to start over\n`); return 2; }
    const cfg: TrainConfig = { ...DEFAULTS, ckptDir, outDir, seed: num('seed') ?? DEFAULTS.seed, mapPath: arg(argv, 'map') ?? DEFAULTS.mapPath };
    st = newState(cfg);
  }
  // Tunables that may change across sessions (recorded in the checkpoint's config and in the commands list).
  const over: Partial<TrainConfig> = {};
  for (const [flag, key] of [['workers', 'workers'], ['eval-every', 'evalEvery'], ['eval-games', 'evalGames'], ['lr', 'lr'], ['chunk', 'chunk'], ['batch', 'batch'], ['anneal', 'annealGames'], ['entropy', 'entropy'], ['bc-move', 'bcMove'], ['bc-rare', 'bcRare'], ['dagger', 'dagger']] as const) {
    const v = num(flag);
    if (v !== undefined) (over as Record<string, number>)[key] = v;
  }
  if (over.dagger !== undefined && !(over.dagger >= 0 && over.dagger <= 1)) { process.stderr.write('--dagger is the share of BC decisions the network plays, from 0 to 1\n'); return 2; }
  const teacher = arg(argv, 'teacher');
  if (teacher !== undefined) {
    if (!(TEACHER_STYLES as readonly string[]).includes(teacher)) { process.stderr.write(`--teacher is one of ${TEACHER_STYLES.join(', ')}\n`); return 2; }
    over.teacher = teacher as TeacherStyle;
  }
  st.config = { ...st.config, ...over };
  const version = num('version');
  const command = `npm run train-agent -- ${argv.join(' ')}`;
  // D8.4: a version ships (models/duel-agent/, where the live bot loads from) only when it meets D11's targets;
  // the trainer writes candidates beside it, and promoting one is a deliberate `git mv` (see README.md).
  const exportDir = arg(argv, 'export-dir') ?? join(st.config.outDir, 'candidates');
  await run(st, { phase, games, command, exportDir, ...(version ? { version } : {}) });
  let final: FinalEval | undefined;
  const fe = num('final-eval');
  if (fe) {
    const pool = new GamePool(st.config.mapPath, st.config.workers);
    try {
      const e = await evaluate(pool, st.config.seed + 1000, st.weights, fe);
      const turns = e.recs.reduce((a, r) => a + r.rec.turns, 0) / Math.max(1, e.recs.length);
      final = { games: fe, vsGreedy: e.vsGreedy, vsLander: e.vsLander, meanTurns: turns };
      st.finals = [...(st.finals ?? []), { ...(version ? { version } : {}), atGames: st.bcGames + st.rlGames, ...final }];
      saveCheckpoint(st);
      process.stdout.write(`final: vs greedy ${(100 * e.vsGreedy).toFixed(1)}% vs lander ${(100 * e.vsLander).toFixed(1)}% over ${fe} games each (mean ${turns.toFixed(1)} turns)\n`);
    } finally { await pool.close(); }
  }
  await writeReport(st, st.config.outDir, { ...(version ? { version, exportDir } : {}), ...(final ? { final } : {}) });
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('train/cli.ts')) {
  main(process.argv.slice(2)).then((c) => process.exit(c), (e) => { process.stderr.write(`${(e as Error).stack}\n`); process.exit(1); });
}
