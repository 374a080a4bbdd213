import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Card, CardContent, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../../components/error-box.tsx';
import { describeError, splitFieldReasons } from '../../../../components/error-text.ts';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../../components/use-error-state.ts';
import { useFieldErrors } from '../../../../components/use-form-errors.ts';
import { validationError } from '../../../../data/api-error.ts';
import type { FieldReasons } from '../../../../domain/errors.ts';
import { localDay } from '../../../../domain/days.ts';
import { type ReceiptKind, receiptField, validateSignedReceipt } from '../../../../domain/modules/ticket/receipts.ts';
import { saveSignedReceipt } from '../save-signed-receipt.ts';
import { SignaturePad, signatureDataUrl, type Stroke } from './signature-pad.tsx';

const FIELDS = ['legible_name', 'date', 'signature'] as const;

/**
 * Reasons for the receipt's parts go under their inputs, whether they come bare (checked here)
 * or by path on the ticket (`contract_receipt.date`, from the record check); the rest to the box.
 */
function formErrors(error: unknown, kind: ReceiptKind): { boxError: unknown; fields: FieldReasons | null } {
  const path = `${receiptField(kind)}.`;
  if (error === null) return { boxError: null, fields: null };
  const described = describeError(error);
  if (!described.fields) return { boxError: error, fields: null };
  const bare: FieldReasons = {};
  for (const [field, messages] of Object.entries(described.fields))
    bare[field.startsWith(path) ? field.slice(path.length) : field] = messages;
  const { shown, other } = splitFieldReasons(bare, FIELDS);
  return { boxError: other ? { error: described.code, reason: other } : null, fields: shown };
}

interface SignReceiptFormProps {
  env: ResourceEnv;
  kind: ReceiptKind;
  ticketId: string;
  onSaved: () => void;
  onCancel?: () => void;
}

/** The customer signs on the device's screen; what is saved prints on the receipt of that kind. */
export function SignReceiptForm({ env, kind, ticketId, onSaved, onCancel }: SignReceiptFormProps) {
  const { t } = useTranslation();
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [name, setName] = useState('');
  const [date, setDate] = useState(() => localDay(new Date()));
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);

  const { boxError, fields } = formErrors(error, kind);
  const fieldProps = useFieldErrors(fields);
  const signatureError = fieldProps('signature');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      // An empty pad would still make a (blank) PNG: it counts as no signature.
      const receipt = { date, legible_name: name, signature: strokes.length > 0 ? signatureDataUrl(strokes) : '' };
      const errors = validateSignedReceipt(receipt);
      if (errors.hasErrors) throw validationError(errors.reasons);
      await saveSignedReceipt(env, ticketId, kind, receipt);
      onSaved();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h2">
              {t('receipts.sign.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('receipts.sign.help')}
            </Typography>
          </Box>
          <ErrorBox error={boxError} onClose={() => setError(null)} />
          <Box>
            <SignaturePad
              strokes={strokes}
              onChange={setStrokes}
              label={t('receipts.sign.pad')}
              error={signatureError.error}
            />
            {signatureError.helperText && <FormHelperText error>{signatureError.helperText}</FormHelperText>}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              name="legible_name"
              label={t('receipts.legibleName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoComplete="off"
              {...fieldProps('legible_name')}
            />
            <TextField
              name="date"
              type="date"
              label={t('receipts.date')}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ maxWidth: { sm: 220 } }}
              {...fieldProps('date')}
            />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={pending}>
              {t('receipts.sign.save')}
            </Button>
            <Button onClick={() => setStrokes([])} disabled={pending || strokes.length === 0}>
              {t('receipts.sign.clear')}
            </Button>
            {onCancel && (
              <Button onClick={onCancel} disabled={pending}>
                {t('actions.cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
