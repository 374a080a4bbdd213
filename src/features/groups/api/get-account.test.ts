import { describe, expect, it } from 'vitest';
import { toAccount } from './get-account.ts';

describe('toAccount', () => {
  it('keeps the fields the screens use and leaves the server’s bookkeeping out', () => {
    const account = toAccount({
      _id: 'acc-1',
      name: 'Oficina',
      kind: 'ticket',
      admin: true,
      admin_roles: ['x'],
      v7_plan: 'pro',
      livemode: true,
    });
    expect(account).toEqual({
      _id: 'acc-1',
      name: 'Oficina',
      kind: 'ticket',
      'billing-email': null,
      'confirmed-plan': null,
      'unconfirmed-plan': null,
      'created-by': null,
      'created-by-id': null,
      'created-at': null,
      'parent-account-id': null,
      admin: true,
    });
  });

  it('reads an empty value as none, so the server’s record and the device’s settings compare equal', () => {
    const fromServer = toAccount({ _id: 'acc-1', name: 'Oficina', 'billing-email': '' });
    const fromDevice = toAccount({ name: 'Oficina', 'billing-email': '', _id: 'acc-1', admin: undefined });
    expect(fromServer).toEqual(fromDevice);
    expect(fromDevice['billing-email']).toBeNull();
    expect(fromDevice.admin).toBe(false);
  });
});
