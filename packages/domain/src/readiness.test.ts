import {
  readinessSchema,
  readinessSummarySchema,
  type Readiness,
  type ReadinessElementName,
} from '@muster/contract/readiness';
import { describe, expect, it } from 'vitest';
import { claimReadiness, readinessSummary, type ReadinessInput } from './readiness.ts';
import {
  DISABILITY_ID,
  behaviorChange,
  emptySample,
  evidenceSource,
  exposure,
  kneeSample,
  mentalHealthCondition,
  officialReport,
  ptsdSample,
  secondarySample,
  traumaticEvent,
  treatment,
} from './statement-fixtures.ts';

const TODAY = '2025-06-01';
const ID = DISABILITY_ID;

/** A disability with nothing recorded but its title, with the fields given on top. */
function input(fields: Partial<ReadinessInput> = {}): ReadinessInput {
  return {
    ...emptySample(),
    disabilityId: ID,
    primariesRated: false,
    statements: 0,
    today: TODAY,
    ...fields,
  };
}

/** The readiness, checked against the contract. */
function readiness(fields: Partial<ReadinessInput> = {}): Readiness {
  return readinessSchema.parse(claimReadiness(input(fields)));
}

function element(result: Readiness, name: ReadinessElementName) {
  const found = result.elements.find((entry) => entry.element === name);
  if (!found) throw new Error(`no ${name} element`);
  return found;
}

const diagnosed = {
  title: 'Tinnitus',
  diagnosis: 'Tinnitus, bilateral',
  claim_type: 'direct' as const,
};
const clinic = treatment({ facility_name: 'Audiology Clinic', facility_type: 'private' });
const vaClinic = treatment({ facility_name: 'Seattle VA Medical Center', facility_type: 'va' });
const vietnam = exposure({
  kind: 'herbicide',
  location: 'vietnam',
  start_date: '1968-02-01',
  end_date: '1969-01-15',
});

