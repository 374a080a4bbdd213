// Tags as handbooks keep them (spec 001 §5): typed separated by commas; stored trimmed,
// lowercased, with spaces turned into hyphens, each once.

export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((text) => text.split(','));
  const tags = parts.map((part) => part.trim().toLowerCase().replace(/\s+/g, '-')).filter((tag) => tag !== '');
  return [...new Set(tags)];
}
