import { PACKET_DOCUMENT_TYPES, type ClaimPacket as Packet } from '@muster/contract/claims';
import { DownloadIcon, FileStackIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';
import { followLink } from '@/utils/follow-link';

import { getPacketLink, useCreateClaimPacket, useVaultDocumentsForPacket } from '../api/packet';

const linkClass = 'text-primary font-medium underline underline-offset-4 hover:no-underline';
const ACCEPTED: readonly string[] = PACKET_DOCUMENT_TYPES;

/** The vault documents a packet can take, to tick in the order they should appear. */
function DocumentChoices({
  chosen,
  onChange,
}: {
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  const documents = useVaultDocumentsForPacket();
  const legendId = useId();
  if (documents.isPending) return <Spinner label="Loading your vault" />;
  if (documents.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your vault"
        error={documents.error}
        headingLevel={3}
        onRetry={() => void documents.refetch()}
        isRetrying={documents.isFetching}
      />
    );
  }
  const usable = documents.data.results.filter((document) =>
    ACCEPTED.includes(document.content_type),
  );
  if (usable.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No PDF or picture in your vault to add. Records you upload there can go in the packet.
      </p>
    );
  }
  return (
    <fieldset aria-labelledby={legendId} className="flex min-w-0 flex-col gap-2">
      <p id={legendId} className="text-sm font-medium">
        Add documents from your vault (optional), in the order you tick them
      </p>
      <ul className="flex flex-col gap-2">
        {usable.map((document) => {
          const id = `packet-document-${document.id}`;
          const position = chosen.indexOf(document.id);
          return (
            <li key={document.id} className="flex min-w-0 items-start gap-2">
              <Checkbox
                id={id}
                checked={position >= 0}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true
                      ? [...chosen, document.id]
                      : chosen.filter((entry) => entry !== document.id),
                  )
                }
                className="mt-0.5"
              />
              <Label htmlFor={id} className="font-normal break-all">
                {position >= 0 ? `${position + 1}. ${document.name}` : document.name}
              </Label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The packet just made: its page count, its index, and the download. */
function PacketReady({ packet }: { packet: Packet }) {
  const [isLinking, setLinking] = useState(false);
  const download = () => {
    setLinking(true);
    getPacketLink(packet.document_id)
      .then(({ url }) => followLink(url))
      .catch(() => toastFeedback('error', 'We could not download the packet. Try again.'))
      .finally(() => setLinking(false));
  };
  return (
    <div className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4" role="status">
      <p className="font-medium">
        {`Your packet is ready: ${packet.pages} pages. It is kept in your `}
        <Link to={paths.vault.getHref()} className={linkClass}>
          vault
        </Link>
        .
      </p>
      <ol aria-label="The packet’s index" className="flex flex-col gap-1 text-sm">
        {packet.index.map((entry, index) => (
          <li key={index} className="flex min-w-0 flex-wrap justify-between gap-x-3">
            <span className="break-words">
              {entry.title}
              {entry.note ? ` (${entry.note})` : ''}
            </span>
            <span className="text-muted-foreground">
              {entry.included && entry.page !== null ? `page ${entry.page}` : 'not included'}
            </span>
          </li>
        ))}
      </ol>
      <div>
        <Button type="button" variant="outline" disabled={isLinking} onClick={download}>
          <DownloadIcon aria-hidden />
          {isLinking ? 'Preparing the download…' : 'Download the packet'}
        </Button>
      </div>
    </div>
  );
}

/**
 * The claim packet: one PDF with a cover, an index with page numbers, each disability's personal
 * statements, buddy statements and nexus letters in the claim's order, then the vault documents
 * chosen. Kept in the vault, to file, print or hand to a representative.
 */
export function ClaimPacket({ claimId }: { claimId: string }) {
  const create = useCreateClaimPacket(claimId);
  const [chosen, setChosen] = useState<string[]>([]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Claim packet
      </h2>
      <p className="text-sm">
        One PDF of everything gathered for this claim: a cover page, an index with page numbers,
        then each disability’s statements, buddy statements and nexus letters. Check it before you
        file; Muster does not send it to VA.
      </p>
      <DocumentChoices chosen={chosen} onChange={setChosen} />
      <div>
        <Button
          type="button"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(chosen.length > 0 ? { document_ids: chosen } : {}, {
              onSuccess: () => toastFeedback('success', 'Packet ready'),
            })
          }
        >
          <FileStackIcon aria-hidden />
          {create.isPending ? 'Putting the packet together…' : 'Make the packet (PDF)'}
        </Button>
      </div>
      {create.data ? <PacketReady packet={create.data} /> : null}
    </section>
  );
}
