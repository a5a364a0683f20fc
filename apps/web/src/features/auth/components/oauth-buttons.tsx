import { Button } from '@/components/ui/button';
import { authClient, type OAuthIntent, type OAuthProvider } from '@/lib/auth-client';

import { useOAuthProviders } from '../api/get-oauth-providers';

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', discord: 'Discord' };

export type OAuthButtonsProps = {
  intent: OAuthIntent;
  /** Replaced in tests. */
  onNavigate?: (url: string) => void;
};

/** "Continue with Google" / "Continue with Discord", for the providers this server has. */
export function OAuthButtons({
  intent,
  onNavigate = (url) => window.location.assign(url),
}: OAuthButtonsProps) {
  const providers = useOAuthProviders();
  const available = (['google', 'discord'] as const).filter(
    (provider) => providers.data?.[provider],
  );
  if (available.length === 0) return null;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted-foreground flex items-center gap-3 text-sm before:h-px before:flex-1 before:bg-current/20 after:h-px after:flex-1 after:bg-current/20">
        or
      </p>
      {available.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="outline"
          onClick={() => onNavigate(authClient.getOAuthStartUrl(provider, intent))}
        >
          Continue with {PROVIDER_NAMES[provider]}
        </Button>
      ))}
    </div>
  );
}
