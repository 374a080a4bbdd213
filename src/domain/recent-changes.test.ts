import { describe, expect, it } from 'vitest';
import {
  CHANGES_LOOKBACK,
  CHANGES_SCAN,
  changeAction,
  firstLine,
  recordLabel,
  recordPath,
  sequenceNumber,
  TIMELINE_EVENTS,
  timelineEventKey,
  timelineRows,
  type ChangeRow,
} from './recent-changes.ts';

const row = (
  id: string,
  rev: string,
  extra: Partial<ChangeRow> = {},
  doc: Record<string, unknown> = {},
): ChangeRow => ({
  seq: 1,
  id,
  changes: [{ rev }],
  doc: { _id: id, _rev: rev, ...doc },
  ...extra,
});

describe('sequenceNumber', () => {
  it('reads numbers and the leading number of CouchDB sequence strings', () => {
    expect(sequenceNumber(100)).toBe(100);
    expect(sequenceNumber('42-g1AAAAB')).toBe(42);
    expect(sequenceNumber('g1AAAA')).toBeNull();
    expect(sequenceNumber(undefined)).toBeNull();
  });
});

describe('changeAction', () => {
  it('is create for a first revision, update otherwise, destroy when deleted', () => {
    expect(changeAction(row('tik-1', '1-a'))).toBe('create');
    expect(changeAction(row('tik-1', '2-b'))).toBe('update');
    expect(changeAction(row('tik-1', '3-c', { deleted: true }))).toBe('destroy');
    expect(changeAction(row('tik-1', '3-c', {}, { _deleted: true }))).toBe('destroy');
  });
});

