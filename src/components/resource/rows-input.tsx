import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../domain/records/schema.ts';

type Row = Record<string, unknown>;

interface RowsInputProps {
  field: FieldSpec;
  label: string;
  value: Row[] | undefined;
  onChange: (rows: Row[]) => void;
  /** One column's input in one row, named `<field>.<row>.<column>` (from the field-type registry). */
  renderCell: (column: FieldSpec, name: string, value: unknown, set: (value: unknown) => void) => ReactNode;
}

/** The parts of a record (estimate items, phones, addresses) edited as a list of small forms. */
export function RowsInput({ field, label, value = [], onChange, renderCell }: RowsInputProps) {
  const { t } = useTranslation();
  const columns = field.rows ?? [];
  const set = (index: number, column: string, cell: unknown) =>
    onChange(value.map((row, i) => (i === index ? { ...row, [column]: cell } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        {value.map((row, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
            >
              {columns.map((column) =>
                renderCell(column, `${field.name}.${index}.${column.name}`, row[column.name], (cell) =>
                  set(index, column.name, cell),
                ),
              )}
              <IconButton
                aria-label={t('resource.removeRow', { label })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Paper>
        ))}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...value, {}])}>
            {t('resource.addRow', { label })}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
