/** A progress line on stderr while a derived command's op runs (CliBinding.progress; a terminal only, output.ts). */
import type { CliEnv } from './cli-env.js';

export async function withProgress<T>(env: CliEnv, label: string, run: () => Promise<T>): Promise<T> {
  const progress = await env.out().progress(label);
  env.onProgress((done, total, text) => progress.update(done, total, text));
  try {
    return await run();
  } finally {
    env.onProgress(undefined);
    progress.stop();
  }
}
