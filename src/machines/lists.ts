/** The list with `item` in place of the one with its id, or added at the end when none has it. */
export function withItem<T extends { id: string }>(items: readonly T[], item: T): T[] {
  return items.some((i) => i.id === item.id)
    ? items.map((i) => (i.id === item.id ? item : i))
    : [...items, item];
}
