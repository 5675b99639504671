/**
 * Flags of the project's command-line tools (`npm run simulate`, …): `--key value`, `--key=value`, or a bare
 * `--flag` (the string 'true'). Anything not starting with `--` is an error naming it.
 */
export function parseFlags(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) out[a.slice(2)] = argv[++i]!;
    else out[a.slice(2)] = 'true';
  }
  return out;
}
