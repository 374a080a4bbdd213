// The note's text with `[[` completion (note titles, then the group's customers, equipment and
// tickets by number) and a preview rendered as the entry page renders it.
import { List, ListItemButton, ListItemText, Paper, Stack, Tab, Tabs, TextField } from '@mui/material';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLink, linkQueryAt } from '../../../domain/modules/textnotes/links.ts';
import { linkSuggestions } from '../../../domain/modules/textnotes/wiki.ts';
import type { WikiState } from '../api/use-wiki.ts';
import { WikiMarkdown } from './wiki-markdown.tsx';

export function LinkEditor({
  value,
  onChange,
  contentType,
  accountId,
  wiki,
  label,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  contentType: string;
  accountId: string;
  wiki: WikiState;
  label: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const listId = useId();
  const open = caret === null ? null : linkQueryAt(value, caret);
  const suggestions = open ? linkSuggestions(wiki.entries, open.query) : [];
  // The highlighted suggestion belongs to the link and query it was moved in: typing on, or
  // another link, starts at the first again.
  const [moved, setMoved] = useState<{ start: number; query: string; index: number } | null>(null);
  const active =
    open && moved?.start === open.start && moved.query === open.query
      ? Math.min(moved.index, suggestions.length - 1)
      : 0;
  const expanded = suggestions.length > 0;

  const choose = (title: string) => {
    if (caret === null) return;
    const done = completeLink(value, caret, title);
    onChange(done.text);
    setCaret(null);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(done.caret, done.caret);
    });
  };
  const keyDown = (event: KeyboardEvent) => {
    if (!expanded || !open) return;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setMoved({ ...open, index: (active + step + suggestions.length) % suggestions.length });
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape') {
      // Only the list closes: a dialog around the editor stays open.
      event.preventDefault();
      event.stopPropagation();
      setCaret(null);
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <Stack spacing={1}>
      <Tabs value={tab} onChange={(_, next: 'write' | 'preview') => setTab(next)} aria-label={label}>
        <Tab value="write" label={t('wiki.write')} />
        <Tab value="preview" label={t('wiki.preview')} />
      </Tabs>
      {tab === 'write' ? (
        <>
          <TextField
            label={label}
            name="content"
            multiline
            minRows={10}
            value={value}
            error={Boolean(error)}
            helperText={error ?? t('wiki.linkHelp')}
            inputRef={input}
            onChange={(event) => {
              onChange(event.target.value);
              setCaret(event.target.selectionStart);
            }}
            onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart)}
            onKeyDown={keyDown}
            slotProps={{
              htmlInput: {
                'aria-autocomplete': 'list',
                'aria-expanded': expanded,
                'aria-controls': expanded ? listId : undefined,
                'aria-activedescendant': expanded ? optionId(active) : undefined,
                spellCheck: true,
              },
            }}
          />
          {expanded && (
            <Paper variant="outlined">
              <List dense aria-label={t('wiki.suggestions')} role="listbox" id={listId}>
                {suggestions.map((title, index) => (
                  <ListItemButton
                    key={title}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    selected={index === active}
                    tabIndex={-1}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(title)}
                  >
                    <ListItemText primary={title} />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          )}
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, minHeight: 120 }}>
          <WikiMarkdown source={value} contentType={contentType} accountId={accountId} wiki={wiki} />
        </Paper>
      )}
    </Stack>
  );
}
