import AddIcon from '@mui/icons-material/Add';
import ListIcon from '@mui/icons-material/ViewList';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import { useLastShown } from '../../../../components/use-last-shown.ts';
import { useRecordTitles, useReplicaQuery } from '../../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { recordTitle } from '../../../../domain/records/index.ts';
import {
  canChangeStatus,
  isReopen,
  isTicketStatus,
  TICKET_KINDS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketStatus,
} from '../../../../domain/modules/ticket/tickets.ts';
import { type BoardColumn, COLUMN_PAGE, type ColumnLimits, countBoard, listBoard } from '../api/list-board.ts';
import { assignTicket, moveTicket, MoveRefusedError } from '../api/move-ticket.ts';
import { filtersFromParams, moveRefusal } from '../board-rules.ts';
import { BoardColumn as ColumnView, type Dragging } from './board-column.tsx';
import type { CardInfo } from './ticket-card.tsx';

const NO_LIMITS: ColumnLimits = {};

type Notice =
  | { kind: 'refused'; text: string }
  | { kind: 'moved'; text: string; ticketId: string; assignable: boolean }
  | { kind: 'assigned'; text: string };

/**
 * Moves waiting for the replica to show them: the card sits in its new column meanwhile. An entry
 * stands only while the loaded ticket still has the revision it was moved from, so it needs no
 * clearing once the save shows (and never hides a later move made elsewhere).
 */
type Pending = Readonly<Record<string, { to: TicketStatus; fromRev: unknown }>>;

/** A column as shown: its count null until counted. */
type Column = BoardColumn & { count: number | null };

function activeMoves(columns: readonly Column[], pending: Pending): Map<string, TicketStatus> {
  const active = new Map<string, TicketStatus>();
  for (const column of columns) {
    for (const ticket of column.tickets) {
      const move = pending[ticket._id];
      if (move && move.fromRev === ticket._rev && move.to !== column.status) active.set(ticket._id, move.to);
    }
  }
  return active;
}

/** Columns as loaded, with the moves still being saved applied, so a card moves when dropped. */
function withMoves(columns: readonly Column[], moves: ReadonlyMap<string, TicketStatus>): Column[] {
  const moving = columns.flatMap((c) => c.tickets.filter((t) => moves.has(t._id)));
  return columns.map((column) => {
    const staying = column.tickets.filter((t) => !moves.has(t._id));
    const coming = moving.filter((t) => moves.get(t._id) === column.status);
    const left = column.tickets.length - staying.length;
    const count = column.count === null ? null : column.count - left + coming.length;
    return { ...column, tickets: [...coming, ...staying], count };
  });
}

const FILTERS = [
  { name: 'priority', options: TICKET_PRIORITIES, label: 'records.tickets.fields.priority' },
  { name: 'kind', options: TICKET_KINDS, label: 'records.tickets.fields.ticket_kind' },
] as const;

