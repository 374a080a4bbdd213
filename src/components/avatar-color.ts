/** A stable, readable background colour for a name (same name, same colour on every device). */
export function avatarColor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return `hsl(${Math.abs(hash) % 360}, 45%, 38%)`;
}
