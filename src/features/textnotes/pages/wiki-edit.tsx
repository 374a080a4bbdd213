// Writing a wiki entry: the handbook's fields (title, icon, tags, address, how it is written,
// extra fields) and its text with `[[` completion and a preview. Renaming a note that others link
// to offers to rewrite their links (the linking notes saved as any edit, so they sync).
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { ErrorPage } from '../../../components/error-page.tsx';
import { describeError } from '../../../components/error-text.ts';
import { FieldInput } from '../../../components/resource/field-input.tsx';
import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { writeOptions } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { useErrorText } from '../../../components/use-error-text.ts';
import { useLastShown } from '../../../components/use-last-shown.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { getRecord } from '../../../data/records.ts';
import { writeRecord } from '../../../data/resource-writes.ts';
import { useFilling } from '../../../data/sync-store.ts';
import { newId } from '../../../domain/ids.ts';
import { titleKey } from '../../../domain/modules/textnotes/links.ts';
import { handbooks } from '../../../domain/modules/textnotes/records.ts';
import { coerceRecord, initialValues } from '../../../domain/records/schema.ts';
import { useWiki } from '../api/use-wiki.ts';
import { rewriteLinks } from '../api/rename-links.ts';
import { LinkEditor } from '../components/link-editor.tsx';

const FIELDS = ['title', 'icon', 'categories', 'uri', 'content_type', 'extra_fields'] as const;

interface Rename {
  saved: PouchDoc;
  from: string;
  to: string;
  ids: string[];
}

export default function WikiEditPage({ env, recordId }: ModulePageProps) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const db = env.accountId;
  const isNew = recordId === 'new';
  const filling = useFilling(db);
  const { value: wiki } = useWiki(db);
  const [stored, setStored] = useState<PouchDoc | null | undefined>(isNew ? null : undefined);
  const [draft, setDraft] = useState<Record<string, unknown> | null>(() =>
    isNew ? { ...initialValues(handbooks, env.settings), title: params.get('title') ?? '' } : null,
  );
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);
  const [rename, setRename] = useState<Rename | null>(null);
  const renameShown = useLastShown(rename);

  useEffect(() => {
    if (isNew || filling) return;
    let live = true;
    getRecord<PouchDoc>(db, recordId).then(
      (doc) => {
        if (!live) return;
        const note = doc?.klass === 'Handbook' ? doc : null;
        setStored(note);
        if (note) setDraft(Object.fromEntries(handbooks.fields.map((f) => [f.name, note[f.name]])));
      },
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [db, recordId, isNew, filling, setError]);

  const described = useMemo(() => (error === null ? null : describeError(error)), [error]);
  const errorOf = useCallback(
    (key: string) => {
      const messages = described?.fields?.[key];
      return messages?.length ? messages.map(detail).join(', ') : undefined;
    },
    [described, detail],
  );
  const set = useCallback((name: string, value: unknown) => setDraft((d) => ({ ...d, [name]: value })), []);

  if (!isNew && stored === null) return <ErrorPage code="not_found" />;
  if (!draft || !wiki) return <ErrorBox error={error} />;

  const open = (id: string) => void navigate(`/account/${db}/wiki/${id}`);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const doc = coerceRecord(handbooks, stored ?? { _id: newId('Handbook'), klass: 'Handbook' }, draft) as PouchDoc;
      const saved = await writeRecord(db, handbooks, doc, writeOptions(env));
      const from = typeof stored?.title === 'string' ? stored.title : '';
      const to = String(saved.title ?? '');
      // Links name the old title: offered to follow, unless another note keeps that title (they reach it now).
      const keeps = [...wiki.byId.values()].some(
        (e) => e.klass === 'Handbook' && e.id !== saved._id && e.key === titleKey(from),
      );
      const ids =
        from && titleKey(from) !== titleKey(to) && !keeps
          ? (wiki.backlinks?.linking(['title', titleKey(from)]) ?? [])
          : [];
      if (ids.length > 0) setRename({ saved, from, to, ids });
      else open(saved._id);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const follow = async () => {
    if (!rename) return;
    setPending(true);
    try {
      await rewriteLinks(env, rename.ids, rename.from, rename.to);
      open(rename.saved._id);
    } catch (caught) {
      setError(caught);
      setRename(null);
    } finally {
      setPending(false);
    }
  };

  const boxError = described?.fields ? { error: described.code, reason: t('resource.fixFields') } : error;
  // The form's fields around the content's editor, drawn as the record pages draw them.
  const inputs = (names: readonly (typeof FIELDS)[number][]) =>
    names.map((name) => (
      <FieldInput
        key={name}
        resource="handbooks"
        field={handbooks.fields.find((f) => f.name === name)!}
        value={draft[name]}
        onChange={(value) => set(name, value)}
        env={env}
        record={draft}
        errorOf={errorOf}
      />
    ));
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Typography variant="h5" component="h1">
        {isNew ? t('wiki.newNote') : t('resource.editing', { name: String(stored?.title ?? '') })}
      </Typography>
      <ErrorBox error={boxError} onClose={() => setError(null)} />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {inputs(FIELDS.slice(0, 1))}
            <LinkEditor
              value={typeof draft.content === 'string' ? draft.content : ''}
              onChange={(value) => set('content', value)}
              contentType={String(draft.content_type ?? 'markdown')}
              accountId={db}
              wiki={wiki}
              label={t('records.handbooks.fields.content')}
              error={errorOf('content')}
            />
            {inputs(FIELDS.slice(1))}
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => void navigate(`/account/${db}/wiki${isNew ? '' : `/${recordId}`}`)}>
          {t('actions.cancel')}
        </Button>
      </Stack>
      <Dialog open={rename !== null} onClose={() => rename && open(rename.saved._id)}>
        <DialogTitle>{t('wiki.renameTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('wiki.renameText', {
              count: renameShown?.ids.length ?? 0,
              from: renameShown?.from ?? '',
              to: renameShown?.to ?? '',
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => rename && open(rename.saved._id)}>{t('wiki.renameLeave')}</Button>
          <Button variant="contained" disabled={pending} onClick={() => void follow()}>
            {t('wiki.renameUpdate')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
