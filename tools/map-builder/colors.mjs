/**
 * Minor states' colours: a greedy colouring over their borders, so two neighbouring minor states never share a
 * colour (a plain cycle through the palette gave e.g. Slovenia and Croatia-side neighbours the same tint).
 * Pure: used by build.mjs, and small enough to run on its own.
 */
export function colorMinors(minorIds, ownerOfTerritory, edges, palette) {
  const near = new Map(minorIds.map((id) => [id, new Set()]));
  for (const [a, b] of edges) {
    const oa = ownerOfTerritory(a), ob = ownerOfTerritory(b);
    if (oa && ob && oa !== ob && near.has(oa) && near.has(ob)) {
      near.get(oa).add(ob);
      near.get(ob).add(oa);
    }
  }
  const color = new Map();
  minorIds.forEach((id, i) => {
    const taken = new Set([...near.get(id)].map((n) => color.get(n)).filter(Boolean));
    // Start where the old cycle would have, so the colours spread over the palette as before.
    let pick = null;
    for (let k = 0; k < palette.length && !pick; k++) {
      const c = palette[(i + k) % palette.length];
      if (!taken.has(c)) pick = c;
    }
    color.set(id, pick ?? palette[i % palette.length]);
  });
  return color;
}