describe('timelineRows', () => {
  it('puts the newest first and skips design documents', () => {
    const rows = [row('a', '1-a'), row('_design/x', '1-x'), row('b', '1-b')];
    expect(timelineRows(rows, false).map((r) => r.id)).toEqual(['b', 'a']);
    expect(timelineRows(rows, true).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('orders by when each change was made, and hides the settings a group starts with', () => {
    const rows = [
      row('cus-old', '1-a', {}, { klass: 'Customer', updated_at: '2026-11-20T10:00:00.000Z' }),
      row('cus-new', '1-b', {}, { klass: 'Customer', updated_at: '2026-11-24T10:00:00.000Z' }),
      row('adj-1', '1-c', {}, { klass: 'Adjustment', key: 'checklist' }),
      row('adj-2', '2-d', {}, { klass: 'Adjustment', key: 'checklist', updated_at: '2026-11-22T10:00:00.000Z' }),
      row('cus-mid', '1-e', {}, { klass: 'Customer', updated_at: '2026-11-21T10:00:00.000Z' }),
    ];
    expect(timelineRows(rows, true).map((r) => r.id)).toEqual(['cus-new', 'adj-2', 'cus-mid', 'cus-old']);
  });

  it('skips timeline notes (DocumentChange) and the server ticket-series counter', () => {
    const rows = [
      row('tik-1', '1-a', {}, { klass: 'Ticket' }),
      row('ver-1', '1-b', {}, { klass: 'DocumentChange' }),
      row('ticket-series', '4-c', {}, { klass: 'TicketSeries' }),
      row('_local/x', '1-d'),
      row('cus-1', '2-e', { deleted: true }, { _deleted: true }),
    ];
    expect(timelineRows(rows, false).map((r) => r.id)).toEqual(['cus-1', 'tik-1']);
  });

  it('fills 20 rows from a scan twice as long when every other change is a note', () => {
    const rows = Array.from({ length: CHANGES_SCAN }, (_, i) =>
      i % 2 ? row(`ver-${i}`, '1-a', {}, { klass: 'DocumentChange' }) : row(`tik-${i}`, '1-a', {}, { klass: 'Ticket' }),
    );
    expect(timelineRows(rows, false)).toHaveLength(CHANGES_LOOKBACK);
  });

  it('keeps at most 20 rows', () => {
    const rows = Array.from({ length: 30 }, (_, i) => row(`r${i}`, '1-a'));
    expect(timelineRows(rows, false)).toHaveLength(20);
  });
});

describe('recordPath', () => {
  it('links known kinds to their screen', () => {
    expect(recordPath('acc-1', row('tik-1', '1-a', {}, { klass: 'Ticket' }))).toBe('/account/acc-1/tickets/tik-1');
    expect(recordPath('acc-1', row('mem-1', '2-a', {}, { klass: 'Membership' }))).toBe(
      '/account/acc-1/memberships/mem-1',
    );
  });

  it('has no link for destroyed records or kinds without screens', () => {
    expect(recordPath('acc-1', row('tik-1', '2-a', { deleted: true }, { klass: 'Ticket' }))).toBeNull();
    expect(recordPath('acc-1', row('adj-1', '2-a', {}, { klass: 'Adjustment' }))).toBeNull();
  });
});

describe('firstLine', () => {
  it('strips leading # and * and skips blank lines', () => {
    expect(firstLine('\n## Title\nmore')).toBe('Title');
    expect(firstLine('* item')).toBe('item');
  });

  it('cuts at 50 characters with an ellipsis', () => {
    const long = 'x'.repeat(60);
    expect(firstLine(long)).toBe(`${'x'.repeat(50)}…`);
    expect(firstLine('y'.repeat(50))).toBe('y'.repeat(50));
  });
});

describe('recordLabel', () => {
  it('labels tickets with their number and the first line of the problem, else the content', () => {
    expect(recordLabel({ _id: 't', klass: 'Ticket', number: 12, problem: '# Broken screen\nDetails' })).toBe(
      '#12 - Broken screen',
    );
    expect(recordLabel({ _id: 't', klass: 'Ticket', number: 3, problem: '', content: '*Does not boot' })).toBe(
      '#3 - Does not boot',
    );
    expect(recordLabel({ _id: 't', klass: 'Ticket', number: 4 })).toBe('#4');
    expect(recordLabel({ _id: 't', klass: 'Ticket', number: 5, title: 'Noisy fan' })).toBe('#5 - Noisy fan');
    expect(recordLabel({ _id: 't', klass: 'Ticket', title: 'Not numbered yet' })).toBe('Not numbered yet');
  });

  it('cuts a ticket label after 50 characters of its first line, leading # and * stripped', () => {
    const problem = `**${'a'.repeat(55)}\nsecond line`;
    expect(recordLabel({ _id: 't', klass: 'Ticket', number: '7', problem })).toBe(`#7 - ${'a'.repeat(50)}…`);
    expect(recordLabel({ _id: 't', klass: 'Ticket', number: 8, problem: '\n\n## Fan noise', content: 'x' })).toBe(
      '#8 - Fan noise',
    );
  });

  it('uses name, title, description or key for other kinds', () => {
    expect(recordLabel({ _id: 'c', klass: 'Customer', name: 'ACME' })).toBe('ACME');
    expect(recordLabel({ _id: 'e', klass: 'Equipment', identifier: 'AC-1', description: 'Split' })).toBe('AC-1');
    expect(recordLabel({ _id: 'm', klass: 'Comment', content: 'Drain cleaned\nmore' })).toBe('Drain cleaned');
    expect(recordLabel({ _id: 'h', klass: 'Handbook', title: 'Guide' })).toBe('Guide');
    expect(recordLabel({ _id: 'o', klass: 'Outgo', description: 'Rent' })).toBe('Rent');
    expect(recordLabel({ _id: 'a', klass: 'Adjustment', key: 'billing' })).toBe('billing');
    expect(recordLabel(undefined)).toBe('');
  });

  it('labels memberships with the member, or the invited e-mail', () => {
    const user = { id: 'usr-1', fullname: 'Ana', email: 'ana@example.com', label: 'ana' };
    expect(recordLabel({ _id: 'm', klass: 'Membership', name: 'Shop', user })).toBe('Ana');
    expect(recordLabel({ _id: 'm', klass: 'Membership', name: 'Shop', user: null, email: 'bo@example.com' })).toBe(
      'bo@example.com',
    );
  });
});

describe('timeline events', () => {
  it('each kind of spec 001 §4 has words in both languages, and an unknown one reads as a change', async () => {
    const { default: en } = await import('../../locales/en/translation.json');
    const { default: ptBR } = await import('../../locales/pt-BR/translation.json');
    expect(TIMELINE_EVENTS).toHaveLength(19);
    for (const texts of [en, ptBR]) {
      const changes: Record<string, string> = texts.resource.changes;
      for (const event of TIMELINE_EVENTS) {
        const key = timelineEventKey(event);
        expect(key).toBe(`resource.changes.${event}`);
        expect(changes[event], `${event} in ${texts.resource.timeline}`).toMatch(/\{\{name\}\}/);
      }
      expect(changes.other).toMatch(/\{\{name\}\}/);
    }
    expect(timelineEventKey('rename')).toBe('resource.changes.other');
    expect(timelineEventKey(undefined)).toBe('resource.changes.other');
  });
});
