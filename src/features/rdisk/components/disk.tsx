// The disk (spec 001 §2): one folder at a time, its folders then its files, from the group's
// replica (so the tree browses offline), with breadcrumbs up to the root and, as an option kept on
// the device, an up-folder entry. Changes to records (new folder, rename, colour, star, move,
// bin) are saved on the device and synced; what needs the contents (upload, download, versions)
// goes to the server, and says so plainly when the device is offline. Dialogs are named in the
// address (?view=…&file=…), so the back button closes them.
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import FolderIcon from '@mui/icons-material/Folder';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Divider,
  FormControl,
  FormControlLabel,
  IconButton,
  InputLabel,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatDateTime } from '../../../components/format-date.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { readFlag, writeFlag } from '../../../data/preferences.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { formatBytes } from '../../../domain/bytes.ts';
import {
  binnedKind,
  FILE_SORTS,
  type FileSort,
  folderListing,
  freeName,
  isFolderRecord,
  modifiedAt,
  pathTo,
} from '../../../domain/modules/rdisk/tree.ts';
import { currentThumbnail } from '../../../domain/modules/rdisk/records.ts';
import { changeFile, createFolder, type DiskFile, readFiles } from '../api/files.ts';
import { keptFiles, refreshKept } from '../api/offline-copies.ts';
import { sendWaiting, uploadFiles } from '../transfer-store.ts';
import { FileDialogs, type FileView, openFile } from './file-dialogs.tsx';
import { BinDialog, HelpDialog } from './help-dialogs.tsx';
import { NewFolderDialog } from './new-folder-dialog.tsx';
import { Transfers } from './transfers.tsx';

const UP_ENTRY_FLAG = 'disk-up-entry';
const FILE_VIEWS: readonly string[] = ['info', 'edit', 'versions', 'move'];

