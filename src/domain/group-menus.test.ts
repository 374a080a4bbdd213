import { describe, expect, it } from 'vitest';
import { currentModule, modulePages, othersMenu } from './group-menus';

describe('currentModule', () => {
  it('prefers the session choice when the group has that module', () => {
    expect(currentModule('rdisk', 'ticket', ['ticket', 'rdisk'])).toBe('rdisk');
    expect(currentModule('exoreader', 'ticket', ['ticket', 'rdisk'])).toBe('ticket');
    expect(currentModule(null, 'moneta', ['ticket', 'rdisk', 'moneta'])).toBe('moneta');
    expect(currentModule(null, 'exoreader', ['ticket', 'rdisk'])).toBe('ticket');
  });
});

describe('othersMenu', () => {
  const keys = (...args: Parameters<typeof othersMenu>) => othersMenu(...args).map((e) => e.key);

  it('lists ticket records, categories, disk and the group pages in the ticket module', () => {
    expect(keys('ticket', ['ticket', 'rdisk'], new Set(['maintenance']))).toEqual([
      'estimates',
      'contracts',
      'maintenances',
      'categories',
      'disk',
      'admin',
      'memberships',
      'billing',
      'usage',
    ]);
  });

  it('hides maintenances while the maintenance feature is off', () => {
    expect(keys('ticket', ['ticket'])).not.toContain('maintenances');
    expect(keys('ticket', ['ticket'], new Set(['checklist']))).not.toContain('maintenances');
    expect(keys('ticket', ['ticket'], new Set(['maintenance']))).toContain('maintenances');
  });

  it('lists wallets and mappings in the finance module', () => {
    expect(keys('moneta', ['ticket', 'rdisk', 'moneta']).slice(0, 3)).toEqual(['wallets', 'mappings', 'categories']);
  });

  it('hides the disk inside the disk and notes modules, or when it is not enabled', () => {
    expect(keys('rdisk', ['ticket', 'rdisk'])).not.toContain('disk');
    expect(keys('textnotes', ['ticket', 'textnotes', 'rdisk'])).not.toContain('disk');
    expect(keys('ticket', ['ticket'])).not.toContain('disk');
  });
});

describe('modulePages', () => {
  it('lists the ticket module screens, the board among them', () => {
    expect(modulePages('ticket').map((e) => e.path)).toEqual([
      'tickets',
      'ticket-board',
      'customers',
      'equipment',
      'handbooks',
    ]);
    expect(modulePages('moneta')).toEqual([]);
  });
});
