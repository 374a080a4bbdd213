import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Membership } from '../../../domain/groups.ts';
import { PlanIcon } from './plan-icon.tsx';

/** Home with several groups: a warning, a card per membership and a create-group action (spec 000 §2). */
export function GroupPicker({ memberships, warn }: { memberships: readonly Membership[]; warn: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      {warn && <Alert severity="warning">{t('home.selectGroup')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {memberships.map((membership) => (
          <Card key={membership._id} variant="outlined">
            <CardActionArea component={RouterLink} to={`/account/${membership.db_name}`} sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <PlanIcon plan={membership['confirmed-plan']} color="action" />
                  <Typography variant="h6" component="h2" noWrap sx={{ flex: 1 }}>
                    {membership.name || membership.db_name}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1}>
                  <Chip size="small" label={t(`groups.kinds.${membership.kind}`, membership.kind)} />
                  {membership.admin && <Chip size="small" color="primary" label={t('groups.adminBadge')} />}
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Box>
        <Button component={RouterLink} to="/account/new" variant="contained" startIcon={<AddIcon />}>
          {t('home.createGroup')}
        </Button>
      </Box>
    </Stack>
  );
}