export function Disk({ env, dirId }: { env: ResourceEnv; dirId: string | null }) {
  const { t, i18n } = useTranslation();
  const db = env.accountId;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const online = useSyncStore((s) => s.online);
  const formatDate = useFormatDateTime();
  const [error, setError] = useErrorState();
  const [showUp, setShowUp] = useState(() => readFlag(UP_ENTRY_FLAG));
  const [newFolder, setNewFolder] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; file: DiskFile } | null>(null);
  const [kept, setKept] = useState<ReadonlyMap<string, string>>(new Map());
  const [keptTick, setKeptTick] = useState(0);

  const load = useCallback(() => readFiles(db), [db]);
  const { value: records, error: readError } = useReplicaQuery(db, load);
  const sort = (FILE_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as FileSort)
    : 'name';
  const descending = params.get('desc') === '1';
  const listing = useMemo(
    () => (records ? folderListing(records, dirId, sort, descending) : null),
    [records, dirId, sort, descending],
  );
  const path = useMemo(() => (records ? pathTo(records, dirId) : []), [records, dirId]);

  // Uploads waiting on the device are listed, and sent as soon as there is a network (after a
  // reload too).
  const synced = useSyncStore((s) => s.databases[db]?.lastSyncAt ?? null);
  useEffect(() => {
    void sendWaiting(db);
  }, [db, online, synced]);
  useEffect(() => {
    let live = true;
    keptFiles(db).then((found) => live && setKept(found), setError);
    return () => {
      live = false;
    };
  }, [db, keptTick, setError]);
  // A file kept offline that got a new content since is fetched again.
  useEffect(() => {
    if (online && records && kept.size > 0)
      void refreshKept(db, records).then(() => setKeptTick((n) => n + 1), setError);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the records or the network change
  }, [db, online, records]);

  const folderPath = (id: string | null) => `/account/${db}/disk${id ? `/${id}` : ''}${sortQuery(params)}`;
  const view = params.get('view');
  const fileId = params.get('file');
  const shown = fileId && view && FILE_VIEWS.includes(view) ? records?.find((doc) => doc._id === fileId) : undefined;
  const openView = (next: string, file?: DiskFile) => {
    setMenu(null);
    const nextParams = new URLSearchParams(params);
    nextParams.set('view', next);
    if (file) nextParams.set('file', file._id);
    else nextParams.delete('file');
    setParams(nextParams);
  };
  const closeView = () => {
    const nextParams = new URLSearchParams(params);
    nextParams.delete('view');
    nextParams.delete('file');
    setParams(nextParams);
  };
  const setSort = (key: string, value: string | null) => {
    const nextParams = new URLSearchParams(params);
    if (value) nextParams.set(key, value);
    else nextParams.delete(key);
    setParams(nextParams, { replace: true });
  };

  const upload = (files: FileList | readonly File[] | null) => {
    if (!files || files.length === 0) return;
    setError(null);
    void uploadFiles(db, [...files], dirId).catch(setError);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    upload(event.dataTransfer.files);
  };
  const toggleStar = (file: DiskFile) =>
    void changeFile(env, file._id, (doc) => ({ starred: !doc.starred })).catch(setError);
  const toBin = (file: DiskFile) => {
    setMenu(null);
    void changeFile(env, file._id, (doc) => ({ kind: binnedKind(doc.kind) })).catch(setError);
  };
  const open = (file: DiskFile) => {
    setError(null);
    void openFile(db, file, online).catch(setError);
  };

  const line = (file: DiskFile) =>
    [
      isFolderRecord(file) ? t('disk.folder') : formatBytes(file.size ?? 0, i18n.language),
      formatDate(modifiedAt(file)),
      kept.has(file._id) ? t('disk.keptOffline') : '',
    ]
      .filter(Boolean)
      .join(' · ');

  const row = (file: DiskFile) => {
    const folder = isFolderRecord(file);
    // A picture shows its thumbnail (made by the device that took it, or by the server), kept on the record.
    const thumbnail = folder ? null : currentThumbnail(file);
    const icon = folder ? (
      <FolderIcon />
    ) : thumbnail ? (
      <Box
        component="img"
        src={thumbnail}
        alt=""
        data-thumbnail
        sx={{ width: 32, height: 32, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
      />
    ) : (
      <FileIcon />
    );
    return (
      <ListItem
        key={file._id}
        disablePadding
        data-file={file._id}
        secondaryAction={
          <Stack direction="row">
            <IconButton
              aria-label={t(file.starred ? 'disk.unstar' : 'disk.star', { name: file.name })}
              aria-pressed={file.starred === true}
              onClick={() => toggleStar(file)}
              sx={{ minWidth: 44, minHeight: 44 }}
            >
              {file.starred ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
            </IconButton>
            <IconButton
              aria-label={t('disk.actionsFor', { name: file.name })}
              aria-haspopup="menu"
              onClick={(event) => setMenu({ anchor: event.currentTarget, file })}
              sx={{ minWidth: 44, minHeight: 44 }}
            >
              <MoreVertIcon />
            </IconButton>
          </Stack>
        }
      >
        <ListItemButton
          {...(folder ? { component: RouterLink, to: folderPath(file._id) } : { onClick: () => open(file) })}
          sx={{ minHeight: 56, pr: '104px !important' }}
        >
          <ListItemIcon sx={{ color: file.color || (folder ? 'primary.main' : 'text.secondary'), minWidth: 40 }}>
            {kept.has(file._id) && !thumbnail ? <OfflinePinIcon /> : icon}
          </ListItemIcon>
          <ListItemText
            primary={file.name}
            secondary={line(file)}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItemButton>
      </ListItem>
    );
  };

  if (readError) return <ErrorBox error={readError} />;
  const parent = path && path.length > 1 ? path[path.length - 2]!._id : null;

  return (
    <Box onDragOver={(event) => event.preventDefault()} onDrop={onDrop} aria-busy={records === undefined}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Breadcrumbs aria-label={t('disk.breadcrumbs')} sx={{ flexGrow: 1, minWidth: 0, '& ol': { flexWrap: 'wrap' } }}>
          {dirId === null ? (
            <Typography component="h1" variant="h6" aria-current="page">
              {t('disk.root')}
            </Typography>
          ) : (
            <Link component={RouterLink} to={folderPath(null)} underline="hover" variant="h6">
              {t('disk.root')}
            </Link>
          )}
          {(path ?? []).map((folder, index) =>
            index === (path ?? []).length - 1 ? (
              <Typography key={folder._id} component="h1" variant="h6" aria-current="page">
                {folder.name}
              </Typography>
            ) : (
              <Link key={folder._id} component={RouterLink} to={folderPath(folder._id)} underline="hover" variant="h6">
                {folder.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
      </Stack>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {/* A button that opens the hidden input: a label with a button's role is not one (axe). */}
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={path === null}
          onClick={() => fileInput.current?.click()}
        >
          {t('disk.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            upload(event.target.files);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          startIcon={<CreateNewFolderIcon />}
          onClick={() => setNewFolder(true)}
          disabled={path === null}
        >
          {t('disk.newFolder')}
        </Button>
        <Button variant="text" startIcon={<DeleteIcon />} onClick={() => openView('bin')}>
          {t('disk.bin.title')}
        </Button>
        <Button variant="text" onClick={() => openView('webdav')}>
          {t('disk.webdav.open')}
        </Button>
        <Button variant="text" onClick={() => openView('howto')}>
          {t('disk.howto.open')}
        </Button>
      </Stack>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="disk-sort">{t('disk.sortBy')}</InputLabel>
          <Select
            labelId="disk-sort"
            label={t('disk.sortBy')}
            value={sort}
            onChange={(event) => setSort('sort', event.target.value === 'name' ? null : event.target.value)}
          >
            {FILE_SORTS.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`disk.sorts.${key}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          control={<Switch checked={descending} onChange={(_, on) => setSort('desc', on ? '1' : null)} />}
          label={t('disk.descending')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={showUp}
              onChange={(_, on) => {
                writeFlag(UP_ENTRY_FLAG, on);
                setShowUp(on);
              }}
            />
          }
          label={t('disk.showUp')}
        />
      </Stack>

      <ErrorBox error={error} onClose={() => setError(null)} />
      <Transfers db={db} />

      {records !== undefined && path === null ? (
        <Alert
          severity="info"
          action={<Button onClick={() => void navigate(folderPath(null))}>{t('disk.toRoot')}</Button>}
        >
          {t('disk.notFound')}
        </Alert>
      ) : (
        <List aria-label={path?.at(-1)?.name ?? t('disk.root')}>
          {showUp && dirId !== null && (
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to={folderPath(parent)} sx={{ minHeight: 56 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <ArrowUpwardIcon />
                </ListItemIcon>
                <ListItemText primary=".." secondary={t('disk.up')} />
              </ListItemButton>
            </ListItem>
          )}
          {listing?.folders.map((doc) => row(doc as DiskFile))}
          {listing && listing.folders.length > 0 && listing.files.length > 0 && <Divider component="li" />}
          {listing?.files.map((doc) => row(doc as DiskFile))}
        </List>
      )}
      {listing && path !== null && listing.folders.length + listing.files.length === 0 && (
        <EmptyState title={t('disk.empty')} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, display: { xs: 'none', sm: 'block' } }}>
        {t('disk.dropHere')}
      </Typography>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu && !isFolderRecord(menu.file) && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              open(menu.file);
            }}
          >
            {t('disk.download')}
          </MenuItem>
        )}
        {menu && <MenuItem onClick={() => openView('info', menu.file)}>{t('disk.info')}</MenuItem>}
        {menu && <MenuItem onClick={() => openView('edit', menu.file)}>{t('actions.edit')}</MenuItem>}
        {menu && !isFolderRecord(menu.file) && (
          <MenuItem onClick={() => openView('versions', menu.file)}>{t('disk.versions')}</MenuItem>
        )}
        {menu && <MenuItem onClick={() => openView('move', menu.file)}>{t('disk.move')}</MenuItem>}
        {menu && <MenuItem onClick={() => toBin(menu.file)}>{t('actions.delete')}</MenuItem>}
      </Menu>

      {newFolder && (
        <NewFolderDialog
          initial={records ? freeName(records, dirId, t('disk.newFolder')) : ''}
          onClose={() => setNewFolder(false)}
          onCreate={async (name) => {
            await createFolder(env, name, dirId);
            setNewFolder(false);
          }}
        />
      )}
      {shown && records && (
        <FileDialogs
          env={env}
          file={shown as DiskFile}
          view={view as FileView}
          records={records}
          kept={kept.has(shown._id)}
          onKeptChange={() => setKeptTick((n) => n + 1)}
          onClose={closeView}
          onMoved={closeView}
        />
      )}
      {view === 'bin' && records && <BinDialog env={env} records={records} onClose={closeView} />}
      {(view === 'webdav' || view === 'howto') && <HelpDialog env={env} topic={view} onClose={closeView} />}
    </Box>
  );
}

/** The sort of the list, kept when moving between folders. */
function sortQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ['sort', 'desc']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
