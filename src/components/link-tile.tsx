import { Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface LinkTileProps {
  to: string;
  label: string;
  /** The figure; null draws a skeleton while it is read. */
  value: ReactNode | null;
  /** Marks the tile for tests and screenshots (`data-tile`). */
  tile: string;
}

/** One admin dashboard tile (spec 000 §2): a figure over its label, the whole card a link. */
export function LinkTile({ to, label, value, tile }: LinkTileProps) {
  return (
    <Card variant="outlined" data-tile={tile}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} aria-busy={value === null}>
            {value === null ? <Skeleton width={40} /> : value}
          </Typography>
          <Typography color="text.secondary">{label}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
