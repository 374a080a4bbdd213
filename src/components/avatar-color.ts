/** The initials' colour, on every background below. */
export const AVATAR_INITIALS = '#ffffff';

/**
 * Backgrounds white initials read on at 4.5:1 or more (WCAG AA), spread round the colour wheel so
 * names still tell apart. One lightness for every hue fell short on the greens and cyans (3.95:1).
 */
const AVATAR_BACKGROUNDS = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#4527a0',
  '#283593',
  '#1565c0',
  '#00695c',
  '#2e7d32',
  '#33691e',
  '#8d4e00',
  '#bf360c',
  '#5d4037',
  '#455a64',
] as const;

/** A stable, readable background colour for a name (same name, same colour on every device). */
export function avatarColor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return AVATAR_BACKGROUNDS[Math.abs(hash) % AVATAR_BACKGROUNDS.length]!;
}
