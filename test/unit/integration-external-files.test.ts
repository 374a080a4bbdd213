import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_STORE, EMBEDDED_STORE_ONLY } from '../support/integration-files.ts';

const files = readdirSync(new URL('../integration/', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .sort();

describe('the integration files run again against the external store', () => {
  it('are chosen file by file: every file is on one list, and only on one', () => {
    const listed = [...EXTERNAL_STORE, ...EMBEDDED_STORE_ONLY].map((file) => file.replace('test/integration/', ''));
    // A new file fails here until someone decides whether its store use is part of the contract.
    expect([...listed].sort()).toEqual(files);
  });
});
