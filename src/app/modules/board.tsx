import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ModuleParts } from '../resource-modules';

function BoardLink({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/account/${accountId}/ticket-board`} startIcon={<ViewKanbanIcon />}>
      {t('board.open')}
    </Button>
  );
}

/** The ticket board's way in from the tickets list (the board itself is a route of its own). */
export const BOARD_PARTS: ModuleParts = {
  tickets: { indexActions: (env) => <BoardLink accountId={env.accountId} /> },
};
