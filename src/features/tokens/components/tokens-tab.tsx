import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatDateTime } from '../../../components/format-date.ts';
import { deactivateToken } from '../api/deactivate-token.ts';
import type { UserToken } from '../api/list-tokens.ts';
import { useTokens } from '../use-tokens.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';

function TokenRow({ token, onDeactivate }: { token: UserToken; onDeactivate: (token: UserToken) => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <TableRow>
      <TableCell>
        <Chip
          size="small"
          color={token.active ? 'success' : 'default'}
          label={token.active ? t('tokens.active') : t('tokens.inactive')}
        />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word' }}>{token.description}</TableCell>
      <TableCell>{t(`tokens.permission.${token.permissions}`)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(token.created_at)}</TableCell>
      <TableCell align="right">
        <Button
          color="error"
          size="small"
          aria-label={t('tokens.deactivateNamed', { description: token.description })}
          onClick={() => onDeactivate(token)}
        >
          {t('tokens.deactivate')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

export function TokensTab() {
  const { t } = useTranslation();
  const { tokens, error, setError, refresh } = useTokens();
  const [creating, setCreating] = useState(false);
  const deactivate = async (token: UserToken) => {
    try {
      await deactivateToken(token.id);
      await refresh();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h6" component="h2">
            {t('tokens.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('tokens.explanation')}
          </Typography>
        </Box>
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('tokens.create')}
          </Button>
        </Box>
      </Stack>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {tokens && tokens.length === 0 && <EmptyState title={t('tokens.empty')} />}
      {tokens && tokens.length > 0 && (
        <Card variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('tokens.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('tokens.status')}</TableCell>
                  <TableCell>{t('tokens.description')}</TableCell>
                  <TableCell>{t('tokens.permissions')}</TableCell>
                  <TableCell>{t('tokens.createdAt')}</TableCell>
                  <TableCell align="right">{t('tokens.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tokens.map((token) => (
                  <TokenRow key={token.id} token={token} onDeactivate={(row) => void deactivate(row)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
    </Stack>
  );
}
