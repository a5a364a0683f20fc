import { zodResolver } from '@hookform/resolvers/zod';
import {
  LAYMAN_ANSWER_MAX,
  LAYMAN_STATEMENT_MAX,
  LAYMAN_PROMPT_KEYS,
  LAYMAN_TOKEN_PATTERN,
  type LaymanSignerView,
} from '@muster/contract/layman-statements';
import { ERR } from '@muster/contract/errors';
import { CircleCheckIcon, LinkIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { FileUpload } from '@/components/upload/file-upload';
import { LINK_UPLOAD_RULE, linkUploadDeps } from '@/components/upload/link-upload';
import { isApiError } from '@/lib/api-error';
import { useServerFieldErrors } from '@/lib/form-errors';

import {
  attachmentUploadCalls,
  useDraftStatement,
  useSignerView,
  useSubmitStatement,
} from '../api/signer';

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

const signFormSchema = z.object({
  onset: text(LAYMAN_ANSWER_MAX),
  observed: text(LAYMAN_ANSWER_MAX),
  frequency: text(LAYMAN_ANSWER_MAX),
  work: text(LAYMAN_ANSWER_MAX),
  life: text(LAYMAN_ANSWER_MAX),
  statement: z
    .string()
    .trim()
    .min(1, 'Write your statement, or draft it from your answers')
    .max(LAYMAN_STATEMENT_MAX),
  address: text(300),
  phone: text(30),
  known_since: text(60),
  signature: z.string().trim().min(1, 'Type your full name to sign').max(120),
  certify: z.boolean().refine((value) => value, 'Certify that your statement is true'),
});
type SignValues = z.input<typeof signFormSchema>;
const FIELD_NAMES = ['statement', 'signature', 'certify'] as const;

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

function SignForm({
  token,
  view,
  onSubmitted,
}: {
  token: string;
  view: LaymanSignerView;
  onSubmitted: () => void;
}) {
  const draft = useDraftStatement(token);
  const submit = useSubmitStatement(token);
  const form = useForm<SignValues, unknown, z.output<typeof signFormSchema>>({
    resolver: zodResolver(signFormSchema),
    defaultValues: {
      onset: '',
      observed: '',
      frequency: '',
      work: '',
      life: '',
      statement: '',
      address: '',
      phone: '',
      known_since: '',
      signature: '',
      certify: false,
    },
  });
  const showServerErrors = useServerFieldErrors(form, submit.isPending);
  const answersId = useId();
  const statementId = useId();
  const signId = useId();
  const [draftError, setDraftError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<{ id: string; name: string } | null>(null);
  const attachmentId = useId();
  const uploadDeps = useMemo(() => linkUploadDeps(attachmentUploadCalls(token)), [token]);

  const answers = () => {
    const values = form.getValues();
    return Object.fromEntries(
      LAYMAN_PROMPT_KEYS.flatMap((key) => {
        const value = orUndefined(values[key]);
        return value ? [[key, value]] : [];
      }),
    );
  };

  const makeDraft = () => {
    const given = answers();
    if (Object.keys(given).length === 0) {
      setDraftError('Answer at least one question first.');
      return;
    }
    setDraftError(null);
    draft.mutate(given, {
      onSuccess: ({ statement }) => {
        form.setValue('statement', statement, { shouldValidate: true });
        form.setFocus('statement');
      },
    });
  };

  const send = (values: z.output<typeof signFormSchema>) => {
    const given = answers();
    submit.mutate(
      {
        statement: values.statement,
        signature: values.signature,
        certify: true,
        signer: {
          ...(orUndefined(values.address) ? { address: values.address.trim() } : {}),
          ...(orUndefined(values.phone) ? { phone: values.phone.trim() } : {}),
          ...(orUndefined(values.known_since) ? { known_since: values.known_since.trim() } : {}),
        },
        ...(Object.keys(given).length > 0 ? { answers: given } : {}),
        ...(attachment ? { attachment_file_id: attachment.id } : {}),
      },
      { onSuccess: onSubmitted, onError: (error) => showServerErrors(error, FIELD_NAMES) },
    );
  };

  return (
    <Form {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit(send)(event)}
        noValidate
        className="flex min-w-0 flex-col gap-8"
      >
        <section aria-labelledby={answersId} className="flex min-w-0 flex-col gap-4">
          <h2 id={answersId} className="text-xl font-semibold">
            What you know
          </h2>
          <p className="text-muted-foreground text-sm">
            Answer what you can, in your own words. Say only what you saw or heard yourself.
          </p>
          {view.prompts.map((prompt) => (
            <TextAreaField
              key={prompt.key}
              control={form.control}
              name={prompt.key}
              label={prompt.question}
              description={prompt.hint}
              rows={3}
              maxLength={LAYMAN_ANSWER_MAX}
            />
          ))}
          <div className="flex flex-col items-start gap-2">
            <Button type="button" variant="outline" onClick={makeDraft} disabled={draft.isPending}>
              {draft.isPending ? 'Drafting…' : 'Draft my statement from these answers'}
            </Button>
            {draftError ? (
              <p role="alert" className="text-destructive text-sm">
                {draftError}
              </p>
            ) : null}
          </div>
        </section>
        <section aria-labelledby={statementId} className="flex min-w-0 flex-col gap-4">
          <h2 id={statementId} className="text-xl font-semibold">
            Your statement
          </h2>
          <TextAreaField
            control={form.control}
            name="statement"
            label="Statement"
            description="Read it through and change anything that is not exactly right. It is yours."
            rows={12}
            maxLength={LAYMAN_STATEMENT_MAX}
          />
          <TextField
            control={form.control}
            name="known_since"
            label="Since when you have known them (optional)"
          />
          <TextAreaField
            control={form.control}
            name="address"
            label="Your mailing address (optional)"
            rows={3}
          />
          <TextField
            control={form.control}
            name="phone"
            label="Your phone (optional)"
            type="tel"
            autoComplete="tel"
          />
        </section>
        <section aria-labelledby={attachmentId} className="flex min-w-0 flex-col gap-4">
          <h2 id={attachmentId} className="text-xl font-semibold">
            A file to go with it (optional)
          </h2>
          <p className="text-muted-foreground text-sm">
            A photo, a letter or a record that backs what you wrote. It goes to the veteran with
            your statement.
          </p>
          {attachment ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm break-all">{`Attached: ${attachment.name}`}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => setAttachment(null)}>
                {`Remove ${attachment.name}`}
              </Button>
            </div>
          ) : (
            <FileUpload
              kind="document"
              rule={LINK_UPLOAD_RULE}
              resumable={false}
              deps={uploadDeps}
              pickLabel="Choose a file to attach"
              onUploaded={(file) => setAttachment({ id: file.id, name: file.filename })}
              doneMessage={(name) => `${name} is attached.`}
            />
          )}
        </section>
        <section aria-labelledby={signId} className="flex min-w-0 flex-col gap-4">
          <h2 id={signId} className="text-xl font-semibold">
            Sign
          </h2>
          <TextField
            control={form.control}
            name="signature"
            label="Your full name"
            autoComplete="name"
          />
          <FormField
            control={form.control}
            name="certify"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-start gap-2">
                  <Checkbox
                    id="layman-certify"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    className="mt-0.5"
                    aria-describedby="layman-certify-message"
                  />
                  <Label htmlFor="layman-certify" className="leading-relaxed font-normal">
                    I certify that the statements above are true and correct to the best of my
                    knowledge and belief, and that typing my name is my signature.
                  </Label>
                </div>
                <FormMessage id="layman-certify-message" />
              </FormItem>
            )}
          />
          <div>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Sending…' : 'Sign and send'}
            </Button>
          </div>
        </section>
      </form>
    </Form>
  );
}