describe('claimReadiness: elements', () => {
  it('lists the three elements in order, every next step a sentence', () => {
    const result = readiness();
    expect(result.elements.map((entry) => entry.element)).toEqual([
      'diagnosis',
      'in_service',
      'nexus',
    ]);
    for (const entry of result.elements) {
      expect(entry.next_step?.text).toMatch(/^[A-Z][^.]*\.$/);
    }
  });

  describe('diagnosis', () => {
    it('is met with a diagnosis and a treatment backing it', () => {
      const result = readiness({ disability: diagnosed, treatments: [clinic] });
      expect(element(result, 'diagnosis')).toEqual({
        element: 'diagnosis',
        status: 'met',
        supports: ['Diagnosis recorded: Tinnitus, bilateral', 'Treatment at Audiology Clinic'],
        next_step: null,
      });
    });

    it('is met with a diagnosis and medical records in the vault', () => {
      const result = readiness({
        disability: diagnosed,
        documents: { service_records: 0, medical_records: 2 },
      });
      expect(element(result, 'diagnosis').status).toBe('met');
    });

    it('is weak with a diagnosis alone: add the treatment', () => {
      const result = readiness({ disability: diagnosed });
      expect(element(result, 'diagnosis')).toMatchObject({
        status: 'weak',
        next_step: { action: 'add_treatment', path: `/disabilities/${ID}/treatments` },
      });
    });

    it('is weak with a treatment but no diagnosis: record it', () => {
      const result = readiness({ treatments: [clinic] });
      expect(element(result, 'diagnosis')).toMatchObject({
        status: 'weak',
        next_step: { action: 'record_diagnosis', path: `/disabilities/${ID}` },
      });
    });

    it('is missing with neither: see a doctor, outside Muster', () => {
      const result = readiness();
      expect(element(result, 'diagnosis')).toMatchObject({
        status: 'missing',
        supports: [],
        next_step: {
          action: 'see_doctor',
          path: null,
          text: 'See a doctor about your tinnitus and ask for a diagnosis, since VA needs a current diagnosis to grant a claim.',
        },
      });
    });
  });

  describe('in service', () => {
    const described = { 'military-symptoms': { in_service_event: 'A grenade went off nearby.' } };

    it('is met with service records in the vault', () => {
      const result = readiness({ documents: { service_records: 1, medical_records: 0 } });
      expect(element(result, 'in_service')).toMatchObject({ status: 'met', next_step: null });
    });

    it('is met with an event described and reported during service', () => {
      const result = readiness({
        answers: {
          'military-symptoms': { ...described['military-symptoms'], reported_during_service: true },
        },
      });
      expect(element(result, 'in_service').status).toBe('met');
      expect(element(result, 'in_service').supports).toContain(
        'Event described and reported during service',
      );
    });

    it('is met with a signed buddy statement', () => {
      const result = readiness({ answers: described, buddyStatements: { signed: 1 } });
      expect(element(result, 'in_service').status).toBe('met');
    });

    it('is met with an exposure on a presumptive list for the condition', () => {
      const result = readiness({ disability: { title: 'Hypertension' }, exposures: [vietnam] });
      expect(element(result, 'in_service').status).toBe('met');
      expect(element(result, 'in_service').supports[0]).toMatch(/^Exposure on a presumptive list/);
    });

    it('is weak with the event described but not reported: add service records', () => {
      const result = readiness({ answers: described });
      expect(element(result, 'in_service')).toMatchObject({
        status: 'weak',
        supports: ['Event described in your words'],
        next_step: { action: 'add_service_records', path: '/vault' },
      });
    });

    it('is weak when reported but not described: describe it', () => {
      const result = readiness({
        answers: { 'military-symptoms': { reported_during_service: true } },
      });
      expect(element(result, 'in_service')).toMatchObject({
        status: 'weak',
        next_step: {
          action: 'describe_in_service_event',
          path: `/disabilities/${ID}/military-symptoms`,
        },
      });
    });

    it('is weak with only a personal statement, or an exposure no list covers', () => {
      expect(element(readiness({ statements: 1 }), 'in_service').status).toBe('weak');
      const burnPit = exposure({ kind: 'burn_pits', location: 'iraq' });
      expect(element(readiness({ exposures: [burnPit] }), 'in_service')).toMatchObject({
        status: 'weak',
        supports: ['Exposures recorded: 1'],
      });
    });

    it('is missing with nothing: describe the event', () => {
      expect(element(readiness(), 'in_service')).toMatchObject({
        status: 'missing',
        next_step: {
          action: 'describe_in_service_event',
          path: `/disabilities/${ID}/military-symptoms`,
        },
      });
    });
  });
});

