import { describe, expect, it } from 'vitest';
import { isId } from '../../../../domain/ids.ts';
import { readerItemId } from './item-id.ts';

const SUB = 'rsb-11111111-1111-4111-8111-111111111111';
const OTHER_SUB = 'rsb-22222222-2222-4222-8222-222222222222';

describe('readerItemId', () => {
  it('is a reader item id, the same for the same subscription and guid', () => {
    const id = readerItemId(SUB, 'https://x.example/a');
    expect(isId(id, 'rit')).toBe(true);
    expect(readerItemId(SUB, 'https://x.example/a')).toBe(id);
  });

  it('is the first 128 bits of SHA-256 over subscription and guid', () => {
    // sha256("rsb-11111111-1111-4111-8111-111111111111\nguid-1"), computed apart.
    expect(readerItemId(SUB, 'guid-1')).toBe('rit-90b089d4-f63f-b16b-f112-03cd55ec06a6');
  });

  it('differs with the guid, by a letter, its case or a space, and with the subscription', () => {
    const ids = new Set([
      readerItemId(SUB, 'a'),
      readerItemId(SUB, 'b'),
      readerItemId(OTHER_SUB, 'a'),
      readerItemId(SUB, 'A'),
      readerItemId(SUB, 'a '),
    ]);
    expect(ids.size).toBe(5);
  });
});
