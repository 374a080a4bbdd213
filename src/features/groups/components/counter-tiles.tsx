import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { adminTiles } from '../../../domain/modules/index.ts';
import { countByKlass } from '../api/count-by-klass.ts';

interface CounterTilesProps {
  accountId: string;
  kind: string | null;
  /** Feature switches that are on: a tile of a switched-off feature (maintenances) is left out. */
  features: ReadonlySet<string>;
}

/** Record counters per kind, each linking to its list (spec 000 §2 "Admin dashboard"); live with the replica. */
export function CounterTiles({ accountId, kind, features }: CounterTilesProps) {
  const { t } = useTranslation();
  const load = useCallback(() => countByKlass(accountId), [accountId]);
  const { value, error, setError } = useReplicaQuery(accountId, load);
  // A failed count shows 0 beside the error, not a skeleton for ever.
  const counts = value ?? (error ? {} : null);

  return (
    <>
      <ErrorBox error={error} onClose={() => setError(null)} />
      <Box
        component="nav"
        aria-label={t('admin.counters')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
        }}
      >
        {adminTiles(kind, features).map((tile) => (
          <Card key={tile.resource} variant="outlined" data-tile={tile.resource}>
            <CardActionArea
              component={RouterLink}
              to={`/account/${accountId}/${tile.resource}`}
              sx={{ height: '100%' }}
            >
              <CardContent>
                <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
                  {counts === null ? <Skeleton width={40} /> : (counts[tile.klass] ?? 0)}
                </Typography>
                <Typography color="text.secondary">{t(`admin.tiles.${tile.resource}`)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}
