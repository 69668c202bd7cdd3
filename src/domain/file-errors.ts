/**
 * The one place a failed file-system call becomes words. Every reader and writer of a file a user
 * names (`--settings`, `--caps`, a receipt, a price file, `-o`, the data directory) says what went
 * wrong as "cannot read nope.json: no such file", never the system's code alone ("ENOENT", "EIO").
 * A code not listed here is shown as the system's own words with the code in brackets.
 */

const WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EIO: 'the system could not read or write it there (an input/output error)',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links in the path',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EBUSY: 'it is in use',
  ETXTBSY: 'it is in use',
  EEXIST: 'it already exists',
  ENXIO: 'no such device',
  ENODEV: 'no such device',
  EINVAL: 'the system does not allow it there',
};

/** The code of a Node file-system error, or undefined. */
export function fileErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Why a file-system call failed, in words: "no such file", "permission denied". */
export function fileErrorWords(error: unknown): string {
  const code = fileErrorCode(error);
  if (code !== undefined && WORDS[code] !== undefined) return WORDS[code];
  const message = error instanceof Error ? error.message : String(error);
  // Node's message leads with the code ("EXDEV: cross-device link not permitted, rename 'a' -> 'b'"): keep its words.
  const said = /^[A-Z0-9_]+: ([^,]+)/.exec(message)?.[1];
  return said ? `${said} (${code ?? 'error'})` : code ? `the system refused it (${code})` : message;
}