describe('claimReadiness: mental health', () => {
  const ptsd = (
    mentalHealth: Partial<NonNullable<ReadinessInput['mentalHealth']>>,
    more: Partial<ReadinessInput> = {},
  ) =>
    readiness({
      disability: { title: 'PTSD', claim_type: 'direct' },
      mentalHealth: { conditions: [], events: [], behaviorChanges: [], ...mentalHealth },
      ...more,
    });
  const event = traumaticEvent({ description: 'Our convoy was hit.' });
  const assault = traumaticEvent({ description: 'I was assaulted in the barracks.', is_mst: true });

  it('meets a combat stressor on the veteran’s own account once records show combat service', () => {
    const alone = ptsd({
      conditions: [mentalHealthCondition({ stressor_types: ['combat'] })],
      events: [event],
    });
    expect(element(alone, 'in_service')).toMatchObject({
      status: 'weak',
      supports: ['Traumatic events described: 1'],
      next_step: { action: 'add_service_records', path: '/vault' },
    });
    const withRecords = ptsd(
      { conditions: [mentalHealthCondition({ stressor_types: ['combat'] })], events: [event] },
      { documents: { service_records: 1, medical_records: 0 } },
    );
    expect(element(withRecords, 'in_service')).toMatchObject({ status: 'met' });
    expect(element(withRecords, 'in_service').supports).toContain(
      'Combat stressor described, with service records: VA accepts your own account of it',
    );
  });

  it('leaves a non-combat stressor weak on the veteran’s account alone: ask for a buddy statement', () => {
    const result = ptsd({
      conditions: [mentalHealthCondition({ stressor_types: ['non_combat'] })],
      events: [event],
    });
    expect(element(result, 'in_service')).toMatchObject({
      status: 'weak',
      supports: ['Traumatic events described: 1'],
      next_step: {
        action: 'buddy_statement',
        path: `/disabilities/buddy-statement/new?disability=${ID}`,
      },
    });
  });

  it('meets a non-combat stressor with an official report', () => {
    const result = ptsd({
      conditions: [mentalHealthCondition({ stressor_types: ['non_combat'] })],
      events: [event],
      reports: [officialReport({ report_type: 'military_police' })],
    });
    expect(element(result, 'in_service').status).toBe('met');
  });

  it('leaves military sexual trauma weak without markers, meets it with a behaviour change', () => {
    const alone = ptsd({ events: [assault] });
    expect(element(alone, 'in_service').status).toBe('weak');
    const withMarker = ptsd({
      events: [assault],
      behaviorChanges: [behaviorChange({ change: 'increasedLeave' })],
    });
    expect(element(withMarker, 'in_service')).toMatchObject({
      status: 'met',
      supports: ['Behavior changes or other evidence of the event, which VA accepts for it'],
    });
  });

  it('counts for personal assault an evidence source in hand, not one still to get', () => {
    const conditions = [mentalHealthCondition({ stressor_types: ['personal_assault'] })];
    const events = [traumaticEvent({ description: 'I was attacked off base.' })];
    const pending = ptsd({
      conditions,
      events,
      evidenceSources: [evidenceSource({ source_type: 'rape_crisis_center', obtained: false })],
    });
    expect(element(pending, 'in_service').status).toBe('weak');
    const obtained = ptsd({
      conditions,
      events,
      evidenceSources: [evidenceSource({ source_type: 'rape_crisis_center', obtained: true })],
    });
    expect(element(obtained, 'in_service').status).toBe('met');
  });

  it('asks for the traumatic event when none is recorded', () => {
    const result = ptsd({});
    expect(element(result, 'in_service')).toMatchObject({
      status: 'missing',
      next_step: {
        action: 'describe_in_service_event',
        path: `/disabilities/${ID}/trauma-events`,
      },
    });
  });

  it('reads the PTSD sample as met on every element but the link', () => {
    const result = readiness({
      ...ptsdSample(),
      documents: { service_records: 1, medical_records: 0 },
    });
    expect(result.elements.map((entry) => entry.status)).toEqual(['met', 'met', 'missing']);
  });
});

