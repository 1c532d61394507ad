/** A Web Storage in memory, for tests that run outside a browser (or need a storage that fails). */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  failWrites = false;

  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(key, String(value));
  }
  /** Everything stored, for assertions. */
  entries(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
}
