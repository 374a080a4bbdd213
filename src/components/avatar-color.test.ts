import { describe, expect, it } from 'vitest';
import { AVATAR_INITIALS, avatarColor } from './avatar-color.ts';

/** sRGB channels 0–255 of `#rrggbb` or `hsl(h, s%, l%)`. */
function channels(color: string): [number, number, number] {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color);
  if (hex) return [1, 2, 3].map((i) => Number.parseInt(hex[i]!, 16)) as [number, number, number];
  const hsl = /^hsl\((\d+(?:\.\d+)?), (\d+(?:\.\d+)?)%, (\d+(?:\.\d+)?)%\)$/.exec(color);
  if (!hsl) throw new Error(`not a colour this test reads: ${color}`);
  const [h, s, l] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** WCAG 2 relative luminance. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('avatarColor', () => {
  it('is stable and depends on the name', () => {
    expect(avatarColor('Ana Lima')).toBe(avatarColor('Ana Lima'));
    expect(avatarColor('Ana Lima')).not.toBe(avatarColor('Bruno Reis'));
  });

  it('gives every name a background its initials read on at 4.5:1 or more (WCAG AA), in both themes', () => {
    // The avatar draws its own background and initials, so the page's theme does not change the pair.
    const seeds = ['', 'Test Person', 'Ana Lima', ...Array.from({ length: 3000 }, (_, i) => `Person ${i}`)];
    const weak = [...new Set(seeds.map(avatarColor))]
      .map((color) => ({ color, ratio: Math.round(contrast(color, AVATAR_INITIALS) * 100) / 100 }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(weak).toEqual([]);
  });
});
