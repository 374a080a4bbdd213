// A file's or folder's own views (spec 001 §2 disk): info, edit (name, description, colour, star,
// versions kept), versions (date, size, who; download and restore) and move (a folder picker that
// refuses the folder itself and every folder it holds).
import FolderIcon from '@mui/icons-material/Folder';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatDateTime } from '../../../components/format-date.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { networkError } from '../../../data/api-error.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { formatBytes } from '../../../domain/bytes.ts';
import { maxVersionsOf } from '../../../domain/modules/rdisk/records.ts';
import { canMoveInto, folderListing, isFolderRecord, modifiedAt, pathTo } from '../../../domain/modules/rdisk/tree.ts';
import { changeFile, contentUrl, type DiskFile, restoreVersion } from '../api/files.ts';
import { dropOffline, keepOffline, keptContent } from '../api/offline-copies.ts';
import { colorName, FILE_COLORS } from './file-colors.ts';

export type FileView = 'info' | 'edit' | 'versions' | 'move';

/** Hands the browser a file to save: the copy kept on the device, else the server's (online). */
export async function openFile(db: string, file: DiskFile, online: boolean): Promise<void> {
  const kept = await keptContent(db, file._id);
  if (!kept && !online) throw networkError();
  const link = document.createElement('a');
  link.download = file.name ?? '';
  link.href = kept ? URL.createObjectURL(kept) : contentUrl(db, file._id);
  document.body.append(link);
  link.click();
  link.remove();
  if (kept) setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

interface Props {
  env: ResourceEnv;
  file: DiskFile;
  view: FileView;
  records: readonly DiskFile[];
  kept: boolean;
  onKeptChange: () => void;
  onClose: () => void;
  onMoved: () => void;
}

export function FileDialogs(props: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const title = {
    info: t('disk.info'),
    edit: t('actions.edit'),
    versions: t('disk.versions'),
    move: t('disk.moveTo', { name: props.file.name }),
  }[props.view];
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="disk-file-title">
      <DialogTitle id="disk-file-title" sx={{ overflowWrap: 'anywhere' }}>
        {props.view === 'move' ? title : `${title}: ${props.file.name}`}
      </DialogTitle>
      {props.view === 'info' && <Info {...props} />}
      {props.view === 'edit' && <Edit {...props} />}
      {props.view === 'versions' && <Versions {...props} />}
      {props.view === 'move' && <Move {...props} />}
    </Dialog>
  );
}

const memberName = (env: ResourceEnv, id: string | undefined) =>
  (id && env.members.find((m) => m.id === id)?.name) || id || '';

