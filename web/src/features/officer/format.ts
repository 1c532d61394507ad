/** A stored answer as text, for the answers and the changes: lists joined, nothing as 'Not provided'. */
export function describeValue(value: unknown, fileNames: ReadonlyMap<string, string>, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (Array.isArray(value)) {
    if (value.length === 0) return empty;
    return value
      .map((v) => (typeof v === 'string' ? (fileNames.get(v) ?? v) : describeValue(v, fileNames, empty)))
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${describeValue(v, fileNames, empty)}`)
      .join('; ');
  return String(value);
}
