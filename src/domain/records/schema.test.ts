// Every described record, of every module: what the generic screens, the server and the search
// view rely on. A module whose records break a rule fails here.
import { describe, expect, it } from 'vitest';
import { ID_PREFIXES } from '../ids.ts';
import { RESOURCES, resourceSpec, specOfKlass } from './index.ts';

describe('record descriptions', () => {
  it('are found by route segment and by klass, and nothing else is', () => {
    for (const spec of RESOURCES) {
      expect(resourceSpec(spec.resource)).toBe(spec);
      expect(specOfKlass(spec.klass)).toBe(spec);
    }
    expect(resourceSpec('nothing')).toBeNull();
    expect(specOfKlass(undefined)).toBeNull();
  });

  it('each have a kind with an id prefix, one resource and one kind per description', () => {
    expect(new Set(RESOURCES.map((s) => s.resource)).size).toBe(RESOURCES.length);
    expect(new Set(RESOURCES.map((s) => s.klass)).size).toBe(RESOURCES.length);
    for (const spec of RESOURCES) expect(ID_PREFIXES[spec.klass], spec.klass).toMatch(/^[a-z]{3}$/);
  });

  it('list, sort and search only fields they describe, sorting on fields always present', () => {
    for (const spec of RESOURCES) {
      const names = new Set([...spec.fields.map((f) => f.name), 'created_at', 'updated_at']);
      for (const field of [...spec.columns, ...spec.search, ...spec.sort, spec.titleField]) {
        expect(names.has(field), `${spec.resource}.${field}`).toBe(true);
      }
      for (const field of spec.sort) {
        const described = spec.fields.find((f) => f.name === field);
        expect(!described || described.required, `${spec.resource} sorts on optional ${field}`).toBe(true);
      }
      expect(spec.sort).toContain(spec.defaultSort.field);
    }
  });
});
