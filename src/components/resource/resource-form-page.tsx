import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { newId } from '../../domain/ids.ts';
import { recordTitle } from '../../domain/records/index.ts';
import { coerceRecord, fieldEnabled, initialValues, type ResourceSpec } from '../../domain/records/schema.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { getRecord } from '../../data/records.ts';
import { useFilling } from '../../data/sync-store.ts';
import { writeRecord } from '../../data/resource-writes.ts';
import { ErrorBox } from '../error-box.tsx';
import { ErrorPage } from '../error-page.tsx';
import { describeError } from '../error-text.ts';
import { useErrorState } from '../use-error-state.ts';
import { useErrorText } from '../use-error-text.ts';
import { DeleteRecordDialog } from './delete-record-dialog.tsx';
import { FieldInput } from './field-input.tsx';
import { type ResourceEnv, type ResourceHooks, resourcePath, writeOptions } from './resource-env.ts';

export interface ResourceFormProps {
  spec: ResourceSpec;
  env: ResourceEnv;
  /** Absent on the new screen. */
  recordId?: string;
  hooks?: ResourceHooks;
  /** Reference choices narrowed by what the form holds (a customer's equipment). */
  filters?: (draft: Record<string, unknown>) => Record<string, Readonly<Record<string, string>>>;
  /** Extra inputs of a module, below the described ones. */
  children?: (draft: Record<string, unknown>, set: (name: string, value: unknown) => void) => ReactNode;
}

/** Values a stored record shows in inputs (numbers stay numbers until edited). */
function draftOf(
  spec: ResourceSpec,
  doc: PouchDoc | null,
  prefill: URLSearchParams,
  settings: Readonly<Record<string, string>>,
): Record<string, unknown> {
  if (doc) return Object.fromEntries(spec.fields.map((f) => [f.name, doc[f.name]]));
  const values = initialValues(spec, settings);
  // New records started from another one: /<resource>/new?customer_id=…
  for (const field of spec.fields) {
    const given = prefill.get(field.name);
    if (given) values[field.name] = given;
  }
  return values;
}

/** The new and edit screens of every described resource. */
export function ResourceFormPage({ spec, env, recordId, hooks, filters, children }: ResourceFormProps) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [stored, setStored] = useState<PouchDoc | null | undefined>(recordId ? undefined : null);
  const [draft, setDraft] = useState<Record<string, unknown> | null>(
    recordId ? null : draftOf(spec, null, params, env.settings),
  );
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isNew = !recordId;
  // A copy filled for the first time may not hold the record yet: read once it is whole.
  const filling = useFilling(env.accountId);

  useEffect(() => {
    if (!recordId || filling) return;
    let live = true;
    getRecord<PouchDoc>(env.accountId, recordId).then(
      (doc) => {
        if (!live) return;
        setStored(doc?.klass === spec.klass ? doc : null);
        if (doc) setDraft(draftOf(spec, doc, new URLSearchParams(), {}));
      },
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [env.accountId, recordId, spec, setError, filling]);

  const described = useMemo(() => (error === null ? null : describeError(error)), [error]);
  const errorOf = useCallback(
    (key: string) => {
      const messages = described?.fields?.[key];
      return messages?.length ? messages.map(detail).join(', ') : undefined;
    },
    [described, detail],
  );
  const set = useCallback((name: string, value: unknown) => setDraft((d) => ({ ...d, [name]: value })), []);

  if (recordId && stored === null) return <ErrorPage code="not_found" />;
  if (!draft) return <ErrorBox error={error} />;

  const visible = spec.fields.filter((f) => fieldEnabled(f, env.features) && !f.readOnly && (isNew || !f.createOnly));
  const current = visible.filter((f) => !f.deprecated);
  const deprecated = visible.filter((f) => f.deprecated);
  const choices = filters?.(draft) ?? {};
  const input = (field: (typeof visible)[number]) => (
    <FieldInput
      key={field.name}
      resource={spec.resource}
      field={field}
      value={draft[field.name]}
      onChange={(value) => set(field.name, value)}
      env={env}
      record={draft}
      errorOf={errorOf}
      filter={choices[field.name]}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      let doc = coerceRecord(spec, stored ?? { _id: newId(spec.klass), klass: spec.klass }, draft) as PouchDoc;
      if (hooks?.prepare) doc = await hooks.prepare(doc, { isNew, env });
      const saved = await writeRecord(env.accountId, spec, doc, writeOptions(env));
      await hooks?.afterSave?.(saved, { isNew, env, form: draft });
      void navigate(resourcePath(env, spec, `/${saved._id}`));
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  // Field messages go under their inputs; the box says what else went wrong.
  const boxError = described?.fields ? { error: described.code, reason: t('resource.fixFields') } : error;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Typography variant="h5" component="h1">
        {isNew ? t(`records.${spec.resource}.new`) : t('resource.editing', { name: recordTitle(stored) })}
      </Typography>
      <ErrorBox error={boxError} onClose={() => setError(null)} />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {current.map(input)}
            {children?.(draft, set)}
          </Stack>
        </CardContent>
      </Card>
      {deprecated.length > 0 && (
        <Accordion variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>{t('resource.deprecatedFields')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('resource.deprecated')}
              </Typography>
              {deprecated.map(input)}
            </Stack>
          </AccordionDetails>
        </Accordion>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('actions.save')}
          </Button>
          <Button onClick={() => void navigate(resourcePath(env, spec, recordId ? `/${recordId}` : ''))}>
            {t('actions.cancel')}
          </Button>
        </Stack>
        {stored && (
          <Box>
            <Button color="error" onClick={() => setDeleting(true)}>
              {t('actions.delete')}
            </Button>
          </Box>
        )}
      </Stack>
      <DeleteRecordDialog
        spec={spec}
        env={env}
        record={deleting ? (stored ?? null) : null}
        title={recordTitle(stored)}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(resourcePath(env, spec))}
      />
    </Stack>
  );
}
