export type ReportEnvironment = 'local' | 'dev' | 'bj' | 'fra';

/**
 * The error-reporting environment from the host name (seed section 9). Loopback and `.local` hosts are `local`;
 * hosts with a `dev` or `test` label are `dev`; hosts with a `bj` label (the Beijing deployment) are `bj`;
 * everything else is served from Frankfurt, `fra`.
 */
export function environmentForHost(hostname: string): ReportEnvironment {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || /^127\./.test(host) || host.endsWith('.local')) return 'local';
  const labels = host.split(/[.-]/);
  if (labels.some((label) => label === 'dev' || label === 'test' || label === 'staging')) return 'dev';
  if (labels.includes('bj')) return 'bj';
  return 'fra';
}
