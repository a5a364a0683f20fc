import { Link, Navigate } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { EmailCodeSignIn } from '@/features/auth/components/email-code-sign-in';
import { OAuthButtons } from '@/features/auth/components/oauth-buttons';
import { useOAuthErrorToast } from '@/features/auth/hooks/use-oauth-error-toast';
import { isMemberSession } from '@/lib/auth-session';
import { useAuthState } from '@/lib/use-auth';

/**
 * `/sign-up`: the same one-time-code flow (it creates the account). Signed-in users, including those
 * the gate sends here for lack of a subscription, go on to plan selection.
 */
export function SignUpRoute() {
  const auth = useAuthState();
  useOAuthErrorToast();

  if (isMemberSession(auth)) return <Navigate to={paths.planSelection.getHref()} replace />;
  if (auth.status === 'loading') return <PageSpinner label="Checking your session" />;

  return (
    <AuthPanel
      title="Sign up"
      description="Create your Muster account with your email address, then choose a plan. No password needed."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.signIn.getHref()}
            className="text-foreground underline underline-offset-4"
          >
            Sign in
          </Link>
        </>
      }
    >
      <EmailCodeSignIn intent="sign-up" />
      <OAuthButtons intent="sign-up" />
    </AuthPanel>
  );
}
