/** The stylesheet every map SVG (and the layered path's stamp atlas) starts with. */
import { FONT_STACK } from '../../../platform/render/fonts.ts';
import { FAIL, INK } from './colors.ts';

export function styleBlock(): string {
  return `<style>
text{font-family:${FONT_STACK}}
.nm{fill:${INK}}
.ct{font-weight:bold;text-anchor:middle}
.pill{fill:#fff;fill-opacity:.93}
.star{fill:#ffd21f;stroke:${INK};stroke-width:1;stroke-linejoin:round}
.city{fill:#fff;stroke:${INK};stroke-width:1.6}
.sea{fill:#1f4f7a;font-style:italic;text-anchor:middle;stroke:#fff;stroke-width:2.4px;stroke-opacity:.6;stroke-linejoin:round;paint-order:stroke}
.chip{font-weight:bold;fill:#fff;text-anchor:middle}
.ac{fill:none;stroke:#fff;stroke-opacity:.85}
.acd{fill:none;stroke:${INK};stroke-opacity:.85}
.xx{fill:none;stroke:${FAIL};stroke-width:2.6;stroke-linecap:round}
.burst{fill:#ff9f1a;stroke:${FAIL};stroke-width:1.2}
.an{font-size:10.5px;font-weight:bold;text-anchor:middle;stroke:#fff;stroke-width:2.6px;paint-order:stroke;stroke-linejoin:round}
.ld{stroke:#333;stroke-width:1;fill:none}
.ldo{fill:#333}
.st0{stroke:#fff;stroke-width:3.2;fill:none;stroke-opacity:.8}
.st1{stroke:#222;stroke-width:1.6;fill:none;stroke-dasharray:5 3}
.h1{font-size:19px;font-weight:bold;fill:#fff}
.h2{font-size:15px;fill:#e8e8e8;text-anchor:end}
.lt{font-size:13px;font-weight:bold;fill:${INK}}
.lg{font-size:12.5px;fill:${INK}}
.lr{font-size:11px;fill:#333;text-anchor:end}
.lk{font-size:11.5px;fill:#333}
.ln{font-size:11px;fill:#8a2b06}
.gr{fill:#999}
</style>`;
}
