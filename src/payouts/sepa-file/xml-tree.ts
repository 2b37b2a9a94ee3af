import { SaxesParser } from 'saxes';

/** An element of a bank file read by `readXmlTree`: enough to walk it and to say where something is wrong. */
export interface XmlElement {
  /** The local name (no prefix). */
  name: string;
  namespace: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** The element's own text, trimmed (bank files carry text only in leaf elements). */
  text: string;
  /** Where it is, for messages: `Stmt[1]/Ntry[3]/Amt[1]` and the line it opens on. */
  path: string;
  line: number;
}

/** The file is not well-formed XML, or uses what a bank file never needs (a DOCTYPE). */
export class XmlFileError extends Error {
  override name = 'XmlFileError';
}

/**
 * The element tree of an XML document, read by saxes, a strict XML 1.0 parser: any
 * well-formedness error stops it with its line and column. saxes fetches no external entity and
 * does not expand entities a DOCTYPE declares; a DOCTYPE is refused outright all the same, so
 * neither XXE nor entity expansion ("billion laughs") can reach the reader.
 */
export function readXmlTree(xml: string, fileLabel: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, fileName: fileLabel, position: true });
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('doctype', () => {
    throw new XmlFileError(`${fileLabel}:${parser.line}: a DOCTYPE is not allowed in a bank file`);
  });
  parser.on('opentag', (tag) => {
    const parent = open.at(-1);
    const sameName = parent ? parent.children.filter((child) => child.name === tag.local).length : 0;
    const element: XmlElement = {
      name: tag.local,
      namespace: tag.uri,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value])),
      children: [],
      text: '',
      path: parent ? `${parent.path ? `${parent.path}/` : ''}${tag.local}[${sameName + 1}]` : '',
      line: parser.line,
    };
    if (parent) parent.children.push(element);
    else root = element;
    open.push(element);
  });
  const appendText = (text: string): void => {
    const current = open.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', appendText);
  parser.on('cdata', appendText);
  parser.on('closetag', () => {
    const element = open.pop();
    if (element) element.text = element.text.trim();
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof XmlFileError) throw error;
    throw new XmlFileError(error instanceof Error ? error.message : String(error));
  }
  if (!root) throw new XmlFileError(`${fileLabel}: no root element`);
  return root;
}

/** The first child called `name`, or undefined. */
export function childOf(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}

/** Every child called `name`. */
export function childrenOf(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The element at the end of `names` below `element` (first match at each step), or undefined. */
export function descend(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return names.reduce<XmlElement | undefined>((current, name) => (current ? childOf(current, name) : undefined), element);
}
