/**
 * Every test file's setup (vitest.config.ts setupFiles): a macrotask turn after each test. Tests
 * whose work is synchronous (HiGHS sweeps, fits) chain through microtasks only, so without it a
 * worker could hold its event loop across several tests and miss vitest's RPC replies (its fixed
 * 60 s "Timeout calling onTaskUpdate", seen on a loaded 2-core machine though every test passed).
 */
import { afterEach } from 'vitest';

afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