describe('claimReadiness: each claim type', () => {
  it('direct: the link needs a signed nexus letter', () => {
    const missing = readiness({ disability: diagnosed });
    expect(missing.basis).toBe('direct');
    expect(element(missing, 'nexus')).toMatchObject({
      status: 'missing',
      next_step: {
        action: 'nexus_letter',
        path: `/nexus/new?disability=${ID}`,
        text: 'Ask your doctor to write a nexus letter saying your tinnitus is at least as likely as not caused by your service.',
      },
    });
    const drafted = readiness({ disability: diagnosed, nexusLetters: { drafted: 1, signed: 0 } });
    expect(element(drafted, 'nexus')).toMatchObject({
      status: 'weak',
      supports: ['Drafted nexus letters: 1'],
      next_step: {
        text: 'Have your doctor review and sign your nexus letter saying your tinnitus is at least as likely as not caused by your service.',
      },
    });
    // Finishing the newest draft opens that letter rather than starting another.
    const DRAFT = '0b7e4c1e-5d0a-4a43-9f51-2c8f1f1d9a10';
    const withDraft = readiness({
      disability: diagnosed,
      nexusLetters: { drafted: 1, signed: 0, latestDraftId: DRAFT },
    });
    expect(element(withDraft, 'nexus').next_step?.path).toBe(`/nexus/${DRAFT}`);
    const signed = readiness({ disability: diagnosed, nexusLetters: { drafted: 0, signed: 1 } });
    expect(element(signed, 'nexus')).toMatchObject({ status: 'met', next_step: null });
  });

  it('direct: symptoms continuous since service make the link weak, not met', () => {
    const result = readiness({
      disability: diagnosed,
      answers: {
        'military-symptoms': { symptoms: ['ringing'] },
        'post-military-symptoms': { trend: 'same' },
      },
    });
    expect(element(result, 'nexus')).toMatchObject({
      status: 'weak',
      supports: ['Symptoms since service'],
    });
    const noTrend = readiness({
      disability: diagnosed,
      answers: { 'military-symptoms': { symptoms: ['ringing'] } },
    });
    expect(element(noTrend, 'nexus').status).toBe('missing');
  });

  it('a claim with no type yet is read as direct', () => {
    expect(readiness().basis).toBe('direct');
  });

  it('secondary: missing without a primary, weak without a signed letter, met with both', () => {
    const sample = secondarySample();
    const none = readiness({ ...sample, secondary: null });
    expect(none.basis).toBe('secondary');
    expect(element(none, 'nexus')).toMatchObject({
      status: 'missing',
      next_step: { action: 'link_primary', path: `/disabilities/${ID}/type` },
    });
    expect(element(none, 'in_service')).toMatchObject({
      status: 'missing',
      next_step: { action: 'link_primary' },
    });

    const linked = readiness({ ...sample, primariesRated: true });
    expect(element(linked, 'in_service')).toMatchObject({ status: 'met' });
    expect(element(linked, 'in_service').supports[0]).toBe('Rated by VA: PTSD, Allergic rhinitis');
    expect(element(linked, 'nexus')).toMatchObject({
      status: 'weak',
      next_step: {
        action: 'nexus_letter',
        text: 'Ask your doctor to write a nexus letter saying your sleep apnea is at least as likely as not caused or made worse by your PTSD or allergic rhinitis.',
      },
    });

    const unrated = readiness({ ...sample, nexusLetters: { drafted: 0, signed: 1 } });
    expect(element(unrated, 'nexus')).toMatchObject({
      status: 'weak',
      next_step: { action: 'link_primary' },
    });
    expect(element(unrated, 'in_service').status).toBe('weak');

    const ready = readiness({
      ...sample,
      primariesRated: true,
      nexusLetters: { drafted: 0, signed: 1 },
    });
    expect(ready.elements.map((entry) => entry.status)).toEqual(['met', 'met', 'met']);
    expect(ready).toMatchObject({ ready: true, next_step: null });
  });

  it('worsened by service: the letter must say service made it worse', () => {
    const result = readiness({
      disability: {
        title: 'Flat feet',
        diagnosis: 'Pes planus',
        claim_type: 'worsened_by_service',
      },
    });
    expect(result.basis).toBe('worsened_by_service');
    expect(element(result, 'nexus').next_step?.text).toBe(
      'Ask your doctor to write a nexus letter saying your flat feet is at least as likely as not made worse by your service beyond its natural progress.',
    );
  });

  it('caused by VA care: the VA care is the event, and the letter must name it', () => {
    const disability = {
      title: 'Nerve damage, right arm',
      diagnosis: 'Ulnar neuropathy',
      claim_type: 'caused_by_va_care' as const,
    };
    const noCare = readiness({ disability, documents: { service_records: 3, medical_records: 0 } });
    expect(noCare.basis).toBe('caused_by_va_care');
    expect(element(noCare, 'in_service')).toMatchObject({
      status: 'missing',
      next_step: { action: 'add_treatment', path: `/disabilities/${ID}/treatments` },
    });
    expect(element(readiness({ disability, statements: 1 }), 'in_service').status).toBe('weak');
    const withCare = readiness({ disability, treatments: [vaClinic] });
    expect(element(withCare, 'in_service')).toMatchObject({
      status: 'met',
      supports: ['VA care at Seattle VA Medical Center'],
    });
    expect(element(withCare, 'nexus').next_step?.text).toBe(
      'Ask your doctor to write a nexus letter saying your nerve damage, right arm is at least as likely as not caused by your VA care.',
    );
  });

  it('presumptive: met when an exposure qualifies for a list of the condition', () => {
    const result = readiness({
      disability: { title: 'Hypertension', diagnosis: 'Hypertension', claim_type: 'presumptive' },
      exposures: [vietnam],
      treatments: [vaClinic],
    });
    expect(result.basis).toBe('presumptive');
    expect(element(result, 'nexus')).toMatchObject({ status: 'met', next_step: null });
    expect(element(result, 'nexus').supports[0]).toMatch(/^Presumed by law: .*Agent Orange/);
    expect(result.ready).toBe(true);
  });

  it('presumptive: missing without a qualifying exposure, asking for one', () => {
    const result = readiness({
      disability: { title: 'Hypertension', claim_type: 'presumptive' },
      exposures: [exposure({ kind: 'burn_pits', location: 'iraq' })],
    });
    expect(element(result, 'nexus')).toMatchObject({
      status: 'missing',
      next_step: { action: 'add_exposure', path: `/disabilities/${ID}/exposures` },
    });
    expect(element(result, 'in_service').status).toBe('weak');
  });

  it('presumptive: a condition on no list is sent for a nexus letter instead', () => {
    const result = readiness({
      disability: { title: 'Tinnitus', claim_type: 'presumptive' },
      exposures: [vietnam],
    });
    expect(element(result, 'nexus')).toMatchObject({
      status: 'missing',
      next_step: { action: 'nexus_letter' },
    });
    const signed = readiness({
      disability: { title: 'Tinnitus', claim_type: 'presumptive' },
      nexusLetters: { drafted: 0, signed: 1 },
    });
    expect(element(signed, 'nexus').status).toBe('met');
  });

  it('presumptive: a presumption found makes the basis presumptive whatever the type', () => {
    const result = readiness({
      disability: { title: 'Asthma', claim_type: 'direct' },
      exposures: [exposure({ kind: 'burn_pits', location: 'iraq', start_date: '2004-01-01' })],
    });
    expect(result.basis).toBe('presumptive');
    expect(element(result, 'nexus').status).toBe('met');
  });

  it('presumptive: an exposure dated after today is not judged, and nothing throws', () => {
    const result = readiness({
      disability: { title: 'Hypertension', claim_type: 'presumptive' },
      exposures: [exposure({ kind: 'herbicide', location: 'vietnam', start_date: '2030-01-01' })],
    });
    expect(element(result, 'nexus').status).toBe('missing');
  });
});

