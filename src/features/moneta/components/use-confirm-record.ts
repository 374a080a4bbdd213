import { useState } from 'react';
import { type ResourceEnv, writeOptions } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { updateRecord } from '../../../data/resource-writes.ts';
import { specOfKlass } from '../../../domain/records/index.ts';

/**
 * Confirm or unconfirm a finance record, from its page or from a list: the action stamps
 * `confirmed_at`, so confirming one a moment ago confirmed elsewhere is refused with the spec's
 * message instead of passing silently.
 */
export function useConfirmRecord(record: PouchDoc, env: ResourceEnv) {
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);
  const spec = specOfKlass(record.klass);
  const confirmed = record.confirmed === true;
  const toggle = async () => {
    if (!spec) return;
    setPending(true);
    setError(null);
    try {
      // The state as the screen shows it: if it changed meanwhile, the rules say "already".
      await updateRecord(
        env.accountId,
        spec,
        record._id,
        (now) => ({ ...now, confirmed: !confirmed, confirmed_at: new Date().toISOString() }),
        writeOptions(env),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return { known: spec !== null, confirmed, toggle, pending, error, setError };
}
