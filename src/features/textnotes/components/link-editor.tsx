// The note's text with `[[` completion (note titles, then the group's customers, equipment and
// tickets by number) and a preview rendered as the entry page renders it.
import { List, ListItemButton, ListItemText, Paper, Stack, Tab, Tabs, TextField } from '@mui/material';
import { type KeyboardEvent, useRef, useState } from 'react';
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
  const open = caret === null ? null : linkQueryAt(value, caret);
  const suggestions = open ? linkSuggestions(wiki.entries, open.query) : [];

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
    if (suggestions.length > 0 && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      choose(suggestions[0]!);
    } else if (event.key === 'Escape') setCaret(null);
  };

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
            slotProps={{ htmlInput: { 'aria-autocomplete': 'list', spellCheck: true } }}
          />
          {suggestions.length > 0 && (
            <Paper variant="outlined">
              <List dense aria-label={t('wiki.suggestions')} role="listbox">
                {suggestions.map((title) => (
                  <ListItemButton
                    key={title}
                    role="option"
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
