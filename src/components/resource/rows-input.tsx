import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../domain/records/schema';

type Row = Record<string, unknown>;

interface RowsInputProps {
  resource: string;
  field: FieldSpec;
  label: string;
  value: Row[] | undefined;
  onChange: (rows: Row[]) => void;
  /** Messages by `<field>.<row>.<column>`. */
  errorOf: (key: string) => string | undefined;
}

/** The parts of a record (estimate items, phones, addresses) edited as a list of small forms. */
export function RowsInput({ resource, field, label, value = [], onChange, errorOf }: RowsInputProps) {
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
              {columns.map((column) => {
                const name = `${field.name}.${index}.${column.name}`;
                const columnLabel = t(`records.${resource}.rows.${field.name}.${column.name}`);
                if (column.type === 'boolean') {
                  return (
                    <FormControlLabel
                      key={column.name}
                      control={
                        <Checkbox
                          name={name}
                          checked={row[column.name] === true}
                          onChange={(e) => set(index, column.name, e.target.checked)}
                        />
                      }
                      label={columnLabel}
                    />
                  );
                }
                const numeric = column.type === 'decimal' || column.type === 'integer';
                const error = errorOf(name);
                return (
                  <TextField
                    key={column.name}
                    size="small"
                    label={columnLabel}
                    value={row[column.name] === undefined ? '' : String(row[column.name])}
                    onChange={(e) => set(index, column.name, e.target.value)}
                    required={column.required}
                    error={Boolean(error)}
                    helperText={error}
                    sx={{ flex: { xs: '0 0 auto', sm: numeric ? '0 1 8rem' : '1 1 12rem' } }}
                    slotProps={{ htmlInput: { name, inputMode: numeric ? 'decimal' : undefined } }}
                  />
                );
              })}
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
