/**
 * Every page path of the product, in one place (contract section 2). Screens link with `paths.x.getHref()`.
 * A path is added here with its screen, never before: an unregistered path shows the not-found page.
 */
export const paths = {
  healthPing: { path: '/healthPing', getHref: () => '/healthPing' },
  smartHomeLogin: { path: '/smartHome/login', getHref: () => '/smartHome/login' },
  alexaInstallNavimow: { path: '/smartHome/alexa/installNavimow', getHref: () => '/smartHome/alexa/installNavimow' },
  connectSolutions: { path: '/connectSolutions', getHref: () => '/connectSolutions' },
  winterGuide: { path: '/robotWinterMode/guide', getHref: () => '/robotWinterMode/guide' },
  overDischargeNotice: {
    path: '/robotWinterMode/overDischargeNotice',
    getHref: () => '/robotWinterMode/overDischargeNotice',
  },
  expansionBay: { path: '/expansion-bay', getHref: () => '/expansion-bay' },
  commentTool: { path: '/shulex-comment-tool', getHref: () => '/shulex-comment-tool' },
} as const;
