import {
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Button,
  DialogActions,
} from '@mui/material';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type KeyAction = 'next' | 'previous' | 'open' | 'read' | 'star' | 'help';

/** The reader's keys, as the best-known readers have them. */
const KEYS: ReadonlyArray<{ keys: readonly string[]; action: KeyAction }> = [
  { keys: ['j', 'ArrowDown'], action: 'next' },
  { keys: ['k', 'ArrowUp'], action: 'previous' },
  { keys: ['o', 'Enter'], action: 'open' },
  { keys: ['m'], action: 'read' },
  { keys: ['s'], action: 'star' },
  { keys: ['?'], action: 'help' },
];

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));
}

/** Listens for the reader's keys while the reader is shown (not while typing, nor with modifiers). */
export function useReaderKeys(handlers: Record<KeyAction, () => void>): void {
  const latest = useRef(handlers);
  // Before the browser's next event, not after its next paint: a key pressed right after a card
  // took the focus must act on that card.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      // Enter on a button or link already does what it says.
      if (event.key === 'Enter' && (event.target as HTMLElement | null)?.closest('button, a')) return;
      const entry = KEYS.find((k) => k.keys.includes(event.key));
      if (!entry) return;
      event.preventDefault();
      latest.current[entry.action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reader-keys-title">
      <DialogTitle id="reader-keys-title">{t('reader.keys.title')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {KEYS.map(({ keys, action }) => (
              <TableRow key={action}>
                <TableCell>
                  {keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && ` ${t('reader.keys.or')} `}
                      <kbd>{t(`reader.keys.names.${key}`, { defaultValue: key })}</kbd>
                    </span>
                  ))}
                </TableCell>
                <TableCell>{t(`reader.keys.${action}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
