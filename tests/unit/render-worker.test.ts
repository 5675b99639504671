import test from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { runTranscript } from '../../src/replay/index.ts';
import { renderMapPng, pngPixels } from '../../src/games/europe/paint/index.ts';
import { RenderWorker } from '../../src/games/neuwar/live/render-worker.ts';

test('the render worker makes the same picture as this thread, and this thread keeps running meanwhile', { timeout: 60_000 }, async () => {
  const r = runTranscript('examples/first-war.txt');
  const map = r.game.map;
  const worker = new RenderWorker();
  try {
    const fromWorker = await worker.mapPng(map, r.game.state, { lang: 'zh' });
    const local = await renderMapPng(map, r.game.state, { lang: 'zh' });
    const [a, b] = await Promise.all([sharp(fromWorker).raw().toBuffer({ resolveWithObject: true }), sharp(local).raw().toBuffer({ resolveWithObject: true })]);
    assert.deepEqual([a.info.width, a.info.height], [b.info.width, b.info.height]);
    assert.ok(a.data.equals(b.data), 'the same pixels');
    // The first Europe picture costs about a second of JavaScript (geometry, the view's cached layers): in the
    // worker, this thread's timer keeps running meanwhile (in this thread it would not tick at all).
    const europe = runTranscript('examples/full-game.txt').game;
    let ticks = 0;
    const iv = setInterval(() => ticks++, 10);
    const t0 = Date.now();
    await worker.mapPng(europe.map, europe.state, {});
    const elapsed = Date.now() - t0;
    clearInterval(iv);
    // In this thread the same render lets the timer run only about a third of the time (measured: 36 of 108).
    assert.ok(ticks >= Math.floor(elapsed / 10 / 2), `${ticks} ticks in ${elapsed} ms`);
    const table = await worker.scoresPng(map, r.game.state, {});
    assert.equal(table.subarray(1, 4).toString(), 'PNG');
    // A second map goes to the same worker.
    const isl = loadMapFile('tests/fixtures/islands.json');
    const other = runTranscript('x.txt', '@map tests/fixtures/islands.json\n@players W E\n').game.state;
    assert.equal((await worker.mapPng(isl, other, {})).subarray(1, 4).toString(), 'PNG');
  } finally {
    await worker.close();
  }
});

test('a render that fails in the worker is reported, and the worker goes on', async () => {
  const map = loadMapFile('tests/fixtures/tiny.json');
  const worker = new RenderWorker();
  try {
    await assert.rejects(worker.mapPng(map, { nonsense: true } as never, {}));
    const ok = runTranscript('y.txt', '@map tests/fixtures/tiny.json\n').game.state;
    assert.equal((await worker.mapPng(map, ok, {})).subarray(1, 4).toString(), 'PNG');
  } finally {
    await worker.close();
  }
});

test('a process that renders only in the worker draws Chinese text, not missing-glyph boxes (matches the golden)', async () => {
  // fontconfig is process-wide and reads the real environment: set up from a worker thread it would not be.
  const out = join(mkdtempSync(join(tmpdir(), 'neuwar-rw-')), 'tiny.png');
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/helpers/render-worker-child.ts', out], { encoding: 'utf8', env: { ...process.env, FONTCONFIG_FILE: '' } });
  assert.equal(r.status, 0, r.stderr);
  const [a, b] = await Promise.all([pngPixels(readFileSync(out)), pngPixels(readFileSync('tests/golden/map-tiny.png'))]);
  assert.deepEqual([a.width, a.height], [b.width, b.height]);
  let bad = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.abs(a.data[i]! - b.data[i]!) > 32 || Math.abs(a.data[i + 1]! - b.data[i + 1]!) > 32 || Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 32) bad++;
  }
  // The golden's tolerance (render.test.ts): at most 0.1% of pixels differ.
  assert.ok(bad / (a.width * a.height) <= 0.001, `${bad} pixels differ from the golden`);
});
