/**
 * A cache of at most `limit` entries that forgets the oldest first. For pure computations on
 * small keys whose results are immutable (Luxon DateTimes, converted keys), so one claim's
 * rules, which parse the same few dates and read the same few keys again and again, pay for
 * each once.
 */
export function boundedCache<V>(limit: number): (key: string, compute: () => V) => V {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`a bounded cache needs a whole number of entries above 0, not ${limit}`);
  }
  const entries = new Map<string, V>();
  return (key, compute) => {
    if (entries.has(key)) return entries.get(key) as V;
    const value = compute();
    if (entries.size >= limit) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, value);
    return value;
  };
}
