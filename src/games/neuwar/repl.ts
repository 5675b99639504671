import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadMapFile } from '../europe/map/index.ts';
import { applyEntry, newGame, describeEvent, defaultSettings, type Game, type LogEntry, type Step } from './engine/index.ts';
import { entriesFromText, speakerFor } from '../../replay/index.ts';

/** Prints an answer and the summary of every turn it resolved. */
export function printStep(g: Game, step: Step, out: (s: string) => void): void {
  const lg = g.state.settings.language;
  if (step.outcome) out(step.outcome.ok ? `✅ ${step.outcome.message}` : `❌ ${step.outcome.code}: ${step.outcome.message}`);
  for (const r of step.resolved) {
    out(lg === 'en' ? `──── Turn ${r.turn} ────` : `──── 第${r.turn}回合结算 ────`);
    for (const ev of r.events) {
      if (ev.type === 'turnResolved') continue;
      const line = describeEvent(g.map, ev, lg);
      if (line) out(`  ${line}`);
    }
  }
}

export interface ReplOptions {
  /** Map file; default maps/europe.json, else the tiny test map. */
  mapPath?: string;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** Where 【地图】 and 【分数】 pictures are written (default: neuwar-repl in the system's temp directory). */
  outDir?: string;
  now?: () => number;
}

const PROMPT = '> ';

const two = (n: number) => String(n).padStart(2, '0');

/** Chat clients show <t:SECONDS:T> as a local clock time; a terminal needs it written out. */
function plain(s: string): string {
  return s.replace(/<t:(-?\d{1,12}):[tTdDfFR]>/g, (_, sec: string) => {
    const d = new Date(Number(sec) * 1000);
    return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  });
}

/**
 * The terminal game (`npm run repl`): type transcript lines (`法国: 【宣战】法国向德国宣战`, `judge: 【结算】`) and see
 * each answer and the turn summaries; 【地图】 and 【分数】 are drawn to PNG files whose paths are printed. The
 * clock is real: deadlines pass while you type.
 */
export async function runRepl(opts: ReplOptions | string = {}): Promise<void> {
  const o: ReplOptions = typeof opts === 'string' ? { mapPath: opts } : opts;
  const path = o.mapPath ?? (existsSync('maps/europe.json') ? 'maps/europe.json' : 'tests/fixtures/tiny.json');
  const input = o.input ?? process.stdin;
  const output = o.output ?? process.stdout;
  const now = o.now ?? Date.now;
  const outDir = resolve(o.outDir ?? join(tmpdir(), 'neuwar-repl'));
  const map = loadMapFile(path);
  const players = map.countries.filter((c) => c.playable !== false).map((c) => c.id);
  const g = newGame(map, { players, settings: defaultSettings(), at: now() });
  const out = (s: string) => { output.write(plain(s) + '\n'); };
  // A terminal echoes what is typed; piped input is echoed here, so the session reads as a transcript.
  const terminal = (input as { isTTY?: boolean }).isTTY === true && (output as { isTTY?: boolean }).isTTY === true;
  const rl = createInterface({ input, output, terminal, prompt: PROMPT });
  out(`新欧洲战争 — ${map.file.name.zh}（${path}）。玩家：${players.map((p) => map.country.get(p)!.name.zh).join('、')}`);
  out('输入 "国家: 命令"，例如  ' + `${map.country.get(players[0]!)!.name.zh}: 【帮助】` + '  或  judge: 【结算】；输入 exit 退出。');
  out(`【地图】和【分数】的图片写到 ${outDir}`);
  const timer = setInterval(() => {
    const step = applyEntry(g, { type: 'tick', at: now() });
    if (step.resolved.length) {
      out('');
      printStep(g, step, out);
      rl.prompt(true);
    }
  }, 1000);
  rl.prompt();
  try {
    for await (const line of rl) {
      if (!terminal) out(line);
      const t = line.trim();
      if (t === 'exit' || t === 'quit') break;
      if (t) await handleLine(g, t, now(), outDir, out);
      if (g.state.status === 'ended') { out('游戏结束'); break; }
      rl.prompt();
    }
  } finally {
    clearInterval(timer);
    rl.close();
  }
}

async function handleLine(g: Game, t: string, at: number, outDir: string, out: (s: string) => void): Promise<void> {
  const colon = t.search(/[:：]/);
  if (colon < 1) { out('格式：国家: 命令   例如  法国: 【宣战】法国向德国宣战'); return; }
  const sp = speakerFor(g.map, t.slice(0, colon));
  if (!sp) { out(`不认识"${t.slice(0, colon)}"：写国家名或 judge`); return; }
  const entries = entriesFromText(g.map, t.slice(colon + 1), sp, at, g.state.settings.language, undefined, g.state.settings);
  if (entries.length === 0) out('（没有命令：命令以【…】开头，例如【状态】）');
  for (const e of entries) {
    const step = applyEntry(g, e);
    printStep(g, step, out);
    if (step.outcome?.ok) await picture(g, e, outDir, out);
  }
}

/** 【地图】 and 【分数】: the picture the bot would post, written to a file named by turn. */
async function picture(g: Game, e: LogEntry, outDir: string, out: (s: string) => void): Promise<void> {
  if (e.type !== 'command' || e.command.kind !== 'query' || (e.command.what !== 'map' && e.command.what !== 'scores')) return;
  const lang = g.state.settings.language;
  const { what, region } = e.command;
  try {
    const [paint, pictures] = await Promise.all([import('../europe/paint/index.ts'), import('./pictures/index.ts')]);
    const png = what === 'map'
      ? await paint.renderMapPng(g.map, g.state, region ? { region, lang } : { lang })
      : await pictures.renderScoreTablePng(g.map, g.state, { lang });
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `turn${g.state.turn}-${what}${region ? `-${region}` : ''}.png`);
    writeFileSync(file, png);
    out(`   ${file}`);
  } catch (err) {
    out(`❌ ${lang === 'en' ? 'could not draw the picture' : '图片没有画成'}：${(err as Error).message}`);
  }
}
