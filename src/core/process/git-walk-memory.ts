import type { BigIntStats } from 'node:fs';

/**
 * A directory is remembered only when its last change is at least this much older than the moment
 * it was read: an entry made in it afterwards then always moves its change time past the remembered
 * one, even on a file system that keeps whole seconds (git's "racily clean" index entries, the same
 * problem).
 */
const SETTLED_NS = 2_000_000_000n;

/**
 * How much the walks keep, in units of one directory or one name (about 150 bytes each): `total` for
 * all git directories together, past which the least recently walked are forgotten, and at most
 * `perGitDir` for one (a check that fills `.git` with directories leaves the rest read every time).
 * A git directory has a few hundred directories (`objects/xx`, `refs/…`), so a few thousand units.
 */
export interface WalkMemoryLimits {
  readonly total: number;
  readonly perGitDir: number;
}

const LIMITS: WalkMemoryLimits = { total: 60_000, perGitDir: 20_000 };

/**
 * What a walk read in one directory, when the directory had this device, inode and change time:
 * its subdirectories, and its entries that are neither a directory nor a regular file (with their
 * kind), in the order read. Regular files are not kept: nothing is done with them.
 */
export interface DirectoryListing<Kind> {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly ctimeNs: bigint;
  readonly subdirs: readonly string[];
  readonly others: readonly (readonly [name: string, kind: Kind])[];
}

interface Remembered<Kind> {
  listings: Map<string, DirectoryListing<Kind>>;
  units: number;
}

const unitsOf = (listing: DirectoryListing<unknown>) => 1 + listing.subdirs.length + listing.others.length;

/** Per git directory, what its last walk read, by the directory's path relative to it. */
const byGitDir = new Map<string, Remembered<unknown>>();
let unitsHeld = 0;

/**
 * One walk's use of what the walks of `gitDir` before it read. A listing is reused only for the
 * same directory (device and inode) with the same change time — the kernel moves a directory's
 * change time whenever an entry is made, removed or renamed in it, and no process can set it (a
 * set modification time moves it too) — so an unchanged directory still holds exactly the entries it
 * was read with. What the walk reads or reuses becomes what the next walk of `gitDir` starts from;
 * what it did not reach (a directory removed since) is forgotten.
 */
export class GitWalkMemory<Kind> {
  readonly #gitDir: string;
  readonly #limits: WalkMemoryLimits;
  readonly #before: Map<string, DirectoryListing<Kind>>;
  readonly #now = new Map<string, DirectoryListing<Kind>>();
  #units = 0;

  constructor(gitDir: string, limits: WalkMemoryLimits = LIMITS) {
    this.#gitDir = gitDir;
    this.#limits = limits;
    const before = byGitDir.get(gitDir) as Remembered<Kind> | undefined;
    this.#before = before?.listings ?? new Map();
  }

  /** What `dir` held when it was read, if it is still that directory, unchanged (`stat` is its lstat or fstat). */
  recall(dir: string, stat: BigIntStats): DirectoryListing<Kind> | undefined {
    const known = this.#before.get(dir);
    if (
      known === undefined ||
      known.dev !== stat.dev ||
      known.ino !== stat.ino ||
      known.ctimeNs !== stat.ctimeNs
    )
      return undefined;
    this.#keep(dir, known);
    return known;
  }

  /** Whether `dir` was read before with nothing in it to visit: then one lstat tells whether it is unchanged. */
  isKnownLeaf(dir: string): boolean {
    const known = this.#before.get(dir);
    return known !== undefined && known.subdirs.length === 0 && known.others.length === 0;
  }

  /**
   * Keeps what a whole read of `dir` found, when the directory had settled before `readAtNs` (wall
   * clock, taken before the read): a change made since has a later change time than `stat`'s.
   */
  remember(
    dir: string,
    stat: BigIntStats,
    readAtNs: bigint,
    subdirs: string[],
    others: [string, Kind][],
  ): void {
    if (stat.ctimeNs >= readAtNs - SETTLED_NS) return;
    this.#keep(dir, { dev: stat.dev, ino: stat.ino, ctimeNs: stat.ctimeNs, subdirs, others });
  }

  #keep(dir: string, listing: DirectoryListing<Kind>): void {
    const units = unitsOf(listing);
    if (this.#units + units > this.#limits.perGitDir) return;
    this.#now.set(dir, listing);
    this.#units += units;
  }

  /** Makes this walk's listings what the next walk of the same git directory starts from. */
  close(): void {
    const before = byGitDir.get(this.#gitDir);
    if (before) {
      unitsHeld -= before.units;
      byGitDir.delete(this.#gitDir);
    }
    byGitDir.set(this.#gitDir, { listings: this.#now, units: this.#units });
    unitsHeld += this.#units;
    for (const [gitDir, remembered] of byGitDir) {
      if (unitsHeld <= this.#limits.total) break;
      byGitDir.delete(gitDir);
      unitsHeld -= remembered.units;
    }
  }
}

/** How many units the walks of every git directory keep now (tests and benchmarks). */
export function rememberedUnits(): number {
  return unitsHeld;
}

/** The wall clock in nanoseconds, as a directory's change time is kept. */
export function wallClockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}
