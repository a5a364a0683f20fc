import { zodResolver } from '@hookform/resolvers/zod';
import {
  SIGN_IN_CODE_TTL_MINUTES,
  sendSignInCodeInputSchema,
  signInWithCodeInputSchema,
  type SignInResult,
} from '@muster/contract/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { useServerFieldErrors } from '@/lib/form-errors';
import { toastSuccess } from '@/lib/toast';

import { useSendSignInCode } from '../api/send-sign-in-code';
import { useSignInWithCode } from '../api/sign-in-with-code';
import { lockedMessage } from '../utils/sign-in-errors';

export type AuthIntent = 'sign-in' | 'sign-up';

const emailFormSchema = sendSignInCodeInputSchema.pick({ email: true });
const codeFormSchema = signInWithCodeInputSchema.pick({ otp: true });

export type EmailCodeSignInProps = {
  intent: AuthIntent;
  /** The session changes by itself; pages usually react to that instead. */
  onSignedIn?: (result: SignInResult) => void;
};

/**
 * Email one-time-code sign-in: the email, then the 6-digit code sent to it. The same
 * flow creates an account for a new email, so sign-up uses it too.
 */
export function EmailCodeSignIn({ intent, onSignedIn }: EmailCodeSignInProps) {
  const [email, setEmail] = useState<string | null>(null);
  if (email === null) return <EmailStep onSent={setEmail} />;
  return (
    <CodeStep
      email={email}
      intent={intent}
      onSignedIn={onSignedIn}
      onChangeEmail={() => setEmail(null)}
    />
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const sendCode = useSendSignInCode();
  const form = useForm<z.input<typeof emailFormSchema>, unknown, z.output<typeof emailFormSchema>>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const showServerErrors = useServerFieldErrors(form, sendCode.isPending);

  const handleSubmit = form.handleSubmit((values) =>
    sendCode.mutate(values, {
      onSuccess: () => onSent(values.email),
      onError: (error) => showServerErrors(error, ['email']),
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <fieldset disabled={sendCode.isPending} className="flex flex-col gap-4">
          <TextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            description="We will email you a 6-digit code. No password needed."
          />
          <Button type="submit">Send code</Button>
        </fieldset>
      </form>
    </Form>
  );
}

type CodeStepProps = {
  email: string;
  intent: AuthIntent;
  onSignedIn?: (result: SignInResult) => void;
  onChangeEmail: () => void;
};

function CodeStep({ email, intent, onSignedIn, onChangeEmail }: CodeStepProps) {
  const signIn = useSignInWithCode();
  const resend = useSendSignInCode();
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { otp: '' },
  });
  const { setFocus } = form;
  const isBusy = signIn.isPending || resend.isPending;
  const showServerErrors = useServerFieldErrors(form, isBusy);
  // Only a new code can sign in after the last one expired.
  const [isCodeExpired, setCodeExpired] = useState(false);
  const [lockNotice, setLockNotice] = useState<string | null>(null);

  useEffect(() => {
    setFocus('otp');
  }, [setFocus]);

  const handleSubmit = form.handleSubmit(({ otp }) => {
    setLockNotice(null);
    signIn.mutate(
      { email, otp },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          setCodeExpired(isApiError(error) && error.signIn?.code_expired === true);
          setLockNotice(isApiError(error) ? lockedMessage(error) : null);
          showServerErrors(error, ['otp']);
        },
      },
    );
  });

  const handleResend = () => {
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          form.resetField('otp');
          setCodeExpired(false);
          toastSuccess('We sent you a new code', { description: `Check ${email}.` });
        },
      },
    );
  };

  return (
    <Form {...form}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <fieldset disabled={isBusy} className="flex flex-col gap-4">
          <p role="status">
            We sent a 6-digit code to <strong className="break-all">{email}</strong>.
          </p>
          <TextField
            control={form.control}
            name="otp"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="font-mono tracking-[0.3em]"
            description={
              <>
                Enter the 6-digit code from the email. It works once and expires in{' '}
                {SIGN_IN_CODE_TTL_MINUTES} minutes.
              </>
            }
          />
          {isCodeExpired ? (
            <Button type="button" variant="outline" onClick={handleResend}>
              Send a new code
            </Button>
          ) : null}
          {lockNotice ? (
            <p role="alert" className="text-destructive text-sm">
              {lockNotice}
            </p>
          ) : null}
          <Button type="submit">{intent === 'sign-up' ? 'Create account' : 'Sign in'}</Button>
          <div className="flex flex-wrap gap-2">
            {isCodeExpired ? null : (
              <Button type="button" variant="link" className="px-0" onClick={handleResend}>
                Resend code
              </Button>
            )}
            <Button type="button" variant="link" className="px-0" onClick={onChangeEmail}>
              Use a different email
            </Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
