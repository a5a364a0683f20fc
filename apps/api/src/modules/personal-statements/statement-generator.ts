import {
  composeStatement,
  statementText,
  type StatementInput,
} from '@muster/domain/statement-composer';

export type GeneratedStatement = { body: string; source: 'composer' | 'model' };

/**
 * Writes a personal statement from one disability's answers. Every feature that writes a statement
 * goes through this one function type; a language model can back it, and with none configured the
 * offline composer does, which only rearranges the veteran's own answers into the order a rater
 * reads them and adds no fact of its own.
 */
export type StatementGenerator = (input: StatementInput) => Promise<GeneratedStatement>;

export const offlineStatementGenerator: StatementGenerator = async (input) =>
  Promise.resolve({ body: statementText(composeStatement(input)), source: 'composer' });

/**
 * A statement written with the outside model: the composer's draft from the veteran's own answers,
 * rewritten into plainer prose by the model. When the model declines (protected text, an invented
 * number) or cannot be reached, the composer's draft is the statement: the veteran always gets one.
 */
export function modelStatementGenerator(
  rewrite: (draft: string) => Promise<string | null>,
): StatementGenerator {
  return async (input) => {
    const draft = statementText(composeStatement(input));
    const rewritten = await rewrite(draft).catch(() => null);
    return rewritten === null
      ? { body: draft, source: 'composer' }
      : { body: rewritten, source: 'model' };
  };
}
