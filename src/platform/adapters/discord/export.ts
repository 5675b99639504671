import { gzipSync } from 'node:zlib';
import type { ExportData } from '../../session/index.ts';
import type { UploadFile } from './payload.ts';
import { FILE_LIMIT } from './split.ts';

/** How one exported file was made to fit Discord's upload limit. */
export type Fit = 'plain' | 'gzip' | 'split';

export interface ExportFiles {
  files: UploadFile[];
  /** Per logical file (state, log): how it was sent. */
  fits: { name: string; fit: Fit; parts: number }[];
}

/**
 * The log as JSON with one stored entry per line: readable in an editor, and a diff between two exports
 * shows the entries that were added.
 */
function logJson(data: ExportData): string {
  const entries = data.log.map((e) => JSON.stringify(e)).join(',\n');
  return `{"game":${JSON.stringify(data.game)},"log":[\n${entries}\n]}\n`;
}

/**
 * A file that fits the limit as it is; else gzipped (`.gz`); else the gzip cut into pieces
 * (`.gz.part1`, `.gz.part2`, … — joined in order they are the `.gz` file again).
 */
function fit(name: string, body: Buffer, limit: number, contentType: string): { files: UploadFile[]; fit: Fit } {
  if (body.length <= limit) return { files: [{ name, data: body, contentType }], fit: 'plain' };
  const gz = gzipSync(body, { level: 9 });
  if (gz.length <= limit) return { files: [{ name: `${name}.gz`, data: gz, contentType: 'application/gzip' }], fit: 'gzip' };
  const count = Math.ceil(gz.length / limit);
  // Zero-padded so that `part*` lists them in order.
  const width = String(count).length;
  const files: UploadFile[] = [];
  for (let n = 0; n < count; n++) {
    files.push({ name: `${name}.gz.part${String(n + 1).padStart(width, '0')}`, data: gz.subarray(n * limit, (n + 1) * limit), contentType: 'application/octet-stream' });
  }
  return { files, fit: 'split' };
}

/**
 * `/export` as attachments: the state JSON (commands.md §4, as `replay` prints it and `render --state`
 * reads it) and the stored log with the game's record, each under Discord's upload limit.
 */
export function exportFiles(data: ExportData, limit = FILE_LIMIT): ExportFiles {
  const base = `game-${data.game.id}`;
  const state = fit(`${base}-state.json`, Buffer.from(`${JSON.stringify(data.state, null, 2)}\n`), limit, 'application/json');
  const log = fit(`${base}-log.json`, Buffer.from(logJson(data)), limit, 'application/json');
  return {
    files: [...state.files, ...log.files],
    fits: [
      { name: `${base}-state.json`, fit: state.fit, parts: state.files.length },
      { name: `${base}-log.json`, fit: log.fit, parts: log.files.length },
    ],
  };
}

/** The lines that say what was attached and how to open what had to be packed. */
export function exportNote(fits: ExportFiles['fits'], lang: 'zh' | 'en'): string {
  const lines = fits.map((f) => {
    if (f.fit === 'plain') return `• ${f.name}`;
    if (f.fit === 'gzip') return lang === 'en' ? `• ${f.name}.gz (gzip-compressed to fit Discord's upload limit)` : `• ${f.name}.gz（超过 Discord 的上传上限，已用 gzip 压缩）`;
    return lang === 'en'
      ? `• ${f.name}.gz in ${f.parts} pieces (too large even compressed): join them in order, e.g. \`cat ${f.name}.gz.part* > ${f.name}.gz\`, then gunzip`
      : `• ${f.name}.gz 分成 ${f.parts} 段（压缩后仍超过上传上限）：按顺序合并，如 \`cat ${f.name}.gz.part* > ${f.name}.gz\`，再用 gunzip 解压`;
  });
  return [lang === 'en' ? 'Attached (only you can see them): the state JSON and the whole log.' : '附件（只有你能看到）：状态 JSON 与完整记录。', ...lines].join('\n');
}
