import sharp from 'sharp';
import { availableParallelism } from 'node:os';
import { ensureFonts } from './fonts.ts';

let tuned = false;

/**
 * libvips may start with one worker thread on small containers; two let PNG encoding overlap the SVG
 * rasterization (≈20% faster here). Only raised, never lowered, so an embedding app's choice stands.
 */
function tune(): void {
  if (tuned) return;
  tuned = true;
  const want = Math.min(4, availableParallelism());
  if (sharp.concurrency() < want) sharp.concurrency(want);
}

/**
 * SVG → PNG. Flat map colours compress well with plain zlib; level 3 without adaptive filtering is the
 * speed/size sweet spot measured on a 1600×1200 map (palette quantization halves the size but costs
 * ~250 ms, too slow for a per-turn post; `small: true` asks for it anyway).
 */
export async function svgToPng(svg: string, opts: { small?: boolean } = {}): Promise<Buffer> {
  ensureFonts();
  tune();
  const img = sharp(Buffer.from(svg));
  return opts.small
    ? img.png({ palette: true, quality: 90, effort: 3, compressionLevel: 9 }).toBuffer()
    : img.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

/** Decodes a PNG to raw RGBA pixels (tests compare these). */
export async function pngPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
