import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { validationError } from '../data/api-error.ts';
import type { FieldErrors, FieldReasons } from '../domain/errors.ts';
import { describeError, splitFieldReasons } from './error-text.ts';
import { useErrorState } from './use-error-state.ts';
import { useErrorText } from './use-error-text.ts';

export interface FieldProps {
  error: boolean;
  helperText: string | undefined;
}

/** Per-field translated messages, ready to spread on a TextField. */
export function useFieldErrors(reasons: FieldReasons | null) {
  const { detail } = useErrorText();
  return useCallback(
    (field: string): FieldProps => {
      const messages = reasons?.[field];
      return messages?.length
        ? { error: true, helperText: messages.map(detail).join(', ') }
        : { error: false, helperText: undefined };
    },
    [reasons, detail],
  );
}

export type FormValues = Record<string, string>;

function readForm(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/**
 * Error and pending state of one form. Field reasons for `fields` go under the inputs,
 * everything else into the error box; the global clear-errors event resets it. `initial`: the
 * refusal the page was rendered with (a plain form post, src/components/posted-form.ts).
 */
export function useForm(fields: readonly string[], initial: unknown = null) {
  const [error, setError] = useErrorState(initial);
  const [pending, setPending] = useState(false);

  const { boxError, fieldReasons } = useMemo(() => {
    if (error === null) return { boxError: null, fieldReasons: null };
    const described = describeError(error);
    if (!described.fields) return { boxError: error, fieldReasons: null };
    const { shown, other } = splitFieldReasons(described.fields, fields);
    return { boxError: other ? { error: described.code, reason: other } : null, fieldReasons: shown };
  }, [error, fields]);
  const fieldProps = useFieldErrors(fieldReasons);

  const submit = useCallback(
    (action: (values: FormValues) => Promise<void>, validate?: (values: FormValues) => FieldErrors) =>
      async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const values = readForm(event.currentTarget);
        setError(null);
        const invalid = validate?.(values);
        if (invalid?.hasErrors) {
          setError(validationError(invalid.reasons));
          return;
        }
        setPending(true);
        try {
          await action(values);
        } catch (caught) {
          setError(caught);
        } finally {
          setPending(false);
        }
      },
    [setError],
  );

  return { error: boxError, setError, clearError: () => setError(null), fieldProps, pending, submit };
}
