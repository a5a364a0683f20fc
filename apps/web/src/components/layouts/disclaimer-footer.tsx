import { Link } from 'react-router';

import { VA_FIND_REPRESENTATIVE_URL } from '@/config/constants';
import { paths } from '@/config/paths';

/** Shown on every app page. The marketing site uses the same wording. */
export const DISCLAIMER_TEXT =
  'Muster is not affiliated with or endorsed by the U.S. Department of Veterans Affairs. Nothing here is legal advice. Accredited Veterans Service Organizations (VSOs) can help you with your claim for free.';

export function DisclaimerFooter() {
  return (
    <footer className="bg-muted/40 border-t">
      <div className="text-muted-foreground mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-6 text-sm sm:px-6">
        <p>{DISCLAIMER_TEXT}</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <a
            href={VA_FIND_REPRESENTATIVE_URL}
            className="text-foreground font-medium underline underline-offset-4 hover:no-underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            Find an accredited representative on VA.gov
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Link
            to={paths.privacyPolicy.getHref()}
            className="underline underline-offset-4 hover:no-underline"
          >
            Privacy policy
          </Link>
          <Link
            to={paths.terms.getHref()}
            className="underline underline-offset-4 hover:no-underline"
          >
            Terms of use
          </Link>
        </nav>
      </div>
    </footer>
  );
}