/**
 * The page a witness opens from the veteran's link: what was asked of them, questions that help
 * them write, a draft from their answers to edit, then a typed signature and certification. The
 * link works once; after that (or once expired or revoked) it says so and nothing else.
 */
export function SignerForm({ token }: { token: string }) {
  // A token of the wrong shape is no link: nothing is asked of the API (not even a session).
  const isToken = LAYMAN_TOKEN_PATTERN.test(token);
  const view = useSignerView(token, { enabled: isToken });
  const [submitted, setSubmitted] = useState(false);

  if (submitted) {
    return (
      <EmptyState icon={CircleCheckIcon} title="Thank you. Your statement was sent.">
        It is now with the veteran, ready for their claim. This link no longer works; you can close
        this page.
      </EmptyState>
    );
  }
  const isGone = !isToken || (isApiError(view.error) && view.error.code === ERR.NOT_FOUND);
  if (isGone) {
    return (
      <EmptyState icon={LinkIcon} title="This link no longer works">
        It may have been used already, expired after 30 days, or been withdrawn. Ask the veteran for
        a new link if they still need your statement.
      </EmptyState>
    );
  }
  if (view.isPending) return <PageSpinner label="Opening the request" />;
  if (view.isError) {
    return (
      <QueryErrorPanel
        title="We could not open this request"
        error={view.error}
        onRetry={() => void view.refetch()}
        isRetrying={view.isFetching}
      />
    );
  }
  const request = view.data;
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div className="bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-4">
        <p>
          {`${request.veteran_first_name} asked you for a statement about their ${request.condition}. They describe you as: ${request.relationship}.`}
        </p>
        <p className="text-muted-foreground text-sm break-words">
          {`What they say you saw: ${request.witnessed}`}
        </p>
      </div>
      <SignForm token={token} view={request} onSubmitted={() => setSubmitted(true)} />
    </div>
  );
}
