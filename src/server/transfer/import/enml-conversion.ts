/** An element or text of a note's HTML as the converter's DOM gives it (the server has no DOM types). */
export interface EnmlNode {
  nodeName: string;
  nodeType: number;
  nodeValue: string | null;
  textContent: string | null;
  parentNode: EnmlNode | null;
  childNodes: ArrayLike<EnmlNode>;
  previousSibling: EnmlNode | null;
  nextSibling: EnmlNode | null;
  lastElementChild?: EnmlNode | null;
  getAttribute(name: string): string | null;
}

/** What converting one note needs from its importer, and what it tells it back. */
export interface EnmlConversion {
  /** The Markdown that stands for an `<en-media>`, by the MD5 of its resource's bytes. */
  media(hash: string): string;
  /** Says the note comes in otherwise than Evernote held it, and how. */
  changed(what: string): void;
}

let current: EnmlConversion | undefined;

/** The note being converted; rules run only inside `converting`. */
export function conversion(): EnmlConversion {
  if (!current) throw new Error('an ENML rule ran outside a conversion');
  return current;
}

/** Runs `convert` with `context` as the note being converted. */
export function converting<T>(context: EnmlConversion, convert: () => T): T {
  current = context;
  try {
    return convert();
  } finally {
    current = undefined;
  }
}

/** Elements that sit inside a line of text rather than making a block of their own. */
export const INLINE = new Set([
  'SPAN',
  'FONT',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'A',
  'S',
  'SMALL',
  'BIG',
]);

const isElement = (node: EnmlNode | null): node is EnmlNode => node?.nodeType === 1;
const isBlankText = (node: EnmlNode) =>
  node.nodeType === 3 && /^[ \t\r\n]*$/.test(node.nodeValue ?? '');

/** The nearest sibling before `node` that is not blank text (nor a comment). */
export function previousMeaningful(node: EnmlNode): EnmlNode | null {
  let at = node.previousSibling;
  while (at && (isBlankText(at) || at.nodeType === 8)) at = at.previousSibling;
  return at;
}

/** The nearest sibling after `node` that is not blank text (nor a comment). */
export function nextMeaningful(node: EnmlNode): EnmlNode | null {
  let at = node.nextSibling;
  while (at && (isBlankText(at) || at.nodeType === 8)) at = at.nextSibling;
  return at;
}

/** The first child of `node` that is not blank text (nor a comment). */
export function firstMeaningfulChild(node: EnmlNode): EnmlNode | null {
  const first = node.childNodes[0] ?? null;
  if (!first || !(isBlankText(first) || first.nodeType === 8)) return first;
  return nextMeaningful(first);
}

/** Whether `node` is an element named `name` (upper case, as the DOM names HTML elements). */
export const isNamed = (node: EnmlNode | null, ...names: string[]): boolean =>
  isElement(node) && names.includes(node.nodeName);

/** The value of a `--en-…` or `-evernote-…` property in an element's style, lower case. */
export function styleValue(node: EnmlNode, property: string): string | undefined {
  const style = node.getAttribute('style');
  if (!style?.includes(property)) return undefined;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === property) {
      return declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase();
    }
  }
  return undefined;
}
