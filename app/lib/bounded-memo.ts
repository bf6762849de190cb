/**
 * A pure function of a string, remembered: each answer is computed once and kept, up to `limit`
 * answers, the oldest forgotten first, so keys that keep changing cannot grow it without bound. Keys
 * often come from visitors (an address, a path, a header), so a key longer than `maxKeyLength` is
 * computed every time and never kept: the memory held stays below `limit` × `maxKeyLength`, where a
 * flood of distinct 16 KB keys would otherwise fill it with 16 KB each. `keep` says which answers are
 * worth keeping (a refused one, say, is computed again each time). What a caller passes after the key
 * reaches `compute` (how to compute it), and must not change the answer for that key.
 */
export function boundedMemo<Value, Extra extends unknown[] = []>(
  compute: (key: string, ...extra: Extra) => Value,
  options: { limit: number; maxKeyLength: number; keep?: (value: Value) => boolean },
): (key: string, ...extra: Extra) => Value {
  const answers = new Map<string, Value>();
  return (key, ...extra) => {
    if (answers.has(key)) return answers.get(key) as Value;
    const value = compute(key, ...extra);
    if (key.length > options.maxKeyLength) return value;
    if (options.keep && !options.keep(value)) return value;
    if (answers.size >= options.limit) answers.delete(answers.keys().next().value as string);
    answers.set(key, value);
    return value;
  };
}
