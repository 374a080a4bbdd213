// Search terms as the search view indexes words (src/couch/group/search): lowercased, accents
// folded, split on anything but letters and digits, 30 characters at most.
const FOLD: Readonly<Record<string, string>> = {
  a: 'àáâãäå',
  c: 'ç',
  e: 'èéêë',
  i: 'ìíîï',
  n: 'ñ',
  o: 'òóôõö',
  u: 'ùúûü',
  y: 'ýÿ',
};
const FOLDED = new Map(Object.entries(FOLD).flatMap(([plain, accented]) => [...accented].map((ch) => [ch, plain])));

export function searchWords(text: string): string[] {
  const folded = [...text.toLowerCase()].map((ch) => FOLDED.get(ch) ?? ch).join('');
  return [
    ...new Set(
      folded
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((w) => w.slice(0, 30)),
    ),
  ];
}
