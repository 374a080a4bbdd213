import { createEmitter } from '../data/emitter.ts';

/** The global "clear errors" signal (spec 000 §8): every error box and form listens. */
export const clearErrorsEvent = createEmitter();

export function clearErrors(): void {
  clearErrorsEvent.emit();
}
