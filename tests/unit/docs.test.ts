import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { parseMessage, COMMAND_NAMES } from '../../src/games/neuwar/parse/index.ts';
import { SettingsSchema } from '../../src/games/neuwar/engine/settings.ts';
import { COMMANDS } from '../../commands/index.ts';

/**
 * Item 30: the project carries its own docs. A clone must be readable on its own (no link leaves the repo),
 * and the docs must keep up with the code: every command, slash command, error code, setting and cited rule
 * id is documented, and every example command parses on the Europe map.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const DOCS = ['README.md', 'docs/rules.md', 'docs/commands.md', 'docs/architecture.md', 'docs/discord.md'];

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) files(p, out);
    else if (/\.(ts|mjs|js|md|txt)$/.test(name)) out.push(p);
  }
  return out;
}

/** The section of a markdown text from the heading starting with `from` to the next heading of that level. */
function section(text: string, from: string): string {
  const start = text.indexOf(`\n${from}`);
  assert.ok(start >= 0, `section "${from}" exists`);
  const level = from.match(/^#+/)![0];
  const next = text.slice(start + 1).search(new RegExp(`\\n${level} `));
  return next < 0 ? text.slice(start) : text.slice(start, start + 1 + next);
}

test('item 30: the docs exist and no doc or source comment links outside the repository', () => {
  for (const d of DOCS) assert.ok(existsSync(join(ROOT, d)), `${d} exists`);
  const all = [...DOCS, ...['src', 'tests', 'commands', 'bench', 'tools', 'examples'].flatMap((d) => files(d))];
  for (const f of all) {
    if (f === relative(ROOT, import.meta.filename)) continue;
    const text = read(f);
    assert.ok(!/\.\.\/shared\b|\/work\/shared/.test(text), `${f} points outside the repository`);
  }
});

test('item 30: every relative link in README.md and docs/ resolves to a file in the repository', () => {
  for (const d of DOCS) {
    for (const m of read(d).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.split('#')[0]!;
      if (!target || /^[a-z]+:/.test(target)) continue;
      const abs = resolve(ROOT, dirname(d), decodeURI(target));
      assert.ok(!relative(ROOT, abs).startsWith('..'), `${d}: ${target} leaves the repository`);
      assert.ok(existsSync(abs), `${d}: ${target} does not exist`);
    }
  }
});

test('item 30: docs/commands.md shows every text command, slash command and subcommand', () => {
  const doc = read('docs/commands.md');
  for (const n of COMMAND_NAMES) assert.ok(doc.includes(`【${n}】`), `【${n}】 documented`);
  for (const c of COMMANDS) {
    const j = c.data.toJSON() as { name: string; options?: { type: number; name: string }[] };
    assert.ok(doc.includes(`/${j.name}`), `/${j.name} documented`);
    for (const o of j.options ?? []) {
      if (o.type === 1) assert.ok(doc.includes(`/${j.name} ${o.name}`), `/${j.name} ${o.name} documented`);
      else assert.ok(new RegExp(`\\b${o.name}\\b`).test(doc), `option ${o.name} of /${j.name} documented`);
    }
  }
});

test('item 30: every example command in docs/commands.md §1 parses on the Europe map', () => {
  const europe = loadMapFile(join(ROOT, 'maps/europe.json'));
  const s1 = section(read('docs/commands.md'), '## 1.');
  const examples = [...s1.matchAll(/`([^`\n]*[【［\[〖][^`\n]*)`/g)].map((m) => m[1]!).filter((t) => /^[【\[〖［]/.test(t));
  assert.ok(examples.length >= 40, `examples found: ${examples.length}`);
  for (const ex of examples) {
    const r = parseMessage(ex, europe);
    assert.ok(r.length >= 1, `${ex} is read as a command`);
    for (const p of r) assert.ok(p.ok, `${ex}: ${p.ok ? '' : `${p.code} ${p.message}`}`);
  }
});

test('item 30: docs/commands.md §5 lists every error code the engine, the parser, the service and the page return', () => {
  const codes = new Set<string>();
  const union = /export const ERROR_CODES = \[([^\]]+)\] as const;/.exec(read('src/games/neuwar/engine/types.ts'))![1]!;
  for (const m of union.matchAll(/'([A-Z_]+)'/g)) codes.add(m[1]!);
  for (const f of [...files('src'), ...files('commands')].filter((f) => f.endsWith('.ts') || f.endsWith('.js'))) {
    const found = read(f).matchAll(/(?:fail|refuse|refusal)(?:<[^>]*>)?\(\s*(?:[^'\n]{0,60}?\?\s*'([A-Z][A-Z_]{3,})'\s*:\s*)?'([A-Z][A-Z_]{3,})'|code: '([A-Z][A-Z_]{3,})'/g);
    for (const m of found) for (const c of m.slice(1)) if (c) codes.add(c);
  }
  assert.ok(codes.size >= 40, `codes found: ${codes.size}`);
  const s5 = section(read('docs/commands.md'), '## 5.');
  for (const c of codes) assert.ok(s5.includes(`\`${c}\``), `${c} documented in §5`);
});

test('item 30: docs/rules.md names every rule setting and every rule id the code and tests cite', () => {
  const doc = read('docs/rules.md');
  for (const key of Object.keys(SettingsSchema.shape)) assert.ok(doc.includes(`\`${key}\``), `setting ${key} documented`);
  for (let r = 1; r <= 13; r++) assert.ok(new RegExp(`^## R${r} `, 'm').test(doc), `R${r} has a heading`);
  const cited = new Set<string>();
  for (const f of ['README.md', ...files('src'), ...files('tests'), ...files('commands'), ...files('examples')]) {
    for (const m of read(f).matchAll(/\bR(\d{1,2})\.(\d{1,2})\b/g)) if (Number(m[1]) <= 13) cited.add(`R${m[1]}.${m[2]}`);
  }
  for (const id of cited) assert.ok(new RegExp(`\\*\\*${id.replace('.', '\\.')}\\*\\*`).test(doc), `${id} (cited in the code) is a clause of docs/rules.md`);
});
