/** Virtual time as transcripts write it: `m:ss`, or a bare number of seconds; null when it is neither. */
export function parseClock(v: string): number | null {
  const m = /^(\d+):([0-5]\d)$/.exec(v) ?? /^(\d+)$/.exec(v);
  if (!m) return null;
  return m.length === 3 ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : Number(m[1]) * 1000;
}
