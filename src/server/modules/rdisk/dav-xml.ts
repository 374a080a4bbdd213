// WebDAV's XML, read strictly with namespaces (saxes): a body that is not well-formed, or that
// binds a prefix to the empty namespace, is refused (400), as RFC 4918 and litmus ask. Properties
// are named `{namespace}local` (Clark notation); a dead property is kept as its element's XML,
// written so it reads the same wherever it is put back (each element declares its namespace).
import { SaxesParser } from 'saxes';

export const DAV = 'DAV:';

export interface XmlElement {
  ns: string;
  local: string;
  attrs: Array<{ ns: string; local: string; value: string }>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export class XmlError extends Error {}

/** The document's root element; XmlError when it is not well-formed XML with valid namespaces. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    for (const [prefix, uri] of Object.entries(tag.ns ?? {}))
      if (prefix !== '' && uri === '') failure ??= new XmlError(`prefix ${prefix} bound to no namespace`);
    const element: XmlElement = {
      ns: tag.uri ?? '',
      local: tag.local ?? tag.name,
      attrs: Object.values(tag.attributes)
        .filter((a) => a.prefix !== 'xmlns' && a.name !== 'xmlns')
        .map((a) => ({ ns: a.uri ?? '', local: a.local ?? a.name, value: a.value })),
      children: [],
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const text_ = (t: string) => {
    stack.at(-1)?.children.push(t);
  };
  parser.on('text', text_);
  parser.on('cdata', text_);
  try {
    parser.write(text).close();
  } catch (error) {
    throw new XmlError((error as Error).message);
  }
  if (failure) throw new XmlError((failure as Error).message);
  if (!root) throw new XmlError('no element');
  return root;
}

export const clark = (ns: string, local: string) => `{${ns}}${local}`;
export const nameOf = (element: XmlElement) => clark(element.ns, element.local);

export function splitClark(name: string): { ns: string; local: string } {
  const close = name.indexOf('}');
  return { ns: name.slice(1, close), local: name.slice(close + 1) };
}

export function elements(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== 'string');
}

export function child(element: XmlElement, ns: string, local: string): XmlElement | undefined {
  return elements(element).find((e) => e.ns === ns && e.local === local);
}

export function textOf(element: XmlElement): string {
  return element.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

/** An element as XML that stands alone: its own namespace declared on it, attributes' on it too. */
export function serialize(element: XmlElement): string {
  const declarations = [`xmlns="${escapeXml(element.ns)}"`];
  const attrs = element.attrs.map((a, i) => {
    if (!a.ns) return `${a.local}="${escapeXml(a.value)}"`;
    declarations.push(`xmlns:a${i}="${escapeXml(a.ns)}"`);
    return `a${i}:${a.local}="${escapeXml(a.value)}"`;
  });
  const open = [element.local, ...declarations, ...attrs].join(' ');
  if (element.children.length === 0) return `<${open}/>`;
  const inner = element.children.map((c) => (typeof c === 'string' ? escapeXml(c) : serialize(c))).join('');
  return `<${open}>${inner}</${element.local}>`;
}

/** An empty element naming a property (`{ns}local`). */
export function emptyElement(name: string): string {
  const { ns, local } = splitClark(name);
  return ns === DAV ? `<D:${local}/>` : `<${local} xmlns="${escapeXml(ns)}"/>`;
}
