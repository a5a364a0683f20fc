/**
 * The upload bench's client, in a process of its own (never on the servers' event loop), doing what
 * the browser does. argv[2]: a JSON job `{mode, url, token?, size, parallel}`.
 * - `api`: asks the API for an upload grant, PUTs the parts to their signed URLs (`parallel` at a
 *   time), reads each ETag, and finishes the upload (size check and content sniff included);
 * - `bare`: PUTs the same parts to a bare server that writes them to disk as they come.
 * Prints one line of JSON: `{seconds, finishSeconds, status}`.
 */
type Job = { mode: 'api' | 'bare'; url: string; token?: string; size: number; parallel: number };
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const PART = 16 * 1024 * 1024;

/** A PDF of `size` bytes: header, padding in a comment, end marker (what the sniff accepts). */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x41), tail]);
}

/** The file's bytes, as fetch takes them (a Buffer is a Uint8Array over a shared pool). */
const bytes = new Uint8Array(pdf(job.size));
const auth = { authorization: `Bearer ${job.token ?? ''}`, 'content-type': 'application/json' };

async function inParallel<T>(items: T[], limit: number, each: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await each(item);
      }
    }),
  );
}

const started = performance.now();
let sentAt = Number.NaN;
let status = 'ok';
if (job.mode === 'bare') {
  const parts = Array.from({ length: Math.ceil(job.size / PART) }, (_, i) => i);
  await inParallel(parts, job.parallel, async (index) => {
    const body = bytes.subarray(index * PART, Math.min(job.size, (index + 1) * PART));
    const response = await fetch(`${job.url}/part/${index + 1}`, { method: 'PUT', body });
    if (response.status !== 200) status = `part ${index + 1}: ${response.status}`;
  });
} else {
  const granted = await fetch(`${job.url}/uploads`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      kind: 'c-file',
      filename: 'bench.pdf',
      content_type: 'application/pdf',
      size: job.size,
    }),
  });
  const grant = (await granted.json()) as {
    file_id: string;
    url?: string;
    headers: Record<string, string>;
    part_size: number;
    parts?: { part_number: number; url: string }[];
  };
  const etags: { part_number: number; etag: string }[] = [];
  // Files up to the multipart threshold go in one PUT.
  if (grant.url) {
    const response = await fetch(grant.url, { method: 'PUT', body: bytes, headers: grant.headers });
    if (response.status !== 200) status = `put: ${response.status}`;
  }
  await inParallel(grant.parts ?? [], job.parallel, async (part) => {
    const from = (part.part_number - 1) * grant.part_size;
    const body = bytes.subarray(from, Math.min(job.size, from + grant.part_size));
    const response = await fetch(part.url, { method: 'PUT', body });
    if (response.status !== 200) status = `part ${part.part_number}: ${response.status}`;
    etags.push({ part_number: part.part_number, etag: response.headers.get('etag') ?? '' });
  });
  sentAt = performance.now();
  const done = await fetch(`${job.url}/uploads/${grant.file_id}/complete`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify(
      grant.parts ? { parts: etags.sort((a, b) => a.part_number - b.part_number) } : {},
    ),
  });
  const stored = (await done.json()) as { status?: string; detail?: string };
  if (stored.status !== 'ready') status = `complete: ${done.status} ${stored.detail ?? ''}`;
}
const ended = performance.now();
console.log(
  JSON.stringify({
    seconds: (ended - started) / 1000,
    // The finish step alone (assembling the parts, the size check and the sniff).
    finishSeconds: Number.isNaN(sentAt) ? 0 : (ended - sentAt) / 1000,
    status,
  }),
);
