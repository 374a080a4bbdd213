import { describe, expect, it } from 'vitest';
import { avatarColor } from './avatar-color.ts';

describe('avatarColor', () => {
  it('is stable and depends on the name', () => {
    expect(avatarColor('Ana Lima')).toBe(avatarColor('Ana Lima'));
    expect(avatarColor('Ana Lima')).not.toBe(avatarColor('Bruno Reis'));
    expect(avatarColor('')).toMatch(/^hsl\(\d+, 45%, 38%\)$/);
  });
});
