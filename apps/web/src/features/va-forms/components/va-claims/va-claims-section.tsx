import { useId } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { useVaClaims } from '../../api/va-claims';
import { formatVaDay, NeedsActionBadge, vaClaimStepText, vaClaimTitle } from './va-claim-parts';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/**
 * "Claims at VA.gov" beside the veteran's own claims: quiet by design. Nothing at all on a server
 * without VA.gov (or while asking), one line offering the connection when not connected, and a
 * calm sentence, not an alert, when VA does not answer.
 */
export function VaClaimsSection() {
  const headingId = useId();
  const claims = useVaClaims();
  if (claims.isPending || (claims.data && !claims.data.va_configured)) return null;
  const data = claims.data;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Claims at VA.gov
      </h2>
      {!data ? (
        <p className="text-muted-foreground text-sm">
          VA.gov did not answer just now, so your claims at VA are not shown. Try again later.
        </p>
      ) : !data.va_connected ? (
        <p className="text-sm">
          <Link to={paths.vaForms.home.getHref()} className={linkClass}>
            Connect VA.gov to see your claims at VA
          </Link>
        </p>
      ) : data.results.length === 0 ? (
        <p className="text-muted-foreground text-sm">VA has no claims on file for you yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
          {data.results.map((claim) => (
            <li
              key={claim.id}
              className="bg-card flex min-w-0 flex-col gap-1 rounded-lg border p-4"
            >
              <Link to={paths.vaForms.claimDetail.getHref(claim.id)} className={linkClass}>
                {vaClaimTitle(claim)}
                {claim.claim_date ? (
                  <span className="sr-only">{`, filed ${formatVaDay(claim.claim_date)}`}</span>
                ) : null}
              </Link>
              <p className="text-muted-foreground text-sm">
                {claim.claim_date ? `Filed ${formatVaDay(claim.claim_date)}` : 'Filed at VA'}
              </p>
              <p className="text-sm font-medium">{vaClaimStepText(claim)}</p>
              {claim.needs_action ? <NeedsActionBadge /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
