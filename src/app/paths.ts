/**
 * Every page path of the product, in one place (contract section 2). Screens link with `paths.x.getHref()`.
 * Paths of screens that later work adds are registered here when their screen exists, never before.
 */
export const paths = {
  healthPing: { path: '/healthPing', getHref: () => '/healthPing' },
} as const;
