import { DISABILITY_WIZARD_STEPS, paths, type DisabilityWizardStep } from '@/config/paths';

import type { AppRoute, LazyRouteModule } from './route-types';

/**
 * Every screen of the app. Each entry is lazy: its code loads on first visit. Screens whose
 * feature has not landed use the shared "coming soon" page, which shows the title and summary; when
 * the feature lands, it replaces `lazy` with its own route module and drops `summary`.
 */

const comingSoon: LazyRouteModule = () =>
  import('./routes/coming-soon').then((module) => ({ Component: module.ComingSoonRoute }));

/** A screen whose feature has not landed yet: its title and what it will do, behind sign-in. */
function upcomingProtected(path: string, title: string, summary: string): AppRoute {
  return { path, title, summary, isProtected: true, lazy: comingSoon };
}

/** The same for a screen open to anyone. */
function upcomingPublic(path: string, title: string, summary: string): AppRoute {
  return { path, title, summary, isProtected: false, lazy: comingSoon };
}

const WIZARD_STEP_SCREENS: Record<DisabilityWizardStep, { title: string; summary: string }> = {
  type: {
    title: 'Condition type',
    summary:
      'Say what kind of condition this is, such as an injury, an illness or a mental health condition, and whether another service-connected condition caused it.',
  },
  'military-symptoms': {
    title: 'Symptoms during service',
    summary: 'Describe the symptoms you had while in the military and when they started.',
  },
  'post-military-symptoms': {
    title: 'Symptoms after service',
    summary: 'Describe how the condition has affected you since you left the military.',
  },
  'flare-ups': {
    title: 'Flare-ups',
    summary:
      'Record how often the condition flares up, how long flare-ups last and what they keep you from doing.',
  },
  treatments: {
    title: 'Treatments',
    summary: 'List the treatments, medications and providers for this condition.',
  },
  'professional-impacts': {
    title: 'Impact on work',
    summary:
      'Explain how the condition affects your job, your attendance and your ability to work.',
  },
  'social-impacts': {
    title: 'Impact on daily life',
    summary:
      'Explain how the condition affects your family life, your relationships and your daily activities.',
  },
  generate: {
    title: 'Generate statement',
    summary: 'Turn your answers into a written disability statement that you review and edit.',
  },
  download: {
    title: 'Download statement',
    summary: 'Download your finished statement to include with your claim.',
  },
  exposures: {
    title: 'Exposures',
    summary:
      'Record toxic exposures during service, such as burn pits, Agent Orange or contaminated water.',
  },
  'trauma-events': {
    title: 'Traumatic events',
    summary: 'Describe the events in service connected to this mental health condition.',
  },
  'trauma-behaviors': {
    title: 'Behavior changes',
    summary:
      'Record changes in your behavior after those events; they can support a claim when records are missing.',
  },
  'trauma-evidences': {
    title: 'Evidence sources',
    summary: 'List official reports and other sources of evidence that support what happened.',
  },
  'trauma-criteria': {
    title: 'Diagnostic criteria',
    summary: 'Go through the diagnostic (DSM) criteria that apply to your condition.',
  },
};

export const PUBLIC_ROUTES: AppRoute[] = [
  {
    path: paths.serviceOutage.path,
    title: 'Service Outage',
    isProtected: false,
    lazy: () =>
      import('./routes/service-outage').then((module) => ({
        Component: module.ServiceOutageRoute,
      })),
  },
  {
    path: paths.signIn.path,
    title: 'Sign in',
    isProtected: false,
    lazy: () =>
      import('./routes/auth/sign-in').then((module) => ({ Component: module.SignInRoute })),
  },
  {
    path: paths.signUp.path,
    title: 'Sign up',
    isProtected: false,
    lazy: () =>
      import('./routes/auth/sign-up').then((module) => ({ Component: module.SignUpRoute })),
  },
  {
    path: paths.planSelection.path,
    title: 'Plan selection',
    isProtected: false,
    lazy: () =>
      import('./routes/billing/plan-selection').then((module) => ({
        Component: module.PlanSelectionRoute,
      })),
  },
  upcomingPublic(
    paths.laymanSign.path,
    'Sign Layman Statement',
    'Read the statement a veteran asked you to support, then sign it. You do not need a Muster account.',
  ),
  {
    path: paths.privacyPolicy.path,
    title: 'Privacy policy',
    isProtected: false,
    lazy: () =>
      import('./routes/legal/privacy-policy').then((module) => ({
        Component: module.PrivacyPolicyRoute,
      })),
  },
  {
    path: paths.terms.path,
    title: 'Terms of use',
    isProtected: false,
    lazy: () => import('./routes/legal/terms').then((module) => ({ Component: module.TermsRoute })),
  },
  {
    path: paths.authSession.path,
    title: 'Signing you in',
    isProtected: false,
    lazy: () =>
      import('./routes/auth/auth-session').then((module) => ({
        Component: module.AuthSessionRoute,
      })),
  },
  {
    // Not a product screen: development help that lists the mail the API kept (sign-in codes).
    path: paths.devOutbox.path,
    title: 'Developer outbox',
    isProtected: false,
    lazy: () =>
      import('./routes/dev/dev-outbox').then((module) => ({ Component: module.DevOutboxRoute })),
  },
];

