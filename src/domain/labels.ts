// How records are named to people: short first lines of their texts.

export const LABEL_MAX = 50;

/** The first line of a text, without leading # or * (Markdown headings and bullets), cut at 50 characters. */
export function firstLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const stripped = line.replace(/^[#*\s]+/, '').trim();
  return stripped.length > LABEL_MAX ? `${stripped.slice(0, LABEL_MAX)}…` : stripped;
}

/** A field's value as text: strings as they are, numbers written out, anything else empty. */
export function textField(doc: Readonly<Record<string, unknown>>, field: string): string {
  const value = doc[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}
