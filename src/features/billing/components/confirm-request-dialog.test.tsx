import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { PlanRequest } from '../../../domain/billing.ts';
import { ConfirmRequestDialog } from './confirm-request-dialog.tsx';

const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';

function Asked({ first }: { first: PlanRequest }) {
  const [request, setRequest] = useState<PlanRequest | null>(first);
  return (
    <ConfirmRequestDialog
      accountId={ACCOUNT}
      request={request}
      onClose={() => setRequest(null)}
      onDone={() => undefined}
    />
  );
}

describe('the switch-to-free and cancel modals', () => {
  it('keep their own texts while closing: the cancel modal does not turn into the switch-to-free one', () => {
    renderScreen(<Asked first="cancel" />);
    expect(screen.getByRole('dialog', { name: 'Cancel the subscription?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    // Still in its closing transition: the same modal, with its own title and button.
    expect(screen.getByText('Cancel the subscription?')).toBeTruthy();
    expect(screen.queryByText('Switch to the free plan?')).toBeNull();
  });
});
