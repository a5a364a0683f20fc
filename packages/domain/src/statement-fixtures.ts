import type {
  BehaviorChange,
  EvidenceSource,
  Exposure,
  MentalHealthCondition,
  OfficialReport,
  TraumaticEvent,
  Treatment,
} from '@muster/contract/disability-records';
import type { StatementInput } from './statement-composer.ts';

/**
 * Sample disabilities for the statement composer's and claim readiness's tests: records shaped as
 * the API returns them, with fixed ids and times so every run reads the same.
 */

export const DISABILITY_ID = '00000000-0000-4000-8000-000000000001';
const CONDITION_ID = '00000000-0000-4000-8000-000000000002';
const AT = '2025-01-15T12:00:00.000Z';

let counter = 100;
/** A fresh, well-formed id (counting up, so records sort the same every run). */
function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

const base = () => ({
  id: nextId(),
  disability_id: DISABILITY_ID,
  created_at: AT,
  updated_at: AT,
});
const mentalHealthBase = () => ({ ...base(), condition_id: CONDITION_ID });

export function exposure(fields: Partial<Exposure> & Pick<Exposure, 'kind'>): Exposure {
  return {
    ...base(),
    location: null,
    hazard: null,
    location_details: null,
    start_date: null,
    end_date: null,
    description: null,
    additional_hazards: [],
    additional_hazards_details: null,
    ...fields,
  };
}

export function treatment(
  fields: Partial<Treatment> & Pick<Treatment, 'facility_name'>,
): Treatment {
  return {
    ...base(),
    facility_type: null,
    provider_name: null,
    start_date: null,
    end_date: null,
    medications: [],
    notes: null,
    ...fields,
  };
}

export function mentalHealthCondition(
  fields: Partial<MentalHealthCondition> = {},
): MentalHealthCondition {
  return {
    ...base(),
    id: CONDITION_ID,
    condition: 'ptsd',
    condition_details: null,
    stressor_types: [],
    notes: null,
    ...fields,
  };
}

export function traumaticEvent(
  fields: Partial<TraumaticEvent> & Pick<TraumaticEvent, 'description'>,
): TraumaticEvent {
  return {
    ...mentalHealthBase(),
    date: null,
    date_is_approximate: false,
    location: null,
    unit: null,
    is_mst: false,
    ...fields,
  };
}

export function behaviorChange(
  fields: Partial<BehaviorChange> & Pick<BehaviorChange, 'change'>,
): BehaviorChange {
  return { ...mentalHealthBase(), description: null, noticed_on: null, ...fields };
}

export function officialReport(
  fields: Partial<OfficialReport> & Pick<OfficialReport, 'report_type'>,
): OfficialReport {
  return {
    ...mentalHealthBase(),
    agency: null,
    report_number: null,
    report_date: null,
    description: null,
    ...fields,
  };
}

export function evidenceSource(
  fields: Partial<EvidenceSource> & Pick<EvidenceSource, 'source_type'>,
): EvidenceSource {
  return {
    ...mentalHealthBase(),
    name: null,
    contact: null,
    description: null,
    obtained: null,
    ...fields,
  };
}

