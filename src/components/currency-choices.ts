/** Every currency the browser knows, named in the reader's language, the common ones first. */
export function currencyChoices(language: string): Array<{ code: string; label: string }> {
  const names = new Intl.DisplayNames(language, { type: 'currency' });
  const first = ['BRL', 'USD', 'EUR'];
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : first;
  return [...first, ...all.filter((c) => !first.includes(c))].map((code) => ({
    code,
    label: `${code} — ${names.of(code) ?? code}`,
  }));
}
