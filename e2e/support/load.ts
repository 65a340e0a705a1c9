/** Runs `total` requests with at most `concurrency` in flight; returns each result in order. */
export async function fire<T>(
  total: number,
  concurrency: number,
  send: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      results[index] = await send(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return results;
}