export const PROTECTED_ROUTES: AppRoute[] = [
  {
    path: paths.dashboard.path,
    title: 'Dashboard',
    isProtected: true,
    lazy: () =>
      import('./routes/dashboard').then((module) => ({ Component: module.DashboardRoute })),
  },
  {
    path: paths.calculator.path,
    title: 'Rating calculator',
    isProtected: true,
    lazy: () =>
      import('./routes/calculator').then((module) => ({ Component: module.CalculatorRoute })),
  },
  {
    path: paths.profile.path,
    title: 'Account',
    isProtected: true,
    lazy: () =>
      import('./routes/account/profile').then((module) => ({ Component: module.ProfileRoute })),
  },
  {
    path: paths.loadingProfile.path,
    title: 'Loading profile',
    isProtected: true,
    lazy: () =>
      import('./routes/account/loading-profile').then((module) => ({
        Component: module.LoadingProfileRoute,
      })),
  },
  {
    path: paths.welcome.path,
    title: 'Welcome',
    isProtected: true,
    lazy: () =>
      import('./routes/account/welcome').then((module) => ({ Component: module.WelcomeRoute })),
  },
  {
    path: paths.welcomeProfile.path,
    title: 'Set up your profile',
    isProtected: true,
    lazy: () =>
      import('./routes/account/welcome-profile').then((module) => ({
        Component: module.WelcomeProfileRoute,
      })),
  },

  upcomingProtected(
    paths.chats.list.path,
    'Chats',
    'Your conversations with the Muster assistant about your claim.',
  ),
  upcomingProtected(
    paths.chats.new.path,
    'New chat',
    'Ask the Muster assistant a question about your claim, your conditions or VA forms.',
  ),
  upcomingProtected(paths.chats.detail.path, 'Chat', 'One conversation with the Muster assistant.'),

  upcomingProtected(
    paths.decisionLetterAnalyzer.path,
    'Decision Letter Analyzer',
    'Upload a VA decision letter and get a plain-language explanation of what VA decided and why.',
  ),
  upcomingProtected(
    paths.decisionLetters.list.path,
    'Decision letters',
    'The decision letters you have uploaded and the status of each analysis.',
  ),
  upcomingProtected(
    paths.decisionLetters.detail.path,
    'Decision letter',
    'One decision letter and the progress of its analysis.',
  ),
  upcomingProtected(
    paths.decisionLetters.results.path,
    'Decision letter results',
    'The analysis of your decision letter: each condition, the rating VA gave and the reasons.',
  ),

  upcomingProtected(
    paths.disabilities.list.path,
    'Disabilities',
    'The conditions you are claiming and how far along each statement is.',
  ),
  upcomingProtected(
    paths.disabilities.new.path,
    'Add a disability',
    'Start a new disability: find the condition or describe it in your own words.',
  ),
  upcomingProtected(
    paths.disabilities.create.path,
    'Create disability',
    'Confirm the condition details and create the disability.',
  ),
  upcomingProtected(
    paths.disabilities.bulkAdd.path,
    'Add many disabilities',
    'Add several conditions at once, then complete each statement at your own pace.',
  ),
  upcomingProtected(
    paths.disabilities.buddyStatementNew.path,
    'Request a buddy statement',
    'Ask someone who knows you, such as a fellow service member, a family member or a friend, to write and sign a statement that supports your claim.',
  ),
  {
    ...upcomingProtected(
      paths.disabilities.wizard.path,
      'Disability statement',
      'Work through your disability statement one step at a time. Each step saves as you go.',
    ),
    children: DISABILITY_WIZARD_STEPS.map((step) =>
      upcomingProtected(
        paths.disabilities.wizardStep.getPath(step),
        WIZARD_STEP_SCREENS[step].title,
        WIZARD_STEP_SCREENS[step].summary,
      ),
    ),
  },

  upcomingProtected(paths.claims.path, 'Claims', 'Your claims and where each one stands.'),
  upcomingProtected(
    paths.documents.path,
    'Documents',
    'The documents Muster prepared for your claims, ready to download.',
  ),
  upcomingProtected(
    paths.review.path,
    'Review',
    'Check everything in your claim before you file it with VA.',
  ),

  upcomingProtected(
    paths.nexus.list.path,
    'Nexus letters',
    'Your nexus letter requests and the letters prepared from them.',
  ),
  upcomingProtected(
    paths.nexus.new.path,
    'Request a nexus letter',
    'Start a nexus letter: a medical opinion that connects a condition to your service.',
  ),
  upcomingProtected(paths.nexus.detail.path, 'Nexus letter', 'One nexus letter and its status.'),

  upcomingProtected(
    paths.vault.path,
    'File Vault',
    'Keep your service records, medical records and other claim documents in one secure place.',
  ),

  upcomingProtected(paths.veterans.list.path, 'Veteran records', 'The veteran records you keep.'),
  upcomingProtected(
    paths.veterans.new.path,
    'Add a veteran record',
    'Record a veteran’s details and service history.',
  ),
  upcomingProtected(
    paths.veterans.detail.path,
    'Veteran record',
    'One veteran’s details and service history.',
  ),

  {
    path: paths.stripePortalReturn.path,
    title: 'Returning from billing',
    isProtected: true,
    lazy: () =>
      import('./routes/billing/stripe-portal-return').then((module) => ({
        Component: module.StripePortalReturnRoute,
      })),
  },
  {
    path: paths.redirectToStripe.path,
    title: 'Opening billing',
    isProtected: true,
    lazy: () =>
      import('./routes/billing/redirect-to-stripe').then((module) => ({
        Component: module.RedirectToStripeRoute,
      })),
  },
  upcomingProtected(
    paths.linkVso.path,
    'Link a VSO',
    'Connect with an accredited Veterans Service Organization, which can help with your claim for free.',
  ),

  upcomingProtected(
    paths.vaForms.home.path,
    'VA forms',
    'Prepare VA forms with your saved answers and follow them after you file.',
  ),
  upcomingProtected(
    paths.vaForms.intentToFile.path,
    'Intent to File (VA Form 21-0966)',
    'Tell VA you plan to file a claim. Doing so early can protect the date your benefits start from.',
  ),
  upcomingProtected(
    paths.vaForms.form526ez.path,
    'Application for Disability Compensation (VA Form 21-526EZ)',
    'Prepare the main application for disability compensation from the conditions you recorded.',
  ),
  upcomingProtected(
    paths.vaForms.claims.path,
    'Claims filed with VA',
    'The claims you filed through VA.gov and the status of each.',
  ),
  upcomingProtected(
    paths.vaForms.claimDetail.path,
    'VA claim',
    'One claim filed with VA and where it stands.',
  ),

  upcomingProtected(
    paths.vaConditions.path,
    'VA conditions',
    'Browse VA conditions and see how separate ratings combine into one.',
  ),

  upcomingProtected(
    paths.cfile.home.path,
    'C-file',
    'Upload your VA claims file (C-file) so Muster can find the conditions, medications and evidence in it.',
  ),
  upcomingProtected(
    paths.cfile.queue.path,
    'C-file processing',
    'Follow the progress while Muster reads your C-file.',
  ),
  upcomingProtected(
    paths.cfile.medications.path,
    'C-file medications',
    'Review the medications found in your C-file.',
  ),
  upcomingProtected(
    paths.cfile.disabilities.path,
    'C-file conditions',
    'Review the conditions found in your C-file and add them to your disabilities.',
  ),
  upcomingProtected(
    paths.cfile.complete.path,
    'C-file complete',
    'Your C-file has been processed. See what Muster found and what to do next.',
  ),
];

export const APP_ROUTES: AppRoute[] = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES];

/** Paths that only send the visitor elsewhere. */
export const ROUTE_REDIRECTS: { from: string; to: string }[] = [
  { from: paths.root.path, to: paths.dashboard.getHref() },
];

/** Unknown paths: a not-found page that counts down to the home page. */
export const NOT_FOUND_ROUTE = {
  title: 'Page not found',
  lazy: (() =>
    import('./routes/not-found').then((module) => ({
      Component: module.NotFoundRoute,
    }))) satisfies LazyRouteModule,
};
