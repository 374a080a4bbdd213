import CallSplitIcon from '@mui/icons-material/CallSplit';
import { Chip } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStore } from '../../data/sync-store.ts';

const NONE: readonly string[] = [];

/** The records of a group waiting for a person to settle a conflict between two devices. */
export function useConflictIds(accountId: string): ReadonlySet<string> {
  // None is always the same none: the group's first sync status, with its new empty list, redraws no list.
  const ids = useSyncStore((s) => {
    const conflicts = s.databases[accountId]?.conflicts;
    return conflicts && conflicts.length > 0 ? conflicts : NONE;
  });
  return useMemo(() => new Set(ids), [ids]);
}

/** Beside a record's name in a list: its page asks which version of some fields to keep. */
export function ConflictFlag() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<CallSplitIcon />}
      label={t('conflicts.flag')}
      data-conflict-flag=""
      sx={{ ml: 1, verticalAlign: 'middle' }}
    />
  );
}
