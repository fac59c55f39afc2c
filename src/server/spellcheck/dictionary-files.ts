import { createHash } from 'node:crypto';
import german from 'dictionary-de';
import english from 'dictionary-en';
import british from 'dictionary-en-gb';
import spanish from 'dictionary-es';
import french from 'dictionary-fr';
import { dictionaryName, type SpellLanguage } from '../../shared/spelling.js';

/** One servable file: the bytes plus the validator derived from them. */
export interface DictionaryFile {
  body: Buffer;
  etag: string;
}

/** One language's Hunspell pair, with a content hash to version its URLs. */
export interface DictionaryFiles {
  /** As the URLs name it: `en_US`, `de`. */
  name: string;
  version: string;
  aff: DictionaryFile;
  dic: DictionaryFile;
}

/** The packages the dictionaries come from, each read once as the server starts. */
const PACKAGES: Record<SpellLanguage, { aff: Uint8Array; dic: Uint8Array }> = {
  'en-US': english,
  'en-GB': british,
  de: german,
  fr: french,
  es: spanish,
};

function toFile(bytes: Uint8Array): DictionaryFile {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Weak: the same validator covers the compressed and identity representations.
  return { body, etag: `W/"${sha256(body).slice(0, 20)}"` };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// The dictionary packages export only their loaded bytes (their package.json is not exported),
// so the URL version is a hash of the contents rather than the package version.
export function loadDictionaryFiles(): DictionaryFiles[] {
  return Object.entries(PACKAGES).map(([language, files]) => {
    const aff = toFile(files.aff);
    const dic = toFile(files.dic);
    const version = sha256(Buffer.concat([aff.body, dic.body])).slice(0, 12);
    return { name: dictionaryName(language as SpellLanguage), version, aff, dic };
  });
}