/** The ticket board (spec 001 §2): a column per status, cards moved by dragging or by their menu. */
export function BoardPage({ env }: { env: ResourceEnv }) {
  const { t } = useTranslation();
  const { accountId, userId, members } = env;
  const [params, setParams] = useSearchParams();
  const filterKey = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string stands for the params
  const filters = useMemo(() => filtersFromParams(params), [filterKey]);
  // More cards asked for, per column, under these filters: other filters start the columns over.
  const [asked, setAsked] = useState<{ filterKey: string; limits: ColumnLimits }>({ filterKey, limits: NO_LIMITS });
  const limits = asked.filterKey === filterKey ? asked.limits : NO_LIMITS;
  const load = useCallback(
    () => listBoard(accountId, filters, limits).then((columns) => ({ filterKey, columns })),
    [accountId, filters, filterKey, limits],
  );
  const { value, latest, error, setError } = useReplicaQuery(accountId, load);
  // While a column's next cards are read, the cards already shown stay.
  const loaded = (value ?? (latest?.filterKey === filterKey ? latest : undefined))?.columns;
  const showMore = (status: TicketStatus) =>
    setAsked(({ filterKey: key, limits: before }) => {
      const current = key === filterKey ? before : NO_LIMITS;
      return { filterKey, limits: { ...current, [status]: (current[status] ?? COLUMN_PAGE) + COLUMN_PAGE } };
    });
  const readingMore = value === undefined && loaded !== undefined;
  // Counted once the cards show (see countBoard), and again with every change.
  const cardsShown = loaded !== undefined;
  const count = useCallback(
    () => (cardsShown ? countBoard(accountId, filters) : Promise.resolve(undefined)),
    [accountId, filters, cardsShown],
  );
  const counts = useReplicaQuery(accountId, count).value;
  const columns = useMemo(
    () =>
      loaded?.map((column): Column => ({
        ...column,
        count:
          counts === undefined
            ? null
            : Math.max(counts?.[column.status] ?? column.tickets.length, column.tickets.length),
      })),
    [loaded, counts],
  );
  const [pending, setPending] = useState<Pending>({});
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reopening, setReopening] = useState<{ ticket: PouchDoc; to: TicketStatus } | null>(null);
  const reopeningShown = useLastShown(reopening);

  const moves = useMemo(
    () => (columns ? activeMoves(columns, pending) : new Map<string, TicketStatus>()),
    [columns, pending],
  );
  const shown = useMemo(() => (columns ? withMoves(columns, moves) : null), [columns, moves]);
  const tickets = useMemo(() => (shown ?? []).flatMap((c) => c.tickets), [shown]);
  const customers = useRecordTitles(
    accountId,
    tickets.map((ticket) => (typeof ticket.customer_id === 'string' ? ticket.customer_id : '')),
  );
  const memberNames = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const info = useCallback(
    (ticket: PouchDoc): CardInfo => ({
      name: recordTitle(ticket) || t('board.untitled'),
      customer: typeof ticket.customer_id === 'string' ? recordTitle(customers[ticket.customer_id]) : '',
      technician: typeof ticket.technical_id === 'string' ? (memberNames.get(ticket.technical_id) ?? '') : '',
    }),
    [customers, memberNames, t],
  );

  const statusName = useCallback((status: unknown) => t(`records.tickets.options.status.${String(status)}`), [t]);

  const refusalVars = (from: unknown, to: TicketStatus) => ({
    from: statusName(from),
    to: statusName(to),
    open: statusName('open'),
  });

  const save = async (ticket: PouchDoc, to: TicketStatus) => {
    setPending((current) => ({ ...current, [ticket._id]: { to, fromRev: ticket._rev } }));
    setError(null);
    try {
      const saved = await moveTicket(env, ticket._id, to);
      setNotice({
        kind: 'moved',
        text: t('board.moved', { name: recordTitle(saved), status: statusName(to) }),
        ticketId: ticket._id,
        assignable: saved.technical_id !== userId,
      });
    } catch (caught) {
      setPending(({ [ticket._id]: _failed, ...rest }) => rest);
      if (caught instanceof MoveRefusedError) {
        setNotice({ kind: 'refused', text: t(caught.reason, refusalVars(caught.from, to)) });
      } else {
        setError(caught);
      }
    }
  };

  const move = (ticketId: string, to: TicketStatus) => {
    setDragging(null);
    const ticket = tickets.find((candidate) => candidate._id === ticketId);
    if (!ticket) return;
    const from = ticket.status;
    if (from === to) return;
    if (!isTicketStatus(from) || !canChangeStatus(from, to)) {
      const reason = moveRefusal(from, to) ?? 'board.refused.unknown';
      setNotice({ kind: 'refused', text: t(reason, refusalVars(from, to)) });
      return;
    }
    // Reopening says the service looked finished but is not (spec 001 §4): worth a confirmation.
    if (isReopen(from, to)) setReopening({ ticket, to });
    else void save(ticket, to);
  };

  const assign = async (ticketId: string) => {
    setNotice(null);
    try {
      const saved = await assignTicket(env, ticketId);
      setNotice({ kind: 'assigned', text: t('board.assigned', { name: recordTitle(saved) }) });
    } catch (caught) {
      setError(caught);
    }
  };

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // A phone shows one column and a half: a board whose tickets are all in later columns would open
  // on empty ones. It opens at the first column with tickets, once per filter (never while working).
  const scroller = useRef<HTMLDivElement>(null);
  const startedFor = useRef<string | null>(null);
  const firstFilled = shown?.find((column) => column.tickets.length > 0)?.status;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || !firstFilled || startedFor.current === filterKey) return;
    startedFor.current = filterKey;
    const column = box.querySelector(`[data-status="${firstFilled}"]`);
    if (!column) return;
    const [inner, outer] = [column.getBoundingClientRect(), box.getBoundingClientRect()];
    if (inner.left < outer.left || inner.right > outer.right) box.scrollLeft += inner.left - outer.left;
  }, [firstFilled, filterKey]);

  const busy = columns === undefined && !error;
  const saving = useMemo(() => new Set(moves.keys()), [moves]);

  return (
    <Stack spacing={2} data-testid="ticket-board" aria-busy={busy}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {t('board.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`/account/${accountId}/tickets`} startIcon={<ListIcon />}>
            {t('board.list')}
          </Button>
          <Button
            component={RouterLink}
            to={`/account/${accountId}/tickets/new`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('records.tickets.new')}
          </Button>
        </Stack>
      </Stack>
      <Box
        role="group"
        aria-label={t('board.filters')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 220px))' } }}
      >
        {FILTERS.map((filter) => (
          <TextField
            key={filter.name}
            select
            size="small"
            label={t(filter.label)}
            value={filters[filter.name] ?? ''}
            onChange={(event) => setFilter(filter.name, event.target.value)}
            slotProps={{ htmlInput: { name: filter.name } }}
          >
            <MenuItem value="">{t('board.all')}</MenuItem>
            {filter.options.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`records.tickets.options.${filter.name === 'kind' ? 'ticket_kind' : filter.name}.${option}`)}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <TextField
          select
          size="small"
          label={t('records.tickets.fields.technical_id')}
          value={filters.technician ?? ''}
          onChange={(event) => setFilter('technician', event.target.value)}
          slotProps={{ htmlInput: { name: 'technician' } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        >
          <MenuItem value="">{t('board.all')}</MenuItem>
          {members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {member.name}
            </MenuItem>
          ))}
          {filters.technician && !memberNames.has(filters.technician) && (
            <MenuItem value={filters.technician}>{filters.technician}</MenuItem>
          )}
        </TextField>
      </Box>
      <ErrorBox error={error} onClose={() => setError(null)} />
      <Typography variant="body2" color="text.secondary">
        {t('board.hint')}
      </Typography>
      <Box
        ref={scroller}
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'stretch',
          overflowX: 'auto',
          scrollSnapType: { xs: 'x mandatory', md: 'none' },
          pb: 1,
        }}
      >
        {TICKET_STATUSES.map((status) => {
          const column = shown?.find((c) => c.status === status);
          return (
            <ColumnView
              key={status}
              accountId={accountId}
              status={status}
              tickets={column?.tickets ?? null}
              count={column?.count ?? null}
              info={info}
              saving={saving}
              dragging={dragging}
              accepts={(drag) => isTicketStatus(drag.from) && canChangeStatus(drag.from, status)}
              onMove={move}
              onDragStart={(ticket) => setDragging({ id: ticket._id, from: ticket.status })}
              onDragEnd={() => setDragging(null)}
              onShowMore={() => showMore(status)}
              readingMore={readingMore}
            />
          );
        })}
      </Box>
      <Dialog open={reopening !== null} onClose={() => setReopening(null)} aria-labelledby="board-reopen-title">
        <DialogTitle id="board-reopen-title">
          {t('board.reopenTitle', { name: reopeningShown ? recordTitle(reopeningShown.ticket) : '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('board.reopenText', { open: statusName('open') })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReopening(null)}>{t('actions.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (reopening) void save(reopening.ticket, reopening.to);
              setReopening(null);
            }}
          >
            {t('board.reopen')}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.kind === 'refused' ? 10_000 : 8000}
        onClose={(_, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert
            severity={notice.kind === 'refused' ? 'warning' : 'success'}
            // White on the warning orange lacks contrast: the light standard alert, lifted by a shadow.
            variant={notice.kind === 'refused' ? 'standard' : 'filled'}
            onClose={() => setNotice(null)}
            closeText={t('actions.close')}
            action={
              notice.kind === 'moved' && notice.assignable ? (
                <Button color="inherit" size="small" onClick={() => void assign(notice.ticketId)}>
                  {t('board.assignToMe')}
                </Button>
              ) : undefined
            }
            sx={{ width: '100%', boxShadow: 6 }}
          >
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}
