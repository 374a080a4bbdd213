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

/** One choice of the search, written to the address's `name` parameter. */
function Choice(props: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  update: SearchOptionsProps['update'];
}) {
  const { name, label, value, options, update } = props;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => update({ [name]: e.target.value })}
      slotProps={{ htmlInput: { name } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function SearchOptions({ spec, perPage, sort, direction, update }: SearchOptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
      <Choice
        name="per"
        label={t('resource.perPage')}
        value={String(perPage)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        update={update}
      />
      <Choice
        name="sort"
        label={t('resource.sortBy')}
        value={sort}
        options={spec.sort.map((field) => ({ value: field, label: fieldLabel(t, spec, field) }))}
        update={update}
      />
      <Choice
        name="direction"
        label={t('resource.direction')}
        value={direction}
        options={[
          { value: 'asc', label: t('resource.asc') },
          { value: 'desc', label: t('resource.desc') },
        ]}
        update={update}
      />
    </Stack>
  );
}
