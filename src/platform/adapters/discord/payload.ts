import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type APIActionRowComponent, type APIComponentInMessageActionRow } from 'discord.js';
import type { OutButton, OutImage, OutMessage, OutSelect } from '../../chat/index.ts';
import { FILE_LIMIT, FILES_PER_MESSAGE, mentionedUsers, splitMessage } from './split.ts';

/** A file as @discordjs/rest uploads it. */
export interface UploadFile {
  name: string;
  data: Buffer;
  contentType?: string;
}

/** One Discord message to send: a piece of the text, maybe files and buttons. */
export interface MessagePart {
  content: string;
  files: UploadFile[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions: { parse: []; users: string[] };
}

const STYLE: Record<NonNullable<OutButton['style']>, ButtonStyle> = {
  primary: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
  secondary: ButtonStyle.Secondary,
};

/** Buttons in rows of five (Discord's limit), at most five rows. */
export function buttonRows(buttons: OutButton[] = []): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (let i = 0; i < Math.min(buttons.length, 25); i += 5) {
    const row = new ActionRowBuilder<ButtonBuilder>();
    for (const b of buttons.slice(i, i + 5)) {
      row.addComponents(
        new ButtonBuilder()
          .setCustomId(b.id.slice(0, 100))
          .setLabel(b.label.slice(0, 80) || b.id.slice(0, 80))
          .setStyle(b.style ? STYLE[b.style] : ButtonStyle.Primary),
      );
    }
    rows.push(row.toJSON());
  }
  return rows;
}

/** Discord's limits on a string select: 25 options, labels and values of 100 characters, a placeholder of 150. */
const SELECT_OPTIONS = 25;

/** Menus, one row each, then the buttons' rows: at most five rows in all (menus first; extra buttons are dropped). */
export function componentRows(msg: Pick<OutMessage, 'buttons' | 'selects'>): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const rows = (msg.selects ?? []).filter((x) => x.options.length).slice(0, 5).map(selectRow);
  return [...rows, ...buttonRows((msg.buttons ?? []).slice(0, (5 - rows.length) * 5))];
}

function selectRow(x: OutSelect): APIActionRowComponent<APIComponentInMessageActionRow> {
  const options = x.options.slice(0, SELECT_OPTIONS);
  const max = Math.max(1, Math.min(x.max ?? 1, options.length));
  const menu = new StringSelectMenuBuilder()
    .setCustomId(x.id.slice(0, 100))
    .setPlaceholder(x.placeholder.slice(0, 150))
    .setMinValues(Math.min(x.min ?? 1, max))
    .setMaxValues(max)
    .addOptions(options.map((o) => ({ value: o.value.slice(0, 100), label: o.label.slice(0, 100) || o.value.slice(0, 100), ...(o.description ? { description: o.description.slice(0, 100) } : {}) })));
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu).toJSON();
}

/**
 * Makes an image fit the upload limit: recompressed, then scaled down step by step (sharp). An image that
 * cannot be made small enough is dropped by the caller with a note.
 */
export async function fitImage(img: OutImage, limit = FILE_LIMIT): Promise<OutImage | null> {
  if (img.png.length <= limit) return img;
  try {
    const sharp = (await import('sharp')).default;
    let scale = 1;
    for (let i = 0; i < 6; i++) {
      const meta = await sharp(img.png).metadata();
      const width = meta.width ? Math.max(64, Math.floor(meta.width * scale)) : undefined;
      const png = await sharp(img.png).resize(width ? { width } : undefined).png({ compressionLevel: 9, palette: true }).toBuffer();
      if (png.length <= limit) return { ...img, png };
      scale *= 0.7;
    }
  } catch {
    // No sharp or not a PNG: nothing more to try.
  }
  return null;
}

/** Files in groups one message may carry: at most ten, together within the limit (a larger file alone). */
export function batchFiles(files: readonly UploadFile[], limit = FILE_LIMIT): UploadFile[][] {
  const batches: UploadFile[][] = [];
  let batch: UploadFile[] = [];
  let size = 0;
  for (const f of files) {
    if (batch.length && (batch.length >= FILES_PER_MESSAGE || size + f.data.length > limit)) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(f);
    size += f.data.length;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/**
 * An OutMessage as Discord messages: text split at line boundaries into 2,000-character pieces, files on the
 * last piece (more pieces when there are more than ten files or they exceed the limit together; other
 * attachments, `files`, come after the pictures), buttons on the very last one. Only users mentioned as
 * `<@id>` are pinged; never @everyone or roles.
 */
export async function toParts(msg: OutMessage, opts: { fileLimit?: number; files?: UploadFile[] } = {}): Promise<MessagePart[]> {
  const limit = opts.fileLimit ?? FILE_LIMIT;
  const texts = splitMessage(msg.text ?? '');
  const notes: string[] = [];
  const files: UploadFile[] = [];
  for (const img of msg.images ?? []) {
    const fit = await fitImage(img, limit);
    if (!fit) {
      notes.push(`(${img.name}: ${(img.png.length / 1048576).toFixed(1)} MiB > ${(limit / 1048576).toFixed(0)} MiB)`);
      continue;
    }
    files.push({ name: fit.name.endsWith('.png') ? fit.name : `${fit.name}.png`, data: fit.png, contentType: 'image/png' });
  }
  if (notes.length) texts.push(...splitMessage(notes.join('\n')));
  const batches = batchFiles([...files, ...(opts.files ?? [])], limit);
  const parts: MessagePart[] = texts.map((content) => ({ content, files: [], components: [], allowedMentions: { parse: [], users: mentionedUsers(content) } }));
  for (let i = 0; i < batches.length; i++) {
    const target = i === 0 && parts.length ? parts[parts.length - 1]! : undefined;
    if (target) target.files = batches[i]!;
    else parts.push({ content: '', files: batches[i]!, components: [], allowedMentions: { parse: [], users: [] } });
  }
  const rows = componentRows(msg);
  if (rows.length) {
    if (!parts.length) parts.push({ content: '\u200b', files: [], components: [], allowedMentions: { parse: [], users: [] } });
    parts[parts.length - 1]!.components = rows;
  }
  return parts;
}

/** The JSON body of a message create/edit (files go beside it). */
export function partBody(p: MessagePart, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    content: p.content,
    components: p.components,
    allowed_mentions: p.allowedMentions,
    ...(p.files.length ? { attachments: p.files.map((f, i) => ({ id: i, filename: f.name })) } : {}),
    ...extra,
  };
}
