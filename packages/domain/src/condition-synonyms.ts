/**
 * Everyday words veterans use for a condition, and the clinical wording of VA's labels they stand
 * for. Written here (VA's taxonomy has synonyms, but clinical ones: "tinea pedis", not "itchy
 * feet"). Each entry's `labels` are pieces of VA's labels, in lower case and without the side
 * ("knee instability", not "knee instability, left"): every catalogue label that contains one of
 * them is also found by the entry's `words`. A test checks that every piece still matches a
 * label, so a change of VA's wording cannot leave an entry pointing at nothing.
 *
 * Words are matched like any other query, so plurals, typos and unfinished words work here too;
 * list each phrase once, in its plainest form. Only misspellings too far off for the fuzzy match
 * (one letter in short words, two in long ones) are listed as words of their own ("hemroids").
 */
export type EverydaySynonym = { words: readonly string[]; labels: readonly string[] };

export const EVERYDAY_SYNONYMS: readonly EverydaySynonym[] = [
  // Back, neck and spine
  {
    words: ['bad back', 'backache', 'sore back', 'back hurts', 'back problems', 'back injury'],
    labels: ['back pain or stiffness', 'lower back strain', 'lower back sprain', 'middle back'],
  },
  { words: ['low back pain', 'lumbago', 'lumbar'], labels: ['lower back', 'lumbar spinal'] },
  { words: ['thoracic', 'mid back', 'upper back'], labels: ['middle back'] },
  {
    words: ['slipped disc', 'herniated disc', 'bulging disc', 'ruptured disc', 'disk'],
    labels: ['intervertebral disc syndrome'],
  },
  { words: ['degenerative disc disease', 'ddd'], labels: ['intervertebral disc syndrome'] },
  {
    words: ['pinched nerve', 'shooting pain down leg', 'nerve pain in leg'],
    labels: ['sciatica', 'radiculopathy, '],
  },
  {
    words: ['stiff neck', 'sore neck', 'neck hurts', 'whiplash', 'neck injury'],
    labels: ['neck pain or stiffness', 'neck strain', 'neck sprain'],
  },
  { words: ['curved spine', 'curvature of the spine'], labels: ['scoliosis'] },
  {
    words: ['arthritis in back', 'arthritis in spine', 'arthritis in neck', 'spondylosis'],
    labels: ['spinal arthritis'],
  },

  // Knees and legs
  {
    words: ['bad knee', 'knee hurts', 'sore knee', 'knee problems', 'knee injury', 'runners knee'],
    labels: ['knee pain or stiffness', 'patellofemoral pain syndrome', 'knee strain or sprain'],
  },
  {
    words: ['knee gives out', 'knee gives way', 'wobbly knee', 'unstable knee', 'trick knee'],
    labels: ['knee instability'],
  },
  { words: ['torn acl', 'blown knee', 'acl surgery'], labels: ['acl tear'] },
  { words: ['torn meniscus', 'torn cartilage', 'knee cartilage'], labels: ['meniscus'] },
  { words: ['kneecap'], labels: ['patellar', 'patellofemoral'] },
  {
    words: ['joint pain', 'achy joints', 'stiff joints', 'wear and tear'],
    labels: ['degenerative arthritis (osteoarthritis)', 'spinal arthritis', 'rheumatoid arthritis'],
  },
  { words: ['shin pain', 'sore shins'], labels: ['shin splints'] },
  {
    words: ['broken leg', 'fractured leg'],
    labels: ['tibia or fibula fracture', 'stress fracture'],
  },
  { words: ['restless legs', 'jumpy legs'], labels: ['restless leg syndrome'] },

  // Shoulders, arms and hands
  {
    words: ['bad shoulder', 'shoulder hurts', 'sore shoulder', 'shoulder injury'],
    labels: ['shoulder pain or stiffness', 'shoulder strain', 'shoulder impingement'],
  },
  { words: ['torn rotator cuff'], labels: ['rotator cuff tear'] },
  { words: ['dislocated shoulder', 'shoulder popped out'], labels: ['shoulder dislocation'] },
  { words: ['stiff shoulder'], labels: ['frozen shoulder'] },
  { words: ['torn labrum'], labels: ['slap tear'] },
  {
    words: ['numb hands', 'numb fingers', 'tingling fingers', 'hands fall asleep'],
    labels: ['carpal tunnel syndrome'],
  },
  { words: ['broken wrist'], labels: ['wrist fracture'] },
  { words: ['sprained wrist'], labels: ['wrist sprain'] },
  { words: ['finger locks', 'finger gets stuck', 'trigger thumb'], labels: ['trigger finger'] },
  {
    words: ['sore elbow', 'elbow hurts'],
    labels: ['tendonitis (tendinitis) in elbow', 'tennis elbow'],
  },

  // Hips and feet
  {
    words: ['bad hip', 'hip hurts', 'sore hip', 'hip injury'],
    labels: ['hip pain or limited motion', 'hip sprain', 'greater trochanteric pain syndrome'],
  },
  { words: ['flat feet', 'fallen arches', 'no arches'], labels: ['flatfoot'] },
  { words: ['high arches'], labels: ['claw foot'] },
  { words: ['heel pain', 'heel spur'], labels: ['plantar fasciitis'] },
  {
    words: ['sore feet', 'foot hurts', 'aching feet', 'feet hurt'],
    labels: ['foot pain or strain', 'metatarsalgia', 'plantar fasciitis'],
  },
  { words: ['stiff big toe'], labels: ['hallux rigidus'] },
  { words: ['toenail fungus', 'nail fungus'], labels: ['onychomycosis'] },
  { words: ['trench foot', 'jungle rot'], labels: ['immersion foot'] },
  {
    words: ['rolled ankle', 'twisted ankle', 'sprained ankle', 'bad ankle', 'weak ankle'],
    labels: ['ankle sprain'],
  },
  { words: ['broken foot'], labels: ['foot fracture'] },
  { words: ['broken ribs', 'cracked ribs'], labels: ['rib fracture'] },
  { words: ['jaw pain', 'clicking jaw', 'jaw clicks', 'lockjaw'], labels: ['temporomandibular'] },
  {
    words: ['widespread pain', 'body aches', 'pain all over', 'muscle pain'],
    labels: ['fibromyalgia'],
  },

  // Ears
  {
    words: ['ringing ears', 'ears ring', 'buzzing ears', 'ear noise', 'whistling ears'],
    labels: ['tinnitus'],
  },
  {
    words: ['hard of hearing', 'cant hear', 'cannot hear', 'deaf', 'bad hearing', 'hearing aids'],
    labels: ['hearing loss'],
  },
  { words: ['ear infection'], labels: ['otitis media', 'otitis externa'] },
  {
    words: ['dizzy', 'room spinning', 'balance problems', 'loss of balance', 'lightheaded'],
    labels: ['vertigo or dizziness', 'meniere', 'labyrinthitis'],
  },
  {
    words: ['burst eardrum', 'ruptured eardrum', 'hole in eardrum'],
    labels: ['perforated eardrum'],
  },

  // Mental health
  {
    words: ['post traumatic stress', 'combat stress', 'shell shock', 'nightmares', 'flashbacks'],
    labels: ['ptsd'],
  },
  { words: ['trauma', 'military sexual trauma', 'mst'], labels: ['ptsd'] },
  {
    words: ['depressed', 'feeling down', 'low mood', 'hopeless', 'sad all the time'],
    labels: ['depression', 'persistent depressive disorder'],
  },
  {
    words: ['anxiety', 'anxious', 'worry', 'nervous', 'on edge'],
    labels: ['generalized anxiety disorder', 'panic disorder'],
  },
  { words: ['panic attacks'], labels: ['panic disorder'] },
  {
    words: ['cant sleep', 'cannot sleep', 'trouble sleeping', 'sleeplessness', 'no sleep'],
    labels: ['insomnia'],
  },
  {
    words: ['snoring', 'stop breathing at night', 'cpap', 'osa'],
    labels: ['sleep apnea'],
  },
  { words: ['mood swings', 'manic'], labels: ['bipolar disorder', 'cyclothymic disorder'] },
  { words: ['hearing voices', 'psychosis'], labels: ['schizophrenia', 'schizoaffective'] },
  {
    words: ['memory loss', 'forgetful', 'dementia'],
    labels: ['alzheimer', 'traumatic brain injury'],
  },
  {
    words: ['head injury', 'concussion', 'blast injury', 'brain injury'],
    labels: ['traumatic brain injury'],
  },
  { words: ['eating disorder', 'binge eating'], labels: ['anorexia', 'bulimia'] },

  // Heart and blood vessels
  { words: ['high bp', 'htn'], labels: ['hypertension'] },
  {
    words: ['racing heart', 'fast heartbeat', 'palpitations', 'skipped beats', 'heart flutter'],
    labels: ['tachycardia', 'arrhythmia', 'premature ventricular contractions'],
  },
  { words: ['afib'], labels: ['atrial fibrillation'] },
  { words: ['weak heart'], labels: ['congestive heart failure'] },
  {
    words: ['clogged arteries', 'blocked arteries', 'heart disease', 'ischemic heart disease'],
    labels: ['coronary artery disease'],
  },
  { words: ['blood clot', 'clot in leg'], labels: ['deep vein thrombosis'] },
  { words: ['bulging veins', 'spider veins'], labels: ['varicose veins'] },
  { words: ['fingers turn white', 'cold fingers'], labels: ["raynaud's disease"] },
  { words: ['bypass surgery'], labels: ['heart bypass'] },

  // Lungs, nose and throat
  {
    words: ['burn pit', 'burn pits', 'airborne hazards', 'toxic smoke', 'pact act'],
    labels: [
      'asthma',
      'chronic bronchitis',
      'chronic obstructive pulmonary disease',
      'chronic sinusitis',
      'rhinitis, chronic',
      'constrictive bronchiolitis',
      'emphysema',
      'interstitial lung disease',
      'pulmonary fibrosis',
      'granulomatous disease',
      'pleurisy',
      'sarcoidosis',
    ],
  },
  {
    words: [
      'short of breath',
      'cant breathe',
      'breathing problems',
      'wheezing',
      'trouble breathing',
    ],
    labels: [
      'asthma',
      'chronic obstructive pulmonary disease',
      'constrictive bronchiolitis',
      'emphysema',
    ],
  },
  {
    words: ['sinus problems', 'sinus infection', 'stuffy nose', 'runny nose', 'post nasal drip'],
    labels: ['chronic sinusitis', 'rhinitis, chronic'],
  },
  { words: ['allergies', 'hay fever', 'nasal allergies'], labels: ['rhinitis, chronic'] },
  { words: ['chronic cough', 'smokers cough', 'coughing'], labels: ['chronic bronchitis'] },
  { words: ['scarred lungs', 'lung scarring'], labels: ['pulmonary fibrosis'] },
  { words: ['broken nose', 'crooked nose'], labels: ['deviated septum'] },
  { words: ['hoarse voice', 'lost my voice', 'hoarseness'], labels: ['chronic laryngitis'] },
  { words: ['black lung'], labels: ['asbestosis'] },

  // Stomach and bowels
  { words: ['acid reflux', 'heartburn', 'indigestion'], labels: ['gerd'] },
  {
    words: ['stomach problems', 'upset stomach', 'diarrhea', 'constipation', 'stomach cramps'],
    labels: ['irritable bowel syndrome'],
  },
  { words: ['piles', 'hemroids'], labels: ['hemorrhoids'] },
  { words: ['groin hernia', 'hernia in groin'], labels: ['inguinal hernia'] },
  { words: ['belly hernia', 'stomach hernia'], labels: ['ventral hernia', 'hiatal hernia'] },
  { words: ['trouble swallowing', 'hard to swallow', 'food gets stuck'], labels: ['dysphagia'] },
  { words: ['gallbladder'], labels: ['gallstones'] },
  { words: ['liver disease', 'liver damage'], labels: ['cirrhosis', 'hepatitis'] },
  { words: ['bowel leakage', 'bowel control'], labels: ['fecal incontinence'] },

  // Bladder, kidneys and reproductive organs
  {
    words: ['ed', 'impotence', 'erection problems', 'cant get an erection'],
    labels: ['erectile dysfunction'],
  },
  {
    words: ['bladder leaks', 'leaking urine', 'wetting myself'],
    labels: ['urinary incontinence'],
  },
  {
    words: ['prostate problems', 'frequent urination', 'weak stream', 'peeing at night'],
    labels: ['enlarged prostate', 'prostatitis'],
  },
  {
    words: ['kidney disease', 'kidney failure', 'bad kidneys'],
    labels: ['chronic kidney disease'],
  },

  // Skin
  {
    words: ['rash', 'itchy skin', 'skin rash', 'dermatitis'],
    labels: ['eczema', 'chronic urticaria', 'psoriasis'],
  },
  { words: ['shaving bumps', 'razor burn'], labels: ['pseudofolliculitis barbae'] },
  { words: ['scar', 'burn scars', 'surgical scar'], labels: ['scars'] },
  {
    words: ['jock itch', 'fungal infection', 'skin fungus'],
    labels: ['ringworm', "athlete's foot"],
  },
  { words: ['sweaty', 'night sweats'], labels: ['hyperhidrosis'] },
  { words: ['hair loss', 'bald', 'balding'], labels: ['alopecia'] },
  { words: ['mole'], labels: ['melanoma of the skin'] },
  { words: ['cold sores', 'fever blisters'], labels: ['herpes'] },
  { words: ['white patches'], labels: ['vitiligo'] },

  // Nerves and head
  { words: ['bad headaches', 'head pain'], labels: ['migraines'] },
  { words: ['tingling', 'pins and needles', 'nerve damage'], labels: ['peripheral neuropathy'] },
  {
    words: ['numb feet', 'burning feet', 'numb toes', 'numb legs'],
    labels: ['peripheral neuropathy, lower extremities'],
  },
  { words: ['numb hands', 'numb arms'], labels: ['peripheral neuropathy, upper extremities'] },
  { words: ['tremors', 'shaking hands'], labels: ["parkinson's disease"] },
  { words: ['lou gehrig'], labels: ['amyotrophic lateral sclerosis'] },
  { words: ['facial pain', 'face pain'], labels: ['cranial neuralgia'] },

  // Eyes
  {
    words: ['bad eyesight', 'poor vision', 'cant see', 'vision loss', 'blind'],
    labels: ['visual impairment'],
  },

  // Hormones, blood and infections
  {
    words: ['sugar', 'high blood sugar', 'diabetic', 'sugar diabetes'],
    labels: ['diabetes, type 1 or type 2'],
  },
  {
    words: ['tired all the time', 'always tired', 'exhaustion', 'worn out'],
    labels: ['chronic fatigue syndrome'],
  },
  { words: ['low iron'], labels: ['iron deficiency anemia'] },
  { words: ['aids'], labels: ['hiv-related illness'] },
  { words: ['cold injury'], labels: ['frostbite', 'immersion foot'] },
  { words: ['the bends', 'diving sickness', 'caisson'], labels: ['decompression illness'] },
  { words: ['cant smell', 'lost sense of smell'], labels: ['anosmia'] },
  { words: ['cant taste', 'lost sense of taste'], labels: ['ageusia'] },

  // Exposures: conditions VA presumes for a place and time (the labels of each presumptive list)
  {
    words: ['agent orange', 'herbicide', 'vietnam'],
    labels: [
      'diabetes, type 1 or type 2',
      'coronary artery disease',
      "parkinson's disease",
      'prostate cancer',
      'hypertension',
      'non-hodgkin lymphoma',
      'hodgkin lymphoma',
      'chloracne',
      'bladder cancer',
      'hypothyroidism',
      'al amyloidosis',
      'multiple myeloma',
      'peripheral neuropathy',
    ],
  },
  {
    words: ['gulf war illness', 'gulf war syndrome', 'unexplained illness'],
    labels: ['chronic fatigue syndrome', 'fibromyalgia', 'irritable bowel syndrome'],
  },
  {
    words: ['camp lejeune', 'contaminated water'],
    labels: [
      'bladder cancer',
      'kidney cancer',
      'leukemia',
      'liver cancer',
      'multiple myeloma',
      'non-hodgkin lymphoma',
      "parkinson's disease",
    ],
  },
];
