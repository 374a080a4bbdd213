type Listener<T> = (payload: T) => void;

/** A few app-wide signals do not belong to any store (session lost, clear errors): a minimal emitter. */
export function createEmitter<T = void>() {
  const listeners = new Set<Listener<T>>();
  return {
    on(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(payload: T): void {
      for (const listener of [...listeners]) listener(payload);
    },
  };
}

/** The server no longer knows the session (a 401/403 followed by a failed session check). */
export const loggedOut = createEmitter();
