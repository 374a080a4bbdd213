// A list's advanced search (page size, order), loaded when first opened: MUI's select brings its
// menu, popover and modal, which a list's first screen does without.
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResourceSpec, SortDirection } from '../../domain/records/schema.ts';
import { fieldLabel, PAGE_SIZES } from './resource-fields.ts';

export interface SearchOptionsProps {
  spec: ResourceSpec;
  perPage: number;
  sort: string;
  direction: SortDirection;
  update: (changes: Record<string, string | null>) => void;
}

export function SearchOptions({ spec, perPage, sort, direction, update }: SearchOptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
      <TextField
        select
        size="small"
        label={t('resource.perPage')}
        value={String(perPage)}
        onChange={(e) => update({ per: e.target.value })}
        slotProps={{ htmlInput: { name: 'per' } }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={String(size)}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('resource.sortBy')}
        value={sort}
        onChange={(e) => update({ sort: e.target.value })}
        slotProps={{ htmlInput: { name: 'sort' } }}
      >
        {spec.sort.map((field) => (
          <MenuItem key={field} value={field}>
            {fieldLabel(t, spec, field)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('resource.direction')}
        value={direction}
        onChange={(e) => update({ direction: e.target.value })}
        slotProps={{ htmlInput: { name: 'direction' } }}
      >
        <MenuItem value="asc">{t('resource.asc')}</MenuItem>
        <MenuItem value="desc">{t('resource.desc')}</MenuItem>
      </TextField>
    </Stack>
  );
}
