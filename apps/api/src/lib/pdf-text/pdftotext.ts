import { execFile } from 'node:child_process';

/** The program's name, found on PATH. */
const PROGRAM = 'pdftotext';
/** The most text one run may print: a chunk of pages is a few hundred kilobytes at most. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

let found: Promise<string | null> | undefined;

/**
 * Whether Poppler's `pdftotext` is installed: asked once per process (`pdftotext -v`), and
 * answered as the path to run, or null when it is not there.
 */
export function findPdftotext(): Promise<string | null> {
  found ??= new Promise((resolve) => {
    execFile(PROGRAM, ['-v'], { timeout: 10_000 }, (error) => resolve(error ? null : PROGRAM));
  });
  return found;
}

/**
 * The text of pages `first` to `last` (1-based, both included) of the PDF at `file`, one string
 * a page, in one run of `pdftotext -layout`: much faster than pdf.js on text pages. Poppler ends
 * every page with a form feed, which splits them; when the pages found are not exactly those asked
 * (`last` must not be past the end of the file), the run is refused.
 */
export function pdftotextPages(options: {
  path: string;
  file: string;
  first: number;
  last: number;
  signal?: AbortSignal;
}): Promise<string[]> {
  const { first, last } = options;
  const args = ['-layout', '-q', '-f', String(first), '-l', String(last), '-enc', 'UTF-8'];
  return new Promise((resolve, reject) => {
    execFile(
      options.path,
      [...args, options.file, '-'],
      {
        encoding: 'utf8',
        maxBuffer: MAX_OUTPUT_BYTES,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout) => {
        if (error) {
          // Our own words: the program's message may quote the file's name.
          reject(new Error('pdftotext could not read the pages'));
          return;
        }
        const pages = stdout.split('\f');
        // The text after the last form feed is not a page.
        pages.pop();
        // Pages are told apart only by form feeds: a count other than the pages asked (a page's
        // own form feed, or pages past the end) would put text on the wrong page numbers, so
        // the range is refused and read by pdf.js instead.
        if (pages.length !== last - first + 1) {
          reject(new Error('pdftotext gave a different number of pages than asked'));
          return;
        }
        resolve(pages);
      },
    );
  });
}
