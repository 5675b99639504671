import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { loadMapFile } from '../map/index.ts';
import { applyEntry, newGame, describeEvent, defaultSettings, type Game, type Step } from '../engine/index.ts';
import { entriesFromText, speakerFor } from '../replay/index.ts';

/** Prints an answer and the summary of every turn it resolved. */
export function printStep(g: Game, step: Step, out: (s: string) => void): void {
  const lg = g.state.settings.language;
  // Clock times come as chat timestamp markup (<t:unix:T>); a terminal shows them in its own time zone.
  const clock = (m: string) => m.replace(/<t:(\d{1,12}):[tT]>/g, (_, sec: string) => new Date(Number(sec) * 1000).toLocaleTimeString());
  if (step.outcome) out(step.outcome.ok ? `✅ ${clock(step.outcome.message)}` : `❌ ${step.outcome.code}: ${step.outcome.message}`);
  for (const r of step.resolved) {
    out(lg === 'en' ? `──── Turn ${r.turn} ────` : `──── 第${r.turn}回合结算 ────`);
    for (const ev of r.events) {
      if (ev.type === 'turnResolved') continue;
      const line = describeEvent(g.map, ev, lg);
      if (line) out(`  ${line}`);
    }
  }
}

/**
 * The terminal game (`npm run repl`): type transcript lines (`法国: 【宣战】法国向德国宣战`, `judge: 【结算】`) and see
 * each answer and the turn summaries. The clock is real: deadlines pass while you type.
 */
export async function runRepl(mapPath?: string): Promise<void> {
  const path = mapPath ?? (existsSync('maps/europe.json') ? 'maps/europe.json' : 'tests/fixtures/tiny.json');
  const map = loadMapFile(path);
  const players = map.countries.filter((c) => c.playable !== false).map((c) => c.id);
  const g = newGame(map, { players, settings: defaultSettings(), at: Date.now() });
  const out = (s: string) => process.stdout.write(s + '\n');
  out(`新欧洲战争 — ${map.file.name.zh}（${path}）。玩家：${players.map((p) => map.country.get(p)!.name.zh).join('、')}`);
  out('输入 "国家: 命令"，例如  ' + `${map.country.get(players[0]!)!.name.zh}: 【帮助】` + '  或  judge: 【结算】；输入 exit 退出。');
  const timer = setInterval(() => {
    const step = applyEntry(g, { type: 'tick', at: Date.now() });
    if (step.resolved.length) printStep(g, step, out);
  }, 1000);
  const rl = createInterface({ input: process.stdin, terminal: process.stdin.isTTY });
  for await (const line of rl) {
    const t = line.trim();
    if (!t) continue;
    if (t === 'exit' || t === 'quit') break;
    const colon = t.search(/[:：]/);
    if (colon < 1) { out('格式：国家: 命令   例如  法国: 【宣战】法国向德国宣战'); continue; }
    const sp = speakerFor(map, t.slice(0, colon));
    if (!sp) { out(`不认识"${t.slice(0, colon)}"：写国家名或 judge`); continue; }
    const entries = entriesFromText(map, t.slice(colon + 1), sp, Date.now(), g.state.settings.language);
    if (entries.length === 0) out('（没有命令：命令以【…】开头，例如【状态】）');
    for (const e of entries) printStep(g, applyEntry(g, e), out);
    if (g.state.status === 'ended') { out('游戏结束'); break; }
  }
  clearInterval(timer);
  rl.close();
}