function Info({ env, file, records, kept, onKeptChange, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const online = useSyncStore((s) => s.online);
  const [error, setError] = useErrorState();
  const [busy, setBusy] = useState(false);
  const folder = isFolderRecord(file);
  const path = pathTo(records, typeof file.dir_id === 'string' ? file.dir_id : null);
  const fullPath = ['', ...(path ?? []).map((dir) => dir.name), file.name].join('/');
  const colour = colorName(file.color);
  const rows: Array<[string, string]> = [
    [t('records.cloud_files.fields.name'), file.name ?? ''],
    [t('disk.path'), fullPath],
    [t('records.cloud_files.fields.kind'), folder ? t('disk.folder') : t('klasses.CloudFile')],
    ...(folder
      ? []
      : [[t('records.cloud_files.fields.size'), formatBytes(file.size ?? 0, i18n.language)] as [string, string]]),
    [t('records.cloud_files.fields.modified_at'), formatDate(modifiedAt(file))],
    [t('disk.version.by'), memberName(env, file.updated_by)],
    [t('records.cloud_files.fields.description'), file.description ?? ''],
    [t('records.cloud_files.fields.color'), colour ? t(`disk.colors.${colour}`) : t('disk.colors.none')],
    ...(folder
      ? []
      : [
          [t('records.cloud_files.fields.versions'), t('disk.version.kept', { count: maxVersionsOf(file) })] as [
            string,
            string,
          ],
        ]),
    [t('records.cloud_files.fields.webdav_link'), `${location.origin}/api/groups/${env.accountId}/dav${fullPath}`],
  ];
  const toggleKept = async () => {
    setBusy(true);
    setError(null);
    try {
      if (kept) await dropOffline(env.accountId, file._id);
      else await keepOffline(env.accountId, file);
      onKeptChange();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <DialogContent>
        <ErrorBox error={error} onClose={() => setError(null)} />
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: '35%', verticalAlign: 'top' }}>
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!folder && (
          <Stack sx={{ mt: 2, gap: 1 }}>
            <FormControlLabel
              control={
                <Switch checked={kept} disabled={busy || (!kept && !online)} onChange={() => void toggleKept()} />
              }
              label={t('disk.keptOffline')}
            />
            {!kept && !online && <Alert severity="info">{t('disk.needsNetwork')}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </>
  );
}

function Edit({ env, file, onClose }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const folder = isFolderRecord(file);
  const [draft, setDraft] = useState({
    name: file.name ?? '',
    description: file.description ?? '',
    color: file.color ?? '',
    starred: file.starred === true,
    max_versions: file.max_versions === undefined ? '' : String(file.max_versions),
  });
  const set = (change: Partial<typeof draft>) => setDraft((before) => ({ ...before, ...change }));
  const save = async () => {
    const max = draft.max_versions.trim();
    await changeFile(env, file._id, () => ({
      name: draft.name.trim(),
      description: draft.description,
      color: draft.color || undefined,
      starred: draft.starred,
      ...(folder ? {} : { max_versions: max === '' ? undefined : Number(max) }),
    }));
    onClose();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save().catch(setError);
      }}
    >
      <DialogContent>
        <ErrorBox error={error} />
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label={t('records.cloud_files.fields.name')}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            required
            autoFocus
          />
          <TextField
            label={t('records.cloud_files.fields.description')}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
            multiline
            minRows={2}
          />
          <TextField
            select
            label={t('records.cloud_files.fields.color')}
            value={draft.color}
            onChange={(e) => set({ color: e.target.value })}
          >
            <MenuItem value="">{t('disk.colors.none')}</MenuItem>
            {FILE_COLORS.map(([name, hex]) => (
              <MenuItem key={name} value={hex}>
                <Box component="span" sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: hex, mr: 1 }} />
                {t(`disk.colors.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={draft.starred} onChange={(_, on) => set({ starred: on })} />}
            label={t('records.cloud_files.fields.starred')}
          />
          {!folder && (
            <TextField
              type="number"
              label={t('records.cloud_files.fields.max_versions')}
              value={draft.max_versions}
              onChange={(e) => set({ max_versions: e.target.value })}
              helperText={t('disk.version.kept', { count: maxVersionsOf(file) })}
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={draft.name.trim() === ''}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

function Versions({ env, file, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const online = useSyncStore((s) => s.online);
  const [error, setError] = useErrorState();
  const [restored, setRestored] = useState(false);
  const versions = file.versions ?? [];
  const restore = async (hash: string) => {
    setError(null);
    setRestored(false);
    await restoreVersion(env.accountId, file._id, hash);
    setRestored(true);
  };
  return (
    <>
      <DialogContent>
        <ErrorBox error={error} onClose={() => setError(null)} />
        {restored && <Alert severity="success">{t('disk.version.restored')}</Alert>}
        {!online && <Alert severity="info">{t('disk.needsNetwork')}</Alert>}
        {versions.length === 0 ? (
          <Typography>{t('disk.noContent')}</Typography>
        ) : (
          <Table size="small" aria-label={t('disk.versions')}>
            <TableHead>
              <TableRow>
                <TableCell>
                  {t('disk.version.at')} · {t('disk.version.by')}
                </TableCell>
                <TableCell align="right">{t('disk.version.size')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.map((version, index) => (
                <TableRow key={`${version.hash}-${version.at}`} data-version={version.hash}>
                  {/* Who beneath when: a phone's column is too narrow for a name of its own. */}
                  <TableCell>
                    {formatDate(version.at)}
                    <Typography variant="body2" color="text.secondary">
                      {memberName(env, version.by)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(version.size, i18n.language)}
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        href={contentUrl(env.accountId, file._id, version.hash)}
                        download={file.name}
                        disabled={!online}
                      >
                        {t('disk.download')}
                      </Button>
                      {index === 0 ? (
                        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', px: 1 }}>
                          {t('disk.version.current')}
                        </Typography>
                      ) : (
                        <Button
                          size="small"
                          disabled={!online}
                          aria-label={`${t('disk.version.restore')}: ${formatDate(version.at)}`}
                          onClick={() => void restore(version.hash).catch(setError)}
                        >
                          {t('disk.restore')}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('disk.version.kept', { count: maxVersionsOf(file) })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </>
  );
}

function Move({ env, file, records, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const from = typeof file.dir_id === 'string' ? file.dir_id : null;
  const [at, setAt] = useState<string | null>(from);
  const path = useMemo(() => pathTo(records, at) ?? [], [records, at]);
  const folders = folderListing(records, at).folders;
  const allowed = canMoveInto(records, file, at);
  const move = async () => {
    await changeFile(env, file._id, () => ({ dir_id: at }));
    onMoved();
  };
  return (
    <>
      <DialogContent>
        <ErrorBox error={error} />
        <Typography variant="subtitle1" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {['', ...path.map((dir) => dir.name)].join(' / ') || '/'}
        </Typography>
        <List aria-label={t('disk.breadcrumbs')}>
          {at !== null && (
            <ListItem disablePadding>
              <ListItemButton onClick={() => setAt(path.at(-2)?._id ?? null)} sx={{ minHeight: 48 }}>
                <ListItemIcon>
                  <ArrowUpwardIcon />
                </ListItemIcon>
                <ListItemText primary=".." secondary={t('disk.up')} />
              </ListItemButton>
            </ListItem>
          )}
          {folders.map((folder) => (
            <ListItem key={folder._id} disablePadding>
              <ListItemButton onClick={() => setAt(folder._id)} sx={{ minHeight: 48 }}>
                <ListItemIcon sx={{ color: folder.color || 'primary.main' }}>
                  <FolderIcon />
                </ListItemIcon>
                <ListItemText primary={folder.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {!allowed && <Alert severity="warning">{t('disk.cannotMoveInto')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={!allowed || at === from} onClick={() => void move().catch(setError)}>
          {t('disk.moveHere')}
        </Button>
      </DialogActions>
    </>
  );
}
