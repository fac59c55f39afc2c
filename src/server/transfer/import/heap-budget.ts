import v8 from 'node:v8';

/** Rough bytes of heap per JSON object or array, per value, and per character of text. */
const PER_CONTAINER = 64;
const PER_VALUE = 16;
const PER_CHAR = 2;

/**
 * About how much heap `JSON.parse` would take for this text, in one linear pass: a few bytes
 * of file can become an object of dozens (`{},{},…`), and the parser allocates inside V8 where
 * a worker's heap limit cannot stop it cleanly, so a file is measured before it is parsed.
 */
export function jsonHeapEstimate(text: string): number {
  let containers = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b)
      containers++; // { [
    else if (code === 0x2c || code === 0x3a) values++; // , :
  }
  return containers * PER_CONTAINER + values * PER_VALUE + text.length * PER_CHAR;
}

/** What reading needs beyond what it measures: copies, the notes it makes, the parser's own. */
const heapBudget = () => v8.getHeapStatistics().heap_size_limit / 4;

/** Whether parsing this text as JSON would stay within this thread's heap budget. */
export const jsonFitsInHeap = (text: string) => jsonHeapEstimate(text) <= heapBudget();

/**
 * Whether these bytes, as text, would: a string is allocated whole, inside V8, and a worker
 * past its heap limit there takes the whole process down with it instead of failing alone.
 */
export const textFitsInHeap = (bytes: Uint8Array) => bytes.length * PER_CHAR <= heapBudget();

export const NEEDS_TOO_MUCH_MEMORY = 'reading it needs more memory than an import may use';
