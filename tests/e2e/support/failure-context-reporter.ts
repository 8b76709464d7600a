import fs from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page snapshot to see which overlay was open, without flooding the CI log. */
const LIMIT = 6000;

/**
 * Prints the page snapshot Playwright keeps of each failed attempt (its error-context attachment) at the
 * end of the run, where CI's excerpt of the output shows it: CI keeps only the output, and a failure under
 * load is a race to find from what the page showed.
 */
export default class FailureContextReporter implements Reporter {
  private readonly pages: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path || !fs.existsSync(context.path)) return;
    // The page snapshot is the context's yaml block; the rest repeats what the list reporter printed.
    const text = [...fs.readFileSync(context.path, 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
    if (!text) return;
    const shown = text.length > LIMIT ? `${text.slice(0, LIMIT)}\n… (${text.length - LIMIT} more characters)` : text;
    this.pages.push(`── page at the failure: ${test.titlePath().filter(Boolean).join(' › ')} (attempt ${result.retry + 1}) ──\n${shown}`);
  }

  onEnd(): void {
    for (const page of this.pages) console.log(`\n${page}`);
  }
}
