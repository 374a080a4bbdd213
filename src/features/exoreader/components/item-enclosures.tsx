// The files an item carries (a supplier's training audio and video, a podcast's episodes): each a
// link with its type and size. The server kept only http(s) addresses, and the item's rules refuse
// any other, so none of these is a javascript: or data: link. No player: the app's
// Content-Security-Policy allows media from its own origin only, and a file opened in a new tab
// plays in the browser's own player.
import AudioIcon from '@mui/icons-material/AudioFileOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import VideoIcon from '@mui/icons-material/VideoFileOutlined';
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../domain/bytes.ts';
import type { ItemEnclosure } from '../../../domain/modules/exoreader/records.ts';

/** The file's own name from its address ("aula-3.mp3"), else the address. */
function fileName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

function iconOf(type: string | undefined) {
  if (type?.startsWith('audio/')) return <AudioIcon />;
  if (type?.startsWith('video/')) return <VideoIcon />;
  return <FileIcon />;
}

export function ItemEnclosures({ enclosures }: { enclosures: readonly ItemEnclosure[] | undefined }) {
  const { t, i18n } = useTranslation();
  const files = (enclosures ?? []).filter((e) => /^https?:\/\//i.test(e.url));
  if (files.length === 0) return null;
  return (
    <Box component="section" aria-label={t('reader.files')} data-testid="enclosures" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {t('reader.files')}
      </Typography>
      <List dense disablePadding>
        {files.map((file) => (
          <ListItem key={file.url} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>{iconOf(file.type)}</ListItemIcon>
            <ListItemText
              primary={
                <Link href={file.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                  {fileName(file.url)}
                </Link>
              }
              secondary={[
                file.type ?? t('reader.fileType'),
                file.length ? formatBytes(file.length, i18n.language) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
