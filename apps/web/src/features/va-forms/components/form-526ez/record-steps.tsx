import type { Attributes526 } from '@muster/domain/va-526/build-payload';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { Field, StepErrors } from './field';
import { stepOfPath } from './steps';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline underline-offset-4 outline-none focus-visible:ring-[3px]';

type StepProps = { attributes: Attributes526; errors: Record<string, string> };

const stepErrors = (errors: Record<string, string>, step: ReturnType<typeof stepOfPath>) =>
  Object.entries(errors).filter(([path]) => stepOfPath(path) === step);

function dates(begin?: string, end?: string) {
  if (!begin && !end) return '';
  return `${begin ?? '?'} to ${end ?? 'now'}`;
}

/** Step 2: what VA receives from the veteran record, read-only, and where to change it. */
export function AboutStep({ attributes, errors }: StepProps) {
  const who = attributes.veteranIdentification;
  const address = who.mailingAddress;
  const addressText = address
    ? [
        address.addressLine1,
        address.addressLine2,
        address.addressLine3,
        `${address.city}, ${address.state} ${address.zipFirstFive}${address.zipLastFour ? `-${address.zipLastFour}` : ''}`,
        address.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const shown = [
    'veteranIdentification.mailingAddress',
    'veteranIdentification.veteranNumber',
    'veteranIdentification.emailAddress',
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm">
        VA knows who you are from your VA.gov sign-in. These answers come from your veteran record
        and are sent as written there.{' '}
        <Link to={paths.veterans.list.getHref()} className={linkClass}>
          Edit your veteran record
        </Link>
      </p>
      <StepErrors errors={stepErrors(errors, 'about')} shownPaths={shown} />
      <dl className="divide-y">
        <Field path={shown[0]!} label="Mailing address" value={addressText} errors={errors} />
        <Field
          path={shown[1]!}
          label="Phone"
          value={who.veteranNumber?.telephone ?? ''}
          errors={errors}
        />
        <Field
          path={shown[2]!}
          label="Email"
          value={who.emailAddress?.email ?? ''}
          errors={errors}
        />
      </dl>
    </div>
  );
}

/** Step 3: service periods and toxic exposures. */
export function ServiceStep({ attributes, errors }: StepProps) {
  const periods = attributes.serviceInformation.servicePeriods;
  const toxic = attributes.toxicExposure;
  const exposures = [
    toxic?.gulfWarHazardService ? 'Served in Gulf War hazard locations' : null,
    toxic?.herbicideHazardService ? 'Served in herbicide (Agent Orange) locations' : null,
    ...(toxic?.additionalHazardExposures?.additionalExposures ?? []).map(
      (name) => `Exposed to ${name.toLowerCase().replaceAll('_', ' ')}`,
    ),
    ...(toxic?.multipleExposures ?? []).map((entry) => entry.hazardExposedTo),
  ].filter((entry): entry is string => Boolean(entry));
  const shown = periods.map((_, index) => `serviceInformation.servicePeriods.${index}`);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm">
        Service periods come from your veteran record; exposures from your disabilities.{' '}
        <Link to={paths.veterans.list.getHref()} className={linkClass}>
          Edit your veteran record
        </Link>
      </p>
      <StepErrors errors={stepErrors(errors, 'service')} shownPaths={shown} />
      <dl className="divide-y">
        {periods.map((period, index) => (
          <Field
            key={shown[index]}
            path={shown[index]!}
            label={`Service period ${index + 1}`}
            value={`${period.serviceBranch} (${period.serviceComponent}), ${dates(period.activeDutyBeginDate, period.activeDutyEndDate)}`}
            errors={errors}
          />
        ))}
        <Field
          path="toxicExposure"
          label="Toxic exposures"
          value={exposures.length ? exposures.join('; ') : 'None recorded'}
          errors={errors}
        />
      </dl>
    </div>
  );
}

/** Step 4: each contention with its codes, secondaries under it, and treatment centres. */
export function DisabilitiesStep({ attributes, errors }: StepProps) {
  const contentions = attributes.disabilities;
  const treatments = attributes.treatments ?? [];
  const shown = [
    ...contentions.map((_, index) => `disabilities.${index}`),
    ...treatments.map((_, index) => `treatments.${index}`),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm">
        Each condition you claim, as VA will read it.{' '}
        <Link to={paths.disabilities.list.getHref()} className={linkClass}>
          Edit your disabilities
        </Link>
      </p>
      <StepErrors errors={stepErrors(errors, 'disabilities')} shownPaths={shown} />
      {contentions.length ? (
        <ol className="flex flex-col gap-3">
          {contentions.map((contention, index) => (
            <li key={`${contention.name}-${index}`} className="rounded-lg border p-3">
              <h3 className="font-semibold break-words">{contention.name}</h3>
              <dl className="divide-y">
                <Field
                  path={`disabilities.${index}`}
                  label="Claimed as"
                  value={contention.disabilityActionType === 'INCREASE' ? 'An increase' : 'New'}
                  errors={errors}
                />
                <div className="flex flex-col gap-0.5 py-2">
                  <dt className="text-muted-foreground text-sm">
                    Classification / diagnostic code
                  </dt>
                  <dd className="font-medium">
                    {`${contention.classificationCode ?? 'None'} / ${contention.diagnosticCode ?? 'None'}`}
                  </dd>
                </div>
                {(contention.secondaryDisabilities ?? []).map((secondary, secondaryIndex) => (
                  <div key={`${secondary.name}-${secondaryIndex}`} className="py-2">
                    <dt className="text-muted-foreground text-sm">Secondary condition</dt>
                    <dd className="font-medium break-words">{secondary.name}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm">No disabilities in this claim yet.</p>
      )}
      {treatments.length ? (
        <>
          <h3 className="font-semibold">Treatment</h3>
          <dl className="divide-y">
            {treatments.map((treatment, index) => (
              <Field
                key={`treatment-${index}`}
                path={`treatments.${index}`}
                label={treatment.treatedDisabilityNames.join(', ')}
                value={`${treatment.center.name}${treatment.beginDate ? `, since ${treatment.beginDate}` : ''}`}
                errors={errors}
              />
            ))}
          </dl>
        </>
      ) : null}
    </div>
  );
}
