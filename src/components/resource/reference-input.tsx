import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordTitle, specOfKlass } from '../../domain/records/index.ts';
import type { FieldSpec } from '../../domain/records/schema.ts';
import { listRecords, readRecords } from '../../data/record-list.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { useFilling } from '../../data/sync-store.ts';
import { TOUCH, TOUCH_SIZE } from '../touch-target.ts';

interface ReferenceInputProps {
  dbName: string;
  field: FieldSpec;
  label: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  error?: string;
  /** Narrows the choices, e.g. a customer's equipment. */
  filter?: Readonly<Record<string, string>>;
}

interface ReferencesInputProps extends Omit<ReferenceInputProps, 'value' | 'onChange' | 'filter'> {
  value: readonly string[];
  onChange: (ids: string[] | undefined) => void;
}

/** MUI's own words on a picker (its buttons' names, its empty list) in the reader's language. */
function usePickerTexts() {
  const { t } = useTranslation();
  return {
    openText: t('resource.pickerOpen'),
    closeText: t('resource.pickerClose'),
    clearText: t('resource.pickerClear'),
    loadingText: t('resource.pickerLoading'),
    noOptionsText: t('resource.noOptions'),
  };
}

/**
 * Where a finger points, the text box and its open and clear buttons take 44 px (the field keeps
 * its 56 px height: the box grows into the field's padding), and the text keeps clear of the buttons.
 */
const ICON_GAP = 9 + 4;
const PICKER_SX = {
  [TOUCH]: {
    '& .MuiAutocomplete-inputRoot': { paddingTop: '6px', paddingBottom: '6px' },
    '& .MuiAutocomplete-inputRoot .MuiAutocomplete-input': {
      paddingTop: '10.5px',
      paddingBottom: '10.5px',
      boxSizing: 'content-box',
    },
    '& .MuiAutocomplete-popupIndicator, & .MuiAutocomplete-clearIndicator': {
      minWidth: TOUCH_SIZE,
      minHeight: TOUCH_SIZE,
    },
    '&.MuiAutocomplete-hasPopupIcon .MuiAutocomplete-inputRoot, &.MuiAutocomplete-hasClearIcon .MuiAutocomplete-inputRoot':
      { paddingRight: `${TOUCH_SIZE + ICON_GAP}px` },
    '&.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon .MuiAutocomplete-inputRoot': {
      paddingRight: `${2 * TOUCH_SIZE + ICON_GAP}px`,
    },
  },
} as const;

/**
 * Records of the field's kind whose names hold the typed words, 20 at most, as the person types.
 * Until the words typed last are answered there are none (`loading`): an earlier answer left on
 * screen would be replaced under the finger reaching for one of its lines.
 */
function useChoices(
  dbName: string,
  field: FieldSpec,
  input: string,
  filterKey = '{}',
): { options: PouchDoc[]; loading: boolean } {
  const [answer, setAnswer] = useState<{ for: string; rows: PouchDoc[] } | null>(null);
  const asked = `${filterKey}\n${input}`;
  const spec = field.ref ? specOfKlass(field.ref) : null;
  // Chosen from a whole copy: one filled for the first time is read once it ends.
  const filling = useFilling(dbName);
  useEffect(() => {
    if (!spec || filling) return;
    let live = true;
    const timer = setTimeout(() => {
      listRecords(dbName, {
        klass: spec.klass,
        search: input,
        sort:
          spec.titleField === 'number'
            ? spec.defaultSort.field
            : spec.sort.includes(spec.titleField)
              ? spec.titleField
              : spec.defaultSort.field,
        direction: 'asc',
        page: 1,
        perPage: 20,
        filter: JSON.parse(filterKey) as Record<string, string>,
      }).then(
        (page) => live && setAnswer({ for: asked, rows: page.rows }),
        (error: unknown) => {
          // Shown as "nothing found"; said here, since the person cannot tell it from an empty list.
          console.error('The choices could not be read', error);
          if (live) setAnswer({ for: asked, rows: [] });
        },
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dbName, spec, input, filterKey, filling, asked]);
  const current = answer?.for === asked;
  return { options: current ? answer.rows : [], loading: !current };
}

/** Picks several related records (a subscription's labels), shown as chips. */
export function ReferencesInput({ dbName, field, label, value, onChange, error }: ReferencesInputProps) {
  const { t } = useTranslation();
  const texts = usePickerTexts();
  const [input, setInput] = useState('');
  const { options, loading } = useChoices(dbName, field, input);
  const [loaded, setLoaded] = useState<Record<string, PouchDoc | null>>({});
  const missing = value.filter((id) => !(id in loaded)).join(' ');
  const filling = useFilling(dbName);
  useEffect(() => {
    if (!missing || filling) return;
    let live = true;
    const ids = missing.split(' ');
    void readRecords(dbName, ids).then(
      (docs) =>
        live && setLoaded((known) => ({ ...known, ...Object.fromEntries(ids.map((id, i) => [id, docs[i] ?? null])) })),
    );
    return () => {
      live = false;
    };
  }, [dbName, missing, filling]);
  // A chosen record deleted meanwhile still shows (by its id) so it can be taken off.
  const selected = value.map((id) => loaded[id] ?? ({ _id: id } as PouchDoc));
  return (
    <Autocomplete
      multiple
      options={options}
      loading={loading}
      value={selected}
      filterOptions={(x) => x}
      getOptionLabel={(doc) => recordTitle(doc) || (loaded[doc._id] === null ? t('resource.missingRecord') : '…')}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_, docs) => {
        setLoaded((known) => ({ ...known, ...Object.fromEntries(docs.map((d) => [d._id, d])) }));
        onChange(docs.length > 0 ? docs.map((d) => d._id) : undefined);
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      {...texts}
      sx={PICKER_SX}
      renderInput={(params) => (
        <TextField {...params} name={field.name} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/** Picks a related record of the replica by typing words of its name. */
export function ReferenceInput({ dbName, field, label, value, onChange, error, filter }: ReferenceInputProps) {
  const texts = usePickerTexts();
  const [input, setInput] = useState('');
  // The chosen record, loaded to show its name; kept with its id so a changed value reloads it.
  const [loaded, setLoaded] = useState<{ id: string; doc: PouchDoc | null } | null>(null);
  const selected = value && loaded?.id === value ? loaded.doc : null;
  const { options, loading } = useChoices(dbName, field, input, JSON.stringify(filter ?? {}));

  const loadedId = loaded?.id;
  const filling = useFilling(dbName);
  useEffect(() => {
    if (!value || loadedId === value || filling) return;
    let live = true;
    void readRecords(dbName, [value]).then(([doc]) => live && setLoaded({ id: value, doc: doc ?? null }));
    return () => {
      live = false;
    };
  }, [dbName, value, loadedId, filling]);

  return (
    <Autocomplete
      options={selected && !options.some((o) => o._id === selected._id) ? [selected, ...options] : options}
      loading={loading}
      value={selected}
      filterOptions={(x) => x}
      getOptionLabel={(doc) => recordTitle(doc)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_, doc) => {
        setLoaded(doc ? { id: doc._id, doc } : null);
        onChange(doc?._id);
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      {...texts}
      sx={PICKER_SX}
      renderInput={(params) => (
        <TextField {...params} name={field.name} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
