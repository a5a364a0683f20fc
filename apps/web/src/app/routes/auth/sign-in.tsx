import { Link, Navigate, useLocation } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { isAppRelativePath, paths } from '@/config/paths';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { EmailCodeSignIn } from '@/features/auth/components/email-code-sign-in';
import { OAuthButtons } from '@/features/auth/components/oauth-buttons';
import { useOAuthErrorToast } from '@/features/auth/hooks/use-oauth-error-toast';
import { isMemberSession } from '@/lib/auth-session';
import { useAuthState } from '@/lib/use-auth';

/** Where the gate was sending the user before it asked them to sign in. */
function useReturnPath(): string | undefined {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && isAppRelativePath(from) ? from : undefined;
}

/** `/sign-in`: an emailed code, or Google / Discord when configured. */
export function SignInRoute() {
  const auth = useAuthState();
  const from = useReturnPath();
  useOAuthErrorToast();

  // Signed in (now, or already): load the profile, then continue where the user was going.
  if (isMemberSession(auth)) return <Navigate to={paths.loadingProfile.getHref(from)} replace />;
  if (auth.status === 'loading') return <PageSpinner label="Checking your session" />;

  return (
    <AuthPanel
      title="Sign in"
      description="Welcome back. We will email you a one-time code to sign in."
      footer={
        <>
          New to Muster?{' '}
          <Link
            to={paths.signUp.getHref()}
            className="text-foreground underline underline-offset-4"
          >
            Create an account
          </Link>
        </>
      }
    >
      <EmailCodeSignIn intent="sign-in" />
      <OAuthButtons intent="sign-in" />
    </AuthPanel>
  );
}
