import { describe, expect, it } from 'vitest';
import { isId, isUuid, newId } from './ids.ts';

describe('ids', () => {
  it('knows a UUID as randomUUID makes it, and an id as its prefix and a UUID', () => {
    const uuid = crypto.randomUUID();
    expect(isUuid(uuid)).toBe(true);
    for (const bad of [uuid.toUpperCase(), `${uuid}x`, ` ${uuid}`, newId('CloudFile', uuid), 'not-a-key', 7, null])
      expect(isUuid(bad)).toBe(false);
    expect(isId(newId('CloudFile', uuid), 'fle')).toBe(true);
    expect(isId(newId('CloudFile', uuid), 'cus')).toBe(false);
  });
});
