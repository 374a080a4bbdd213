import { useCallback, useEffect, useState } from 'react';
import { useErrorState } from '../../components/use-error-state.ts';
import { listTokens, type UserToken } from './api/list-tokens.ts';

/** The active tokens, loaded on mount; `refresh` reloads after a create or a deactivation. */
export function useTokens() {
  const [tokens, setTokens] = useState<UserToken[] | null>(null);
  const [error, setError] = useErrorState();
  const refresh = useCallback(async () => {
    try {
      setTokens(await listTokens());
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, [setError]);
  useEffect(() => {
    let live = true;
    listTokens().then(
      (list) => live && setTokens(list),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [setError]);
  return { tokens, error, setError, refresh };
}
