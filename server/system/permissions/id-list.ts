/** A stored comma list of ids (`"1,2"`) as numbers; blanks and junk are dropped. */
export function idList(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}
