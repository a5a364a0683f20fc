import { NARRATIVE_MAX, type Disability } from '@muster/contract/disabilities';
import { PLACE_MAX, type Exposure } from '@muster/contract/disability-records';
import {
  ADDITIONAL_HAZARDS,
  EXPOSURE_KINDS,
  EXPOSURE_KIND_LABELS,
  EXPOSURE_LOCATIONS,
  OTHER,
  OTHER_HAZARDS,
  exposureLocationLabel,
  type ExposureKind,
} from '@muster/contract/toxic-exposures';
import {
  EXPOSURE_KINDS as PRESUMPTIVE_EXPOSURE_KINDS,
  PresumptiveInputError,
  exposureLocations,
  presumptiveMatches,
  type Exposure as PresumptiveExposure,
  type ExposureKind as PresumptiveExposureKind,
  type PresumptiveResult,
} from '@muster/domain/presumptive';
import { BadgeCheckIcon, InfoIcon } from 'lucide-react';
import { useId, useMemo } from 'react';

import { SelectChoiceField, TextAreaField, TextInputField } from '../fields';
import { RecordList, type RecordForm } from '../record-list';
import { useRecords } from '../wizard-api';

/**
 * The exposures page: where and to what the veteran was exposed (VA's own lists of places), one
 * card per exposure, and under them whether VA presumes this condition comes from one of them.
 */

type OtherHazard = (typeof OTHER_HAZARDS)[number];

type ExposureDraft = {
  kind: ExposureKind | null;
  location: string | null;
  hazard: OtherHazard | null;
  location_details: string | null;
  start_date: string | null;
  end_date: string | null;
  description: string | null;
};

const BLANK: ExposureDraft = {
  kind: null,
  location: null,
  hazard: null,
  location_details: null,
  start_date: null,
  end_date: null,
  description: null,
};

const fromRecord = (record: Exposure): ExposureDraft => ({
  kind: record.kind,
  location: record.location,
  hazard: record.hazard,
  location_details: record.location_details,
  start_date: record.start_date,
  end_date: record.end_date,
  description: record.description,
});

const KIND_CHOICES = EXPOSURE_KINDS.map((value) => ({
  value,
  label: EXPOSURE_KIND_LABELS[value],
}));

const HAZARD_CHOICES = OTHER_HAZARDS.map((value) => ({
  value,
  label: value === OTHER ? 'Another hazard' : ADDITIONAL_HAZARDS[value],
}));

function locationChoices(kind: ExposureKind) {
  return EXPOSURE_LOCATIONS[kind].map((value) => ({
    value,
    label: exposureLocationLabel(kind, value) ?? value,
  }));
}

export function ExposuresStep({ disability }: { disability: Disability }) {
  const parent = { disabilityId: disability.id };
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <p>
        Tell us where you served and what you were exposed to there, one exposure at a time: burn
        pits, Agent Orange, the water at Camp Lejeune, radiation or another toxic hazard. The places
        are VA’s own lists. Dates to the day are best, but your best guess helps too.
      </p>
      <RecordList
        kind="exposures"
        parent={parent}
        noun="exposure"
        heading="Your exposures"
        emptyText="No exposures yet."
        blank={BLANK}
        fromRecord={fromRecord}
        requiredMessages={{
          kind: 'Choose what you were exposed to',
          location: 'Choose where it was',
          hazard: 'Choose the hazard',
        }}
      >
        {(form) => <ExposureFields form={form} />}
      </RecordList>
      <PresumptiveVerdict disability={disability} />
    </div>
  );
}

function ExposureFields({ form }: { form: RecordForm<ExposureDraft> }) {
  const { value, set, patch, errors } = form;
  const places = value.kind ? locationChoices(value.kind) : [];
  const isOtherPlace = value.location === OTHER;
  const isOtherHazard = value.hazard === OTHER;
  return (
    <>
      <SelectChoiceField
        label="What were you exposed to?"
        value={value.kind}
        onChange={(kind) =>
          // Each kind has its own places: a new kind starts with none chosen.
          patch({
            kind,
            location: null,
            hazard: kind === 'other_hazard' ? value.hazard : null,
          })
        }
        choices={KIND_CHOICES}
        error={errors.kind}
      />
      {places.length > 0 ? (
        <SelectChoiceField
          label="Where?"
          value={value.location}
          onChange={(next) => set('location', next)}
          choices={places}
          error={errors.location}
        />
      ) : null}
      {value.kind === 'other_hazard' ? (
        <SelectChoiceField
          label="Which hazard?"
          value={value.hazard}
          onChange={(next) => set('hazard', next)}
          choices={HAZARD_CHOICES}
          error={errors.hazard}
        />
      ) : null}
      <TextInputField
        label={
          isOtherHazard
            ? 'What was the hazard, and where?'
            : isOtherPlace
              ? 'Where was it?'
              : 'Where exactly? (optional)'
        }
        hint="A base, a ship, a town or a unit."
        value={value.location_details}
        onChange={(next) => set('location_details', next)}
        maxLength={PLACE_MAX}
        error={errors.location_details}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          type="date"
          label="From"
          hint="When it started, as near as you remember."
          value={value.start_date}
          onChange={(next) => set('start_date', next)}
          error={errors.start_date}
        />
        <TextInputField
          type="date"
          label="To"
          hint="When it ended."
          value={value.end_date}
          onChange={(next) => set('end_date', next)}
          error={errors.end_date}
        />
      </div>
      <TextAreaField
        label="What was it like?"
        hint="Your duties, how close you were, how often and for how long."
        value={value.description}
        onChange={(next) => set('description', next)}
        maxLength={NARRATIVE_MAX}
        error={errors.description}
      />
    </>
  );
}

