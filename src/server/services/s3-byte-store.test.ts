import { describe, expect, it } from 'vitest';
import { copyPartPlan, MAX_SINGLE_COPY } from './s3-byte-store.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('copyPartPlan (UploadPartCopy, for contents over 5 GB)', () => {
  it('is not needed up to 5 GiB, where one CopyObject serves', () => {
    expect(MAX_SINGLE_COPY).toBe(5 * GiB);
  });

  it('covers every byte once, in ranges S3 accepts', () => {
    const size = 12 * GiB + 123;
    const parts = copyPartPlan(size);
    expect(parts.map((p) => p.partNumber)).toEqual(parts.map((_, i) => i + 1));
    let next = 0;
    for (const part of parts) {
      expect(part.start).toBe(next);
      const length = part.end - part.start + 1;
      expect(length).toBeLessThanOrEqual(5 * GiB);
      if (part !== parts.at(-1)) expect(length).toBeGreaterThanOrEqual(5 * MiB);
      expect(part.range).toBe(`bytes=${part.start}-${part.end}`);
      next = part.end + 1;
    }
    expect(next).toBe(size);
  });

  it('grows its parts so that the largest object (5 TiB) needs at most 10,000 of them', () => {
    const parts = copyPartPlan(5 * 1024 * GiB);
    expect(parts.length).toBeLessThanOrEqual(10_000);
    expect(parts.at(-1)!.end).toBe(5 * 1024 * GiB - 1);
  });
});
