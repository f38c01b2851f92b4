import { CACHE_TAGS, type TCacheTag } from '@app/contracts';
import { LRUCache } from 'lru-cache';

/**
 * What a read saw when it began: the generation of each tag it depends on (and whether changes were
 * being heard at all). Its answer is stored only if none of them moved while it read, so a read that
 * began before a write committed never stores what it read after the change was announced.
 */
export type ReadSnapshot = {
  readonly tags: readonly TCacheTag[];
  readonly generations: readonly number[];
  /** False when the bus was not listening as the read began: such an answer is never stored. */
  readonly trusted: boolean;
};

/**
 * The generation of every tag, shared by all caches of a process: bumped by each announced change.
 * `listening` says whether changes are being heard (PostgreSQL's LISTEN connection may be down):
 * while they are not, nothing is served from or stored in a cache.
 */
export class TagGenerations {
  readonly #generations = new Map<TCacheTag, number>(CACHE_TAGS.map((tag) => [tag, 0]));

  constructor(readonly listening: () => boolean = () => true) {}

  snapshot(tags: readonly TCacheTag[]): ReadSnapshot {
    return {
      tags,
      generations: tags.map((tag) => this.#generations.get(tag) ?? 0),
      trusted: this.listening(),
    };
  }

  /** Whether nothing the snapshot depends on changed since it was taken. */
  unchanged(snapshot: ReadSnapshot): boolean {
    return (
      snapshot.trusted &&
      this.listening() &&
      snapshot.tags.every((tag, i) => (this.#generations.get(tag) ?? 0) === snapshot.generations[i])
    );
  }

  bump(tags: readonly TCacheTag[]): void {
    for (const tag of tags) this.#generations.set(tag, (this.#generations.get(tag) ?? 0) + 1);
  }
}

export type TaggedCacheOptions<V> = {
  /** Entries kept at most (least recently used go first); 0: the cache keeps nothing. */
  max: number;
  /** With `sizeOf`: total size kept at most. */
  maxSize?: number;
  sizeOf?: (value: V, key: string) => number;
  /** The longest an entry is served (a safety net: announced changes drop entries at once). */
  ttlMs: number;
};

type Entry<V> = { value: V; tags: readonly TCacheTag[] };

/**
 * A bounded LRU of values, each tagged with what it was read from; `drop(tags)` removes every entry
 * carrying one of them. Values are only stored through `set` with the snapshot taken before the read
 * (see ReadSnapshot), so a change announced while the read ran is never overwritten by older data.
 */
export class TaggedCache<V extends {}> {
  readonly #lru: LRUCache<string, Entry<V>> | null;

  constructor(
    readonly generations: TagGenerations,
    options: TaggedCacheOptions<V>,
  ) {
    const { sizeOf, maxSize } = options;
    this.#lru =
      options.max > 0
        ? new LRUCache<string, Entry<V>>({
            max: options.max,
            ttl: options.ttlMs,
            // An expired entry is never served, even if nobody purged it yet.
            allowStale: false,
            ...(sizeOf && maxSize
              ? {
                  maxSize,
                  sizeCalculation: (entry: Entry<V>, key: string) => Math.max(1, sizeOf(entry.value, key)),
                }
              : {}),
          })
        : null;
  }

  /** The stored value, unless changes are not being heard right now. */
  get(key: string): V | undefined {
    if (!this.#lru || !this.generations.listening()) return undefined;
    return this.#lru.get(key)?.value;
  }

  /** Take this before reading what is to be stored under the tags. */
  begin(tags: readonly TCacheTag[]): ReadSnapshot {
    return this.generations.snapshot(tags);
  }

  /**
   * Whether `set` with this snapshot would store now (the cache is on, nothing it depends on
   * changed): to skip building a value that would be thrown away.
   */
  accepts(snapshot: ReadSnapshot): boolean {
    return this.#lru !== null && this.generations.unchanged(snapshot);
  }

  /** Stores `value` if nothing it depends on changed since `snapshot`; says whether it did. */
  set(key: string, value: V, snapshot: ReadSnapshot): boolean {
    if (!this.#lru || !this.accepts(snapshot)) return false;
    this.#lru.set(key, { value, tags: snapshot.tags });
    // Too big for the cache: lru-cache refuses it silently.
    return this.#lru.has(key);
  }

  /** Removes every entry tagged with one of `tags`; answers how many went. */
  drop(tags: readonly TCacheTag[]): number {
    if (!this.#lru) return 0;
    const wanted = new Set(tags);
    const stale: string[] = [];
    for (const [key, entry] of this.#lru.entries()) {
      if (entry.tags.some((tag) => wanted.has(tag))) stale.push(key);
    }
    for (const key of stale) this.#lru.delete(key);
    return stale.length;
  }

  get size(): number {
    return this.#lru?.size ?? 0;
  }

  /** The total of `sizeOf` over the entries (0 without sizes). */
  get calculatedSize(): number {
    return this.#lru?.calculatedSize ?? 0;
  }
}
