import { Link } from 'react-router';

import { LegalPage } from '@/components/layouts/legal-page';
import { VA_FIND_REPRESENTATIVE_URL } from '@/config/constants';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

export function TermsRoute() {
  return (
    <LegalPage title="Terms of use" lastUpdated="November 21, 2026">
      <p>
        These terms are the agreement between you and Muster when you use the app. We have kept them
        short and plain. By creating an account you accept them.
      </p>

      <h2>What Muster is</h2>
      <p>
        Muster is a self-help tool that helps you organize your information and prepare documents
        for a VA disability claim. You decide what to file, and you file it yourself. Muster is not
        affiliated with or endorsed by the U.S. Department of Veterans Affairs.
      </p>

      <h2>What Muster is not</h2>
      <ul>
        <li>Muster does not represent you before VA and does not file claims for you.</li>
        <li>
          Nothing in Muster is legal or medical advice, including answers from the Muster assistant,
          which can be wrong. Check important facts before you rely on them.
        </li>
        <li>Muster cannot promise any decision or rating from VA.</li>
      </ul>
      <p>
        Only representatives accredited by VA may help prepare, present and argue your claim.
        Accredited Veterans Service Organizations (VSOs) do this for free. You can{' '}
        <a href={VA_FIND_REPRESENTATIVE_URL} target="_blank" rel="noopener noreferrer">
          find an accredited representative on VA.gov
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>

      <h2>Your responsibilities</h2>
      <ul>
        <li>Keep your sign-in details to yourself, and tell us if you think someone used them.</li>
        <li>
          Make sure what you submit to VA is true and complete. Knowingly making a false statement
          to a federal agency is a crime.
        </li>
        <li>Upload only documents you have the right to share.</li>
        <li>Do not misuse the service, try to reach other people’s data, or disrupt it.</li>
      </ul>

      <h2>Your information</h2>
      <p>
        Your claim information stays yours. We use it only to run Muster for you, as described in
        our <Link to={paths.privacyPolicy.getHref()}>privacy policy</Link>. We never take a share of
        your VA benefits.
      </p>

      <h2>Plans and payment</h2>
      <p>
        Paid plans are billed by our payment provider at the price shown when you subscribe. You can
        change or cancel a subscription at any time from the billing page; a cancellation takes
        effect at the end of the period you already paid for.
      </p>

      <h2>Ending your account</h2>
      <p>
        You can stop using Muster and ask us to delete your account at any time. We may suspend an
        account that breaks these terms, and we will tell you why.
      </p>

      <h2>Changes</h2>
      <p>
        If we change these terms in a way that matters, we will tell you in the app or by email
        before the change takes effect. For questions, use the contact details on the{' '}
        <a href={env.SITE_URL}>Muster website</a>.
      </p>
    </LegalPage>
  );
}
