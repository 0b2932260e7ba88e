/**
 * Just enough XML for the rates files: the attributes of one start tag (single or double quotes, any order), with the
 * five predefined entities undone. The files are flat and machine-made; a regular expression over their elements,
 * bounded by the answer's size, reads them without an XML library.
 */
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function attributes(tagBody: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tagBody.matchAll(ATTRIBUTE)) {
    const name = m[1] as string;
    out[name] = (m[2] ?? m[3] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] as string);
  }
  return out;
}