/** A knee injured on a parachute landing, every page answered. */
export function kneeSample(): StatementInput {
  return {
    disability: {
      title: 'Left knee strain',
      diagnosis: 'Patellofemoral pain syndrome, left knee',
      claim_type: 'direct',
      side_of_body: 'left',
    },
    answers: {
      'military-symptoms': {
        in_service_event:
          'During a night training jump at Fort Bragg I landed hard on uneven ground and twisted my left knee. I could not put weight on it for two days.',
        started_on: '2004-03-03',
        symptoms: ['knee pain', 'swelling', 'stiffness'],
        description: '  My knee swelled after every ruck march and I wore a brace to finish runs  ',
        reported_during_service: true,
        report_details: 'Sick call at the battalion aid station, the next morning',
      },
      'post-military-symptoms': {
        symptoms: ['knee pain', 'clicking', 'giving way'],
        description: 'My knee hurts every day. It gives way on stairs!',
        frequency: 'daily',
        trend: 'worse',
      },
      'flare-ups': {
        has_flare_ups: true,
        frequency: 'weekly',
        duration: 'several_days',
        severity: 8,
        triggers: 'Stairs, cold weather and standing more than an hour',
        limitations: 'I cannot kneel, climb a ladder or walk my dog.',
      },
      'professional-impacts': {
        employment_status: 'full_time',
        missed_days_per_month: 2,
        lost_employment: false,
        description:
          'I work in a warehouse and can no longer do the lifting shifts, so I lost overtime.',
        accommodations: 'A stool at my station',
      },
      'social-impacts': {
        description: 'I stopped coaching my son’s soccer team.',
        relationships: 'My wife does the grocery shopping now',
        daily_activities: 'Mowing the lawn takes me two days',
        activities_given_up: 'Hiking and running',
      },
    },
    exposures: [
      exposure({
        kind: 'burn_pits',
        location: 'iraq',
        location_details: 'Camp Anaconda (Balad)',
        start_date: '2007-02-10',
        end_date: '2008-01-20',
        description: 'Our tents were downwind of the burn pit.',
        additional_hazards: ['asbestos'],
      }),
    ],
    treatments: [
      treatment({
        facility_name: 'Fayetteville VA Medical Center',
        facility_type: 'va',
        provider_name: 'Dr. Maria Lopez',
        start_date: '2010-06-01',
        medications: [
          { name: 'Meloxicam', dosage: '15 mg daily' },
          { name: 'Physical therapy', dosage: null },
        ],
        notes: 'An MRI in 2019 showed cartilage wear',
      }),
      treatment({ facility_name: 'Womack Army Medical Center', facility_type: 'military' }),
    ],
    secondary: null,
    mentalHealth: null,
  };
}

/** PTSD from combat, with two traumatic events and a behaviour change. */
export function ptsdSample(): StatementInput {
  return {
    disability: {
      title: 'PTSD',
      diagnosis: 'Post-traumatic stress disorder',
      claim_type: 'direct',
    },
    answers: {
      'post-military-symptoms': {
        symptoms: ['nightmares', 'hypervigilance'],
        description: 'I sleep three or four hours a night.',
        frequency: 'constant',
        trend: 'same',
      },
      'social-impacts': { relationships: 'My marriage ended in 2015' },
    },
    exposures: [],
    treatments: [treatment({ facility_name: 'Vet Center Tacoma', facility_type: 'vet_center' })],
    secondary: null,
    mentalHealth: {
      conditions: [mentalHealthCondition({ stressor_types: ['combat', 'non_combat'] })],
      events: [
        traumaticEvent({
          description:
            'Our convoy was hit by an IED outside Ramadi. The truck ahead of mine burned and two friends died',
          date: '2006-08-14',
          date_is_approximate: true,
          location: 'Route Michigan, Ramadi, Iraq',
          unit: '1st Battalion, 506th Infantry',
        }),
        traumaticEvent({ description: 'We took mortar fire most nights.', date: '2006-09-02' }),
      ],
      behaviorChanges: [
        behaviorChange({
          change: 'withdrawal',
          description: 'I stopped calling home',
          noticed_on: '2006-10-01',
        }),
        behaviorChange({ change: 'other', description: 'I started sleeping in my boots.' }),
      ],
    },
  };
}

/** Sleep apnea caused by PTSD and made worse by a rhinitis condition. */
export function secondarySample(): StatementInput {
  return {
    disability: {
      title: 'Sleep apnea',
      diagnosis: 'Obstructive sleep apnea',
      claim_type: 'secondary',
    },
    answers: {
      'post-military-symptoms': { symptoms: ['snoring', 'daytime sleepiness'], trend: 'worse' },
    },
    exposures: [],
    treatments: [
      treatment({
        facility_name: 'Sleep Clinic of Tacoma',
        facility_type: 'private',
        start_date: '2021-04-12',
        end_date: '2021-05-01',
        medications: [{ name: 'CPAP', dosage: null }],
      }),
    ],
    secondary: {
      primaries: [{ title: 'PTSD' }, { title: 'Allergic rhinitis' }],
      relation: 'caused',
      explanation:
        'My doctor said the weight I gained on PTSD medication is part of why my airway closes at night',
    },
    mentalHealth: null,
  };
}

/** Only the title. */
export function emptySample(): StatementInput {
  return {
    disability: { title: 'Tinnitus' },
    answers: {},
    exposures: [],
    treatments: [],
    secondary: null,
    mentalHealth: null,
  };
}
