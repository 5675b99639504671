/** Issue 11 item 23: the terminal game prompts and echoes, writes 【地图】/【分数】 to files, and reads Traditional speakers. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { runRepl } from '../../src/games/neuwar/repl.ts';
import { runTranscript, speakerFor } from '../../src/replay/index.ts';

const TINY = 'tests/fixtures/tiny.json';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function session(lines: string[], outDir: string): Promise<string> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (b: Buffer) => { text += b.toString('utf8'); });
  await runRepl({ mapPath: TINY, input: Readable.from(lines.map((l) => `${l}\n`)), output, outDir, now: () => 1_700_000_000_000 });
  return text;
}

test('item 23: speakers are read through Traditional → Simplified, like commands (REPL and transcripts)', () => {
  const europe = loadMapFile('maps/europe.json');
  assert.notEqual(speakerFor(europe, '德国'), null);
  assert.deepEqual(speakerFor(europe, '德國'), speakerFor(europe, '德国'));
  const tiny = loadMapFile(TINY);
  assert.deepEqual(speakerFor(tiny, '甲國'), { kind: 'country', id: 'A' });
  assert.deepEqual(speakerFor(tiny, '乙國'), { kind: 'country', id: 'B' });
  assert.deepEqual(speakerFor(tiny, '裁判'), { kind: 'judge' });
  const { game } = runTranscript('trad.txt', ['@map tests/fixtures/tiny.json', '@players 甲國 乙國', '甲國: 【完成】'].join('\n'));
  assert.equal(game.state.countries.A!.committed, true);
});

test('item 23: the REPL shows a prompt, echoes piped input, accepts 甲國:, and writes 【地图】/【分数】 as PNG files whose paths it prints', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'repl-test-'));
  try {
    const out = await session(['甲國: 【状态】', '甲国: 【地图】', '乙国: 【分数】', 'exit'], dir);
    assert.match(out, /^> 甲國: 【状态】$/m, 'prompt and the echoed line');
    assert.match(out, /^> 甲国: 【地图】$/m);
    assert.doesNotMatch(out, /不认识/, 'the Traditional speaker is known');
    assert.match(out, /^✅ 第1回合/m, 'the status answer');
    assert.match(out, /^甲国：30分/m);
    assert.doesNotMatch(out, /<t:\d+/, 'clock times as a terminal shows them, not chat markup');
    assert.match(out, /截止 \d\d:\d\d:\d\d/);
    const paths = [...out.matchAll(/(\/\S+\.png)/g)].map((m) => m[1]!);
    assert.equal(paths.length, 2, `two picture paths in:\n${out}`);
    assert.match(paths[0]!, /turn1-map\.png$/);
    assert.match(paths[1]!, /turn1-scores\.png$/);
    for (const p of paths) {
      assert.ok(p.startsWith(dir), p);
      assert.ok(existsSync(p), p);
      assert.deepEqual(readFileSync(p).subarray(0, 8), PNG, `${p} is a PNG`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('item 23: npm run repl (src/cli.ts repl) prompts and echoes when its input is piped', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'repl', TINY], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => { out += b.toString('utf8'); });
  child.stderr.on('data', (b: Buffer) => { err += b.toString('utf8'); });
  child.stdin.end('乙國: 【命令】\nexit\n');
  const code = await new Promise<number | null>((res) => child.on('close', res));
  assert.equal(code, 0, err);
  assert.match(out, /^> 乙國: 【命令】$/m, out);
  assert.match(out, /✅ /);
});
