/**
 * A linear-time matcher for the patterns of VA's 526 schema that backtrack exponentially.
 *
 * Many of VA's patterns have the shape `([A]([B])?)+$` (optionally after `^` or `^$|`): blocks of
 * one character of class A, each optionally followed by one of class B. A backtracking engine
 * (JavaScript's) tries every way to cut a string into such blocks before refusing it, so a name
 * of 60 allowed characters followed by one it refuses ("…in service!") takes hours, and would
 * hold the event loop meanwhile. The same language is matched here by a left-to-right pass that
 * records which positions a block can end at: one step per character. Other patterns are
 * compiled as they are (with the same flags Ajv asks for).
 */

/** Ajv keys compiled patterns by `toString()`, so each matcher names its own pattern. */
export type RegExpLike = { test: (text: string) => boolean; toString: () => string };

const CLASS = String.raw`\[(?:\\.|[^\]\\])*\]`;
const BLOCKS = new RegExp(String.raw`^(\^\$\|)?(\^)?\((${CLASS})\((${CLASS})\)\?\)\+\$$`);

/** A matcher for the block-shaped patterns, or null when `pattern` has another shape. */
export function blockPatternMatcher(pattern: string, flags = ''): RegExpLike | null {
  const shape = BLOCKS.exec(pattern);
  if (!shape) return null;
  const [, emptyAlternative, anchored, first = '', second = ''] = shape;
  const isFirst = new RegExp(`^${first}$`, flags);
  const isSecond = new RegExp(`^${second}$`, flags);
  // Without `^` the pattern may match from any position on, since it is only tied to the end.
  const fromAnywhere = !anchored;
  return {
    toString: () => `/${pattern}/${flags}`,
    test(text: string): boolean {
      if (text === '' && emptyAlternative) return true;
      const chars = [...text];
      const n = chars.length;
      // ended[i]: a run of blocks (one or more) can end just before position i.
      const ended = new Array<boolean>(n + 1).fill(false);
      for (let i = 0; i < n; i += 1) {
        if (!(i === 0 || fromAnywhere || ended[i])) continue;
        if (!isFirst.test(chars[i]!)) continue;
        ended[i + 1] = true;
        if (i + 1 < n && isSecond.test(chars[i + 1]!)) ended[i + 2] = true;
      }
      return ended[n] === true;
    },
  };
}

/** Ajv's `code.regExp` engine: the linear matcher where it applies, else a RegExp. */
export function safeRegExp(pattern: string, flags: string): RegExpLike {
  return blockPatternMatcher(pattern, flags) ?? new RegExp(pattern, flags);
}
safeRegExp.code = 'safeRegExp';
