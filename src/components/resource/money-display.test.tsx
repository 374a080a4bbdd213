import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../domain/records/schema.ts';
import { TypedDisplay } from './field-type-displays.tsx';
import { groupEnv } from '../../../test/support/group-env.ts';

const env = groupEnv();
const field = { name: 'value', type: 'money' } as FieldSpec;

function show(value: unknown, currency: string) {
  render(
    <TypedDisplay
      resource="outgos"
      field={field}
      value={value}
      env={env}
      record={{ currency }}
      related={{}}
      compact={false}
    />,
  );
}

describe('a money value on a record page (spec 001)', () => {
  it('shows an amount in its currency, and an invalid currency with its code in front', () => {
    show(123450, 'BRL');
    expect(screen.getByText(/1,234\.50/).textContent).toMatch(/R\$\s?1,234\.50/);
    show(500, 'XYZ1');
    expect(screen.getByText(/^XYZ1 5\.00$/)).toBeTruthy();
  });

  it('shows what is not an amount as it is, saying "Not a number" when pointed at', () => {
    show('abc', 'USD');
    const shown = screen.getByText('abc');
    expect(shown.getAttribute('title')).toBe('Not a number');
  });
});
