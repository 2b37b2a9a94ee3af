import { describe, expect, it } from 'vitest';
import { runChaos } from '../../chaos/scenario.js';
import { POSTGRES_BIN } from '../helpers/postgres-instance.js';

/**
 * The short fault run (`npm run chaos` is the long one; chaos/README.md has its figures). It
 * brings its own PostgreSQL servers, so it runs in the embedded-database pass only.
 */
const RUNS = POSTGRES_BIN !== undefined && !process.env.TEST_DATABASE_URL;

describe.skipIf(!RUNS)('the money path under faults', () => {
  it('loses nothing and doubles nothing through two PostgreSQL restarts, a SIGKILL of the API and a failover', async () => {
    const report = await runChaos({ buyers: 4, seconds: 20 });
    expect(report.violations).toEqual({});
    // The run did what it is for: money moved while the faults fell, and retries bridged them.
    expect(report.figures.captured).toBeGreaterThan(0);
    expect(report.figures.refunds).toBeGreaterThan(0);
    expect(report.figures.retried).toBeGreaterThan(0);
  }, 900_000);

  it('holds the same with cards taken by Adyen answering 300 ms late: its charges and refunds are ours, once each', async () => {
    const report = await runChaos({ buyers: 3, seconds: 20, adyenLatencyMs: 300 });
    expect(report.violations).toEqual({});
    expect(report.figures.captured).toBeGreaterThan(0);
    expect(report.figures.refunds).toBeGreaterThan(0);
    expect(report.figures.retried).toBeGreaterThan(0);
  }, 900_000);
});
