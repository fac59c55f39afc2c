import { createHash } from 'node:crypto';
import dictionary from 'dictionary-en';

/** One servable file: the bytes plus the validator derived from them. */
export interface DictionaryFile {
  body: Buffer;
  etag: string;
}

/** The en_US Hunspell pair from `dictionary-en`, with a content hash to version its URLs. */
export interface DictionaryFiles {
  version: string;
  aff: DictionaryFile;
  dic: DictionaryFile;
}

function toFile(bytes: Uint8Array): DictionaryFile {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Weak: the same validator covers the compressed and identity representations.
  return { body, etag: `W/"${sha256(body).slice(0, 20)}"` };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// `dictionary-en` exports only its loaded bytes (its package.json is not exported), so the URL
// version is a hash of the contents rather than the package version.
export function loadDictionaryFiles(): DictionaryFiles {
  const aff = toFile(dictionary.aff);
  const dic = toFile(dictionary.dic);
  const version = sha256(Buffer.concat([aff.body, dic.body])).slice(0, 12);
  return { version, aff, dic };
}
