/** The six military branches, with their display names and URL slugs. */
export const BRANCHES = [
  { id: 'Marine Corps', displayName: 'U.S. Marine Corps', slug: 'marine-corps' },
  { id: 'Army', displayName: 'U.S. Army', slug: 'army' },
  { id: 'Navy', displayName: 'U.S. Navy', slug: 'navy' },
  { id: 'Air Force', displayName: 'U.S. Air Force', slug: 'air-force' },
  { id: 'Space Force', displayName: 'U.S. Space Force', slug: 'space-force' },
  { id: 'Coast Guard', displayName: 'U.S. Coast Guard', slug: 'coast-guard' },
] as const;

export type Branch = (typeof BRANCHES)[number]['id'];
export const BRANCH_IDS = BRANCHES.map((b) => b.id) as unknown as readonly [Branch, ...Branch[]];

/** Lower-cased aliases (after removing dots and extra spaces) → branch. */
const ALIASES: Record<string, Branch> = {};
function alias(branch: Branch, ...names: string[]) {
  for (const name of names) ALIASES[name] = branch;
}
alias(
  'Marine Corps',
  'marine corps',
  'marines',
  'marine',
  'usmc',
  'us marine corps',
  'us marines',
  'united states marine corps',
  'mc',
  'marine corps reserve',
  'usmcr',
);
alias(
  'Army',
  'army',
  'usa',
  'us army',
  'united states army',
  'army reserve',
  'army reserves',
  'army national guard',
  'arng',
  'usar',
);
alias(
  'Navy',
  'navy',
  'usn',
  'us navy',
  'united states navy',
  'navy reserve',
  'navy reserves',
  'usnr',
);
alias(
  'Air Force',
  'air force',
  'usaf',
  'us air force',
  'united states air force',
  'af',
  'air force reserve',
  'air force reserves',
  'air national guard',
  'ang',
  'usafr',
);
alias('Space Force', 'space force', 'ussf', 'us space force', 'united states space force', 'sf');
alias(
  'Coast Guard',
  'coast guard',
  'uscg',
  'us coast guard',
  'united states coast guard',
  'cg',
  'coast guard reserve',
  'uscgr',
);

export class UnknownBranchError extends Error {
  constructor(readonly input: string) {
    super(`${input} is not a recognized military branch`);
    this.name = 'UnknownBranchError';
  }
}

function normaliseKey(input: string): string {
  return input
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A branch from any common spelling ("USMC", "U.S. Army", "navy"), or null. */
export function findBranch(input: string): Branch | null {
  return ALIASES[normaliseKey(input)] ?? null;
}

/** Like findBranch, but throws "<name> is not a recognized military branch". */
export function normaliseBranch(input: string): Branch {
  const branch = findBranch(input);
  if (!branch) throw new UnknownBranchError(input.trim());
  return branch;
}

export function branchBySlug(slug: string): (typeof BRANCHES)[number] | undefined {
  return BRANCHES.find((b) => b.slug === slug);
}
