import { DISABILITY_WIZARD_STEPS, type DisabilityWizardStep } from '@muster/contract/wizard-steps';

export { DISABILITY_WIZARD_STEPS, type DisabilityWizardStep };

/**
 * Every route path of the app and a builder for each link. Route configuration and
 * links read paths from here only; nothing else spells a path.
 */

type StaticPath = { path: string; getHref: () => string };

function staticPath(path: string): StaticPath {
  return { path, getHref: () => path };
}

const segment = (value: string) => encodeURIComponent(value);

/** Destinations of `/redirect-to-stripe`. */
export type BillingRedirectTarget =
  | { to: 'checkout'; plan: 'PRO_MONTHLY' | 'PRO_BIANNUALLY' | 'LIFETIME' }
  | { to: 'customer-portal' | 'upgrade-portal' | 'subscription-portal' };

/** A same-origin path such as `/chats/1?x=y`; rejects absolute and protocol-relative URLs. */
export function isAppRelativePath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

export const paths = {
  root: staticPath('/'),

  // Public
  serviceOutage: {
    path: '/service-outage',
    /** `from` is where "Try again" returns to. */
    getHref: (from?: string) =>
      isAppRelativePath(from)
        ? `/service-outage?${new URLSearchParams({ from }).toString()}`
        : '/service-outage',
  },
  signIn: staticPath('/sign-in'),
  signUp: staticPath('/sign-up'),
  planSelection: staticPath('/plan-selection'),
  laymanSign: {
    path: '/layman-sign/:tokenId',
    getHref: (tokenId: string) => `/layman-sign/${segment(tokenId)}`,
  },
  /** Where a representative reads the records a veteran shared, through the link they sent. */
  shared: {
    path: '/shared/:token',
    getHref: (token: string) => `/shared/${segment(token)}`,
  },
  /** Where a physician uploads the signed nexus letter, through the link the veteran sent. */
  providerUpload: {
    path: '/provider-upload/:token',
    getHref: (token: string) => `/provider-upload/${segment(token)}`,
  },
  privacyPolicy: staticPath('/privacy-policy'),
  terms: staticPath('/terms'),
  authSession: staticPath('/auth/session'),
  /** Development only: the mail the API's embedded outbox kept (not a product screen). */
  devOutbox: staticPath('/dev/outbox'),

  // Protected
  dashboard: staticPath('/dashboard'),
  profile: staticPath('/profile'),
  loadingProfile: {
    path: '/loading-profile',
    /** `from` is where to continue once the profile has loaded. */
    getHref: (from?: string | null) =>
      isAppRelativePath(from)
        ? `/loading-profile?${new URLSearchParams({ from }).toString()}`
        : '/loading-profile',
  },
  welcome: staticPath('/welcome'),
  calculator: staticPath('/calculator'),
  welcomeProfile: staticPath('/welcome/profile'),
  chats: {
    list: staticPath('/chats'),
    new: staticPath('/chats/new'),
    detail: {
      path: '/chats/:threadId',
      getHref: (threadId: string) => `/chats/${segment(threadId)}`,
    },
  },
  decisionLetterAnalyzer: staticPath('/decision-letter'),
  decisionLetters: {
    list: {
      path: '/decision-letters',
      /** The list of letters; a page after the first (`?page=`) when given. */
      getHref: ({ page = 1 }: { page?: number } = {}) =>
        page > 1 ? `/decision-letters?page=${page}` : '/decision-letters',
    },
    detail: {
      path: '/decision-letters/:letterId',
      getHref: (letterId: string) => `/decision-letters/${segment(letterId)}`,
    },
    results: {
      path: '/decision-letters/:letterId/results',
      getHref: (letterId: string) => `/decision-letters/${segment(letterId)}/results`,
    },
  },
  disabilities: {
    list: {
      path: '/disabilities',
      /** The plain list; a search (`?q=`) and a page after the first (`?page=`) when given. */
      getHref: ({ q = '', page = 1 }: { q?: string; page?: number } = {}) => {
        const search = new URLSearchParams();
        if (q) search.set('q', q);
        if (page > 1) search.set('page', String(page));
        const text = search.toString();
        return text ? `/disabilities?${text}` : '/disabilities';
      },
    },
    new: staticPath('/disabilities/new'),
    create: staticPath('/disabilities/new/create'),
    bulkAdd: staticPath('/disabilities/bulk-add'),
    buddyStatementNew: staticPath('/disabilities/buddy-statement/new'),
    wizard: {
      path: '/disabilities/:disabilityId',
      getHref: (disabilityId: string) => `/disabilities/${segment(disabilityId)}`,
    },
    wizardStep: {
      getPath: (step: DisabilityWizardStep) => `/disabilities/:disabilityId/${step}`,
      getHref: (disabilityId: string, step: DisabilityWizardStep) =>
        `/disabilities/${segment(disabilityId)}/${step}`,
    },
  },
  claims: staticPath('/claims'),
  documents: staticPath('/documents'),
  review: {
    path: '/review',
    /** The review of one claim (`?claim=`); without it, the latest claim. */
    getHref: ({ claim }: { claim?: string } = {}) =>
      claim ? `/review?claim=${encodeURIComponent(claim)}` : '/review',
  },
  nexus: {
    list: staticPath('/nexus'),
    new: staticPath('/nexus/new'),
    detail: {
      path: '/nexus/:nexusLetterId',
      getHref: (nexusLetterId: string) => `/nexus/${segment(nexusLetterId)}`,
    },
  },
  vault: {
    path: '/vault',
    /** The file vault; a search (`?q=`) and a page after the first (`?page=`) when given. */
    getHref: ({ q = '', page = 1 }: { q?: string; page?: number } = {}) => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (page > 1) search.set('page', String(page));
      const text = search.toString();
      return text ? `/vault?${text}` : '/vault';
    },
  },
  veterans: {
    list: {
      path: '/veterans',
      /** Page 1 is the plain list; later pages carry `?page=`. */
      getHref: (page = 1) => (page > 1 ? `/veterans?page=${page}` : '/veterans'),
    },
    new: staticPath('/veterans/new'),
    detail: {
      path: '/veterans/:veteranId',
      getHref: (veteranId: string) => `/veterans/${segment(veteranId)}`,
    },
  },
  // These paths carry the card payment provider's name; the words stay literal here.
  stripePortalReturn: staticPath('/stripe-portal-return'),
  redirectToStripe: {
    path: '/redirect-to-stripe',
    /** Where to send the user: a plan's checkout or one of the billing portals. */
    getHref: (target: BillingRedirectTarget) => {
      const search = new URLSearchParams({ to: target.to });
      if (target.to === 'checkout') search.set('plan', target.plan);
      return `/redirect-to-stripe?${search.toString()}`;
    },
  },
  linkVso: staticPath('/link-vso'),
  vaForms: {
    home: staticPath('/va-forms'),
    intentToFile: staticPath('/va-forms/intent-to-file'),
    form526ez: staticPath('/va-forms/526ez'),
    claims: staticPath('/va-forms/claims'),
    claimDetail: {
      path: '/va-forms/claims/:claimId',
      getHref: (claimId: string) => `/va-forms/claims/${segment(claimId)}`,
    },
  },
  vaConditions: staticPath('/va-conditions'),
  cfile: {
    home: staticPath('/cfile'),
    queue: staticPath('/cfile/queue'),
    medications: staticPath('/cfile/medications'),
    disabilities: staticPath('/cfile/disabilities'),
    complete: staticPath('/cfile/complete'),
  },
} as const;
