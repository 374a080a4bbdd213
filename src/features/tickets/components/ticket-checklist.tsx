import {
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { checklistOf, tickChecklistItem } from '../../../domain/modules/ticket/ticket-edits.ts';
import { updateTicket } from '../api/update-ticket.ts';

const revisionNumber = (rev: string | undefined) => Number.parseInt(rev ?? '', 10) || 0;

/**
 * The ticket's checklist as boxes the technician ticks on site; each tick is saved at once, on
 * the device, so it works offline and syncs later. Absent while the group's checklist is off.
 */
export function TicketChecklist({ ticket, env }: { ticket: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [error, setError] = useErrorState();
  // Ticks the page does not show yet (written, or being written, after the revision it shows),
  // so a box answers at once rather than after the replica's change comes round.
  const [pending, setPending] = useState<Readonly<Record<string, { done: boolean; rev: string | null }>>>({});
  if (!env.features.has('checklist')) return null;

  const items = checklistOf(ticket);
  const isDone = (item: string, stored: boolean) => {
    const entry = pending[item];
    const shown = entry && (entry.rev === null || revisionNumber(ticket._rev) < revisionNumber(entry.rev));
    return shown ? entry.done : stored;
  };
  const doneCount = items.filter((entry) => isDone(entry.item, entry.done)).length;

  const tick = (item: string, done: boolean) => {
    setError(null);
    setPending((p) => ({ ...p, [item]: { done, rev: null } }));
    updateTicket(env, ticket._id, (current) => tickChecklistItem(current, item, done)).then(
      (saved) => setPending((p) => ({ ...p, [item]: { done, rev: saved?._rev ?? '' } })),
      (caught: unknown) => {
        setPending(({ [item]: _failed, ...rest }) => rest);
        setError(caught);
      },
    );
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-ticket-checklist="">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography id={headingId} variant="h6" component="h2">
              {t('tickets.checklist.title')}
            </Typography>
            {items.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('tickets.checklist.progress', { done: doneCount, total: items.length })}
              </Typography>
            )}
          </Stack>
          <ErrorBox error={error} onClose={() => setError(null)} />
          {items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('tickets.checklist.empty')}
            </Typography>
          ) : (
            <>
              {/* The count above says it in words; a progressbar role would read as loading. */}
              <LinearProgress
                variant="determinate"
                value={(doneCount / items.length) * 100}
                role="presentation"
                aria-hidden
                color={doneCount === items.length ? 'success' : 'primary'}
              />
              <FormGroup aria-labelledby={headingId}>
                {items.map(({ item, done }) => (
                  <FormControlLabel
                    key={item}
                    control={
                      <Checkbox checked={isDone(item, done)} onChange={(event) => tick(item, event.target.checked)} />
                    }
                    label={item}
                    sx={{ overflowWrap: 'anywhere', mr: 0 }}
                  />
                ))}
              </FormGroup>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
