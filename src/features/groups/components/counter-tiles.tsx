import { Box } from '@mui/material';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { LinkTile } from '../../../components/link-tile.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { adminTiles } from '../../../domain/modules/index.ts';
import { countByKlass } from '../api/count-by-klass.ts';

interface CounterTilesProps {
  accountId: string;
  kind: string | null;
  /** Feature switches that are on: a tile of a switched-off feature (maintenances) is left out. */
  features: ReadonlySet<string>;
  /** The group's settings: the tiles of the other modules it has on (the disk's files). */
  settings?: Readonly<Record<string, string>>;
  /** Tiles of the group's own pages (billing, usage), composed by the app after the counters. */
  children?: ReactNode;
}

/** Record counters per kind, each linking to its list (spec 000 §2 "Admin dashboard"); live with the replica. */
export function CounterTiles({ accountId, kind, features, settings, children }: CounterTilesProps) {
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
        {adminTiles(kind, features, settings).map((tile) => (
          <LinkTile
            key={tile.resource}
            tile={tile.resource}
            to={`/account/${accountId}/${tile.resource}`}
            label={t(`admin.tiles.${tile.resource}`)}
            value={counts === null ? null : (counts[tile.klass] ?? 0)}
          />
        ))}
        {children}
      </Box>
    </>
  );
}
