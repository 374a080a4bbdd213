import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box';
import { useErrorState } from '../../../components/use-error-state';
import { adminTiles } from '../../../domain/group-settings';
import { countByKlass } from '../api/count-by-klass';

/** Record counters per kind, each linking to its list (spec 000 §2 "Admin dashboard"). */
export function CounterTiles({ accountId, kind }: { accountId: string; kind: string | null }) {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [error, setError] = useErrorState();
  useEffect(() => {
    let live = true;
    countByKlass(accountId).then(
      (found) => live && setCounts(found),
      (caught: unknown) => {
        if (!live) return;
        setCounts({});
        setError(caught);
      },
    );
    return () => {
      live = false;
    };
  }, [accountId, setError]);

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
        {adminTiles(kind).map((tile) => (
          <Card key={tile.resource} variant="outlined">
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
