import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import {
  allowedStatuses,
  isReopen,
  isTicketStatus,
  type TicketStatus,
} from '../../../domain/modules/ticket/tickets.ts';
import { StatusChangeDialog } from './status-change-dialog.tsx';

/**
 * The ticket page's status buttons: "Change status" lists the moves the rules allow from here,
 * and a done or cancelled ticket gets "Reopen" instead. Each opens a dialog to confirm.
 */
export function TicketStatusActions({ ticket, env }: { ticket: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<TicketStatus | null>(null);
  const from = ticket.status;
  if (!isTicketStatus(from)) return null;
  const moves = allowedStatuses(from).filter((to) => !isReopen(from, to));
  const reopen = allowedStatuses(from).some((to) => isReopen(from, to));

  return (
    <>
      {moves.length > 0 && (
        <Button
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-status-menu=""
        >
          {t('tickets.status.change')}
        </Button>
      )}
      {reopen && (
        <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setTarget('open')}>
          {t('tickets.status.reopen')}
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {moves.map((to) => (
          <MenuItem
            key={to}
            onClick={() => {
              setAnchor(null);
              setTarget(to);
            }}
          >
            {t(`records.tickets.options.status.${to}`)}
          </MenuItem>
        ))}
      </Menu>
      {target && (
        <StatusChangeDialog ticket={ticket} env={env} from={from} to={target} onClose={() => setTarget(null)} />
      )}
    </>
  );
}
