import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names, at the end of a run, each test that failed and then passed on its retry (CI retries once: decision 022),
 * so that a flaky test is seen and fixed instead of passing quietly.
 */
export default class FlakyTestReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky)
      this.flaky.push(`${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    const count = this.flaky.length === 1 ? '1 test' : `${this.flaky.length} tests`;
    console.log(`\nFlaky: ${count} failed, then passed on a retry. Each is a bug to fix (decision 022):`);
    for (const name of this.flaky) console.log(`  ${name}`);
  }
}
