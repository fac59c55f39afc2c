// The parts of nspell the worker uses. Declared here rather than taken from @types/nspell, whose
// reference to Node's types would leak into the browser build's type checking.
declare module 'nspell/lib/index.js' {
  interface NSpell {
    correct(word: string): boolean;
    suggest(word: string): string[];
    add(word: string): NSpell;
  }
  function nspell(aff: string, dic: string): NSpell;
  export default nspell;
}
