import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupEnv } from '../../../test/support/group-env.ts';
import { queuedAt, queuedUploads, queueUpload } from '../../data/device-files.ts';
import { useSyncStore } from '../../data/sync-store.ts';
import { sendUpload } from './api/files.ts';
import rdiskModule from './module.tsx';

vi.mock(import('./api/files.ts'), async (original) => ({ ...(await original()), sendUpload: vi.fn() }));

afterEach(() => vi.mocked(sendUpload).mockReset());

describe('the disk while its group is open', () => {
  it('sends what waits on the device from any page once there is a network', async () => {
    const env = groupEnv();
    const Effect = rdiskModule.GroupEffect!;
    vi.mocked(sendUpload).mockResolvedValue({ ok: true, id: 'fle-sent', rev: '1-a' } as never);
    await queueUpload({
      id: crypto.randomUUID(),
      db: env.accountId,
      method: 'POST',
      path: `/api/groups/${env.accountId}/disk/files`,
      query: { name: 'report.pdf' },
      blob: new Blob(['pdf'], { type: 'application/pdf' }),
      meta: { name: 'report.pdf', dirId: null },
      addedAt: queuedAt(),
    });
    useSyncStore.getState().setOnline(false);
    render(<Effect accountId={env.accountId} />);
    useSyncStore.getState().setOnline(true);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(0));
    expect(vi.mocked(sendUpload).mock.calls.map(([target]) => target.query.name)).toEqual(['report.pdf']);
  });
});