// The presumptive verdict -----------------------------------------------------------------------

/** Today's date where the veteran is (the browser's time zone), as YYYY-MM-DD. */
function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const isPresumptiveKind = (kind: ExposureKind): kind is PresumptiveExposureKind =>
  (PRESUMPTIVE_EXPOSURE_KINDS as readonly string[]).includes(kind);

/**
 * A saved exposure as the presumptive lists read it, or null when no list can name its place.
 * The two vocabularies differ in two ways: Camp Lejeune is one place, which the lists name
 * `camp_lejeune` and the record leaves empty; and the lists know neither "other" places nor
 * other hazards.
 */
function toPresumptiveExposure(exposure: Exposure): PresumptiveExposure | null {
  if (!isPresumptiveKind(exposure.kind)) return null;
  const location = exposure.kind === 'camp_lejeune' ? 'camp_lejeune' : exposure.location;
  if (!location) return null;
  if (!exposureLocations(exposure.kind).some((place) => place.key === location)) return null;
  return {
    kind: exposure.kind,
    location,
    from: exposure.start_date ?? undefined,
    to: exposure.end_date ?? undefined,
  };
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const longDate = (iso: string) => LONG_DATE.format(new Date(`${iso}T00:00:00Z`));

function periodText({ from, to }: { from: string | null; to: string | null }): string {
  if (from && to) return `from ${longDate(from)} to ${longDate(to)}`;
  if (from) return `on or after ${longDate(from)}`;
  if (to) return `on or before ${longDate(to)}`;
  return 'at any time';
}

const withCitation = (text: string, citation: string | null) =>
  citation ? `${text} (${citation})` : text;

function PresumptiveVerdict({ disability }: { disability: Disability }) {
  const exposures = useRecords('exposures', { disabilityId: disability.id });
  const headingId = useId();
  const saved = exposures.data;
  const code = disability.diagnostic_code;
  const title = disability.title;

  const verdict = useMemo((): {
    result: PresumptiveResult;
    hasUnchecked: boolean;
  } | null => {
    if (!saved) return null;
    const mapped = saved.map(toPresumptiveExposure);
    const checked = mapped.filter((exposure) => exposure !== null);
    try {
      return {
        result: presumptiveMatches({
          condition: { name: title, diagnosticCodes: code ? [code] : [] },
          exposures: checked,
          today: localToday(),
        }),
        hasUnchecked: checked.length < mapped.length,
      };
    } catch (error) {
      // Dates the lists cannot read (a date ahead of the veteran's own today, say) leave the
      // verdict out rather than the page.
      if (error instanceof PresumptiveInputError) return null;
      throw error;
    }
  }, [saved, title, code]);

  if (!verdict) return null;
  const { result, hasUnchecked } = verdict;

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 border-t pt-6">
      <h2 id={headingId} className="text-lg font-semibold">
        Does VA presume this condition comes from your service?
      </h2>
      {result.matches.length > 0 ? (
        <PresumptiveMatches result={result} />
      ) : result.lists.length > 0 ? (
        <PresumptiveMisses result={result} exposureCount={saved?.length ?? 0} />
      ) : (
        <p className="text-sm">
          No presumptive list names this condition, so a presumption does not apply. The claim needs
          the usual evidence that links it to your service.
        </p>
      )}
      {hasUnchecked ? (
        <p className="text-muted-foreground flex gap-2 text-sm">
          <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          Exposures at a place or in an activity VA’s lists do not name, and other hazards, are not
          checked here.
        </p>
      ) : null}
    </section>
  );
}

function PresumptiveMatches({ result }: { result: PresumptiveResult }) {
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-md border border-emerald-700/40 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-50">
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheckIcon aria-hidden className="size-5 shrink-0" />
        Presumptive — no nexus needed
      </p>
      <ul className="grid gap-4">
        {result.matches.map((match) => (
          <li
            key={`${match.exposure}-${match.list.id}`}
            className="grid min-w-0 gap-1 text-sm break-words"
          >
            <p className="font-medium">
              {match.list.title} ({match.list.citation})
            </p>
            <p>Listed as: {match.listed_as.map((entry) => entry.text).join('; ')}.</p>
            <p>
              Qualifying place: {match.place.label}, {periodText(match.qualifying_period)} (
              {match.service_citation}).
            </p>
            {match.requirements.length > 0 ? (
              <div className="grid gap-1">
                <p>What must also be true:</p>
                <ul className="grid list-disc gap-1 ps-5">
                  {match.requirements.map((requirement) => (
                    <li key={`${requirement.kind}-${requirement.text}`}>
                      {withCitation(requirement.text, requirement.citation)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PresumptiveMisses({
  result,
  exposureCount,
}: {
  result: PresumptiveResult;
  exposureCount: number;
}) {
  const details = [...new Set(result.misses.map((miss) => miss.detail))];
  return (
    <div className="grid min-w-0 gap-2 text-sm break-words">
      <p>
        This condition is on{' '}
        {result.lists.length === 1 ? 'a presumptive list' : 'presumptive lists'}:{' '}
        {result.lists.map((entry) => `${entry.list.title} (${entry.list.citation})`).join('; ')}.
      </p>
      {details.length > 0 ? (
        <>
          <p>The exposures saved above do not qualify yet:</p>
          <ul className="grid list-disc gap-1 ps-5">
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        </>
      ) : exposureCount === 0 ? (
        <p>Add the exposure it comes from above to see whether it qualifies.</p>
      ) : (
        <p>None of the exposures saved above is of a kind these lists cover.</p>
      )}
    </div>
  );
}
