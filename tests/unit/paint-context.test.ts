/**
 * The map painter keeps no state between renders: each render draws through its own context (merged
 * paths, stamp list, whole-pixel snapping), so renders that interleave cannot see each other's marks.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { mapGeometry } from '../../src/games/europe/paint/geometry.ts';
import { badge, count, drawContext, marker, nameText, type DrawContext, type Stamp } from '../../src/games/europe/paint/ink.ts';
import { Occupancy, placeLabels } from '../../src/games/europe/paint/labels.ts';
import { shapedFrame } from '../../src/games/europe/paint/layers.ts';
import { renderMapTop } from '../../src/games/europe/paint/map.ts';
import { labelRequests } from '../../src/games/europe/paint/territory-labels.ts';
import { viewFor } from '../../src/games/europe/paint/view.ts';
import { renderMap, renderMapPngDetailed } from '../../src/games/europe/paint/index.ts';
import { demoState, syntheticMap } from '../../bench/demo.ts';

const shaped = syntheticMap({ cols: 8, rows: 6, width: 800, height: 600, countries: 4, seed: 3 });
const islands = loadMapFile('tests/fixtures/islands.json');

/** What a context holds once drawing is done, in a comparable form. */
const contents = (dc: DrawContext) => ({
  ink: dc.ink.svg(),
  stamps: (dc.stamps ?? []).map((s: Stamp) => ({ key: s.key, x: s.x, y: s.y, box: s.box, svg: s.svg(s.x, s.y) })),
});

test('paint context: marks drawn into two contexts in turn land only in their own', () => {
  // Two renders' worth of marks: one straight into its SVG (a schematic, no snapping), one as stamps for the layered path.
  const steps: ((dc: DrawContext) => unknown)[] = [
    (dc) => count(dc, 12, 10.3, 20.7, 12),
    (dc) => badge(dc, '7', 40.4, 50.6, 20, 16, 12, '#336699'),
    (dc) => marker(dc, 'capital', 60.2, 70.8, 12),
    (dc) => marker(dc, 'city', 80.5, 90.5, 12),
    (dc) => nameText(dc, '<text class="nm" x="1" y="2">Wien</text>', { x0: 0, y0: 0, x1: 30, y1: 12 }),
  ];
  const alone = (mk: () => DrawContext) => { const dc = mk(); for (const s of steps) s(dc); return contents(dc); };
  const mkA = () => drawContext(false), mkB = () => drawContext(true, []);
  const a = mkA(), b = mkB();
  const names: unknown[] = [];
  for (const s of steps) { names.push(s(a)); s(b); }
  assert.deepEqual(contents(a), alone(mkA));
  assert.deepEqual(contents(b), alone(mkB));
  // The two differ (else the comparison above proves nothing): A wrote every mark as paths; B stamped the
  // badge, markers and name and kept only the bare count as a path.
  assert.equal(contents(a).stamps.length, 0);
  assert.equal(contents(b).stamps.length, 4);
  assert.ok(contents(a).ink.length > contents(b).ink.length && contents(b).ink.length > 0);
  assert.equal(names[4], '<text class="nm" x="1" y="2">Wien</text>');
});

test('paint context: two renders\' labels drawn alternately equal each drawn alone', () => {
  // The label variants draw when the kept layout is drawn, long after they were made: each must still
  // reach its own render's context, whatever other render made or drew labels in between.
  const geo = mapGeometry(shaped);
  const fr = shapedFrame(geo, null, {});
  const v = viewFor(fr.b, fr.W, fr.H, 40, 0);
  const s1 = demoState(shaped, 5, 4), s2 = demoState(shaped, 9, 11);
  const bounds = { x0: 2, y0: 42, x1: fr.W - 2, y1: fr.H - 2 };
  const layout = (dc: DrawContext, state: typeof s1) => {
    const { reqs } = labelRequests(dc, shaped, state, geo, v, 'zh', false);
    return { reqs, placed: placeLabels(reqs, new Occupancy(), bounds) };
  };
  const mkA = () => drawContext(true), mkB = () => drawContext(true, []);
  const alone = (mk: () => DrawContext, state: typeof s1) => {
    const dc = mk();
    const svg = layout(dc, state).placed.draw();
    return { svg, ...contents(dc) };
  };
  const soloA = alone(mkA, s1), soloB = alone(mkB, s2);
  assert.ok(soloA.ink.length > 0 && soloB.stamps.length > 0);
  // Both laid out before either draws, then drawn in the other order.
  const a = mkA(), b = mkB();
  const la = layout(a, s1), lb = layout(b, s2);
  const svgB = lb.placed.draw(), svgA = la.placed.draw();
  assert.deepEqual({ svg: svgA, ...contents(a) }, soloA);
  assert.deepEqual({ svg: svgB, ...contents(b) }, soloB);
  // At the finest grain there is: one variant of A, one of B, … against the same variants drawn in sequence.
  const run = (interleave: boolean) => {
    const a = mkA(), b = mkB();
    const va = layout(a, s1).reqs.flatMap((q) => q.variants), vb = layout(b, s2).reqs.flatMap((q) => q.variants);
    if (interleave) for (let i = 0; i < Math.max(va.length, vb.length); i++) { va[i]?.draw(100, 100); vb[i]?.draw(200, 200); }
    else { for (const x of va) x.draw(100, 100); for (const x of vb) x.draw(200, 200); }
    return [contents(a), contents(b)];
  };
  const sequential = (() => {
    const a = mkA();
    for (const x of layout(a, s1).reqs.flatMap((q) => q.variants)) x.draw(100, 100);
    const ca = contents(a);
    const b = mkB();
    for (const x of layout(b, s2).reqs.flatMap((q) => q.variants)) x.draw(200, 200);
    return [ca, contents(b)];
  })();
  assert.deepEqual(run(true), sequential);
  assert.deepEqual(run(false), sequential);
});

test('paint context: a dynamic layer\'s stamps do not leak into a full render made next, nor the reverse', () => {
  const s = demoState(shaped, 3, 6);
  const fullAlone = renderMap(shaped, s, { lang: 'en' }).svg;
  const top = renderMapTop(shaped, s);
  assert.ok(top.stamps.length > 0);
  assert.equal(renderMap(shaped, s, { lang: 'en' }).svg, fullAlone);
  const top2 = renderMapTop(shaped, s);
  assert.deepEqual(top2.stamps.map((x) => x.key), top.stamps.map((x) => x.key));
  assert.equal(top2.svg, top.svg);
});

test('paint context: concurrent PNG renders with different options equal each rendered alone', async () => {
  const jobs = [
    { map: shaped, state: demoState(shaped, 21, 7), opts: {} },
    { map: shaped, state: demoState(shaped, 22, 13), opts: { lang: 'en' as const, width: 640, height: 520 } },
    { map: islands, state: demoState(islands, 23, 5), opts: { lang: 'en' as const } },
  ];
  const alone: Awaited<ReturnType<typeof renderMapPngDetailed>>[] = [];
  for (const j of jobs) alone.push(await renderMapPngDetailed(j.map, j.state, j.opts));
  const together = await Promise.all(jobs.map((j) => renderMapPngDetailed(j.map, j.state, j.opts)));
  together.forEach((r, i) => {
    assert.ok(r.png.equals(alone[i]!.png), `job ${i}: PNG differs when rendered alongside the others`);
    assert.deepEqual(r.labels, alone[i]!.labels);
    assert.equal(r.svg, alone[i]!.svg);
  });
});
