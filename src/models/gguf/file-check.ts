/** Checks on a GGUF path before llama.cpp sees it (llama.cpp may abort the process on a bad file). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { UserError } from '../../core/errors.js';

/** Throws a UserError unless `path` is a readable file that starts with the GGUF magic. */
export async function checkGgufFile(path: string): Promise<{ size: number; mtimeMs: number }> {
  let st;
  try {
    st = await stat(path);
  } catch (err) {
    throw new UserError(`gguf: model file not found: ${path}`, { hint: 'gguf model ids are gguf:<path to a .gguf file>, relative to the working directory', cause: err });
  }
  if (!st.isFile()) throw new UserError(`gguf: ${path} is not a file`);
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await fh.read(head, 0, 8, 0);
    if (bytesRead < 8 || head.toString('latin1', 0, 4) !== 'GGUF')
      throw new UserError(`gguf: ${path} is not a GGUF file (it does not start with the bytes "GGUF")`);
    const version = head.readUInt32LE(4);
    if (version < 2 || version > 3) throw new UserError(`gguf: ${path} is GGUF version ${version}; llama.cpp reads versions 2 and 3`);
  } finally {
    await fh.close();
  }
  return { size: st.size, mtimeMs: st.mtimeMs };
}

const hashes = new Map<string, Promise<string>>();

/** First 16 hex digits of the file's sha-256 (cached per path, size and mtime). */
export function fileSha256(path: string, size: number, mtimeMs: number): Promise<string> {
  const key = `${path}\0${size}\0${mtimeMs}`;
  let p = hashes.get(key);
  if (p === undefined) {
    p = new Promise<string>((resolve, reject) => {
      const h = createHash('sha256');
      createReadStream(path)
        .on('data', (chunk) => h.update(chunk))
        .on('error', reject)
        .on('end', () => resolve(h.digest('hex').slice(0, 16)));
    });
    hashes.set(key, p);
    p.catch(() => hashes.delete(key));
  }
  return p;
}
