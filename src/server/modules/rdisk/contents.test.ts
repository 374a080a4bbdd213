import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { exactly, WrongLength } from './contents.ts';

async function through(chunks: string[], length: number): Promise<string> {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      out += chunk.toString();
      callback();
    },
  });
  await pipeline(Readable.from(chunks.map((c) => Buffer.from(c))), exactly(length, 'abc'), sink);
  return out;
}

describe('a content sent as long as its record says', () => {
  it('passes exactly the length, and fails a store that sends less or more', async () => {
    await expect(through(['hel', 'lo'], 5)).resolves.toBe('hello');
    await expect(through([], 0)).resolves.toBe('');
    await expect(through(['hel'], 5)).rejects.toThrow(WrongLength);
    await expect(through(['hel'], 5)).rejects.toThrow('the store sent 3 bytes of abc, not 5');
    await expect(through(['hello', '!'], 5)).rejects.toThrow('the store sent 6 bytes of abc, not 5');
  });
});
