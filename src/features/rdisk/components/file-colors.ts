// The colours a file or folder may be marked with (spec 001 §3 `color`), stored as their hex value
// so that other clients reading the record see a colour, not one of our words.
export const FILE_COLORS = [
  ['red', '#e53935'],
  ['orange', '#fb8c00'],
  ['yellow', '#fdd835'],
  ['green', '#43a047'],
  ['blue', '#1e88e5'],
  ['purple', '#8e24aa'],
  ['grey', '#757575'],
] as const;

export type FileColorName = (typeof FILE_COLORS)[number][0];

export function colorName(hex: string | undefined): FileColorName | null {
  return FILE_COLORS.find(([, value]) => value === hex?.toLowerCase())?.[0] ?? null;
}
