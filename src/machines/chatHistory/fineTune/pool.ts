/**
 * Runs `work` over `items` with at most `limit` running at once, in the items' order; resolves when all have
 * settled. `work` reports its own outcome (it should not throw; a throw counts as settled).
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
