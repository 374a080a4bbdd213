import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { groupEnv } from '../../../../test/support/group-env.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { ResourceModule } from '../../../components/resource/module-parts.tsx';
import { localDb } from '../../../data/databases.ts';
import { newId } from '../../../domain/ids.ts';
import TicketsReceiptPage from './tickets-receipt.tsx';

describe('a ticket’s printed receipt', () => {
  it('prints what other modules add to a printed ticket, once, after the copies', async () => {
    const env = groupEnv({ name: 'Oficina' });
    const ticketId = newId('Ticket');
    await localDb(env.accountId).put({
      _id: ticketId,
      klass: 'Ticket',
      number: '3-22',
      title: 'Fridge',
      created_at: '2026-11-20T10:00:00.000Z',
    } as never);
    // Another module's part, as the app hands it over (the page names none).
    const parts: ResourceModule = {
      printChildren: (record) => <p data-testid="added">Added to {String(record.number)}</p>,
    };
    renderScreen(<TicketsReceiptPage env={env} recordId={ticketId} params={{ kind: 'service' }} parts={parts} />, {
      path: '/',
    });
    const sheet = await screen.findByRole('article', { name: 'Service receipt' });
    expect(
      within(sheet)
        .getAllByTestId('added')
        .map((p) => p.textContent),
    ).toEqual(['Added to 3-22']);
  });
});
