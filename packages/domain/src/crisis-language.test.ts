import { describe, expect, it } from 'vitest';
import { VETERANS_CRISIS_LINE, detectCrisis, type CrisisReason } from './crisis-language.ts';

describe('[DOMAIN][CRISIS LANGUAGE]: messages that show the crisis line card', () => {
  it.each<[string, CrisisReason]>([
    ['I want to kill myself.', 'kill-myself'],
    ['i wanna kill my self', 'kill-myself'],
    ['kms', 'kill-myself'],
    ['I tried to kill myself in 2015 and I still think about it.', 'kill-myself'],
    ['Honestly I just want to end my life.', 'end-my-life'],
    ['I’ve been thinking about ending it.', 'end-my-life'],
    ['I want to unalive myself.', 'end-my-life'],
    ['I keep thinking about suicide.', 'suicide'],
    ['Thinking about suicide.', 'suicide'],
    ['I feel suicidal tonight.', 'suicide'],
    ['im so sucidal right now', 'suicide'],
    ['I ve been having suicdal thoughts', 'suicide'],
    ['sewer slide is on my mind a lot', 'suicide'],
    ['I attempted suicide in 2012, is that in my C-file?', 'suicide'],
    ['My records show suicidal ideation, will that get me 70%?', 'suicide'],
    ['I want to die.', 'want-to-die'],
    ['I wish I was dead.', 'want-to-die'],
    ['I don’t want to be alive anymore.', 'want-to-die'],
    ['I should have died over there with my squad.', 'want-to-die'],
    ['Everyone would be better off if I was dead.', 'better-off-dead'],
    ['My family would be better off without me.', 'better-off-dead'],
    ['I keep thinking my wife would be better off without me.', 'better-off-dead'],
    ['Nobody would miss me if I was gone.', 'better-off-dead'],
    ['I have no reason to live anymore.', 'no-reason-to-live'],
    ['There is nothing left to live for.', 'no-reason-to-live'],
    ['I am tired of living.', 'no-reason-to-live'],
    ["Life isn't worth living.", 'no-reason-to-live'],
    ['I can’t go on like this.', 'cannot-go-on'],
    ['I cant go on.', 'cannot-go-on'],
    ['I can’t take it anymore.', 'cannot-go-on'],
    ['i cant do this any more', 'cannot-go-on'],
    ["I'm not suicidal but I can't do this anymore.", 'cannot-go-on'],
    ['I have a gun and I keep looking at it.', 'firearm'],
    ['I put the pistol to my head last night.', 'firearm'],
    ['Thinking of eating my gun.', 'firearm'],
    ["I'm going to overdose on purpose tonight.", 'overdose'],
    ['Thinking about taking all my pills at once.', 'overdose'],
    ['Been stockpiling my pills.', 'overdose'],
    ['I have been cutting myself again.', 'self-harm'],
    ['I want to hurt myself.', 'self-harm'],
    ['I self harm when the nightmares get bad.', 'self-harm'],
    ["I'm going to hang myself.", 'method'],
    ["I'm planning to drive my truck into a tree.", 'method'],
    ['I wrote a goodbye letter to my kids.', 'goodbye'],
    ['I won’t be around much longer.', 'goodbye'],
    ['Im gonna be one of the 22.', 'goodbye'],
    ['My buddy killed himself last month and I think I’m next.', 'after-a-loss'],
    ['What is the suicide hotline number?', 'asks-for-crisis-line'],
  ])('[DOMAIN]: "%s" → %s', (text, reason) => {
    const result = detectCrisis(text);
    expect(result.crisis).toBe(true);
    expect(result.reasons).toContain(reason);
  });
});

describe('[DOMAIN][CRISIS LANGUAGE]: messages that do not', () => {
  it.each([
    // Another person's suicide, programs, statistics and records.
    'Suicide prevention coordinator contact info?',
    'How do I contact the suicide prevention coordinator at my VA?',
    'My buddy died by suicide in 2009 and I’m filing for PTSD.',
    'My brother committed suicide and I want to know about DIC for his kids.',
    'He killed himself in 2010; can his widow get DIC?',
    'I lost two friends to suicide after Iraq.',
    'My friend was suicidal after the divorce.',
    'Her husband attempted suicide and she is applying for caregiver support.',
    'He took his own life in 2011 and the Army never told us why.',
    'Suicide awareness month event at the VFW.',
    'Our unit had a high suicide rate after the deployment.',
    'My C-file has a suicide risk screening from 2016.',
    // Clinic notes and rating questions.
    'The VA note says denies suicidal ideation, intent, or plan.',
    'Patient denied SI/HI at today’s visit.',
    'Negative for suicidal or homicidal ideation.',
    'No self-harm noted by the provider.',
    'Does suicidal ideation count toward a 70% PTSD rating?',
    'What does the VA rating schedule say about suicidal behavior?',
    'The examiner asked about suicide and I said no.',
    // Idioms of effort, pain and impatience.
    'My back is killing me after the long drive.',
    'This paperwork is going to kill me.',
    'This wait is killing me.',
    "I'm dying to know my new rating.",
    'I’d kill for a 70% rating.',
    'My knee is going to be the death of me.',
    'I was dead tired after every patrol.',
    "I'm done with the VA, they denied me again.",
    'I’m done with this form.',
    // Past injuries and ordinary claim words.
    'I hurt myself lifting ammo cans in 2004.',
    'I shot myself in the foot by accident at the range.',
    'I cut myself shaving this morning.',
    'I hurt my back jumping off a truck in Iraq.',
    'I can’t go on walks anymore because of my knee.',
    'I can’t go on Tuesday, can we reschedule the C&P exam?',
    'I want to end the appeal and file a supplemental claim instead.',
    'The deadline for my intent to file is next month.',
    'I injured my shoulder doing deadlifts.',
    // Guns and goodbyes that are not a crisis.
    'I qualified expert with my rifle in basic.',
    'I have a gun safe and a hunting license.',
    'Cleaning my rifle brings back memories of Fallujah.',
    'I’m going to shoot for a 100% rating.',
    'I had a goodbye party when I got out.',
    'I gave away my old uniforms to a museum.',
    'I’m ready to go to my appointment.',
  ])('[DOMAIN]: "%s"', (text) => {
    expect(detectCrisis(text)).toEqual({ crisis: false, reasons: [] });
  });
});

describe('[DOMAIN][CRISIS LANGUAGE]: the result', () => {
  it('[DOMAIN]: lists each reason once, in a fixed order, and never the message text', () => {
    expect(
      detectCrisis('I want to die. I want to die. I have a gun and no reason to live.'),
    ).toEqual({ crisis: true, reasons: ['want-to-die', 'no-reason-to-live', 'firearm'] });
  });

  it('[DOMAIN]: carries the Veterans Crisis Line contacts', () => {
    expect(VETERANS_CRISIS_LINE).toEqual({
      phone: '988',
      press: 1,
      text: '838255',
      url: 'https://www.veteranscrisisline.net/',
    });
  });
});