describe('claimReadiness: the next step', () => {
  it('takes the first missing element, in the order diagnosis, event, link', () => {
    expect(readiness().next_step?.action).toBe('see_doctor');
    const eventMissing = readiness({ disability: diagnosed });
    expect(element(eventMissing, 'diagnosis').status).toBe('weak');
    expect(eventMissing.next_step?.action).toBe('describe_in_service_event');
    const linkMissing = readiness({
      disability: diagnosed,
      answers: { 'military-symptoms': { in_service_event: 'Artillery.' } },
    });
    expect(linkMissing.next_step?.action).toBe('nexus_letter');
  });

  it('takes the first weak element when none is missing', () => {
    const result = readiness({
      disability: diagnosed,
      answers: { 'military-symptoms': { in_service_event: 'Artillery.' } },
      nexusLetters: { drafted: 1, signed: 0 },
    });
    expect(result.elements.map((entry) => entry.status)).toEqual(['weak', 'weak', 'weak']);
    expect(result.next_step?.action).toBe('add_treatment');
  });

  it('is none when every element is met', () => {
    const result = readiness({
      ...kneeSample(),
      nexusLetters: { drafted: 0, signed: 1 },
    });
    expect(result).toMatchObject({ ready: true, next_step: null });
  });
});

describe('readinessSummary', () => {
  it('counts the ready claims and the met elements of each', () => {
    const ready = claimReadiness(
      input({ ...kneeSample(), nexusLetters: { drafted: 0, signed: 1 } }),
    );
    const started = claimReadiness(input({ disability: diagnosed }));
    const empty = claimReadiness(input());
    const summary = readinessSummarySchema.parse(
      readinessSummary([
        { disabilityId: ID, title: 'Left knee strain', readiness: ready },
        { disabilityId: ID, title: 'Tinnitus', readiness: started },
        { disabilityId: ID, title: 'Back pain', readiness: empty },
      ]),
    );
    expect(summary.total).toBe(3);
    expect(summary.ready).toBe(1);
    expect(summary.results.map((result) => [result.title, result.ready, result.met])).toEqual([
      ['Left knee strain', true, 3],
      ['Tinnitus', false, 0],
      ['Back pain', false, 0],
    ]);
    expect(summary.results[1]?.next_step?.action).toBe('describe_in_service_event');
  });

  it('is empty for no disabilities', () => {
    expect(readinessSummary([])).toEqual({ total: 0, ready: 0, results: [] });
  });
});
