/** Unix time in whole seconds, the unit of every timestamp Quire stores and sends. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
