import sharp, { type Sharp } from 'sharp';
import { availableParallelism } from 'node:os';
import { ensureFonts } from './fonts.ts';

let tuned = false;
const MAX_BYTES = 1000 * 1024;

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

/** Fonts configured and libvips threads raised: call before any sharp work that may render text. */
export function prepareSharp(): void {
  ensureFonts();
  tune();
}

/**
 * Encodes an opaque RGB picture. Flat map colours compress well with plain zlib without adaptive filtering
 * (filtering made the Europe map bigger and slower); palette quantization halves the size but costs
 * ~250 ms, so it is only the fallback for a picture over 1 MB (and `small: true` asks for it).
 */
export async function encodePng(img: Sharp, opts: { small?: boolean } = {}): Promise<Buffer> {
  if (opts.small) return img.png({ palette: true, quality: 90, effort: 3, compressionLevel: 9 }).toBuffer();
  const png = await img.png({ compressionLevel: 5, adaptiveFiltering: false }).toBuffer();
  // Discord takes 10 MB, our target is 1 MB: a busy map that misses it is re-encoded with a palette.
  if (png.length > MAX_BYTES) return sharp(png).png({ palette: true, quality: 90, effort: 2, compressionLevel: 9 }).toBuffer();
  return png;
}

/** SVG → PNG, opaque RGB (see encodePng). */
export async function svgToPng(svg: string, opts: { small?: boolean } = {}): Promise<Buffer> {
  prepareSharp();
  return encodePng(sharp(Buffer.from(svg)).removeAlpha(), opts);
}

/** Decodes a PNG to raw RGBA pixels (tests compare these). */
export async function pngPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
