import { Box } from '@mui/material';
import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

// Raw HTML is escaped (html: false), so a handbook cannot carry scripts into the page.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => markdown.render(source), [source]);
  return (
    <Box
      className="markdown"
      sx={{ '& p:first-of-type': { mt: 0 }, '& pre': { overflowX: 'auto' }, '& img': { maxWidth: '100%' } }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
