import { WIZARD_STEP_TITLES } from '@muster/contract/wizard-steps';

import { DISABILITY_WIZARD_STEPS, paths } from '@/config/paths';

import type { AppRoute, LazyRouteModule } from './route-types';

/**
 * Every screen of the app, each with its own page. Each entry is lazy: its code loads on first
 * visit.
 */

export const PUBLIC_ROUTES: AppRoute[] = [
  {
    path: paths.serviceOutage.path,
    title: 'Service Outage',
    isProtected: false,
    lazy: () =>
      import('../routes/service-outage').then((module) => ({
        Component: module.ServiceOutageRoute,
      })),
  },
  {
    path: paths.signIn.path,
    title: 'Sign in',
    isProtected: false,
    lazy: () =>
      import('../routes/auth/sign-in').then((module) => ({ Component: module.SignInRoute })),
  },
  {
    path: paths.signUp.path,
    title: 'Sign up',
    isProtected: false,
    lazy: () =>
      import('../routes/auth/sign-up').then((module) => ({ Component: module.SignUpRoute })),
  },
  {
    path: paths.planSelection.path,
    title: 'Plan selection',
    isProtected: false,
    lazy: () =>
      import('../routes/billing/plan-selection').then((module) => ({
        Component: module.PlanSelectionRoute,
      })),
  },
  {
    path: paths.laymanSign.path,
    title: 'Sign Layman Statement',
    isProtected: false,
    lazy: () =>
      import('../routes/layman/layman-sign').then((module) => ({
        Component: module.LaymanSignRoute,
      })),
  },
  {
    path: paths.shared.path,
    title: 'Shared records',
    isProtected: false,
    lazy: () =>
      import('../routes/vso/shared').then((module) => ({ Component: module.SharedRoute })),
  },
  {
    path: paths.providerUpload.path,
    title: 'Upload a Signed Nexus Letter',
    isProtected: false,
    lazy: () =>
      import('../routes/nexus/provider-upload').then((module) => ({
        Component: module.ProviderUploadRoute,
      })),
  },
  {
    path: paths.privacyPolicy.path,
    title: 'Privacy policy',
    isProtected: false,
    lazy: () =>
      import('../routes/legal/privacy-policy').then((module) => ({
        Component: module.PrivacyPolicyRoute,
      })),
  },
  {
    path: paths.terms.path,
    title: 'Terms of use',
    isProtected: false,
    lazy: () =>
      import('../routes/legal/terms').then((module) => ({ Component: module.TermsRoute })),
  },
  {
    path: paths.authSession.path,
    title: 'Signing you in',
    isProtected: false,
    lazy: () =>
      import('../routes/auth/auth-session').then((module) => ({
        Component: module.AuthSessionRoute,
      })),
  },
  {
    // Not a product screen: development help that lists the mail the API kept (sign-in codes).
    path: paths.devOutbox.path,
    title: 'Developer outbox',
    isProtected: false,
    lazy: () =>
      import('../routes/dev/dev-outbox').then((module) => ({ Component: module.DevOutboxRoute })),
  },
];

