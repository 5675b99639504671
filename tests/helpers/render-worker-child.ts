/**
 * A fresh process that renders only through the render worker (nothing rendered in the main thread first), for
 * the test that Chinese text is drawn there too: writes the tiny map's golden state as PNG to argv[2].
 */
import { writeFileSync } from 'node:fs';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { demoState } from '../../bench/demo.ts';
import { RenderWorker } from '../../src/games/neuwar/live/render-worker.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');
const w = new RenderWorker();
const png = await w.mapPng(tiny, demoState(tiny, 11), {});
writeFileSync(process.argv[2]!, png);
await w.close();