export const PROTECTED_ROUTES: AppRoute[] = [
  {
    path: paths.dashboard.path,
    title: 'Dashboard',
    isProtected: true,
    lazy: () =>
      import('../routes/dashboard').then((module) => ({ Component: module.DashboardRoute })),
  },
  {
    path: paths.calculator.path,
    title: 'Rating calculator',
    isProtected: true,
    lazy: () =>
      import('../routes/calculator').then((module) => ({ Component: module.CalculatorRoute })),
  },
  {
    path: paths.profile.path,
    title: 'Account',
    isProtected: true,
    lazy: () =>
      import('../routes/account/profile').then((module) => ({ Component: module.ProfileRoute })),
  },
  {
    path: paths.loadingProfile.path,
    title: 'Loading profile',
    isProtected: true,
    lazy: () =>
      import('../routes/account/loading-profile').then((module) => ({
        Component: module.LoadingProfileRoute,
      })),
  },
  {
    path: paths.welcome.path,
    title: 'Welcome',
    isProtected: true,
    lazy: () =>
      import('../routes/account/welcome').then((module) => ({ Component: module.WelcomeRoute })),
  },
  {
    path: paths.welcomeProfile.path,
    title: 'Set up your profile',
    isProtected: true,
    lazy: () =>
      import('../routes/account/welcome-profile').then((module) => ({
        Component: module.WelcomeProfileRoute,
      })),
  },

  {
    path: paths.chats.list.path,
    title: 'Chats',
    isProtected: true,
    lazy: () =>
      import('../routes/chats/chats').then((module) => ({ Component: module.ChatsRoute })),
  },
  {
    path: paths.chats.new.path,
    title: 'New chat',
    isProtected: true,
    lazy: () =>
      import('../routes/chats/new-chat').then((module) => ({ Component: module.NewChatRoute })),
  },
  {
    path: paths.chats.detail.path,
    title: 'Chat',
    isProtected: true,
    lazy: () => import('../routes/chats/chat').then((module) => ({ Component: module.ChatRoute })),
  },

  {
    path: paths.decisionLetterAnalyzer.path,
    title: 'Decision Letter Analyzer',
    isProtected: true,
    lazy: () =>
      import('../routes/decision-letters/decision-letter-analyzer').then((module) => ({
        Component: module.DecisionLetterAnalyzerRoute,
      })),
  },
  {
    path: paths.decisionLetters.list.path,
    title: 'Decision letters',
    isProtected: true,
    lazy: () =>
      import('../routes/decision-letters/decision-letters').then((module) => ({
        Component: module.DecisionLettersRoute,
      })),
  },
  {
    path: paths.decisionLetters.detail.path,
    title: 'Decision letter',
    isProtected: true,
    lazy: () =>
      import('../routes/decision-letters/decision-letter').then((module) => ({
        Component: module.DecisionLetterRoute,
      })),
  },
  {
    path: paths.decisionLetters.results.path,
    title: 'Decision letter results',
    isProtected: true,
    lazy: () =>
      import('../routes/decision-letters/decision-letter-results').then((module) => ({
        Component: module.DecisionLetterResultsRoute,
      })),
  },

  {
    path: paths.disabilities.list.path,
    title: 'Disabilities',
    isProtected: true,
    lazy: () =>
      import('../routes/disabilities/disabilities').then((module) => ({
        Component: module.DisabilitiesRoute,
      })),
  },
  {
    path: paths.disabilities.new.path,
    title: 'Add a disability',
    isProtected: true,
    lazy: () =>
      import('../routes/disabilities/new-disability').then((module) => ({
        Component: module.NewDisabilityRoute,
      })),
  },
  {
    path: paths.disabilities.create.path,
    title: 'Create disability',
    isProtected: true,
    lazy: () =>
      import('../routes/disabilities/create-disability').then((module) => ({
        Component: module.CreateDisabilityRoute,
      })),
  },
  {
    path: paths.disabilities.bulkAdd.path,
    title: 'Add many disabilities',
    isProtected: true,
    lazy: () =>
      import('../routes/disabilities/bulk-add-disabilities').then((module) => ({
        Component: module.BulkAddDisabilitiesRoute,
      })),
  },
  {
    path: paths.disabilities.buddyStatementNew.path,
    title: 'Request a buddy statement',
    isProtected: true,
    lazy: () =>
      import('../routes/disabilities/buddy-statement-new').then((module) => ({
        Component: module.BuddyStatementNewRoute,
      })),
  },
  {
    // The disability's own page; the wizard's pages are its children.
    path: paths.disabilities.wizard.path,
    title: 'Disability',
    isProtected: true,
    lazy: () =>
      import('../routes/disabilities/disability').then((module) => ({
        Component: module.DisabilityRoute,
      })),
    children: DISABILITY_WIZARD_STEPS.map((step): AppRoute => ({
      path: paths.disabilities.wizardStep.getPath(step),
      title: WIZARD_STEP_TITLES[step],
      isProtected: true,
      lazy: () =>
        import('../routes/disabilities/wizard-step').then((module) => ({
          Component: module.wizardStepPage(step),
        })),
    })),
  },

  {
    path: paths.claims.path,
    title: 'Claims',
    isProtected: true,
    lazy: () =>
      import('../routes/claims/claims').then((module) => ({ Component: module.ClaimsRoute })),
  },
  {
    path: paths.documents.path,
    title: 'Documents',
    isProtected: true,
    lazy: () =>
      import('../routes/documents/documents').then((module) => ({
        Component: module.DocumentsRoute,
      })),
  },
  {
    path: paths.review.path,
    title: 'Review',
    isProtected: true,
    lazy: () =>
      import('../routes/claims/review').then((module) => ({ Component: module.ReviewRoute })),
  },

  {
    path: paths.nexus.list.path,
    title: 'Nexus letters',
    isProtected: true,
    lazy: () =>
      import('../routes/nexus/nexus').then((module) => ({ Component: module.NexusRoute })),
  },
  {
    path: paths.nexus.new.path,
    title: 'Request a nexus letter',
    isProtected: true,
    lazy: () =>
      import('../routes/nexus/new-nexus').then((module) => ({ Component: module.NewNexusRoute })),
  },
  {
    path: paths.nexus.detail.path,
    title: 'Nexus letter',
    isProtected: true,
    lazy: () =>
      import('../routes/nexus/nexus-letter').then((module) => ({
        Component: module.NexusLetterRoute,
      })),
  },

  {
    path: paths.vault.path,
    title: 'File Vault',
    isProtected: true,
    lazy: () =>
      import('../routes/vault/vault').then((module) => ({ Component: module.VaultRoute })),
  },

  {
    path: paths.veterans.list.path,
    title: 'Veteran records',
    isProtected: true,
    lazy: () =>
      import('../routes/veterans/veterans').then((module) => ({
        Component: module.VeteransRoute,
      })),
  },
  {
    path: paths.veterans.new.path,
    title: 'Add a veteran record',
    isProtected: true,
    lazy: () =>
      import('../routes/veterans/new-veteran').then((module) => ({
        Component: module.NewVeteranRoute,
      })),
  },
  {
    path: paths.veterans.detail.path,
    title: 'Veteran record',
    isProtected: true,
    lazy: () =>
      import('../routes/veterans/veteran').then((module) => ({ Component: module.VeteranRoute })),
  },

  {
    path: paths.stripePortalReturn.path,
    title: 'Returning from billing',
    isProtected: true,
    lazy: () =>
      import('../routes/billing/stripe-portal-return').then((module) => ({
        Component: module.StripePortalReturnRoute,
      })),
  },
  {
    path: paths.redirectToStripe.path,
    title: 'Opening billing',
    isProtected: true,
    lazy: () =>
      import('../routes/billing/redirect-to-stripe').then((module) => ({
        Component: module.RedirectToStripeRoute,
      })),
  },
  {
    path: paths.linkVso.path,
    title: 'Link a VSO',
    isProtected: true,
    lazy: () =>
      import('../routes/vso/link-vso').then((module) => ({ Component: module.LinkVsoRoute })),
  },

  {
    path: paths.vaForms.home.path,
    title: 'VA forms',
    isProtected: true,
    lazy: () =>
      import('../routes/va-forms/va-forms').then((module) => ({ Component: module.VaFormsRoute })),
  },
  {
    path: paths.vaForms.intentToFile.path,
    title: 'Intent to File (VA Form 21-0966)',
    isProtected: true,
    lazy: () =>
      import('../routes/va-forms/intent-to-file').then((module) => ({
        Component: module.IntentToFileRoute,
      })),
  },
  {
    path: paths.vaForms.form526ez.path,
    title: 'Application for Disability Compensation (VA Form 21-526EZ)',
    isProtected: true,
    lazy: () =>
      import('../routes/va-forms/form-526ez').then((module) => ({
        Component: module.Form526ezRoute,
      })),
  },
  {
    path: paths.vaForms.claims.path,
    title: 'Claims filed with VA',
    isProtected: true,
    lazy: () =>
      import('../routes/va-forms/va-claims').then((module) => ({
        Component: module.VaClaimsRoute,
      })),
  },
  {
    path: paths.vaForms.claimDetail.path,
    title: 'VA claim',
    isProtected: true,
    lazy: () =>
      import('../routes/va-forms/va-claim').then((module) => ({
        Component: module.VaClaimRoute,
      })),
  },

  {
    path: paths.vaConditions.path,
    title: 'VA conditions',
    isProtected: true,
    lazy: () =>
      import('../routes/va-conditions/va-conditions').then((module) => ({
        Component: module.VaConditionsRoute,
      })),
  },

  {
    path: paths.cfile.home.path,
    title: 'C-file',
    isProtected: true,
    lazy: () =>
      import('../routes/cfile/cfile').then((module) => ({ Component: module.CfileRoute })),
  },
  {
    path: paths.cfile.queue.path,
    title: 'C-file processing',
    isProtected: true,
    lazy: () =>
      import('../routes/cfile/cfile-queue').then((module) => ({
        Component: module.CfileQueueRoute,
      })),
  },
  {
    path: paths.cfile.medications.path,
    title: 'C-file medications',
    isProtected: true,
    lazy: () =>
      import('../routes/cfile/cfile-medications').then((module) => ({
        Component: module.CfileMedicationsRoute,
      })),
  },
  {
    path: paths.cfile.disabilities.path,
    title: 'C-file conditions',
    isProtected: true,
    lazy: () =>
      import('../routes/cfile/cfile-disabilities').then((module) => ({
        Component: module.CfileDisabilitiesRoute,
      })),
  },
  {
    path: paths.cfile.complete.path,
    title: 'C-file summary',
    isProtected: true,
    lazy: () =>
      import('../routes/cfile/cfile-complete').then((module) => ({
        Component: module.CfileCompleteRoute,
      })),
  },
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
    import('../routes/not-found').then((module) => ({
      Component: module.NotFoundRoute,
    }))) satisfies LazyRouteModule,
};
